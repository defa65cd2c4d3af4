"""Real Celery workers deliver to a receiver on 127.0.0.1 that fails each event's first two
attempts; one worker is killed with SIGKILL in the middle of a request, and nothing is lost."""

from __future__ import annotations

import signal
import subprocess
import uuid
from collections import Counter
from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from tests.clubs.helpers import client_for, make_club, make_key
from tests.webhooks.conftest import create_webhook, play_sitting, ruling_positions, wait_for
from tests.webhooks.receiver import Receiver
from webhooks.models import WebhookAttempt
from webhooks.tasks import webhooks_sweep

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def attempts_by_position(endpoint_id: str) -> dict[int, list[tuple[int, bool]]]:
    found: dict[int, list[tuple[int, bool]]] = {}
    for attempt in (
        WebhookAttempt.objects.filter(delivery__endpoint_id=endpoint_id)
        .order_by("delivery__position", "number")
        .select_related("delivery")
    ):
        found.setdefault(attempt.delivery.position, []).append((attempt.number, attempt.succeeded))
    return found


def test_each_event_is_delivered_once_after_retries(
    celery_worker_process: subprocess.Popen[bytes], receiver: Receiver
) -> None:
    club, other = make_club(), make_club()
    admin = client_for(make_key(club, "admin")[1])
    endpoint = create_webhook(admin, receiver.url, ["deal_settled", "renege_ruled"])
    receiver.secret = endpoint["secret"]
    # Committed appends through the games service: the inline hook wakes the worker.
    ours = play_sitting(club, seed=10, deals=2)
    theirs = play_sitting(other, seed=11, deals=2)
    expected = ruling_positions(ours, "deal_settled", "renege")
    assert ruling_positions(theirs, "deal_settled")

    wait_for(lambda: len(receiver.delivered()) >= len(expected), timeout=60)
    delivered = receiver.delivered()
    assert [r.payload["position"] for r in delivered] == expected
    assert all(r.signature_ok for r in receiver.requests)
    assert Counter(r.delivery_id for r in receiver.requests) == {
        f"{endpoint['id']}:{p}": 3 for p in expected
    }
    assert {r.payload["table_id"] for r in receiver.requests} == {
        ours[0].stream.removeprefix("table-")
    }

    log = APIClient()
    log.credentials(HTTP_AUTHORIZATION=f"Bearer {make_key(club, 'auditor')[1]}")
    attempts = log.get(f"/api/v1/webhooks/{endpoint['id']}/deliveries?limit=500").json()
    per_event = Counter(
        (a["position"], a["succeeded"], a["status_code"]) for a in attempts["attempts"]
    )
    assert per_event == Counter(
        {**{(p, False, 500): 2 for p in expected}, **{(p, True, 200): 1 for p in expected}}
    )


def test_a_worker_killed_mid_request_loses_nothing(
    start_worker: Callable[..., subprocess.Popen[bytes]],
    receiver: Receiver,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queue = f"webhooks-kill-{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("WEBHOOKS_QUEUE", queue)  # this process's wake goes to our workers
    club = make_club()
    admin = client_for(make_key(club, "admin")[1])
    endpoint = create_webhook(admin, receiver.url, ["deal_settled", "renege_ruled", "pot_won"])
    receiver.secret = endpoint["secret"]
    # The second event's third attempt (the one the receiver would accept) hangs.
    receiver.hang_on = 6
    # A long request timeout: the doomed worker must still be waiting when it is killed.
    doomed = start_worker(queue, WEBHOOKS_TIMEOUT_SECONDS="120")
    events = play_sitting(club, seed=12, deals=3)
    expected = ruling_positions(events, "deal_settled", "renege", "pot_won")
    assert len(expected) >= 4

    wait_for(receiver.hanging.is_set, timeout=60)
    # The next worker starts while the request hangs (it is idle: the only task is the
    # one the doomed worker holds), so the test does not wait for it after the kill.
    start_worker(queue)
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(10)
    receiver.release.set()  # answers 503 to a worker that is gone
    assert len(receiver.delivered()) == 1

    def all_delivered() -> bool:
        if len(receiver.delivered()) >= len(expected):
            return True
        webhooks_sweep.apply_async(queue=queue)  # what beat does every 20 s
        return False

    wait_for(all_delivered, timeout=60, every=1)
    assert [r.payload["position"] for r in receiver.delivered()] == expected
    assert all(r.signature_ok for r in receiver.requests)
    # The killed attempt rolled back with its transaction: it was made again, under the
    # same delivery id, and the log numbers the attempts without a gap.
    assert [r.status for r in receiver.requests[:7]] == [500, 500, 200, 500, 500, 503, 200]
    log = attempts_by_position(endpoint["id"])
    assert list(log) == expected
    for attempts in log.values():
        assert attempts == [(1, False), (2, False), (3, True)]
