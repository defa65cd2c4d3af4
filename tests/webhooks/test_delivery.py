"""Delivery in this process (no worker): what is sent, in what order, to whom, and what
happens when the receiver fails."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable

import pytest
from django.db import transaction
from django.test import override_settings
from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient

from clubs.models import Club
from eventlog import RecordedEvent, last_position
from eventlog.wakeup import wait_until_sent
from tests.webhooks.conftest import checkpoint_of, create_webhook, retry_due_at, ruling_positions
from tests.webhooks.receiver import Receiver
from webhooks import tasks, wake
from webhooks.delivery import BLOCKED, CAUGHT_UP, RETRY, WAITING, endpoint_deliver, retry_delay

Sitting = Callable[..., list[RecordedEvent]]


def deliver(endpoint: dict) -> str:
    return endpoint_deliver(endpoint_id=uuid.UUID(endpoint["id"]), budget_seconds=20).state


def test_only_subscribed_kinds_of_the_clubs_own_tables_in_log_order(
    admin: APIClient, club: Club, other_club: Club, receiver: Receiver, sitting: Sitting
) -> None:
    receiver.fail_first = 0
    endpoint = create_webhook(admin, receiver.url, ["deal_settled", "renege_ruled"])
    receiver.secret = endpoint["secret"]
    ours = sitting(club, seed=0) + sitting(club, seed=1)
    sitting(other_club, seed=2)

    assert deliver(endpoint) == CAUGHT_UP
    expected = ruling_positions(ours, "deal_settled", "renege")
    got = receiver.delivered()
    assert [r.payload["position"] for r in got] == expected
    assert all(r.signature_ok for r in got)
    by_position = {e.position: e for e in ours}
    first = got[0].payload
    event = by_position[first["position"]]
    assert first["id"] == f"{endpoint['id']}:{event.position}" == got[0].delivery_id
    assert (
        first["kind"]
        == {"deal_settled": "deal_settled", "renege": "renege_ruled"}[event.data["kind"]]
    )
    assert first["table_id"] == event.stream.removeprefix("table-")
    assert first["data"] == json.loads(json.dumps(event.data))
    assert first["recorded_at"].endswith("Z")
    # Everything up to the head of the club's partition has been dealt with.
    assert checkpoint_of(endpoint).position == last_position(club=club.id)


@override_settings(WEBHOOKS_RETRY_BASE_SECONDS=10)
def test_failures_back_off_and_every_attempt_is_logged(
    admin: APIClient, auditor: APIClient, club: Club, receiver: Receiver, sitting: Sitting
) -> None:
    endpoint = create_webhook(admin, receiver.url, ["deal_settled"])
    receiver.secret = endpoint["secret"]
    settled = ruling_positions(sitting(club, seed=3, deals=1), "deal_settled")
    checkpoint = checkpoint_of(endpoint)
    start = checkpoint.position

    assert deliver(endpoint) == RETRY
    assert deliver(endpoint) == WAITING  # not due yet: nothing sent
    assert len(receiver.requests) == 1
    detail = auditor.get(f"/api/v1/webhooks/{endpoint['id']}").json()
    assert detail["pending_position"] == settled[0]
    assert detail["checkpoint_position"] < settled[0]
    for _ in range(2):
        # Time passes: the retry falls due.
        retry_due_at(endpoint)
        deliver(endpoint)
    assert [r.status for r in receiver.requests] == [500, 500, 200]
    checkpoint.refresh_from_db()
    assert checkpoint.position > start

    log = auditor.get(f"/api/v1/webhooks/{endpoint['id']}/deliveries").json()["attempts"]
    assert [(a["attempt"], a["status_code"], a["succeeded"]) for a in log] == [
        (3, 200, True),
        (2, 500, False),
        (1, 500, False),
    ]
    assert {a["position"] for a in log} == {settled[0]}
    assert {a["delivery_status"] for a in log} == {"succeeded"}
    assert log[0]["next_retry_at"] is None
    # Waits of base * 2^(n-1), scaled by 0.5-1.0: 5-10 s after the first, 10-20 s after the second.
    for attempt, (low, high) in ((log[2], (5, 10)), (log[1], (10, 20))):
        wait = parse_datetime(attempt["next_retry_at"]) - parse_datetime(attempt["finished_at"])
        assert low <= wait.total_seconds() <= high
    assert log[2]["error"].startswith("HTTP 500")
    assert all(a["duration_ms"] >= 0 for a in log)


@override_settings(WEBHOOKS_MAX_ATTEMPTS=2, WEBHOOKS_RETRY_BASE_SECONDS=0.01)
def test_a_dead_delivery_blocks_the_endpoint_until_an_admin_unblocks_it(
    admin: APIClient, club: Club, receiver: Receiver, sitting: Sitting
) -> None:
    receiver.fail_first = 100
    endpoint = create_webhook(admin, receiver.url, ["deal_settled"])
    receiver.secret = endpoint["secret"]
    settled = ruling_positions(sitting(club, seed=4, deals=3), "deal_settled")
    assert deliver(endpoint) == RETRY
    time.sleep(0.05)
    assert deliver(endpoint) == BLOCKED
    assert deliver(endpoint) == BLOCKED  # later events wait: in order
    assert len(receiver.requests) == 2
    base = f"/api/v1/webhooks/{endpoint['id']}"
    assert admin.get(base).json()["blocked"] is True

    skipped = admin.post(f"{base}/unblock", {"action": "skip"}, format="json").json()
    assert skipped["position"] == settled[0]
    assert skipped["webhook"]["checkpoint_position"] == settled[0]
    assert skipped["webhook"]["blocked"] is False

    assert deliver(endpoint) == RETRY  # the second deal's settlement now
    time.sleep(0.05)
    assert deliver(endpoint) == BLOCKED
    receiver.fail_first = 0
    retried = admin.post(f"{base}/unblock", {"action": "retry"}, format="json").json()
    assert retried["position"] == settled[1]
    assert deliver(endpoint) == CAUGHT_UP
    assert [r.payload["position"] for r in receiver.delivered()] == settled[1:]


def test_a_connection_error_is_a_failed_attempt(
    admin: APIClient, auditor: APIClient, club: Club, sitting: Sitting
) -> None:
    closed = Receiver()
    url = closed.url
    closed.close()  # nothing listens there now
    endpoint = create_webhook(admin, url, ["table_created"])
    sitting(club, seed=5, deals=1)
    assert deliver(endpoint) == RETRY
    (attempt,) = auditor.get(f"/api/v1/webhooks/{endpoint['id']}/deliveries").json()["attempts"]
    assert attempt["status_code"] is None
    assert attempt["error"].startswith("connection error")
    assert attempt["kind"] == "table_created"


def test_a_deactivated_endpoint_gets_nothing_until_reactivated(
    admin: APIClient, club: Club, receiver: Receiver, sitting: Sitting
) -> None:
    receiver.fail_first = 0
    endpoint = create_webhook(admin, receiver.url, ["table_created"])
    admin.delete(f"/api/v1/webhooks/{endpoint['id']}")
    sitting(club, seed=6, deals=1)
    assert deliver(endpoint) == "inactive"
    assert receiver.requests == []
    admin.patch(f"/api/v1/webhooks/{endpoint['id']}", {"active": True}, format="json")
    assert deliver(endpoint) == CAUGHT_UP
    assert [r.payload["kind"] for r in receiver.delivered()] == ["table_created"]


@override_settings(WEBHOOKS_RETRY_BASE_SECONDS=2, WEBHOOKS_RETRY_CAP_SECONDS=60)
def test_retry_delays_double_with_jitter_up_to_the_cap() -> None:
    for failures, (low, high) in {1: (1, 2), 2: (2, 4), 3: (4, 8), 10: (30, 60)}.items():
        delays = [retry_delay(failures=failures) for _ in range(50)]
        assert all(low <= d <= high for d in delays)
        assert len(set(delays)) > 1


@pytest.mark.django_db
def test_the_wake_is_sent_once_per_transaction_after_commit(
    club: Club,
    sitting: Sitting,
    django_capture_on_commit_callbacks: Callable,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[int] = []
    monkeypatch.setattr("webhooks.tasks.sweep_enqueue", lambda **_: sent.append(1))
    with django_capture_on_commit_callbacks(execute=False) as callbacks, transaction.atomic():
        sitting(club, seed=7, deals=2)  # several appends, several rulings
    assert sent == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert wait_until_sent()
    assert sent == [1]


def test_appends_wake_no_sweep_while_no_endpoint_is_active(
    admin: APIClient,
    club: Club,
    receiver: Receiver,
    sitting: Sitting,
    django_capture_on_commit_callbacks: Callable,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent: list[int] = []
    monkeypatch.setattr("webhooks.tasks.sweep_enqueue", lambda **_: sent.append(1))
    monkeypatch.setattr("webhooks.tasks.deliver_enqueue", lambda **_: None)
    tasks.webhooks_sweep()  # the beat's sweep: no active endpoint anywhere
    with django_capture_on_commit_callbacks(execute=True):
        sitting(club, seed=8, deals=1)
    assert wait_until_sent()
    assert sent == []  # nobody to serve: the rulings woke nothing
    # Registering an endpoint (after its commit) lets appends wake the sweep again.
    with django_capture_on_commit_callbacks(execute=True):
        create_webhook(admin, receiver.url, ["deal_settled"])
    # What the next append's wake sends (called directly: inside this test's one
    # transaction the hook would find its callback already registered by the first sitting).
    wake._enqueue_sweep()
    assert sent == [1]
