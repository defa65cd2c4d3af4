"""The player-statistics projector: `PlayerStats` rows per (club, player), generation-aware."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from clubs.zones import club_time_zone
from eventlog import RecordedEvent
from projectors.framework import Projector
from projectors.models import PlayerDayStats, PlayerStats, StatsTable
from projectors.stats_fold import FOLDED, Line, StatsFold, day_of
from projectors.stats_rows import fold_save, lines_read, tables_read
from table_stream import TABLE_CREATED, is_table_stream

logger = logging.getLogger(__name__)

NAME = "player_stats"


class PlayerStatsProjector(Projector):
    name = NAME

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> None:
        folded = [e for e in events if e.type in FOLDED]
        if not folded:
            return  # card plays, bids, ...: nothing of this read model changes
        streams = {e.stream for e in folded if is_table_stream(e.stream)}
        tables = tables_read(generation, streams)
        keys = {(t.club_id, p) for t in tables.values() for p in t.players}
        for event in folded:
            if event.type == TABLE_CREATED and isinstance(event.data.get("players"), list):
                club_id = str(event.data.get("club_id"))
                keys |= {(club_id, str(p)) for p in event.data["players"]}
        # The day lines the batch may touch, read with the lines: its events' days and the
        # days of the open rulings an undo may void, for the tables' players.
        days = {day_of(e, club_time_zone(e.club)) for e in folded} | {
            str(entry["day"])
            for table in tables.values()
            for entry in table.open.values()
            if isinstance(entry, dict) and entry.get("day")
        }
        lines, day_lines = lines_read(generation, keys, days)

        # A line looked for above and not found is a new player's: no second look.
        def load_one(club_id: str, player: str) -> Line | None:
            if (club_id, player) in keys:
                return None
            return lines_read(generation, [(club_id, player)])[0].get((club_id, player))

        def load_day(club_id: str, player: str, day: str) -> Line | None:
            if (club_id, player) in keys and day in days:
                return day_lines.get((club_id, player, day))
            found = lines_read(generation, [(club_id, player)], [day])[1]
            return found.get((club_id, player, day))

        fold = StatsFold(tables, lines, load_one, load_day, zone_of=club_time_zone)
        for event in folded:
            try:
                fold.apply(event)
            except (KeyError, TypeError, ValueError, AttributeError):
                # A malformed event must not stall the projector forever; it is skipped
                # (and visible in the logs) rather than half-applied: the fold computes a
                # ruling's whole contribution before it changes anything.
                logger.warning("player_stats: skipped malformed event #%s", event.position)
        fold_save(generation, fold)

    def drop(self, *, generation: int) -> None:
        PlayerStats.objects.filter(generation=generation).delete()
        PlayerDayStats.objects.filter(generation=generation).delete()
        StatsTable.objects.filter(generation=generation).delete()
