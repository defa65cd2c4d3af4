"""The subscription framework: a handler that stops partway, backs off, or goes on."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import timedelta

import pytest
from django.utils import timezone

from eventlog import NewEvent, RecordedEvent, append, last_position
from followers import framework
from followers.framework import Stop, checkpoint_create, club_positions, subscription_run
from followers.models import SubscriptionCheckpoint

pytestmark = pytest.mark.django_db


def _write(club: str, count: int) -> list[int]:
    stream = f"note-{uuid.uuid4()}"
    result = append(
        stream=stream,
        club=club,
        expected_version=0,
        events=[NewEvent("Note", {"n": n}) for n in range(count)],
    )
    return [event.position for event in result.events]


class Picky:
    """Takes events until it meets one whose `n` is in `refuse`: then stops before it,
    backing off `wait` (or, without, until woken); every `every`-th taken event it stops
    after it with `more` (a commit, then on)."""

    def __init__(self, refuse: set[int], wait: timedelta | None = None, every: int = 0) -> None:
        self.refuse, self.wait, self.every = refuse, wait, every
        self.seen: list[int] = []
        self.calls = 0

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> Stop | None:
        self.calls += 1
        for index, event in enumerate(events):
            if event.data["n"] in self.refuse:
                at = timezone.now() + self.wait if self.wait else None
                return Stop(index, not_before=at)
            self.seen.append(event.data["n"])
            if self.every and len(self.seen) % self.every == 0:
                return Stop(index + 1, more=True)
        return None


def test_a_handler_that_stops_leaves_the_checkpoint_after_the_last_event_it_took() -> None:
    club, other = str(uuid.uuid4()), str(uuid.uuid4())
    positions = _write(club, 10)
    _write(other, 3)  # another club: not followed
    name = f"test:{uuid.uuid4()}"
    checkpoint_create(name=name, start={club: positions[0] - 1})
    picky = Picky(refuse={6})

    run = subscription_run(picky, name=name, clubs=[club], create=False)
    assert (run.state, run.processed, run.not_before) == (framework.STOPPED, 6, None)
    checkpoint = SubscriptionCheckpoint.objects.get(name=name)
    assert club_positions(checkpoint) == {club: positions[5]}  # rests after n=5
    # Woken again, it is offered the refused event again first: nothing skipped.
    picky.refuse = set()
    run = subscription_run(picky, name=name, clubs=[club], create=False)
    assert (run.state, run.processed) == (framework.CAUGHT_UP, 4)
    assert picky.seen == list(range(10))
    checkpoint.refresh_from_db()
    assert club_positions(checkpoint) == {club: last_position(club=club)}
    assert other not in club_positions(checkpoint)


def test_a_backoff_holds_every_batch_until_its_time() -> None:
    club = str(uuid.uuid4())
    positions = _write(club, 4)
    name = f"test:{uuid.uuid4()}"
    checkpoint_create(name=name, start={club: positions[0] - 1})
    picky = Picky(refuse={2}, wait=timedelta(seconds=30))

    run = subscription_run(picky, name=name, clubs=[club], create=False)
    assert run.state == framework.DEFERRED
    assert run.not_before is not None
    calls = picky.calls
    again = subscription_run(picky, name=name, clubs=[club], create=False)
    assert (again.state, again.not_before) == (framework.WAITING, run.not_before)
    assert picky.calls == calls  # not even asked
    # Within the early tolerance of its time it goes on (a retry timer fires a hair early).
    SubscriptionCheckpoint.objects.filter(name=name).update(
        not_before=timezone.now() + framework.EARLY_TOLERANCE / 2
    )
    picky.refuse = set()
    assert subscription_run(picky, name=name, clubs=[club], create=False).state == (
        framework.CAUGHT_UP
    )
    assert picky.seen == [0, 1, 2, 3]
    assert SubscriptionCheckpoint.objects.get(name=name).not_before is None


def test_a_handler_that_commits_as_it_goes_is_read_once_per_page() -> None:
    club = str(uuid.uuid4())
    positions = _write(club, 9)
    name = f"test:{uuid.uuid4()}"
    checkpoint_create(name=name, start={club: positions[0] - 1})
    picky = Picky(refuse=set(), every=2)
    reads: list[int] = []
    real = framework.read_all

    def counting(**kwargs: object) -> list[RecordedEvent]:
        events = real(**kwargs)  # type: ignore[arg-type]
        reads.append(len(events))
        return events

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(framework, "read_all", counting)
        run = subscription_run(picky, name=name, clubs=[club], create=False)
    assert (run.state, run.processed) == (framework.CAUGHT_UP, 9)
    assert picky.seen == list(range(9))
    assert picky.calls == 5  # a commit after every second event
    assert reads == [9]  # the rest of the page was kept between those batches


def test_under_a_steady_load_a_run_looks_once_more_and_leaves_the_rest_to_its_wake() -> None:
    club = str(uuid.uuid4())
    positions = _write(club, 3)
    name = f"test:{uuid.uuid4()}"
    checkpoint_create(name=name, start={club: positions[0] - 1})
    picky = Picky(refuse=set())
    real = framework.subscription_batch
    batches: list[int] = []

    def batch_then_more_commits(*args: object, **kwargs: object) -> framework.BatchResult:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        batches.append(result.processed)
        _write(club, 1)  # a commit lands while every batch runs
        return result

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(framework, "subscription_batch", batch_then_more_commits)
        run = subscription_run(picky, name=name, clubs=[club], create=False)
    # The first batch, then one more after the last look, not one per commit for ever.
    assert (run.state, batches) == (framework.CAUGHT_UP, [3, 1])
    checkpoint = SubscriptionCheckpoint.objects.get(name=name)
    assert club_positions(checkpoint)[club] == last_position(club=club) - 1
