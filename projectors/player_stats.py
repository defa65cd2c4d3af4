"""The player-statistics projector: `PlayerStats` rows per (club, player), generation-aware."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db.models import Q

from clubs.zones import club_time_zone
from games.eventstore import RecordedEvent
from games.table import TABLE_CREATED, is_table_stream
from projectors.framework import Projector
from projectors.models import PlayerDayStats, PlayerStats, StatsTable
from projectors.stats_fold import FOLDED, Line, StatsFold, TableMemory, day_of

logger = logging.getLogger(__name__)

NAME = "player_stats"
LINE_FIELDS = [name for name in Line().as_dict()]


class PlayerStatsProjector(Projector):
    name = NAME

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> None:
        folded = [e for e in events if e.type in FOLDED]
        if not folded:
            return  # card plays, bids, ...: nothing of this read model changes
        streams = {e.stream for e in folded if is_table_stream(e.stream)}
        tables = {
            row.stream: TableMemory(row.club_id, row.players, row.seated, row.open)
            for row in StatsTable.objects.filter(generation=generation, stream__in=streams)
        }
        keys = {(t.club_id, p) for t in tables.values() for p in t.players}
        for event in folded:
            if event.type == TABLE_CREATED and isinstance(event.data.get("players"), list):
                club_id = str(event.data.get("club_id"))
                keys |= {(club_id, str(p)) for p in event.data["players"]}
        lines = _load_lines(generation, keys)
        # The day lines the batch may touch, in one query: its events' days and the days of
        # the open rulings an undo may void, for the tables' players.
        days = {day_of(e, club_time_zone(e.club)) for e in folded} | {
            str(entry["day"])
            for table in tables.values()
            for entry in table.open.values()
            if isinstance(entry, dict) and entry.get("day")
        }
        day_lines = _load_day_lines(generation, keys, days)

        def load_one(club_id: str, player: str) -> Line | None:
            found = _load_lines(generation, {(club_id, player)})
            return found.get((club_id, player))

        def load_day(club_id: str, player: str, day: str) -> Line | None:
            if (club_id, player) in keys and day in days:
                return day_lines.get((club_id, player, day))
            row = (
                PlayerDayStats.objects.filter(
                    generation=generation, club_id=club_id, player=player, day=day
                )
                .values(*LINE_FIELDS)
                .first()
            )
            return None if row is None else Line(**row)

        fold = StatsFold(tables, lines, load_one, load_day, zone_of=club_time_zone)
        for event in folded:
            try:
                fold.apply(event)
            except (KeyError, TypeError, ValueError, AttributeError):
                # A malformed event must not stall the projector forever; it is skipped
                # (and visible in the logs) rather than half-applied: the fold computes a
                # ruling's whole contribution before it changes anything.
                logger.warning("player_stats: skipped malformed event #%s", event.position)
        _save(generation, fold)

    def drop(self, *, generation: int) -> None:
        PlayerStats.objects.filter(generation=generation).delete()
        PlayerDayStats.objects.filter(generation=generation).delete()
        StatsTable.objects.filter(generation=generation).delete()


def _load_lines(generation: int, keys: set[tuple[str, str]]) -> dict[tuple[str, str], Line]:
    if not keys:
        return {}
    match = Q()
    for club_id in {c for c, _ in keys}:
        match |= Q(club_id=club_id, player__in=[p for c, p in keys if c == club_id])
    rows = PlayerStats.objects.filter(match, generation=generation).values(
        "club_id", "player", *LINE_FIELDS
    )
    return {
        (row["club_id"], row["player"]): Line(**{f: row[f] for f in LINE_FIELDS}) for row in rows
    }


def _load_day_lines(
    generation: int, keys: set[tuple[str, str]], days: set[str]
) -> dict[tuple[str, str, str], Line]:
    if not keys or not days:
        return {}
    match = Q()
    for club_id in {c for c, _ in keys}:
        match |= Q(club_id=club_id, player__in=[p for c, p in keys if c == club_id])
    rows = PlayerDayStats.objects.filter(match, generation=generation, day__in=sorted(days))
    return {
        (row["club_id"], row["player"], row["day"].isoformat()): Line(
            **{f: row[f] for f in LINE_FIELDS}
        )
        for row in rows.values("club_id", "player", "day", *LINE_FIELDS)
    }


def _save(generation: int, fold: StatsFold) -> None:
    if fold.dirty_tables:
        StatsTable.objects.bulk_create(
            [
                StatsTable(
                    generation=generation,
                    stream=stream,
                    club_id=table.club_id,
                    players=table.players,
                    seated=table.seated,
                    open=table.open,
                )
                for stream, table in ((s, fold.tables[s]) for s in sorted(fold.dirty_tables))
            ],
            update_conflicts=True,
            unique_fields=["generation", "stream"],
            update_fields=["club_id", "players", "seated", "open"],
        )
    if fold.dirty_lines:
        PlayerStats.objects.bulk_create(
            [
                PlayerStats(
                    generation=generation,
                    club_id=club_id,
                    player=player,
                    **fold.lines[(club_id, player)].as_dict(),
                )
                for club_id, player in sorted(fold.dirty_lines)
            ],
            update_conflicts=True,
            unique_fields=["generation", "club_id", "player"],
            update_fields=LINE_FIELDS,
        )
    if fold.dirty_days:
        PlayerDayStats.objects.bulk_create(
            [
                PlayerDayStats(
                    generation=generation,
                    club_id=club_id,
                    player=player,
                    day=day,
                    **fold.day_lines[(club_id, player, day)].as_dict(),
                )
                for club_id, player, day in sorted(fold.dirty_days)
            ],
            update_conflicts=True,
            unique_fields=["generation", "club_id", "player", "day"],
            update_fields=LINE_FIELDS,
        )
