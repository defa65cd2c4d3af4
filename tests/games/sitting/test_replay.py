"""The rebuild of several projections on one read of the log (`rebuild_together`), and the
table-state fold that takes settled deals from their recorded rulings (`fold_stream`):
it gives the very snapshot texts the engine fold gives, and the rebuilt rows are the
inline ones, for random sittings and club nights with undos, seat changes and closings."""

from __future__ import annotations

import random
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from eventlog import read_stream, replay
from eventlog.subscriptions import rebuild_together
from games.engine.simulate import random_night, random_sitting
from games.models import Table, TableDeal, TableSnapshot
from games.services import commands_parse, table_create, table_events_append
from games.sitting.aggregate import TableFold, dump_state, fold_events, strip_deals
from games.sitting.history import fold_stream, settled_deals
from games.sitting.rows import summary_text
from ledger.folding import LedgerError
from ledger.models import LedgerTable, PostingLeg
from table_stream import DEAL_STARTED, stream_name
from tests.clubs.helpers import make_club
from tests.games.api.sittings import event_json, first_players

pytestmark = pytest.mark.django_db

VARIANTS = [("louisiana", 4), ("louisiana", 5), ("ukrainian", 4), ("occitan", 4), ("comtadine", 4)]


def _with_undos(rng: random.Random, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`events` with, now and then, one taken back and posted again (a deal header, a card,
    a settling play alike)."""
    out: list[dict[str, Any]] = []
    for event in events:
        out.append(event)
        if "close" not in event and rng.random() < 0.04:
            out += [{"undo": {"reason": "wrong"}}, event]
    return out


def _sitting_tables(count: int, seed: int) -> list[Table]:
    """Random sittings of 6 deals (reneges too), some with undos, and club nights with
    joins, leaves and a close, appended through the service as a client would."""
    rng = random.Random(seed)
    club = make_club()
    tables = []
    for n in range(count):
        variant, players = VARIANTS[n % len(VARIANTS)]
        if n % 4 == 3:
            sim = random_night(rng, variant, 6, renege_chance=0.05)
            names = first_players(sim.events, list(sim.state.players))
        else:
            sim = random_sitting(rng, variant, players, 6, renege_chance=0.05)
            names = list(sim.state.players)
        events = [event_json(e) for e in sim.events]
        if n % 2:
            events = _with_undos(rng, events)
        table = table_create(club=club, name=f"t{n}", variant=variant, players=names)
        table_events_append(
            table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
        )
        tables.append(table)
    return tables


def _rows(table: Table) -> tuple[Any, ...]:
    """Everything both rebuilds write for a table, the snapshot and summary texts as
    stored: a rebuild takes a settled deal's summary from its recorded ruling, which jsonb
    gives back with its keys in its own order, and puts them back in the engine's
    (`in_play_order`), so the rebuilt texts are the inline ones byte for byte."""
    version, schema, state, deal_start, deal_events = TableSnapshot.objects.values_list(
        "version", "snapshot_version", "state", "deal_start", "deal_events"
    ).get(table=table)
    snapshot = (version, schema, state, deal_start, deal_events)
    deals = [
        (index, summary)
        for index, summary in TableDeal.objects.filter(table=table).values_list("index", "summary")
    ]
    legs = list(
        PostingLeg.objects.filter(table_id=table.id)
        .order_by("position", "transaction", "leg")
        .values_list(
            "position", "version", "cause_position", "deal", "ruling", "kind", "account",
            "amount", "pot_after", "recorded_at", "voided_by",
        )
    )  # fmt: skip
    ledger = LedgerTable.objects.values_list(
        "club_id", "name", "variant", "players", "pot", "last_position"
    ).get(table_id=table.id)
    row = Table.objects.values_list("club_id", "name", "variant", "options", "players").get(
        id=table.id
    )
    return snapshot, deals, legs, ledger, row


def _stored(fold: TableFold) -> tuple[Any, ...]:
    state, settled = strip_deals(fold.state)
    summaries = {index: summary_text(summary) for index, summary in settled.items()}
    start = dump_state(strip_deals(fold.deal_start)[0])
    return fold.version, dump_state(state), start, fold.deal_events, summaries


def test_the_fold_of_settled_deals_from_their_rulings_equals_the_engine_fold() -> None:
    skipped = 0
    for table in _sitting_tables(10, seed=1):
        events = read_stream(stream=table.stream)
        skipped += len(settled_deals(events))
        fast, full = fold_stream(events), fold_events(events)
        assert fast == full, table.name
        assert _stored(fast) == _stored(full), table.name  # the very same texts
    assert skipped >= 15  # most deals of these sittings were not replayed by the engine


@pytest.mark.usefixtures("clubs_of_the_whole_log")  # rebuilds the whole log
def test_one_shared_read_rebuilds_every_table_as_the_service_wrote_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tables = _sitting_tables(8, seed=2)
    inline = {table.id: _rows(table) for table in tables}
    # Damage both read models: a lost table-state row and deals, a lost ledger.
    TableSnapshot.objects.filter(table=tables[0]).delete()
    TableDeal.objects.filter(table=tables[1]).delete()
    PostingLeg.objects.filter(table_id=tables[2].id).delete()
    LedgerTable.objects.filter(table_id=tables[3].id).update(pot=999)

    reads: list[str] = []
    original = replay.read_stream

    def counted(**kwargs: Any) -> Any:
        reads.append(kwargs["stream"])
        return original(**kwargs)

    monkeypatch.setattr(replay, "read_stream", counted)
    reports = rebuild_together(["table_state", "ledger"])

    assert {t.stream for t in tables} <= set(reads)
    assert len(reads) == len(set(reads))  # each stream read once, for both projections
    assert [(r.name, r.streams, r.differences) for r in reports.values()] == [
        ("table_state", len(reads), ()),
        ("ledger", len(reads), ()),
    ]
    assert {table.id: _rows(table) for table in tables} == inline
    verified = rebuild_together(["table_state", "ledger"], verify=True)
    assert [r.differences for r in verified.values()] == [(), ()]


@pytest.mark.usefixtures("clubs_of_the_whole_log")  # rebuilds the whole log
def test_the_command_rebuilds_everything_on_one_read_with_a_progress_bar() -> None:
    tables = _sitting_tables(3, seed=3)
    inline = {table.id: _rows(table) for table in tables}
    TableSnapshot.objects.filter(table=tables[0]).update(version=1)
    out = StringIO()
    call_command("rebuild", "--projection", "ledger", "--projection", "table_state", stdout=out)
    text = out.getvalue()
    assert "events (100%)" in text
    assert "ledger: rebuilt" in text
    assert "table_state: rebuilt" in text
    assert {table.id: _rows(table) for table in tables} == inline
    out = StringIO()
    call_command("rebuild", "--verify", stdout=out)
    assert out.getvalue().endswith("0 differences\n")


@pytest.mark.usefixtures("clubs_of_the_whole_log")  # rebuilds the whole log
def test_a_table_the_ledger_cannot_book_fails_its_rebuild_not_the_others() -> None:
    tables = _sitting_tables(2, seed=4)
    inline = _rows(tables[1])
    TableSnapshot.objects.filter(table=tables[1]).delete()
    good = replay.table_streams

    def with_a_bad_ruling(stream: str | None = None) -> Any:
        for name, events in good(stream):
            if name == stream_name(tables[0].id):
                for event in events:
                    if event.data.get("postings"):
                        event.data["postings"][0]["legs"][0][1] += 1  # no longer sums to 0
                        break
            yield name, events

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay, "table_streams", with_a_bad_ruling)
        with pytest.raises(LedgerError, match=str(tables[0].id)):
            rebuild_together(["ledger", "table_state"])
    assert _rows(tables[1]) == inline  # the table state was rebuilt all the same


def test_a_deal_with_an_undo_or_before_one_is_folded_through_the_engine() -> None:
    sim = random_sitting(random.Random(7), "louisiana", 4, 6)
    events = [event_json(e) for e in sim.events]
    headers = [i for i, e in enumerate(events) if "deal" in e]
    at = headers[2] + 1  # the first action of deal 2, taken back and posted again
    events[at + 1 : at + 1] = [{"undo": {"reason": "wrong"}}, events[at]]
    club = make_club()
    table = table_create(club=club, name="t", variant="louisiana", players=sim.state.players)
    table_events_append(
        table_id=table.id, club=club, expected_version=1, commands=commands_parse(events)
    )

    log = read_stream(stream=table.stream)
    deals = [i for i, event in enumerate(log) if event.type == DEAL_STARTED]
    # Deal 2 holds an undo, deal 1 is its deal start; deals 4 and 5 are the row's.
    assert sorted(settled_deals(log)) == [deals[0], deals[3]]
    assert fold_stream(log) == fold_events(log)
