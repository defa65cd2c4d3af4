"""Wake-ups after commit: sent off the request path, coalesced, never lost, never for a rollback."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import transaction

from eventlog.wakeup import wait_until_sent, wake_after_commit

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_wake_is_sent_after_commit_and_not_for_a_rollback() -> None:
    sent: list[str] = []
    with transaction.atomic():
        wake_after_commit("t-commit", lambda events: sent.append("x"))
        wake_after_commit("t-commit", lambda events: sent.append("x"))  # same transaction: once
        assert sent == []
    assert wait_until_sent(60)
    assert sent == ["x"]
    with pytest.raises(RuntimeError):
        _rolled_back(lambda events: sent.append("y"))
    assert wait_until_sent(60)
    assert sent == ["x"]


def _rolled_back(send, events=()) -> None:  # type: ignore[no-untyped-def]
    with transaction.atomic():
        wake_after_commit("t-events" if events else "t-rollback", send, events)
        raise RuntimeError


def test_the_request_does_not_wait_for_the_broker() -> None:
    release = threading.Event()
    sent: list[int] = []

    def slow_send(events: object) -> None:
        release.wait(60)
        sent.append(1)

    # The send cannot finish before `release`: had the commit waited for it, the commit
    # would have returned only after the send (60 s), with `sent` filled. No timing bound.
    with transaction.atomic():
        wake_after_commit("t-slow", slow_send)
    assert sent == []
    release.set()
    assert wait_until_sent(60)
    assert sent == [1]


def test_wakes_coalesce_but_a_commit_after_sending_started_gets_its_own() -> None:
    started, release = threading.Event(), threading.Event()
    calls: list[int] = []

    def send(events: object) -> None:
        calls.append(1)
        started.set()
        release.wait(60)

    for _ in range(3):  # the first is being sent; the next two coalesce into one
        with transaction.atomic():
            wake_after_commit("t-burst", send)
        assert started.wait(60)
    release.set()
    assert wait_until_sent(60)
    assert len(calls) == 2


def test_sends_of_a_kind_are_spaced_and_the_commits_between_ride_on_one(settings) -> None:  # type: ignore[no-untyped-def]
    settings.WAKE_SPACING_MS = 300
    sent: list[tuple[float, list[str]]] = []

    def send(events: list[str]) -> None:
        sent.append((time.monotonic(), list(events)))

    with transaction.atomic():
        wake_after_commit("t-spaced", send, ["a"])  # type: ignore[list-item]
    assert wait_until_sent(60)
    for name in ("b", "c"):  # both within the spacing after "a": one send, after it
        with transaction.atomic():
            wake_after_commit("t-spaced", send, [name])  # type: ignore[list-item]
    assert wait_until_sent(60)
    assert [events for _, events in sent] == [["a"], ["b", "c"]]
    assert sent[1][0] - sent[0][0] >= 0.29


def test_the_events_of_coalesced_commits_are_sent_together_and_a_rollback_sends_none() -> None:
    started, release = threading.Event(), threading.Event()
    batches: list[list[str]] = []

    def send(events: list[str]) -> None:
        batches.append(list(events))
        started.set()
        release.wait(60)

    with transaction.atomic():
        wake_after_commit("t-events", send, ["a"])  # type: ignore[list-item]
        wake_after_commit("t-events", send, ["b"])  # type: ignore[list-item]
    assert started.wait(60)  # being sent: what commits next waits for the next send
    with transaction.atomic():
        wake_after_commit("t-events", send, ["c"])  # type: ignore[list-item]
    with pytest.raises(RuntimeError):
        _rolled_back(send, ["rolled back"])
    with transaction.atomic():
        wake_after_commit("t-events", send, ["d"])  # type: ignore[list-item]
    release.set()
    assert wait_until_sent(60)
    assert batches == [["a", "b"], ["c", "d"]]


def test_one_task_pending_per_subscription_and_one_start_per_interval() -> None:
    from eventlog.wakeup import min_interval, pending_clear, pending_mark

    subscription = f"t-mark-{time.monotonic_ns()}"
    assert pending_mark(subscription) == 0  # nothing pending, never started: send now
    assert pending_mark(subscription) is None  # pending: send nothing
    pending_clear(subscription)  # the task starts
    wait = pending_mark(subscription)  # a commit while it runs: the next one, but later
    assert wait is not None
    assert 0 < wait <= min_interval()
    assert pending_mark(subscription) is None
    pending_clear(subscription)


def test_a_mark_known_set_is_not_asked_for_again_until_its_task_may_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from eventlog import wakeup

    def asked() -> None:
        pytest.fail("asked Redis for a mark this process knows is set")

    subscription = f"t-known-{time.monotonic_ns()}"
    assert wakeup.pending_mark(subscription) == 0  # sent at once: nothing to know
    wakeup.pending_clear(subscription)  # the task starts
    wait = wakeup.pending_mark(subscription)  # the next one, with a countdown
    assert wait is not None
    assert wait > wakeup.MARK_MARGIN
    with monkeypatch.context() as patch:
        patch.setattr(wakeup, "_mark_script", asked)
        assert wakeup.pending_mark(subscription) is None  # its task cannot have started
    # Another process (what this one knows forgotten) learns the time from the mark itself.
    wakeup._known_pending.clear()
    assert wakeup.pending_mark(subscription) is None
    with monkeypatch.context() as patch:
        patch.setattr(wakeup, "_mark_script", asked)
        assert wakeup.pending_mark(subscription) is None
    # Once the task has started (and cleared the mark), a commit asks and sends again.
    wakeup.pending_clear(subscription)
    assert wakeup.pending_mark(subscription) is not None
    wakeup.pending_clear(subscription)
