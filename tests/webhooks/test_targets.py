"""Webhooks reach public addresses only (unless the operator allows private ones); the check
holds at registration and again when a delivery connects. No packet leaves 127.0.0.1: names
resolve through a stub."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from clubs.models import Club
from eventlog import RecordedEvent
from tests.webhooks.conftest import create_webhook
from tests.webhooks.receiver import Receiver
from webhooks.delivery import CAUGHT_UP, RETRY, endpoint_deliver

Sitting = Callable[..., list[RecordedEvent]]
PUBLIC = "93.184.216.34"


def deliver(endpoint: dict) -> str:
    return endpoint_deliver(endpoint_id=uuid.UUID(endpoint["id"]), budget_seconds=20).state


@pytest.fixture
def dns(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """A resolver stub: host -> addresses; any other name does not resolve."""
    answers: dict[str, list[str]] = {}

    def resolve(host: str, port: int) -> list[str]:
        if host not in answers:
            raise OSError("no such name")
        return list(answers[host])

    monkeypatch.setattr("webhooks.targets.resolve", resolve)
    return answers


@pytest.mark.parametrize(
    "url",
    [
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]:9/",
        "http://127.0.0.1:8000/hooks",
        "http://10.0.0.7/hooks",
        "http://192.168.1.1/",
        "http://[fe80::1]/",
        "http://224.0.0.1/",
        "http://[::ffff:127.0.0.1]/",
        "http://0.0.0.0:9/",
        "http://localhost:8000/",
        "http://internal.example.test/",  # resolves to a private address (the stub)
    ],
)
@override_settings(WEBHOOKS_ALLOW_PRIVATE_TARGETS=False)
def test_private_targets_are_refused_at_registration(
    admin: APIClient, dns: dict[str, list[str]], url: str
) -> None:
    dns["internal.example.test"] = [PUBLIC, "10.1.2.3"]
    response = admin.post("/api/v1/webhooks", {"url": url, "kinds": ["bourre"]}, format="json")
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["field"] == "url"
    assert "public addresses only" in error["message"]


@override_settings(WEBHOOKS_ALLOW_PRIVATE_TARGETS=False)
def test_a_public_target_is_accepted(admin: APIClient, dns: dict[str, list[str]]) -> None:
    dns["hooks.example.test"] = [PUBLIC]
    create_webhook(admin, "https://hooks.example.test/bourre", ["bourre"])
    create_webhook(admin, f"http://{PUBLIC}/bourre", ["bourre"])


@override_settings(WEBHOOKS_ALLOW_PRIVATE_TARGETS=False)
def test_a_name_that_turns_private_after_registration_is_refused_at_delivery(
    admin: APIClient,
    auditor: APIClient,
    club: Club,
    receiver: Receiver,
    sitting: Sitting,
    dns: dict[str, list[str]],
) -> None:
    receiver.fail_first = 0
    port = receiver.url.split(":")[2].split("/")[0]
    dns["rebind.example.test"] = [PUBLIC]
    endpoint = create_webhook(admin, f"http://rebind.example.test:{port}/hooks", ["table_created"])
    dns["rebind.example.test"] = ["127.0.0.1"]  # the name now points inside
    sitting(club, seed=41, deals=1)
    assert deliver(endpoint) == RETRY
    assert receiver.delivered() == []  # nothing reached the loopback receiver
    (attempt,) = auditor.get(f"/api/v1/webhooks/{endpoint['id']}/deliveries").json()["attempts"]
    assert attempt["status_code"] is None
    assert attempt["error"].startswith("refused: ")
    assert "127.0.0.1" not in attempt["error"]


def test_a_delivery_connects_to_the_address_it_checked(
    admin: APIClient, club: Club, receiver: Receiver, sitting: Sitting, dns: dict[str, list[str]]
) -> None:
    """Allowed (the tests' setting): the stubbed name is reached at the address the check
    saw, not at whatever the system resolver would say (it knows no such name)."""
    receiver.fail_first = 0
    port = receiver.url.split(":")[2].split("/")[0]
    dns["pinned.example.test"] = ["127.0.0.1"]
    endpoint = create_webhook(admin, f"http://pinned.example.test:{port}/hooks", ["table_created"])
    receiver.secret = endpoint["secret"]
    sitting(club, seed=42, deals=1)
    assert deliver(endpoint) == CAUGHT_UP
    assert len(receiver.delivered()) == 1


def test_connection_errors_are_not_echoed(
    admin: APIClient, auditor: APIClient, club: Club, sitting: Sitting
) -> None:
    closed = Receiver()
    url = closed.url
    closed.close()
    endpoint = create_webhook(admin, url, ["table_created"])
    sitting(club, seed=43, deals=1)
    assert deliver(endpoint) == RETRY
    (attempt,) = auditor.get(f"/api/v1/webhooks/{endpoint['id']}/deliveries").json()["attempts"]
    assert attempt["error"] == "connection error: could not connect"
