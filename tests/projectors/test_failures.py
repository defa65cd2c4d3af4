"""Paths off the happy one: a projector that fails does not stop the others, a skipped
catch-up looks once more (once), and `max_batches` bounds a run."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

import pytest
from django.db import connections, transaction

from eventlog import RecordedEvent, last_position, partition_heads, registry
from followers import framework as followers
from followers.models import SubscriptionCheckpoint, SubscriptionClubCheckpoint
from games.engine.simulate import random_sitting
from projectors import framework, tasks
from projectors.framework import Projector, projector_run, projectors_run_all
from projectors.player_stats import NAME
from tests.projectors.conftest import live
from tests.projectors.helpers import table_from_transcript


class Broken(Projector):
    name = "aaa_broken"  # sorted first: it runs before the others

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> None:
        raise RuntimeError("this projector is broken")

    def drop(self, *, generation: int) -> None:
        pass


class Counting(Projector):
    name = "zzz_counting"

    def __init__(self) -> None:
        self.seen: list[int] = []

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> None:
        self.seen.extend(e.position for e in events)

    def drop(self, *, generation: int) -> None:
        pass


def _table(club_id: str, seed: int = 3) -> None:
    sim = random_sitting(random.Random(seed), "louisiana", 4, deals=2)
    table_from_transcript(club_id, sim.transcript)


@pytest.mark.django_db
def test_a_failing_projector_does_not_stop_the_others(
    club_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    projector_run(name=NAME)
    counting = Counting()
    # Registered in the one registry of the log's followers, for this test only.
    monkeypatch.setattr(registry, "_subscriptions", dict(registry._subscriptions))
    framework.projector_register(Broken())
    framework.projector_register(counting)
    followers.checkpoint_ensure(name=Counting.name)
    # Counting has read everything so far: its checkpoint in every club is at the head.
    checkpoint = SubscriptionCheckpoint.objects.get(name=Counting.name)
    heads = partition_heads()
    SubscriptionClubCheckpoint.objects.bulk_create(
        SubscriptionClubCheckpoint(checkpoint=checkpoint, club_id=club, position=position)
        for club, position in heads.items()
    )
    SubscriptionCheckpoint.objects.filter(pk=checkpoint.pk).update(position=sum(heads.values()))
    start, club_start = last_position(), last_position(club=club_id)
    _table(club_id)
    head = last_position()
    results = {r.name: r for r in projectors_run_all()}
    assert Broken.name not in results  # it failed, and was logged
    broken = SubscriptionCheckpoint.objects.get(name=Broken.name, active=True)
    assert broken.position == 0  # its batch rolled back with its checkpoint
    assert results[NAME].position == head == live().position
    # Positions are the club's: the new table's events, in its club's order.
    assert counting.seen == list(range(club_start + 1, last_position(club=club_id) + 1))
    assert results[Counting.name].processed == head - start


@pytest.mark.django_db
def test_max_batches_bounds_a_run(club_id: str) -> None:
    projector_run(name=NAME)
    start = live().position
    _table(club_id)
    assert last_position() - start > 10
    result = projector_run(name=NAME, batch=5, max_batches=2)
    assert (result.processed, result.position) == (10, start + 10)
    assert live().position == start + 10
    rest = projector_run(name=NAME, batch=5)
    assert live().position == last_position() == rest.position


@pytest.mark.django_db(transaction=True)
def test_a_skipped_catch_up_looks_once_more_and_only_once(
    club_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    followers.checkpoint_ensure(name=NAME)
    later: list[tuple[tuple[object, ...], dict[str, object]]] = []
    monkeypatch.setattr(
        tasks.projector_catch_up,
        "apply_async",
        lambda args, **kwargs: later.append((tuple(args), kwargs)),
    )
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with transaction.atomic():
            SubscriptionCheckpoint.objects.select_for_update().get(name=NAME, active=True)
            held.set()
            release.wait(60)
        connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(60)
        tasks.projector_catch_up(NAME)  # held elsewhere: skipped, so it looks again
        assert later == [((NAME, True), {"countdown": 1})]
        tasks.projector_catch_up(NAME, True)  # the second look does not chain a third
        assert len(later) == 1
    finally:
        release.set()
        holder.join(60)
