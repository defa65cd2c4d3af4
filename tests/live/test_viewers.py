"""Viewer links: made, listed and revoked over the API and on the app's page; the players'
view by link or typed code; what a link may not do; guessing codes is rate-limited."""

from __future__ import annotations

import datetime
import re
import threading
import time
import uuid
from typing import Any

import httpx
import pytest
from django.test import Client

from live.models import Viewer
from live.qr import qr_svg
from live.selectors import viewer_by_token, viewer_is_good, viewers_of_table
from live.services import viewer_create
from tests.clubs.helpers import client_for
from tests.live.helpers import QUICK_DEAL, live_table
from tests.live.server import AsgiServer
from tests.live.sse import read_events
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def _viewers(table_id: str) -> str:
    return f"/api/v1/tables/{table_id}/viewers"


def test_a_scorekeeper_makes_lists_and_revokes_a_viewer_link() -> None:
    table = live_table()
    api = client_for(table.scorekeeper)
    made = api.post(_viewers(table.id))
    assert made.status_code == 201
    body = made.json()
    assert {"id", "url", "code", "expires_at"} <= set(body)
    assert body["expires_at"] is None  # open table: a day after it closes
    assert made["Location"].endswith(f"{_viewers(table.id)}/{body['id']}")
    token = body["url"].rstrip("/").split("/v/")[1]

    page = Client().get(f"/v/{token}")
    assert page.status_code == 200
    assert b"Live table" in page.content
    assert b"ana" in page.content

    listed = api.get(_viewers(table.id)).json()["viewers"]
    assert [v["code"] for v in listed] == [body["code"]]

    assert api.delete(f"{_viewers(table.id)}/{body['id']}").status_code == 204
    ended = Client().get(f"/v/{token}")
    assert ended.status_code == 404
    assert b"This link has ended" in ended.content
    assert api.get(_viewers(table.id)).json()["viewers"] == []


def test_viewer_links_need_a_scorekeeper_of_the_club() -> None:
    table = live_table()
    other = live_table("Another club's")
    assert client_for(table.auditor).post(_viewers(table.id)).status_code == 403
    assert client_for(other.admin).post(_viewers(table.id)).status_code == 404
    made = client_for(table.admin).post(_viewers(table.id)).json()
    missing = f"{_viewers(table.id)}/{uuid.uuid4()}"
    assert client_for(table.admin).delete(missing).status_code == 404
    assert client_for(other.admin).delete(f"{_viewers(table.id)}/{made['id']}").status_code == 404


def test_the_link_ends_a_day_after_the_table_closes() -> None:
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    table.log(*QUICK_DEAL)
    table.log({"close": {}})
    listed = client_for(table.admin).get(_viewers(table.id)).json()["viewers"]
    assert listed[0]["expires_at"] is not None
    row = Viewer.objects.select_related("table__snapshot").get(id=viewer.id)
    later = row.table.snapshot.updated_at + datetime.timedelta(days=1, seconds=1)
    assert viewer_by_token(token=viewer.token) is not None
    assert not viewer_is_good(viewer=row, now=later)


def test_a_viewer_link_reads_its_table_only_and_never_writes(asgi_server: AsgiServer) -> None:
    table = live_table()
    other = live_table("Another club's")
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    anonymous = Client()
    for url in (f"/v/{viewer.token}", f"/v/{viewer.token}/board"):
        assert anonymous.post(url, {"step": "deal"}).status_code == 405
    # The token is no key, no session: the API and the app's pages are closed to it.
    as_key = client_for(viewer.token)
    assert as_key.get(f"/api/v1/tables/{table.id}/events").status_code == 401
    assert as_key.post(_viewers(table.id)).status_code == 401
    assert anonymous.get(f"/app/tables/{other.id}/display").status_code == 302  # sign in
    # Another table's stream, without a member behind it: 404.
    assert httpx.get(f"{asgi_server.url}/live/tables/{other.id}").status_code == 404
    assert httpx.get(f"{asgi_server.url}/live/tables/{table.id}").status_code == 404
    assert httpx.get(f"{asgi_server.url}/live/v/{viewer.token}x").status_code == 404


def _address() -> str:
    n = uuid.uuid4().int
    return f"10.{n % 250 + 1}.{n // 250 % 250 + 1}.{n // 62500 % 250 + 1}"


def test_a_typed_code_opens_the_view_and_guessing_is_rate_limited() -> None:
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    client = Client(REMOTE_ADDR=_address())
    typed = f"{viewer.code[:3].lower()}-{viewer.code[3:]}"
    opened = client.get("/join", {"code": typed})
    assert opened.status_code == 302
    assert opened["Location"] == f"/v/{viewer.token}"
    wrong = client.post("/join", {"code": "ZZZZZ2"})
    assert wrong.status_code == 404
    assert b"This link has ended" in wrong.content
    statuses = [client.post("/join", {"code": "ZZZZZ2"}).status_code for _ in range(10)]
    assert statuses[-1] == 429
    refused = client.get("/join", {"code": viewer.code})  # even a good one
    assert refused.status_code == 429
    assert refused["Retry-After"] == "60"
    assert Client(REMOTE_ADDR=_address()).get("/join", {"code": viewer.code}).status_code == 302


def test_one_address_guessing_never_shuts_join_for_anyone_else(settings: Any) -> None:
    """Issue 40: wrong codes counted toward a cap shared by every address; 620 from one
    address in 2.5 s, then the right code from three others was refused."""
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    guesser = Client(REMOTE_ADDR=_address())
    guesses = [guesser.post("/join", {"code": f"ZZ{n:04d}"}).status_code for n in range(2000, 2640)]
    assert guesses.count(404) == settings.LIVE_JOIN_WRONG_PER_ADDRESS
    assert guesses[-1] == 429
    for _ in range(3):
        assert Client(REMOTE_ADDR=_address()).get("/join", {"code": viewer.code}).status_code == 302


def test_a_club_behind_one_address_all_join_and_an_ipv6_client_counts_by_its_slash_64(
    settings: Any,
) -> None:
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    club_wifi = _address()
    for _ in range(3 * settings.LIVE_JOIN_WRONG_PER_ADDRESS):  # right codes cost nothing
        assert Client(REMOTE_ADDR=club_wifi).get("/join", {"code": viewer.code}).status_code == 302
    prefix = f"2001:db8:{uuid.uuid4().int % 65000:x}:1"
    for n in range(settings.LIVE_JOIN_WRONG_PER_ADDRESS):  # a new address for every guess
        Client(REMOTE_ADDR=f"{prefix}::{n + 1:x}").post("/join", {"code": "ZZZZZ2"})
    neighbour = Client(REMOTE_ADDR=f"{prefix}::beef").get("/join", {"code": viewer.code})
    assert neighbour.status_code == 429
    elsewhere = Client(REMOTE_ADDR=f"2001:db8:{uuid.uuid4().int % 65000:x}:2::1")
    assert elsewhere.get("/join", {"code": viewer.code}).status_code == 302


def test_revoking_ends_an_open_view_within_seconds(asgi_server: AsgiServer) -> None:
    table = live_table()
    viewer = viewer_create(club=table.club, table=table.table, created_by="test")
    scorekeeper = signed_in(make_member(table.club, "scorekeeper"))

    def revoke() -> None:
        def later() -> None:
            time.sleep(0.5)
            revoke = f"/app/tables/{table.id}/viewers/{viewer.id}/revoke"
            page = scorekeeper.post(revoke, {"confirm": "yes"})
            assert page.status_code == 302

        threading.Thread(target=later, daemon=True).start()

    events = read_events(
        f"{asgi_server.url}/live/v/{viewer.token}",
        until=lambda got: got[-1].get("event") == "ended",
        on_open=revoke,
        quiet=5,
        limit=5,
    )
    assert events[0]["event"] == "hello"
    assert events[-1]["event"] == "ended"


def test_the_scorekeeper_page_shows_qr_codes_and_codes() -> None:
    table = live_table()
    scorekeeper = signed_in(make_member(table.club, "scorekeeper"))
    made = scorekeeper.post(f"/app/tables/{table.id}/viewers")
    assert made.status_code == 302
    page = scorekeeper.get(f"/app/tables/{table.id}/viewers")
    html = page.content.decode()
    assert "<svg" in html
    assert "QR code" in html
    (viewer,) = viewers_of_table(table=table.table)
    assert viewer.code in html
    assert f"/v/{viewer.token}" in html
    qr = Client().get(f"/v/{viewer.token}/qr.svg")
    assert qr.status_code == 200
    assert qr["Content-Type"] == "image/svg+xml"
    auditor = signed_in(make_member(table.club, "auditor"))
    assert auditor.get(f"/app/tables/{table.id}/viewers").status_code == 403


def test_the_table_screen_shows_the_qr_code_and_the_short_code() -> None:
    """Issue 21.3: the QR code itself on the table screen (drawn here), not only a link."""
    table = live_table()
    scorekeeper = signed_in(make_member(table.club, "scorekeeper"))
    screen = scorekeeper.get(f"/app/tables/{table.id}/").content.decode()
    assert "Show a QR code for the players" in screen
    made = scorekeeper.post(f"/app/tables/{table.id}/viewers", {"back": "table"})
    assert made.status_code == 302
    assert made["Location"] == f"/app/tables/{table.id}/"
    screen = scorekeeper.get(f"/app/tables/{table.id}/").content.decode()
    (viewer,) = viewers_of_table(table=table.table)
    drawn = re.search(
        r'class="qrline"[^>]* d="([^"]+)"', qr_svg(f"http://testserver/v/{viewer.token}")
    )
    assert drawn is not None
    section = screen[screen.index('class="card players-qr"') :]
    assert drawn[1] in section  # the link's own QR code, inline
    assert f"<strong>{viewer.code}</strong>" in section
    assert "Show a QR code" not in section
    auditor = signed_in(make_member(table.club, "auditor")).get(f"/app/tables/{table.id}/")
    assert viewer.code in auditor.content.decode()  # anyone at the table may show it


def test_the_viewer_links_are_paged_like_the_other_lists() -> None:
    table = live_table()
    api = client_for(table.scorekeeper)
    codes = [api.post(_viewers(table.id)).json()["code"] for _ in range(3)]
    first = api.get(_viewers(table.id) + "?limit=2").json()
    assert [v["code"] for v in first["viewers"]] == codes[:2]
    rest = api.get(first["next"]).json()
    assert [v["code"] for v in rest["viewers"]] == codes[2:]
    assert rest["next"] is None
    assert api.get(_viewers(table.id) + "?limit=0").status_code == 400


def test_a_tables_invitation_is_its_newest_good_players_link() -> None:
    """What the display shows to invite the phones, and follows (issue 39.2): the newest
    players' link not revoked; a display link is no invitation."""
    from live.models import Viewer
    from live.selectors import NO_LINK, table_invitations
    from live.services import viewer_revoke

    table = live_table()
    key = str(table.table.id)
    assert table_invitations([key]) == {key: NO_LINK}
    first = viewer_create(club=table.club, table=table.table, created_by="test")
    second = viewer_create(club=table.club, table=table.table, created_by="test")
    viewer_create(club=table.club, table=table.table, created_by="test", kind=Viewer.DISPLAY)
    assert table_invitations([key]) == {key: second.code}
    viewer_revoke(viewer=second)
    assert table_invitations([key]) == {key: first.code}
