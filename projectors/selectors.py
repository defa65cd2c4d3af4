"""Reads: player statistics, the leaderboard, projection status, task runs."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import Max, QuerySet, Subquery, Sum

from eventlog import last_position
from eventlog.subscriptions import ASYNC, subscriptions
from followers.models import SubscriptionCheckpoint, SubscriptionClubCheckpoint
from projectors.framework import projectors_all
from projectors.models import PlayerDayStats, PlayerStats, TaskRun
from projectors.player_stats import NAME as PLAYER_STATS


def _active(name: str) -> Subquery:
    # A subquery, so the generation and its rows come from one statement's snapshot.
    return Subquery(
        SubscriptionCheckpoint.objects.filter(name=name, active=True).values("generation")[:1]
    )


def _club_stats(club_id: str) -> QuerySet[PlayerStats]:
    return PlayerStats.objects.filter(generation=_active(PLAYER_STATS), club_id=club_id)


def player_stats_get(*, club_id: str, player: str) -> PlayerStats | None:
    return _club_stats(club_id).filter(player=player).first()


def leaderboard_list(*, club_id: str, limit: int = 50) -> list[PlayerStats]:
    """Best first: net chips, then pots won, then name."""
    return list(_club_stats(club_id).order_by("-net_chips", "-pots_won", "player")[:limit])


@dataclass(frozen=True, slots=True)
class StandingLine:
    """A player's statistics over a range of days (the `PlayerStats` fields)."""

    player: str
    tables: int
    deals_played: int
    deals_passed: int
    pots_won: int
    pot_chips: int
    biggest_pot: int
    bourres: int
    reneges: int
    net_chips: int


_SUMMED = ("tables", "deals_played", "deals_passed", "pots_won", "pot_chips", "bourres",
           "reneges", "net_chips")  # fmt: skip


def _between(club_id: str, start: date | None, end: date | None) -> QuerySet[PlayerDayStats]:
    days = PlayerDayStats.objects.filter(generation=_active(PLAYER_STATS), club_id=club_id)
    if start is not None:
        days = days.filter(day__gte=start)
    if end is not None:
        days = days.filter(day__lte=end)
    return days


def _standings(days: QuerySet[PlayerDayStats]) -> QuerySet[Any]:
    return (
        days.values("player")
        .annotate(**{name: Sum(name) for name in _SUMMED}, biggest_pot=Max("biggest_pot"))
        .order_by("-net_chips", "-pots_won", "player")
    )


def leaderboard_between(
    *, club_id: str, start: date | None, end: date | None, limit: int = 50
) -> list[StandingLine]:
    """The standings over the days `start` to `end` (inclusive, UTC; None: open-ended),
    best first as the leaderboard: net chips, then pots won, then name."""
    return [StandingLine(**row) for row in _standings(_between(club_id, start, end))[:limit]]


def player_stats_between(
    *, club_id: str, player: str, start: date | None, end: date | None
) -> StandingLine | None:
    row = _standings(_between(club_id, start, end).filter(player=player)).first()
    return None if row is None else StandingLine(**row)


@dataclass(frozen=True, slots=True)
class ProjectionStatus:
    name: str
    kind: str  # the lifecycle: "async" (checkpointed), "inline" (in the append's
    # transaction) or "live" (folded on read)
    checkpoint: int
    last_position: int
    lag: int
    updated_at: datetime | None
    rebuilding: bool


def projections_status() -> list[ProjectionStatus]:
    head = last_position()
    rows = SubscriptionCheckpoint.objects.filter(name__in=list(projectors_all()))
    by_name: dict[str, list[SubscriptionCheckpoint]] = {}
    for row in rows:
        by_name.setdefault(row.name, []).append(row)
    out = []
    for name in sorted(projectors_all()):
        live = next((r for r in by_name.get(name, []) if r.active), None)
        position = live.position if live else 0
        out.append(
            ProjectionStatus(
                name=name,
                kind="async",
                checkpoint=position,
                last_position=head,
                lag=max(head - position, 0),
                updated_at=live.updated_at if live else None,
                rebuilding=any(not r.active for r in by_name.get(name, [])),
            )
        )
    for name, subscription in sorted(subscriptions().items()):
        if name in projectors_all():
            continue
        if subscription.lifecycle == ASYNC:
            progress = subscription.progress
            checkpoint, last, updated_at = progress() if progress else (head, head, None)
            out.append(
                ProjectionStatus(
                    name, ASYNC, checkpoint, last, max(last - checkpoint, 0), updated_at, False
                )
            )
        else:
            out.append(ProjectionStatus(name, subscription.lifecycle, head, head, 0, None, False))
    return out


def task_run_get(*, task_id: uuid.UUID, club_id: str) -> TaskRun | None:
    return TaskRun.objects.filter(pk=task_id, club_id=club_id).first()


@dataclass(frozen=True, slots=True)
class NightLine:
    """One player's line of one club night (what `PlayerDayStats` keeps), for the seasons'
    standings and the players' pages."""

    player: str
    night: date
    deals_played: int
    deals_passed: int
    pots_won: int
    biggest_pot: int
    bourres: int
    reneges: int
    net_chips: int

    @property
    def dealt_in(self) -> bool:
        return self.deals_played + self.deals_passed > 0


_NIGHT_FIELDS = ("player", "day", "deals_played", "deals_passed", "pots_won", "biggest_pot",
                 "bourres", "reneges", "net_chips")  # fmt: skip


def night_lines(
    *, club_id: str, start: date | None, end: date | None, player: str | None = None
) -> list[NightLine]:
    """Every player's (or one player's) line of each club night from `start` to `end`
    (inclusive; None: open-ended), by night then player: one statement."""
    days = _between(club_id, start, end)
    if player is not None:
        days = days.filter(player=player)
    rows = days.order_by("day", "player").values_list(*_NIGHT_FIELDS)
    return [NightLine(*row) for row in rows]


def projectors_caught_up(*, club_id: str, names: list[str]) -> bool:
    """Whether each named projector has read the club's partition to its head (what a
    screen reading them right after a commit asks before it trusts them)."""
    head = last_position(club=club_id)
    if head == 0:
        return True
    read = SubscriptionClubCheckpoint.objects.filter(
        club_id=club_id, checkpoint__name__in=names, checkpoint__active=True
    ).values_list("checkpoint__name", "position")
    positions = dict(read)
    return all(positions.get(name, 0) >= head for name in names)
