"""Delivery paths off the happy one: the time budget (MORE, and the task re-enqueues),
two deliverers on one endpoint (SKIP LOCKED), the lost-wake recheck, the early-retry
tolerance, a 3xx answer, a receiver that does not answer in time."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.db import connections, transaction
from django.test import override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import Club
from eventlog import RecordedEvent
from followers import framework
from followers.models import SubscriptionCheckpoint
from tests.clubs.helpers import client_for, make_club, make_key
from tests.webhooks.conftest import (
    checkpoint_of,
    create_webhook,
    play_sitting,
    retry_due_at,
    ruling_positions,
)
from tests.webhooks.receiver import Receiver
from webhooks import delivery, tasks
from webhooks.delivery import BUSY, CAUGHT_UP, MORE, RETRY, WAITING, endpoint_deliver
from webhooks.models import WebhookAttempt
from webhooks.wake import endpoint_subscription

Sitting = Callable[..., list[RecordedEvent]]


def _id(endpoint: dict[str, Any]) -> uuid.UUID:
    return uuid.UUID(endpoint["id"])


class Answering:
    """A receiver answering every POST with `status` (and `Location`), after `delay`."""

    def __init__(self, status: int, delay: float = 0.0, location: str = "") -> None:
        self.posts = 0
        answering = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                answering.posts += 1
                time.sleep(delay)
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/hook"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def answering() -> Iterator[Callable[..., Answering]]:
    made: list[Answering] = []

    def make(*args: Any, **kwargs: Any) -> Answering:
        made.append(Answering(*args, **kwargs))
        return made[-1]

    yield make
    for server in made:
        server.close()


def test_out_of_budget_a_run_stops_with_more_and_the_task_enqueues_another(
    admin: APIClient, club: Club, receiver: Receiver, sitting: Sitting,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    receiver.fail_first = 0
    endpoint = create_webhook(admin, receiver.url, ["deal_settled"])
    settled = ruling_positions(sitting(club, seed=40, deals=3), "deal_settled")
    assert len(settled) == 3
    run = endpoint_deliver(endpoint_id=_id(endpoint), budget_seconds=1e-9)
    assert (run.state, run.delivered) == (MORE, 1)  # one step, then out of time
    assert len(receiver.delivered()) == 1

    enqueued: list[tuple[str, Any]] = []
    monkeypatch.setattr(
        tasks,
        "deliver_enqueue",
        lambda *, endpoint_id, eta=None: enqueued.append((endpoint_id, eta)),
    )
    with override_settings(WEBHOOKS_TASK_BUDGET_SECONDS=1e-9):
        assert tasks.webhook_deliver(endpoint["id"]) == MORE
    assert enqueued == [(endpoint["id"], None)]  # at once, not after a delay
    assert tasks.webhook_deliver(endpoint["id"]) == CAUGHT_UP
    assert len(enqueued) == 1  # caught up: nothing more to enqueue
    assert [r.payload["position"] for r in receiver.delivered()] == settled


@override_settings(WEBHOOKS_RETRY_BASE_SECONDS=10)
def test_a_failed_attempt_enqueues_its_retry_for_when_it_is_due(
    admin: APIClient, club: Club, receiver: Receiver, sitting: Sitting,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    endpoint = create_webhook(admin, receiver.url, ["deal_settled"])
    sitting(club, seed=41, deals=1)
    enqueued: list[tuple[str, Any]] = []
    monkeypatch.setattr(
        tasks,
        "deliver_enqueue",
        lambda *, endpoint_id, eta=None: enqueued.append((endpoint_id, eta)),
    )
    assert tasks.webhook_deliver(endpoint["id"]) == RETRY
    assert enqueued == [(endpoint["id"], checkpoint_of(endpoint).not_before)]
    assert tasks.webhook_deliver(endpoint["id"]) == WAITING  # a waiting run schedules nothing
    assert len(enqueued) == 1


def test_a_task_that_finds_its_endpoint_held_looks_once_more_a_second_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The holder may have taken its last look at the log before the waking event committed.
    sent: list[tuple[Any, Any]] = []
    monkeypatch.setattr(tasks, "pending_clear", lambda _name: None)
    monkeypatch.setattr(tasks, "endpoint_deliver", lambda **_: delivery.DeliveryRun(BUSY))
    monkeypatch.setattr(
        tasks.webhook_deliver, "apply_async", lambda args, **options: sent.append((args, options))
    )
    endpoint_id = str(uuid.uuid4())
    assert tasks.webhook_deliver(endpoint_id) == BUSY
    assert [(args, options["countdown"]) for args, options in sent] == [((endpoint_id, True), 1)]
    assert tasks.webhook_deliver(endpoint_id, True) == BUSY  # that look is the last
    assert len(sent) == 1


def test_a_retry_a_hair_early_is_attempted_one_too_early_waits(
    admin: APIClient, club: Club, receiver: Receiver, sitting: Sitting
) -> None:
    endpoint = create_webhook(admin, receiver.url, ["deal_settled"])
    sitting(club, seed=42, deals=1)
    assert endpoint_deliver(endpoint_id=_id(endpoint)).state == RETRY
    retry_due_at(endpoint, timezone.now() + timedelta(seconds=5))
    assert endpoint_deliver(endpoint_id=_id(endpoint)).state == WAITING
    assert len(receiver.requests) == 1
    # The retry task's timer fired 100 ms early: within the tolerance, so it is attempted.
    retry_due_at(endpoint, timezone.now() + timedelta(milliseconds=100))
    assert endpoint_deliver(endpoint_id=_id(endpoint)).state == RETRY
    assert len(receiver.requests) == 2


def test_a_redirect_is_a_failure_and_is_not_followed(
    admin: APIClient, club: Club, receiver: Receiver, sitting: Sitting,
    answering: Callable[..., Answering],
) -> None:  # fmt: skip
    receiver.fail_first = 0
    moved = answering(302, location=receiver.url)
    endpoint = create_webhook(admin, moved.url, ["table_created"])
    sitting(club, seed=43, deals=1)
    assert endpoint_deliver(endpoint_id=_id(endpoint)).state == RETRY
    assert moved.posts == 1
    assert receiver.requests == []  # the Location was not followed
    (attempt,) = WebhookAttempt.objects.filter(delivery__endpoint_id=endpoint["id"])
    assert (attempt.status_code, attempt.succeeded) == (302, False)
    assert checkpoint_of(endpoint).position < attempt.delivery.position  # not delivered


@override_settings(WEBHOOKS_TIMEOUT_SECONDS=0.3)
def test_a_receiver_that_does_not_answer_in_time_is_a_failed_attempt(
    admin: APIClient, club: Club, sitting: Sitting, answering: Callable[..., Answering]
) -> None:
    slow = answering(200, delay=3)
    endpoint = create_webhook(admin, slow.url, ["table_created"])
    sitting(club, seed=44, deals=1)
    started = time.monotonic()
    assert endpoint_deliver(endpoint_id=_id(endpoint)).state == RETRY
    assert time.monotonic() - started < 2.5  # gave up at the timeout, not at the answer
    (attempt,) = WebhookAttempt.objects.filter(delivery__endpoint_id=endpoint["id"])
    assert attempt.status_code is None
    assert not attempt.succeeded
    assert "timed out" in attempt.error


def test_events_committed_while_a_run_holds_the_endpoint_are_delivered_by_that_run(
    admin: APIClient, club: Club, receiver: Receiver, sitting: Sitting,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    # The wake for events committed while this run held the lock found it BUSY and gave
    # up: once caught up, the run looks at the log head again before it stops.
    receiver.fail_first = 0
    endpoint = create_webhook(admin, receiver.url, ["table_created"])
    sitting(club, seed=45, deals=1)
    real_batch = framework.subscription_batch
    late: list[list[RecordedEvent]] = []

    def batch_then_someone_appends(*args: Any, **kwargs: Any) -> Any:
        result = real_batch(*args, **kwargs)
        if result.caught_up and not late:
            late.append(play_sitting(club, seed=46, deals=1))
        return result

    monkeypatch.setattr(framework, "subscription_batch", batch_then_someone_appends)
    assert endpoint_deliver(endpoint_id=_id(endpoint)).state == CAUGHT_UP
    assert late
    kinds = [r.payload["kind"] for r in receiver.delivered()]
    assert kinds == ["table_created", "table_created"]  # the late table's too


@pytest.mark.django_db(transaction=True)
def test_two_deliverers_on_one_endpoint_never_send_an_event_twice() -> None:
    club = make_club()
    admin = client_for(make_key(club, "admin")[1])
    receiver = Receiver(fail_first=0)
    try:
        endpoint = create_webhook(admin, receiver.url, ["deal_settled", "renege_ruled"])
        events = play_sitting(club, seed=47, deals=3) + play_sitting(club, seed=48, deals=3)
        expected = ruling_positions(events, "deal_settled", "renege")
        # While one deliverer holds the endpoint, another skips it: it sends nothing.
        held, release = threading.Event(), threading.Event()

        def hold() -> None:
            with transaction.atomic():
                SubscriptionCheckpoint.objects.select_for_update().get(
                    name=endpoint_subscription(endpoint["id"]), active=True
                )
                held.set()
                release.wait(60)
            connections.close_all()

        holder = threading.Thread(target=hold)
        holder.start()
        assert held.wait(60)
        try:
            assert endpoint_deliver(endpoint_id=_id(endpoint)).state == BUSY
            assert receiver.requests == []
        finally:
            release.set()
            holder.join(60)

        # Two at once, several rounds: together they deliver each event exactly once.
        states: list[str] = []
        errors: list[BaseException] = []

        def run() -> None:
            try:
                for _ in range(20):
                    states.append(endpoint_deliver(endpoint_id=_id(endpoint)).state)
            except BaseException as error:  # reported below
                errors.append(error)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=run) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert not errors, errors
        ids = [r.delivery_id for r in receiver.requests]
        assert len(ids) == len(set(ids)), "an event was sent twice"
        assert [r.payload["position"] for r in receiver.delivered()] == expected
        assert set(states) <= {CAUGHT_UP, BUSY}
    finally:
        receiver.close()
