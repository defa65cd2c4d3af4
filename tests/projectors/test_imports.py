"""Player statistics and standings, and imports (issue 25), with a real worker woken by
the imports' own commits: an import abandoned midway counts for nothing (its chunks stay
in the log, passed over), what the club logs after it is counted; a running import is not
counted until its last chunk commits, then all of it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.db import OperationalError

import games.services.events as events_module
from eventlog import last_position
from followers.framework import club_positions
from games.engine.simulate import random_sitting
from games.models import Table
from games.services import table_import
from projectors.framework import projector_run
from projectors.player_stats import NAME
from projectors.selectors import leaderboard_between
from tests.clubs.helpers import make_club
from tests.imports.helpers import failing_append
from tests.projectors.conftest import live, snapshot, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _caught_up(club_id: str) -> Callable[[], bool]:
    def check() -> bool:
        return club_positions(live()).get(club_id, 0) >= last_position(club=club_id)

    return check


def _stats(club_id: str) -> dict[str, tuple[int, int]]:
    rows = snapshot(live().generation, {club_id}).items()
    return {p: (s["tables"], s["net_chips"]) for (_, p), s in rows}


def test_an_abandoned_import_counts_for_nothing_and_what_follows_is_counted(
    celery_worker_process: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club()
    club_id = str(club.id)
    projector_run(name=NAME, wait=True)  # the live checkpoint exists before the imports
    real = events_module.table_events_append
    monkeypatch.setattr(events_module, "table_events_append", failing_append())
    lost = random_sitting(random.Random(1), "louisiana", 4, deals=12)
    with pytest.raises(OperationalError):
        table_import(club=club, name="lost", transcript=lost.transcript)
    assert Table.objects.get(name="lost").import_status == "abandoned"
    monkeypatch.setattr(events_module, "table_events_append", real)
    kept = random_sitting(random.Random(2), "louisiana", 4, deals=3)
    table_import(club=club, name="kept", transcript=kept.transcript)

    wait_for(_caught_up(club_id), timeout=60)  # the worker passed the abandoned events
    assert _stats(club_id) == {p: (1, chips) for p, chips in kept.state.balances.items()}
    standings = leaderboard_between(club_id=club_id, start=None, end=None)
    assert {line.player: line.net_chips for line in standings} == dict(kept.state.balances)


def test_a_running_import_is_not_counted_until_it_is_whole(
    celery_worker_process: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = make_club()
    club_id = str(club.id)
    projector_run(name=NAME)
    real = events_module.table_events_append
    seen: list[dict[str, tuple[int, int]]] = []

    def append(**kwargs: Any) -> Any:
        # Between chunks the projector runs (the table `importing`): it counts nothing.
        projector_run(name=NAME)
        seen.append(_stats(club_id))
        return real(**kwargs)

    monkeypatch.setattr(events_module, "table_events_append", append)
    sim = random_sitting(random.Random(3), "louisiana", 4, deals=12)
    table_import(club=club, name="whole", transcript=sim.transcript)
    assert len(seen) >= 3
    assert all(stats == {} for stats in seen)

    # The last chunk's commit wakes the worker, which now counts the whole sitting.
    wait_for(_caught_up(club_id), timeout=60)
    assert _stats(club_id) == {p: (1, chips) for p, chips in sim.state.balances.items()}
