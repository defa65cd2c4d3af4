"""Rebuilding into a fresh generation and swapping it in: readers never see half a model."""

from __future__ import annotations

import random
import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connections

from eventlog import last_position
from followers.models import SubscriptionCheckpoint
from games.engine.simulate import random_sitting
from projectors.framework import projector_run
from projectors.player_stats import NAME
from projectors.rebuild import projection_rebuild
from projectors.selectors import leaderboard_list
from tests.projectors.conftest import live, snapshot
from tests.projectors.helpers import table_from_transcript


def _tables(club_id: str, count: int) -> None:
    rng = random.Random(21)
    for _ in range(count):
        table_from_transcript(club_id, random_sitting(rng, "louisiana", 5, deals=4).transcript)


def _board(club_id: str) -> list[tuple[str, int, int, int]]:
    return [
        (r.player, r.net_chips, r.pots_won, r.deals_played)
        for r in leaderboard_list(club_id=club_id, limit=100)
    ]


@pytest.mark.django_db(transaction=True)
def test_readers_see_the_old_model_or_the_new_never_half(club_id: str) -> None:
    _tables(club_id, 5)
    projector_run(name=NAME, wait=True)
    expected = _board(club_id)
    assert len(expected) == 5
    old_generation = live().generation
    seen: list[list[tuple[str, int, int, int]]] = []
    done = threading.Event()

    def read() -> None:
        try:
            # A short pause between reads: a reader spinning on the GIL slowed the rebuild
            # it watches (43 s of the suite's time), and a read every few ms still sees it.
            while not done.wait(0.003):
                seen.append(_board(club_id))
        finally:
            connections.close_all()

    reader = threading.Thread(target=read)
    reader.start()
    try:
        result = projection_rebuild(name=NAME, batch=25)
    finally:
        done.set()
        reader.join()
    assert len(seen) > 10
    assert all(board == expected for board in seen)
    assert live().generation == result.generation != old_generation
    assert not SubscriptionCheckpoint.objects.filter(name=NAME, generation=old_generation).exists()
    assert _board(club_id) == expected


@pytest.mark.django_db
def test_the_command_rebuilds_with_progress(club_id: str) -> None:
    _tables(club_id, 2)
    projector_run(name=NAME, wait=True)
    before = snapshot(live().generation, {club_id})
    out = StringIO()
    call_command("rebuild", "--projection", NAME, "--batch", "50", stdout=out)
    text = out.getvalue()
    assert f"{last_position()}/{last_position()} events (100%)" in text
    assert "live at position" in text
    assert snapshot(live().generation, {club_id}) == before


@pytest.mark.django_db
def test_the_command_refuses_an_unknown_projector() -> None:
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no projection named nope"):
        call_command("rebuild", "--projection", "nope")
