"""The rating fold: each settled deal ranks the players who played it and the Weng-Lin
Plackett-Luce model (`openskill`) moves their ratings. Pure: no I/O (the projector loads
and saves).

How a deal ranks its players (docs/ratings.md): only those who played it (`active`) are
rated, and only when two or more did (a lone player or an all-pass deal is no contest);
whoever took the pot comes first (a split or shared pot: every taker, tied first); the
others follow by tricks taken, equal tricks tied; a player bourré or caught reneging comes
last (tied with the others so caught). A passer is not rated: passing is a choice the
rules give, not a result.

An `EventUndone` voids rulings of the table's current deal only (a deal is final once the
next `DealStarted`): what the settled deal's rating changed is kept per table (`open`, by
ruling version) with each player's rating before it, and put back when it is voided, so
the ratings are as if the mistake had never been logged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from eventlog import RecordedEvent
from projectors.stats_fold import day_of
from table_stream import DEAL_STARTED, EVENT_UNDONE, RULING_MADE, RulingKind

#: The model and its defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300): one for all clubs.
MODEL = PlackettLuce()
#: The event types the fold reads; a batch of none of them costs no query.
FOLDED = frozenset({DEAL_STARTED, RULING_MADE, EVENT_UNDONE})

#: Where a player finishes a deal: first the pot's takers, then by tricks, the faulty last.
TOOK_POT, BY_TRICKS, FAULTED = 0, 1, 2


@dataclass
class Rating:
    """A player's rating and how many deals made it; `night`: the last night it moved."""

    mu: float
    sigma: float
    deals: int
    night: str


Key = tuple[str, str]  # (club, player)
NightKey = tuple[str, str, str]  # (club, player, ISO night)


def deal_ranks(summary: Mapping[str, Any]) -> dict[str, int] | None:
    """Each player's place in a settled deal (1 best, ties equal), or None when the deal
    rates nobody (fewer than two played it)."""
    active = [str(p) for p in summary.get("active") or ()]
    if len(active) < 2:
        return None
    took: set[str] = set()
    faulted: set[str] = set()
    for entry in summary.get("rulings") or ():
        kind = entry.get("kind")
        if kind == RulingKind.POT_WON:
            took.add(str(entry["player"]))
        elif kind == RulingKind.POT_SPLIT:
            took.update(str(p) for p in entry["players"])
        elif kind == RulingKind.POT_SHARED:
            took.update(str(p) for p, share in entry["shares"].items() if share)
        elif kind in (RulingKind.BOURRE, RulingKind.RENEGE):
            faulted.add(str(entry["player"]))
    tricks = summary.get("tricks_won") or {}

    def standing(player: str) -> tuple[int, int]:
        if player in faulted:
            return (FAULTED, 0)
        if player in took:
            return (TOOK_POT, 0)
        return (BY_TRICKS, -int(tricks.get(player) or 0))

    places = sorted({standing(p) for p in active})
    return {p: places.index(standing(p)) + 1 for p in active}


class RatingFold:
    """Applies events to in-memory ratings; the caller loads what the batch touches and
    saves what changed. A value of None in `ratings` or `nights` is a row to delete (a
    voided first deal leaves the player unrated, as a rebuild would)."""

    def __init__(
        self,
        tables: dict[str, dict[str, Any]],
        ratings: dict[Key, Rating | None],
        nights: dict[NightKey, Rating | None],
        zone_of: Callable[[str], str],
    ) -> None:
        self.tables = tables  # stream -> open: {ruling version: what it changed}
        self.ratings = ratings
        self.nights = nights
        self.zone_of = zone_of
        self.dirty_tables: set[str] = set()
        self.dirty_ratings: set[Key] = set()
        self.dirty_nights: set[NightKey] = set()

    def apply(self, event: RecordedEvent) -> None:
        if event.type == DEAL_STARTED:
            # The previous deal is final now: nothing of it can be voided any more.
            if self.tables.get(event.stream):
                self.tables[event.stream] = {}
                self.dirty_tables.add(event.stream)
        elif event.type == RULING_MADE:
            if event.data.get("kind") == RulingKind.DEAL_SETTLED:
                self._rate(event)
        elif event.type == EVENT_UNDONE:
            opened = self.tables.get(event.stream) or {}
            voided = sorted(event.data.get("voided_versions") or (), reverse=True)
            for version in voided:
                change = opened.pop(str(version), None)
                if change is not None:
                    self._void(event.club, change)
                    self.dirty_tables.add(event.stream)

    def _rate(self, event: RecordedEvent) -> None:
        ranks = deal_ranks(event.data["ruling"]["summary"])
        if not ranks:
            return
        club = event.club
        night = day_of(event, self.zone_of(club))
        players = sorted(ranks)  # one order, so a rebuild computes the very same floats
        before = [self.ratings.get((club, p)) for p in players]
        teams = [
            [MODEL.rating() if old is None else MODEL.rating(mu=old.mu, sigma=old.sigma)]
            for old in before
        ]
        rated = MODEL.rate(teams, ranks=[ranks[p] for p in players])
        changes: dict[str, Any] = {}
        for player, old, [new] in zip(players, before, rated, strict=True):
            deals = (old.deals if old else 0) + 1
            on_night = self.nights.get((club, player, night))
            changes[player] = {
                "prev": None if old is None else [old.mu, old.sigma, old.deals, old.night],
                "prev_night": None
                if on_night is None
                else [on_night.mu, on_night.sigma, on_night.deals],
                "new": [new.mu, new.sigma],
            }
            self._set(club, player, Rating(new.mu, new.sigma, deals, night))
            self._set_night(club, player, night, Rating(new.mu, new.sigma, deals, night))
        self.tables.setdefault(event.stream, {})[str(event.version)] = {
            "night": night,
            "players": changes,
        }
        self.dirty_tables.add(event.stream)

    def _void(self, club: str, change: Mapping[str, Any]) -> None:
        night = str(change["night"])
        for player, moved in change["players"].items():
            new_mu, new_sigma = moved["new"]
            current = self.ratings.get((club, player))
            prev = moved["prev"]
            if current is not None and (current.mu, current.sigma) == (new_mu, new_sigma):
                restored = None if prev is None else Rating(prev[0], prev[1], prev[2], prev[3])
            else:
                # Rated at another table since (a name seated at two at once): take back
                # this deal's move of the mean only.
                restored = _less(current, new_mu - (prev[0] if prev else MODEL.mu))
            self._set(club, player, restored)
            on_night = self.nights.get((club, player, night))
            prev_night = moved["prev_night"]
            if on_night is not None and (on_night.mu, on_night.sigma) == (new_mu, new_sigma):
                back = None if prev_night is None else Rating(*prev_night, night)
            else:
                back = _less(on_night, new_mu - (prev[0] if prev else MODEL.mu))
            self._set_night(club, player, night, back)

    def _set(self, club: str, player: str, rating: Rating | None) -> None:
        self.ratings[(club, player)] = rating
        self.dirty_ratings.add((club, player))

    def _set_night(self, club: str, player: str, night: str, rating: Rating | None) -> None:
        self.nights[(club, player, night)] = rating
        self.dirty_nights.add((club, player, night))


def _less(rating: Rating | None, moved: float) -> Rating | None:
    if rating is None or rating.deals <= 1:
        return None
    return Rating(rating.mu - moved, rating.sigma, rating.deals - 1, rating.night)
