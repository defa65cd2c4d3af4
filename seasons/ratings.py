"""The ratings projector: `PlayerRating` and `PlayerRatingNight` rows per club, by
generation (`seasons.rating_fold` does the rating; this reads and writes its rows)."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from clubs.zones import club_time_zone
from eventlog import RecordedEvent
from projectors.framework import Projector
from projectors.stats_fold import day_of
from seasons.models import PlayerRating, PlayerRatingNight, RatingTable
from seasons.rating_fold import FOLDED, Key, NightKey, RatingFold
from seasons.rating_rows import fold_save, ratings_read, tables_read
from table_stream import RULING_MADE, RulingKind, is_table_stream

logger = logging.getLogger(__name__)

NAME = "ratings"


def _settled(event: RecordedEvent) -> bool:
    return event.type == RULING_MADE and event.data.get("kind") == RulingKind.DEAL_SETTLED


def _active(event: RecordedEvent) -> list[str]:
    try:
        return [str(p) for p in event.data["ruling"]["summary"].get("active") or ()]
    except (KeyError, TypeError, AttributeError):
        return []  # malformed: the fold skips it too


class RatingsProjector(Projector):
    name = NAME

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> None:
        folded = [e for e in events if e.type in FOLDED and is_table_stream(e.stream)]
        folded = [e for e in folded if e.type != RULING_MADE or _settled(e)]
        if not folded:
            return  # card plays, bids, the other rulings: nothing of the ratings changes
        tables = tables_read(generation, {e.stream for e in folded})
        # Every rating the batch may touch: the players of its settled deals on their
        # nights, and those of the open deals an undo may void.
        keys: set[Key] = set()
        night_keys: set[NightKey] = set()
        for event in folded:
            if _settled(event):
                night = day_of(event, club_time_zone(event.club))
                for player in _active(event):
                    keys.add((event.club, player))
                    night_keys.add((event.club, player, night))
        club_of = {e.stream: e.club for e in folded}
        for stream, opened in tables.items():
            for change in opened.values():
                for player in change["players"]:
                    keys.add((club_of[stream], player))
                    night_keys.add((club_of[stream], player, change["night"]))
        ratings, nights = ratings_read(generation, keys, night_keys)
        fold = RatingFold(tables, ratings, nights, zone_of=club_time_zone)
        for event in folded:
            try:
                fold.apply(event)
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                # A malformed event must not stall the projector; it is skipped (and
                # logged): the fold reads a deal whole before it changes anything.
                logger.warning("ratings: skipped malformed event #%s", event.position)
        fold_save(generation, fold)

    def drop(self, *, generation: int) -> None:
        PlayerRating.objects.filter(generation=generation).delete()
        PlayerRatingNight.objects.filter(generation=generation).delete()
        RatingTable.objects.filter(generation=generation).delete()
