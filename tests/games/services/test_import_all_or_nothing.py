"""An import is all or nothing from the clients' view (issue 25, 2): the table is out of
every list, read and play until the last chunk of its sitting commits, and a failure
midway (injected here: the database failing in the third chunk's transaction) leaves it
`abandoned`, still out, while the chunks already appended stay in the append-only log."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import games.services.events as events_module
from eventlog import read_stream
from games.engine.simulate import random_sitting
from games.models import Table
from games.selectors import table_get, table_list, table_list_by_activity
from games.services.tables import IMPORT_CHUNK, table_import
from tests.clubs.helpers import client_for, make_club, make_key
from tests.imports.helpers import failing_append
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db(transaction=True)

DEALS = 12  # 4 players: about 370 posted items, four chunks


def _sitting() -> dict[str, Any]:
    return random_sitting(random.Random(5), "louisiana", 4, deals=DEALS).transcript


def _failing_at(call: int, seen: list[Any]) -> Callable[..., Any]:
    """`table_events_append` failing at its `call`-th call, recording what clients could
    see before each."""

    def look(kwargs: dict[str, Any]) -> None:
        club = kwargs["club"]
        seen.append(
            (
                table_get(club=club, table_id=kwargs["table_id"]),
                list(table_list(club=club)),
                table_list_by_activity(club=club, closed=False),
            )
        )

    return failing_append(call, before=look)


def test_a_table_being_imported_is_out_of_sight_until_its_last_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    club = make_club()
    seen: list[Any] = []
    monkeypatch.setattr(events_module, "table_events_append", _failing_at(0, seen))
    sitting = _sitting()
    table = table_import(club=club, name="whole night", transcript=sitting)
    assert len(seen) >= 3  # several chunks
    assert all(found is None and listed == [] and active == [] for found, listed, active in seen)
    assert table.import_status == ""
    assert table_get(club=club, table_id=table.id) is not None
    assert [t.id for t in table_list(club=club)] == [table.id]


def test_a_failure_midway_leaves_no_table_in_sight(monkeypatch: pytest.MonkeyPatch) -> None:
    member = make_member(role="scorekeeper")
    club = member.club
    raw = make_key(club, "scorekeeper")[1]
    api = client_for(raw)
    seen: list[Any] = []
    monkeypatch.setattr(events_module, "table_events_append", _failing_at(3, seen))
    answer = api.post(
        "/api/v1/tables/import",
        {"name": "the night that failed", "transcript": _sitting()},
        format="json",
    )
    assert answer.status_code == 503, answer.content
    assert answer.json()["error"]["code"] == "service_unavailable"
    (table,) = Table.objects.filter(club=club)
    assert table.import_status == "abandoned"
    # Two chunks made it into the log before the failure: nothing is deleted from it.
    logged = read_stream(stream=table.stream, club=club.pk)
    assert len(logged) > 2 * IMPORT_CHUNK
    # ... and no client can reach them.
    assert api.get("/api/v1/tables").json()["tables"] == []
    assert api.get(f"/api/v1/tables/{table.id}").status_code == 404
    assert api.get(f"/api/v1/tables/{table.id}/transcript").status_code == 404
    play = api.post(
        f"/api/v1/tables/{table.id}/events",
        {"expected_version": len(logged), "events": [{"close": {}}]},
        format="json",
    )
    assert play.status_code == 404
    app = signed_in(member)
    assert "the night that failed" not in app.get("/app/", follow=True).content.decode()
    assert app.get(f"/app/tables/{table.id}/").status_code == 404
    # Posted again, the sitting is a whole table of its own.
    monkeypatch.undo()
    again = api.post(
        "/api/v1/tables/import",
        {"name": "the night that failed", "transcript": _sitting()},
        format="json",
    )
    assert again.status_code == 201, again.content
    assert [t["id"] for t in api.get("/api/v1/tables").json()["tables"]] == [again.json()["id"]]
