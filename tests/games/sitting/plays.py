"""A dealt three-player louisiana table and its first card, for the tests of how a play is
written (`test_one_statement.py`, `test_load_save.py`), and the checks they share on
what a keyed play leaves behind."""

from __future__ import annotations

from typing import Any

import pytest
from django.test.utils import CaptureQueriesContext

from eventlog import read_stream
from games.models import TableRequest, TableSnapshot
from games.services import commands_parse, table_events_append
from games.sitting.errors import StaleVersion

DEAL = {"deal": {"dealer": "cy", "trump": "7S"}}
DECLARED = [DEAL, *({"player": p, "declare": "play"} for p in ("ana", "ben", "cy"))]
PLAY = {"player": "ana", "play": "AS"}  # the first card: no trick taken, no chips moved


def sent(queries: CaptureQueriesContext) -> list[str]:
    # (A test's own transaction makes the service's a savepoint.)
    return [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]


def play_stored_and_replayed(*, table: Any, club: Any, dealt: int, outcome: Any) -> None:
    """The keyed `PLAY` answered `outcome`: the row, the stored answer and the log are at
    its version, and a retry of it is answered the stored answer."""
    version = outcome.body["version"]
    assert TableSnapshot.objects.get(table_id=table.id).version == version > dealt
    assert TableRequest.objects.get(table_id=table.id, key="tap-1").response == outcome.content
    assert len(read_stream(stream=table.stream)) == version
    again = table_events_append(
        table_id=table.id, club=club, expected_version=dealt, commands=commands_parse([PLAY]),
        idempotency_key="tap-1", with_state=False,
    )  # fmt: skip
    assert (again.replayed, again.content) == (True, outcome.content)


def another_card_is_stale(*, table: Any, club: Any, dealt: int) -> None:
    """Another card expecting `dealt` after `PLAY` was logged: refused as a stale version,
    the table one version on."""
    with pytest.raises(StaleVersion) as stale:
        table_events_append(
            table_id=table.id, club=club, expected_version=dealt,
            commands=commands_parse([{"player": "ana", "play": "KS"}]),
        )  # fmt: skip
    assert (stale.value.expected, stale.value.current) == (dealt, dealt + 1)
