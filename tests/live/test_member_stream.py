"""A member's live stream (`/live/tables/<id>`) ends when the member is removed (issue 40):
it was authorised once, at its start, and went on receiving the table's versions."""

from __future__ import annotations

import threading
import time

import pytest
from django.conf import settings

from clubs.services import member_remove
from live.hub import SWEEP_SECONDS
from tests.live.helpers import DEAL, live_table
from tests.live.server import AsgiServer
from tests.live.sse import read_events
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_removed_members_open_stream_ends_within_a_sweep(asgi_server: AsgiServer) -> None:
    table = live_table()
    member = make_member(table.club, "scorekeeper")
    session = signed_in(member).cookies[settings.SESSION_COOKIE_NAME].value
    removed_at: list[float] = []

    def remove_then_log() -> None:
        def later() -> None:
            time.sleep(0.5)
            member_remove(member=member)
            removed_at.append(time.monotonic())
            table.log(DEAL)  # a version the removed member must not be told of

        threading.Thread(target=later, daemon=True).start()

    events = read_events(
        f"{asgi_server.url}/live/tables/{table.id}",
        headers={"Cookie": f"{settings.SESSION_COOKIE_NAME}={session}"},
        until=lambda got: got[-1].get("event") == "ended",
        on_open=remove_then_log,
        quiet=SWEEP_SECONDS + 3,
        limit=SWEEP_SECONDS + 5,
    )
    assert events[0]["event"] == "hello"
    assert events[-1].get("event") == "ended", events
    assert time.monotonic() - removed_at[0] < SWEEP_SECONDS + 3
