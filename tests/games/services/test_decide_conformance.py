"""Fast service tests, no database: every conformance case posted one event per request
through `decide` and appended to a `MemoryEventStore` gives the case's ruling, the stream
re-folded with `evolve` is the fold `decide` advanced (decide and evolve agree: after
every request on the events read back from the store, and from scratch at the end), and
every append made with a version gone stale is refused. The Postgres path of
the same cases is tests/games/api/test_conformance.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.sitting.errors import EventRejected
from table_stream import EVENT_UNDONE, RULING_MADE
from tests.conformance.reasons import answers
from tests.games.api.sittings import api_events, first_seats
from tests.games.services.memory import MemoryTable, rulings_recorded

CASES = sorted((Path(__file__).resolve().parents[2] / "conformance" / "cases").glob("*.json"))
IDS = [p.stem for p in CASES]
RULED = [p for p in CASES if "rejected" not in json.loads(p.read_text())]


def _case(path: Path) -> dict[str, Any]:
    case: dict[str, Any] = json.loads(path.read_text())
    return case


def _table(transcript: dict[str, Any]) -> MemoryTable:
    return MemoryTable.created(
        variant=transcript["variant"],
        players=first_seats(transcript),
        options=transcript.get("options", {}),
    )


def _post_or_refusal(table: MemoryTable, event: dict[str, Any]) -> dict[str, Any] | EventRejected:
    try:
        return table.post([event])
    except EventRejected as rejected:
        return rejected


@pytest.mark.parametrize("path", CASES, ids=IDS)
def test_one_event_per_request_rules_as_the_case_and_refolds_to_the_same_fold(
    path: Path,
) -> None:
    case = _case(path)
    table = _table(case["transcript"])
    for n, (where, event) in enumerate(api_events(case["transcript"])):
        version = table.fold.version
        decision = _post_or_refusal(table, event)
        if isinstance(decision, EventRejected):
            assert "rejected" in case, (n, event, decision.rejection)
            assert where == (case["rejected"]["deal"], case["rejected"]["action"]), (n, event)
            assert decision.index == 0
            assert answers(case, decision.rejection.code), decision.rejection
            assert table.store.stream_version(stream=table.stream) == version  # nothing stored
            return
        rulings_recorded(decision, table.log())
    assert "rejected" not in case, "the rejected event was accepted"
    assert table.ruling() == case["expected"]
    refolded = table.refolded()
    assert refolded.version == table.fold.version
    assert refolded == table.fold


@pytest.mark.parametrize("path", RULED, ids=[p.stem for p in RULED])
def test_one_batch_is_the_same_log_as_one_event_per_request(path: Path) -> None:
    case = _case(path)
    events = [e for _, e in api_events(case["transcript"])]
    one_by_one, batch = _table(case["transcript"]), _table(case["transcript"])
    for event in events:
        one_by_one.post([event], stale_check=False)
    batch.post(events)
    assert batch.ruling() == case["expected"]
    assert batch.refolded() == batch.fold == one_by_one.fold
    after_created = [(e.version, e.type, e.data) for e in batch.log()][1:]
    assert after_created == [(e.version, e.type, e.data) for e in one_by_one.log()][1:]


@pytest.mark.parametrize("path", RULED, ids=[p.stem for p in RULED])
def test_every_event_undone_and_posted_again_rules_as_the_case(path: Path) -> None:
    """Each event (game action, deal, join, leave or close) is posted, taken back with an
    undo (its rulings voided) and posted again: the ruling is the case's, and the log with
    its `EventUndone`s re-folds to the same fold after every request."""
    case = _case(path)
    table = _table(case["transcript"])
    undos = 0
    for event in [e for _, e in api_events(case["transcript"])]:
        posted_at = table.fold.version + 1
        made = table.post([event])
        undone = table.post([{"undo": {"reason": "logged by mistake"}}])
        undos += 1
        (taken,) = undone["undone"]
        assert taken["undone_version"] == posted_at
        assert taken["voided_versions"] == [r["version"] for r in made["rulings"]]
        table.post([event])
    assert table.refolded() == table.fold
    log = table.log()
    assert sum(e.type == EVENT_UNDONE for e in log) == undos
    assert any(e.type == RULING_MADE for e in log)
    assert table.ruling() == case["expected"]
