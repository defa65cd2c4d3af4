"""The statistics' rows written out (`projectors.stats_rows`): what a batch sends, and the
rows it writes read back as the fold left them."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.zones import club_time_zone
from eventlog import read_all
from games.engine.simulate import random_sitting
from projectors.models import PlayerDayStats, PlayerStats, StatsTable
from projectors.player_stats import PlayerStatsProjector
from projectors.stats_fold import Line, StatsFold, TableMemory
from projectors.stats_rows import fold_save, lines_read, tables_read
from tests.projectors.helpers import table_from_transcript

pytestmark = pytest.mark.django_db

GENERATION = 9_001  # a generation of its own: no live batch writes it


def _sitting(club_id: str, seed: int) -> None:
    sitting = random_sitting(random.Random(seed), "louisiana", 5, deals=3)
    table_from_transcript(club_id, sitting.transcript)


def test_a_batch_reads_twice_and_writes_once(club_id: str) -> None:
    _sitting(club_id, 1)
    events = read_all(club=club_id, lazy=True)
    club_time_zone(club_id)  # the club's zone, kept per process for a while
    with CaptureQueriesContext(connection) as sent:
        PlayerStatsProjector().handle(events, generation=GENERATION)
    # The tables, then every line and day line of their players, then one upsert: a new
    # player's line, looked for and not found, is not looked for again.
    assert len(sent.captured_queries) == 3, [q["sql"][:60] for q in sent.captured_queries]
    assert StatsTable.objects.filter(generation=GENERATION).count() == 1
    assert PlayerStats.objects.filter(generation=GENERATION).count() == 5
    assert PlayerDayStats.objects.filter(generation=GENERATION).count() == 5
    # The next batch of the same table: its players' lines are all found.
    _sitting(club_id, 2)
    later = read_all(club=club_id, after=events[-1].position, lazy=True)
    with CaptureQueriesContext(connection) as sent:
        PlayerStatsProjector().handle(later, generation=GENERATION)
    assert len(sent.captured_queries) == 3


def test_what_is_saved_reads_back_as_the_fold_left_it(club_id: str) -> None:
    table = TableMemory(club_id, ["a", "b"], ["a"], {"7": {"add": {"a": [1, 0, 0, 0, 0, 0, -3]}}})
    fold = StatsFold({"table-x": table}, {})
    fold.dirty_tables.add("table-x")
    fold.lines[(club_id, "a")] = Line(tables=1, net_chips=-3, biggest_pot=2**40)
    fold.dirty_lines.add((club_id, "a"))
    fold.day_lines[(club_id, "a", "2026-12-01")] = Line(deals_played=1, pots_won=2)
    fold.day_lines[(club_id, "b", "2026-12-02")] = Line(bourres=1)
    fold.dirty_days |= {(club_id, "a", "2026-12-01"), (club_id, "b", "2026-12-02")}
    fold_save(GENERATION, fold)
    assert tables_read(GENERATION, ["table-x", "table-y"]) == {"table-x": table}
    keys = [(club_id, "a"), (club_id, "b")]
    lines, days = lines_read(GENERATION, keys, ["2026-12-01", "2026-12-02", "2026-12-03"])
    assert lines == {(club_id, "a"): fold.lines[(club_id, "a")]}
    assert days == fold.day_lines
    # Saved again, the rows are overwritten (not added to).
    fold.lines[(club_id, "a")].net_chips = 5
    table.open = {}
    fold_save(GENERATION, fold)
    assert lines_read(GENERATION, keys)[0][(club_id, "a")].net_chips == 5
    assert tables_read(GENERATION, ["table-x"])["table-x"].open == {}
    assert PlayerStats.objects.filter(generation=GENERATION).count() == 1
    # Another generation's rows are not this one's.
    assert lines_read(GENERATION + 1, keys) == ({}, {})
