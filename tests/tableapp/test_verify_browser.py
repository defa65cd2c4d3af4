"""The public /verify page checks a receipt in a real browser (Chromium, WebCrypto's
Ed25519 and SHA-256) against the served tiles, and says in words what it checked; a
receipt with a changed proof, or no receipt at all, is refused in words. A photo of the
receipt's QR code, or the camera pointed at it, is read in the browser (jsQR) and checked as
a pasted receipt; a picture with no QR code in it, or a camera that cannot be opened, is
refused in words at the field."""

from __future__ import annotations

import pytest

from tests.tableapp.browser import CHROMIUM, PHONE
from tests.transparency.helpers import closed_night
from transparency.checkpoints import latest_checkpoint
from transparency.cosign import witnesses_ask
from transparency.receipts import receipt_qr, table_receipt

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def served_host(collected_static, live_server):
    """The page reads the tiles and the keys from the host that serves it, whatever host its
    origin names (every process of the run signs under one: tests/conftest.py)."""
    return live_server.url


def _check(page, url: str, text: str) -> list[str]:
    page.goto(f"{url}/verify")
    page.fill("#receipt-text", text)
    page.click("#verify-form button[type=submit]")
    page.wait_for_selector("#verify-result li")
    return page.locator("#verify-result li").all_inner_texts()


def test_a_receipt_is_checked_in_the_browser(served_host, page):
    club, table_id = closed_night()
    club_id = str(club.id)
    receipt = table_receipt(club_id=club_id, table_id=table_id)
    assert receipt is not None
    closed_night(club)  # the log grows: the page checks the latest extends the receipt's
    assert latest_checkpoint(club_id).size > int(receipt.split("\n\n")[1].split("\n")[1])
    lines = _check(page, served_host, receipt)
    assert page.locator("#verify-result ul.verified").count() == 1, lines
    assert "signed by the club's key" in lines[0]
    assert f"of table {table_id}" in lines[1]
    assert "No witness" in lines[2]
    assert "extends it" in lines[3]
    assert "Checked in this browser" in lines[4]
    page.screenshot(path="/tmp/verify-768.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path="/tmp/verify-390.png", full_page=True)

    _head, rest = receipt.split("\nindex ", 1)
    index_line, hashes = rest.split("\n", 1)
    first = hashes.split("\n", 1)[0]
    changed = receipt.replace(first, ("A" if first[0] != "A" else "B") + first[1:], 1)
    refused = _check(page, served_host, changed)
    assert page.locator("#verify-result ul.refused").count() == 1
    index = int(index_line)
    assert refused == [
        f"Not verified: entry {index}: the event is not in the club's log as the checkpoint "
        "signed it (it was changed after it was recorded)."
    ]
    assert _check(page, served_host, "hello")[0].startswith(
        "Not verified: this is not a receipt (a c2sp.org/tlog-proof file)"
    )
    assert witnesses_ask(club_id=club_id, size=0) == []


NO_CAMERA = "The camera could not be opened: allow this page to use it, or take a photo instead."
NO_QR = (
    "No QR code could be read in this picture: take it again, closer, flat and in focus, or "
    "choose the receipt file."
)


def _read_and_verified(page, receipt: str, table_id) -> None:
    """The QR code's text is the whole receipt, put in the paste field and checked as one."""
    page.wait_for_selector("#verify-result li")
    lines = page.locator("#verify-result li").all_inner_texts()
    assert page.locator("#verify-result ul.verified").count() == 1, lines
    assert "signed by the club's key" in lines[0]
    assert f"of table {table_id}" in lines[1]
    assert page.input_value("#receipt-text") == receipt


def test_a_photo_of_the_receipts_qr_code_is_read_and_checked(served_host, page, tmp_path):
    club, table_id = closed_night()
    receipt = table_receipt(club_id=str(club.id), table_id=table_id)
    assert receipt is not None
    refused: list[str] = []

    def seen(message) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", seen)
    photo = tmp_path / "receipt.png"
    receipt_qr(receipt).save(str(photo), kind="png", scale=4, border=4)  # as the app draws it
    page.goto(f"{served_host}/verify")
    no_qr = page.locator("h1").screenshot()  # a picture of words: no QR code in it
    page.set_input_files("#receipt-photo", str(photo))
    _read_and_verified(page, receipt, table_id)
    assert page.inner_text("#receipt-photo-error") == ""

    for name, kind, data in (
        ("words.png", "image/png", no_qr),
        ("receipt.jpg", "image/jpeg", b"not an image at all"),
    ):
        page.goto(f"{served_host}/verify")
        page.set_input_files(
            "#receipt-photo", files=[{"name": name, "mimeType": kind, "buffer": data}]
        )
        page.wait_for_selector("#receipt-photo-error:not(:empty)")  # no eval: the page's CSP
        assert page.inner_text("#receipt-photo-error") == NO_QR
        assert page.get_attribute("#receipt-photo", "aria-invalid") == "true"
        assert page.input_value("#receipt-text") == ""  # nothing was read, nothing checked
    page.set_viewport_size(PHONE)
    page.screenshot(path="/tmp/verify-qr-390.png", full_page=True)
    assert refused == []


def _as_video(receipt: str, path) -> None:
    """The receipt's QR code as the app draws it, as one frame of a Y4M video (grey: U and V
    at 128), which chromium's fake camera plays in a loop."""
    matrix = receipt_qr(receipt).matrix_iter(scale=4, border=8)
    rows = [bytes(0 if dark else 255 for dark in row) for row in matrix]
    if len(rows[0]) % 2:
        rows = [row + b"\xff" for row in rows]
    if len(rows) % 2:
        rows.append(b"\xff" * len(rows[0]))
    width, height = len(rows[0]), len(rows)
    chroma = b"\x80" * (width // 2 * height // 2)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1\n".encode()
    path.write_bytes(header + b"FRAME\n" + b"".join(rows) + chroma + chroma)


def test_the_camera_reads_the_receipts_qr_code(served_host, browser, page, tmp_path):
    club, table_id = closed_night()
    receipt = table_receipt(club_id=str(club.id), table_id=table_id)
    assert receipt is not None
    # A browser with no camera (or one the person refused) says so at the field.
    page.goto(f"{served_host}/verify")
    page.click("#camera-start")
    page.wait_for_selector("#receipt-photo-error:not(:empty)")  # no eval: the page's CSP
    assert page.inner_text("#receipt-photo-error") == NO_CAMERA
    assert page.is_hidden("#receipt-video")

    video = tmp_path / "receipt.y4m"
    _as_video(receipt, video)
    filmed = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[
            "--no-sandbox",
            "--use-fake-ui-for-media-stream",  # the camera is allowed without asking
            "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ],
    )
    try:
        context = filmed.new_context(viewport=PHONE)
        context.set_default_timeout(20_000)
        phone = context.new_page()
        phone.goto(f"{served_host}/verify")
        phone.click("#camera-start")
        _read_and_verified(phone, receipt, table_id)
        assert phone.is_hidden("#receipt-video")  # the camera is let go once it has read
        assert phone.is_visible("#camera-start")
    finally:
        filmed.close()


def test_the_receipt_appears_on_the_settle_up_and_the_players_view_once_signed(
    served_host, page, monkeypatch
):
    """At the close the receipt is signed a moment later, with no event of the table to say
    so: both pages show it as soon as it is, without a reload."""
    import live.verify
    import tableapp.views.sitting
    from live.models import Viewer
    from live.services import viewer_create
    from tests.ledger.helpers import import_case
    from tests.tableapp.helpers import make_member
    from tests.tableapp.test_browser import sign_in
    from tests.transparency.helpers import NIGHT

    signed = {"yet": False}
    real = table_receipt

    def held(**kwargs):  # the checkpoint not issued yet, until the test says so
        return real(**kwargs) if signed["yet"] else None

    monkeypatch.setattr(tableapp.views.sitting, "table_receipt", held)
    monkeypatch.setattr(live.verify, "table_receipt", held)
    club, _ = closed_night()
    table_id = import_case(club, NIGHT)
    from transparency.follower import tree_catch_up

    tree_catch_up(clubs=[str(club.id)], wait=True)
    member = make_member(club)
    sign_in(page, served_host, member)
    page.goto(f"{served_host}/app/tables/{table_id}/settle-up")
    assert "being signed" in page.inner_text("section.receipt")
    assert page.locator("section.receipt img.receipt-qr").count() == 0

    phone = page.context.new_page()
    from games.models import Table

    viewer = viewer_create(
        club=club, table=Table.objects.get(id=table_id), created_by="test", kind=Viewer.PLAYERS
    )
    phone.goto(f"{served_host}/v/{viewer.token}")
    assert phone.get_attribute("#board", "data-receipt") == "pending"

    signed["yet"] = True
    page.wait_for_selector("section.receipt img.receipt-qr", timeout=15_000)
    phone.wait_for_selector("#board section.receipt img.receipt-qr", timeout=15_000)
    assert phone.get_attribute("#board", "data-receipt") is None
    phone.close()
