"""Between the statistics fold's values (`stats_fold.Line`, `TableMemory`) and their rows.

Written-out statements, not the ORM: a catch-up of a second of the 8-client load spent more
of the Celery worker's CPU building and adapting the ORM's queries (a `Q` per club, three
`bulk_create(update_conflicts=True)` with a value adapted per field) than folding the events
(docs/decisions/0030-the-statistics-catch-up-written-out.md). A batch reads its tables in one
statement, its players' all-time and day lines in one more, and writes everything it
changed in one, of one fixed text.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import orjson
from django.db import connection

from projectors.models import PlayerDayStats, PlayerStats, StatsTable
from projectors.stats_fold import Line, StatsFold, TableMemory

LINE_FIELDS = tuple(Line().as_dict())
_LINE_COLUMNS = ", ".join(LINE_FIELDS)
_STATS = PlayerStats._meta.db_table
_DAYS = PlayerDayStats._meta.db_table
_TABLES = StatsTable._meta.db_table

Key = tuple[str, str]  # (club, player)
DayKey = tuple[str, str, str]  # (club, player, ISO day)


def _json(value: Any) -> Any:
    # Django's psycopg setup hands jsonb over as text.
    return orjson.loads(value) if isinstance(value, str | bytes) else value


TABLES_SQL = (
    f"SELECT stream, club_id, players, seated, open FROM {_TABLES}"
    " WHERE generation = %s AND stream = ANY(%s)"
)


def tables_read(generation: int, streams: Collection[str]) -> dict[str, TableMemory]:
    if not streams:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(TABLES_SQL, [generation, list(streams)])
        return {
            stream: TableMemory(str(club_id), _json(players), _json(seated), _json(opened))
            for stream, club_id, players, seated, opened in cursor.fetchall()
        }


# The all-time lines (day NULL) and the day lines of the same players in one statement;
# the pairs go as two arrays zipped by `unnest`, the days as a third.
LINES_SQL = (
    f"WITH k(club_id, player) AS (SELECT * FROM unnest(%s::text[], %s::text[]))"
    f" SELECT s.club_id, s.player, NULL::date, {_LINE_COLUMNS} FROM {_STATS} s"
    f" JOIN k USING (club_id, player) WHERE s.generation = %s"
    f" UNION ALL SELECT d.club_id, d.player, d.day, {_LINE_COLUMNS} FROM {_DAYS} d"
    f" JOIN k USING (club_id, player) WHERE d.generation = %s AND d.day = ANY(%s::date[])"
)


def lines_read(
    generation: int, keys: Collection[Key], days: Collection[str] = ()
) -> tuple[dict[Key, Line], dict[DayKey, Line]]:
    """The players' all-time lines and their lines of `days` that exist."""
    lines: dict[Key, Line] = {}
    day_lines: dict[DayKey, Line] = {}
    if not keys:
        return lines, day_lines
    clubs, players = zip(*keys, strict=True)
    with connection.cursor() as cursor:
        cursor.execute(
            LINES_SQL, [list(clubs), list(players), generation, generation, sorted(days)]
        )
        for club_id, player, day, *counts in cursor.fetchall():
            line = Line(*counts)
            if day is None:
                lines[(club_id, player)] = line
            else:
                day_lines[(club_id, player, day.isoformat())] = line
    return lines, day_lines


_SET_LINES = ", ".join(f"{name} = EXCLUDED.{name}" for name in LINE_FIELDS)


def _counters_from(start: int) -> str:
    """A line's counters read from its row's JSON array, from index `start` on."""
    return ", ".join(f"(r->>{start + i})::bigint" for i in range(len(LINE_FIELDS)))


# Every row a batch changed, upserted by one statement of one fixed text (a data-modifying
# `WITH` per kind of row), the rows of each kind as one JSON array: psycopg splits and
# caches a short statement once, where a multi-row VALUES list of a batch's hundred rows was
# split again at every batch (the longer texts are not cached) and cost more than the fold.
SAVE_SQL = (
    f"WITH t AS (INSERT INTO {_TABLES} (generation, stream, club_id, players, seated, open)"
    " SELECT %(generation)s, r->>0, r->>1, r->2, r->3, r->4"
    " FROM jsonb_array_elements(%(tables)s::jsonb) r"
    " ON CONFLICT (generation, stream) DO UPDATE SET club_id = EXCLUDED.club_id,"
    " players = EXCLUDED.players, seated = EXCLUDED.seated, open = EXCLUDED.open),"
    f" l AS (INSERT INTO {_STATS} (generation, club_id, player, {_LINE_COLUMNS})"
    f" SELECT %(generation)s, r->>0, r->>1, {_counters_from(2)}"
    " FROM jsonb_array_elements(%(lines)s::jsonb) r"
    f" ON CONFLICT (generation, club_id, player) DO UPDATE SET {_SET_LINES})"
    f" INSERT INTO {_DAYS} (generation, club_id, player, day, {_LINE_COLUMNS})"
    f" SELECT %(generation)s, r->>0, r->>1, (r->>2)::date, {_counters_from(3)}"
    " FROM jsonb_array_elements(%(days)s::jsonb) r"
    f" ON CONFLICT (generation, club_id, player, day) DO UPDATE SET {_SET_LINES}"
)


def _counts(line: Line) -> list[int]:
    return [getattr(line, name) for name in LINE_FIELDS]


def fold_save(generation: int, fold: StatsFold) -> None:
    """Upsert the tables, lines and day lines the fold changed, in one statement (sorted,
    so two writers would take the rows' locks in the same order)."""
    if not (fold.dirty_tables or fold.dirty_lines or fold.dirty_days):
        return
    tables = [
        [stream, table.club_id, table.players, table.seated, table.open]
        for stream, table in ((s, fold.tables[s]) for s in sorted(fold.dirty_tables))
    ]
    lines = [[*key, *_counts(fold.lines[key])] for key in sorted(fold.dirty_lines)]
    days = [[*key, *_counts(fold.day_lines[key])] for key in sorted(fold.dirty_days)]
    params = {
        "generation": generation,
        "tables": orjson.dumps(tables).decode(),
        "lines": orjson.dumps(lines).decode(),
        "days": orjson.dumps(days).decode(),
    }
    with connection.cursor() as cursor:
        cursor.execute(SAVE_SQL, params)
