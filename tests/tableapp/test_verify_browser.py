"""The public /verify page checks a receipt in a real browser (Chromium, WebCrypto's
Ed25519 and SHA-256) against the served tiles, and says in words what it checked; a
receipt with a changed proof, or no receipt at all, is refused in words. A photo of the
receipt's QR code is read in the browser (jsQR) and checked as a pasted receipt; a picture
with no QR code in it is refused in words at the field."""

from __future__ import annotations

import pytest

from tests.tableapp.browser import PHONE
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


NO_QR = (
    "No QR code could be read in this picture: take it again, closer, flat and in focus, or "
    "choose the receipt file."
)


def test_a_photo_of_the_receipts_qr_code_is_read_and_checked(served_host, page, tmp_path):
    club, table_id = closed_night()
    receipt = table_receipt(club_id=str(club.id), table_id=table_id)
    assert receipt is not None
    refused: list[str] = []
    page.on(
        "console",
        lambda message: refused.append(message.text)
        if "Content Security Policy" in message.text
        else None,
    )
    photo = tmp_path / "receipt.png"
    receipt_qr(receipt).save(str(photo), kind="png", scale=4, border=4)  # as the app draws it
    page.goto(f"{served_host}/verify")
    no_qr = page.locator("h1").screenshot()  # a picture of words: no QR code in it
    page.set_input_files("#receipt-photo", str(photo))
    page.wait_for_selector("#verify-result li")
    lines = page.locator("#verify-result li").all_inner_texts()
    assert page.locator("#verify-result ul.verified").count() == 1, lines
    assert "signed by the club's key" in lines[0]
    assert f"of table {table_id}" in lines[1]
    assert page.input_value("#receipt-text") == receipt
    assert page.inner_text("#receipt-photo-error") == ""

    for name, kind, data in (
        ("words.png", "image/png", no_qr),
        ("receipt.jpg", "image/jpeg", b"not an image at all"),
    ):
        page.goto(f"{served_host}/verify")
        page.set_input_files(
            "#receipt-photo", files=[{"name": name, "mimeType": kind, "buffer": data}]
        )
        page.wait_for_function(
            "document.getElementById('receipt-photo-error').textContent !== ''"
        )
        assert page.inner_text("#receipt-photo-error") == NO_QR
        assert page.get_attribute("#receipt-photo", "aria-invalid") == "true"
        assert page.input_value("#receipt-text") == ""  # nothing was read, nothing checked
    page.set_viewport_size(PHONE)
    page.screenshot(path="/tmp/verify-qr-390.png", full_page=True)
    assert refused == []
