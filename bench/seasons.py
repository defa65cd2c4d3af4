"""A season's standings and a player's page over a season of 100 nights x 20 players (issue
42): each against a plain read of the same rows, in the same run.

The read models are seeded straight into their tables (the active generations of the player
statistics and the ratings, in a club of their own, deleted afterwards): what is measured is
the read, not the catch-up that wrote them (the ratings' catch-up over the replay log is
`bench/replay.py`'s). Measured in this process, as a request runs them:

- the standings: `seasons.standings.season_standings` (the night lines, the ratings as of the
  last night, the ranking), and the season's page through Django (`/app/seasons/<id>/`:
  the standings, the table and the SVG chart rendered), against one `SELECT` of the season's
  night lines and of the rating rows (fetched, nothing done with them);
- a player's page: `seasons.profiles.player_profile` and `/app/players/<name>/`, against
  one `SELECT` of that player's night lines and rating rows.

Knobs: ``BENCH_SEASON_NIGHTS`` (100), ``BENCH_SEASON_PLAYERS`` (20), ``BENCH_SEASON_RUNS``
(30 timed runs of each; the median is shown).
"""

from __future__ import annotations

import os
import random
import statistics
import time
import uuid
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from django.db import connection
from django.test import Client

from bench._common import machine, print_table

NIGHTS = int(os.environ.get("BENCH_SEASON_NIGHTS", "100"))
PLAYERS = int(os.environ.get("BENCH_SEASON_PLAYERS", "20"))
RUNS = int(os.environ.get("BENCH_SEASON_RUNS", "30"))
FIRST = date(2026, 1, 2)
TARGET_MS = 200.0


def _active(name: str) -> int:
    """The live generation of a projector's read model (made if the log was never read)."""
    from followers.framework import checkpoint_ensure
    from followers.models import SubscriptionCheckpoint

    checkpoint_ensure(name=name)
    return int(SubscriptionCheckpoint.objects.get(name=name, active=True).generation)


def seed() -> dict[str, Any]:
    """A club, a season of NIGHTS weekly nights, PLAYERS players dealt in most nights."""
    from clubs.services import club_create, member_create
    from projectors.models import PlayerDayStats, PlayerStats
    from seasons.models import PlayerRating, PlayerRatingNight, Season

    rng = random.Random(42)
    club = club_create(name=f"bench seasons {uuid.uuid4().hex[:8]}")
    club_id = str(club.id)
    stats, ratings = _active("player_stats"), _active("ratings")
    players = [f"player {n:02d}" for n in range(PLAYERS)]
    nights = [FIRST + timedelta(days=7 * n) for n in range(NIGHTS)]
    days, rated, totals = [], [], {p: [0, 0, 0, 0, 0] for p in players}
    mu = {p: 25.0 for p in players}
    for night in nights:
        for player in players:
            if rng.random() < 0.1:
                continue  # a night missed
            net, pots = rng.randint(-40, 40), rng.randint(0, 4)
            deals = rng.randint(8, 30)
            days.append(PlayerDayStats(
                generation=stats, club_id=club_id, player=player, day=night, tables=1,
                deals_played=deals, deals_passed=rng.randint(0, 10), pots_won=pots,
                pot_chips=pots * 10, biggest_pot=pots and rng.randint(5, 40),
                bourres=rng.randint(0, 2), reneges=rng.randint(0, 1), net_chips=net,
            ))  # fmt: skip
            total = totals[player]
            total[0] += deals
            total[1] += net
            mu[player] += rng.uniform(-1, 1)
            total[2] += deals
            rated.append(PlayerRatingNight(generation=ratings, club_id=club_id, player=player,
                                           night=night, mu=mu[player], sigma=3.0,
                                           deals=total[2]))  # fmt: skip
    PlayerDayStats.objects.bulk_create(days, batch_size=2000)
    PlayerRatingNight.objects.bulk_create(rated, batch_size=2000)
    PlayerStats.objects.bulk_create(
        PlayerStats(generation=stats, club_id=club_id, player=p, tables=NIGHTS,
                    deals_played=t[0], net_chips=t[1])
        for p, t in totals.items()
    )  # fmt: skip
    PlayerRating.objects.bulk_create(
        PlayerRating(generation=ratings, club_id=club_id, player=p, mu=mu[p], sigma=3.0,
                     deals=totals[p][2], night=nights[-1])
        for p in players
    )  # fmt: skip
    season = Season.objects.create(club=club, name="Bench season", first_night=nights[0],
                                   last_night=nights[-1], points_rule="places",
                                   points_table=[10, 8, 6, 5, 4, 3, 2, 1])  # fmt: skip
    member = member_create(club=club, username=f"bench-{club_id[:8]}", password=club_id,
                           role="auditor")  # fmt: skip
    return {"club": club, "season": season, "player": players[0], "member": member,
            "stats": stats, "ratings": ratings, "rows": len(days)}  # fmt: skip


def unseed(seeded: dict[str, Any]) -> None:
    from projectors.models import PlayerDayStats, PlayerStats
    from seasons.models import PlayerRating, PlayerRatingNight

    club = seeded["club"]
    for model in (PlayerDayStats, PlayerStats, PlayerRating, PlayerRatingNight):
        model.objects.filter(club_id=str(club.id)).delete()
    seeded["member"].user.delete()
    club.delete()


def _median_ms(work: Callable[[], object]) -> float:
    for _ in range(3):
        work()  # warm: the first read pays the plan and the caches
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _plain(*reads: tuple[str, list[Any]]) -> Callable[[], object]:
    def read() -> object:
        with connection.cursor() as cursor:
            for sql, params in reads:
                cursor.execute(sql, params)
                cursor.fetchall()
        return None

    return read


def measure() -> dict[str, float]:
    from seasons.profiles import player_profile
    from seasons.standings import season_standings

    seeded = seed()
    try:
        club_id, season, player = str(seeded["club"].id), seeded["season"], seeded["player"]
        gens = [seeded["stats"], seeded["ratings"]]
        # The same rows the reads fetch, by the same indexes, and nothing done with them.
        season_rows = _plain(
            ("SELECT player, day, deals_played, deals_passed, pots_won, biggest_pot, bourres,"
             " reneges, net_chips FROM projectors_playerdaystats WHERE generation = %s"
             " AND club_id = %s AND day BETWEEN %s AND %s ORDER BY day, player",
             [gens[0], club_id, season.first_night, season.last_night]),
            ("SELECT player, mu, sigma, deals, night FROM seasons_playerratingnight"
             " WHERE generation = %s AND club_id = %s AND night <= %s",
             [gens[1], club_id, season.last_night]),
        )  # fmt: skip
        player_rows = _plain(
            ("SELECT day, net_chips, deals_played FROM projectors_playerdaystats"
             " WHERE generation = %s AND club_id = %s AND player = %s ORDER BY day",
             [gens[0], club_id, player]),
            ("SELECT night, mu, sigma, deals FROM seasons_playerratingnight"
             " WHERE generation = %s AND club_id = %s AND player = %s ORDER BY night",
             [gens[1], club_id, player]),
        )  # fmt: skip
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(seeded["member"].user)

        def page(path: str) -> Callable[[], object]:
            def get() -> object:
                response = client.get(path)
                assert response.status_code == 200, (path, response.status_code)
                return response

            return get

        return {
            "rows": seeded["rows"],
            "season_plain": _median_ms(season_rows),
            "standings": _median_ms(lambda: season_standings(season=season)),
            "season_page": _median_ms(page(f"/app/seasons/{season.id}/")),
            "player_plain": _median_ms(player_rows),
            "profile": _median_ms(lambda: player_profile(club_id=club_id, player=player)),
            "player_page": _median_ms(page(f"/app/players/{player}/")),
        }
    finally:
        unseed(seeded)


def main() -> int:
    result = measure()
    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.1f}")
    print(f"a season of {NIGHTS} nights x {PLAYERS} players ({result['rows']:,} night lines);"
          f" median of {RUNS} runs\n")  # fmt: skip

    def row(label: str, ms: float, plain: float) -> tuple[str, ...]:
        return (label, f"{ms:.1f}", f"{plain:.1f}", f"{ms / plain:.1f}x")

    print_table(
        ("read", "ms", "plain read of its rows, ms", "ratio"),
        [
            row("season_standings (selector)", result["standings"], result["season_plain"]),
            row("the season's page (/app/seasons/<id>/)", result["season_page"],
                result["season_plain"]),
            row("player_profile (selector)", result["profile"], result["player_plain"]),
            row("a player's page (/app/players/<name>/)", result["player_page"],
                result["player_plain"]),
        ],
    )  # fmt: skip
    met = max(result["season_page"], result["player_page"]) < TARGET_MS
    print(f"\ntarget: each page under {TARGET_MS:.0f} ms: {'met' if met else 'NOT met'}")
    return 0
