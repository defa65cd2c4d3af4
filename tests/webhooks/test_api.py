"""Managing endpoints over the API: admins manage, auditors read, other clubs see nothing."""

from __future__ import annotations

import uuid

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import Club
from eventlog import last_position
from followers.models import SubscriptionCheckpoint
from tests.clubs.helpers import client_for, make_key
from tests.webhooks.conftest import create_webhook
from webhooks.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from webhooks.wake import endpoint_subscription

URL = "http://127.0.0.1:9/hooks"


def test_the_secret_is_shown_once(admin: APIClient, club: Club) -> None:
    created = create_webhook(admin, URL, ["deal_settled", "renege_ruled"])
    assert created["secret"].startswith("whsec_")
    assert created["active"] is True
    assert created["kinds"] == ["deal_settled", "renege_ruled"]
    # New endpoints get what is recorded from now on (in their club's partition).
    assert created["checkpoint_position"] == last_position(club=club.id)
    assert created["blocked"] is False

    detail = admin.get(f"/api/v1/webhooks/{created['id']}")
    assert detail.status_code == 200
    assert "secret" not in detail.json()
    listed = admin.get("/api/v1/webhooks").json()["webhooks"]
    assert [w["id"] for w in listed] == [created["id"]]
    assert "secret" not in listed[0]


def test_auditors_read_and_only_admins_manage(
    club: Club, admin: APIClient, auditor: APIClient
) -> None:
    created = create_webhook(admin, URL, ["deal_settled"])
    before = admin.get(f"/api/v1/webhooks/{created['id']}").json()
    scorekeeper = client_for(make_key(club, "scorekeeper")[1])
    for client in (auditor, scorekeeper):
        refused = client.post("/api/v1/webhooks", {"url": URL, "kinds": ["bourre"]}, format="json")
        assert refused.status_code == 403
        assert refused.json()["error"]["message"] == "managing webhooks needs an admin key"
        change = {"active": False, "kinds": ["bourre"]}
        assert (
            client.patch(f"/api/v1/webhooks/{created['id']}", change, format="json").status_code
            == 403
        )
        assert client.delete(f"/api/v1/webhooks/{created['id']}").status_code == 403
    # The refused writes changed nothing: one endpoint, as it was.
    assert admin.get(f"/api/v1/webhooks/{created['id']}").json() == before
    assert [w["id"] for w in admin.get("/api/v1/webhooks").json()["webhooks"]] == [created["id"]]
    assert auditor.get("/api/v1/webhooks").status_code == 200
    assert auditor.get(f"/api/v1/webhooks/{created['id']}").status_code == 200
    assert auditor.get(f"/api/v1/webhooks/{created['id']}/deliveries").status_code == 200
    assert APIClient().get("/api/v1/webhooks").status_code == 401


def test_another_clubs_endpoint_is_not_found(admin: APIClient, other_club: Club) -> None:
    created = create_webhook(admin, URL, ["deal_settled"])
    other = client_for(make_key(other_club, "admin")[1])
    base = f"/api/v1/webhooks/{created['id']}"
    assert other.get(base).status_code == 404
    assert other.patch(base, {"active": False}, format="json").status_code == 404
    assert other.delete(base).status_code == 404
    assert other.get(f"{base}/deliveries").status_code == 404
    assert other.post(f"{base}/unblock", {"action": "skip"}, format="json").status_code == 404
    assert admin.get(base).json()["active"] is True
    assert other.get("/api/v1/webhooks").json() == {"webhooks": [], "next": None}


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": URL, "kinds": ["card_played"]}, "kinds"),
        ({"url": URL, "kinds": []}, "kinds"),
        ({"url": "ftp://127.0.0.1/x", "kinds": ["bourre"]}, "url"),
        ({"url": "not a url", "kinds": ["bourre"]}, "url"),
        ({"kinds": ["bourre"]}, "url"),
        ({"url": URL, "kinds": ["bourre"], "secret": "x"}, "secret"),  # not ours to choose
    ],
)
def test_bad_registrations_are_refused(admin: APIClient, body: dict, field: str) -> None:
    response = admin.post("/api/v1/webhooks", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"].startswith(field)


def test_edit_deactivate_and_reactivate(admin: APIClient) -> None:
    created = create_webhook(admin, URL, ["deal_settled"])
    base = f"/api/v1/webhooks/{created['id']}"
    edited = admin.patch(
        base,
        {"kinds": ["pot_carried", "table_created"], "description": "scoreboard"},
        format="json",
    )
    assert edited.status_code == 200
    assert edited.json()["kinds"] == ["pot_carried", "table_created"]
    assert edited.json()["description"] == "scoreboard"

    deactivated = admin.delete(base)
    assert deactivated.status_code == 200
    assert deactivated.json()["active"] is False
    assert admin.get(base).json()["active"] is False
    assert admin.patch(base, {"active": True}, format="json").json()["active"] is True


def test_unblocking_an_endpoint_that_is_not_blocked_changes_nothing(admin: APIClient) -> None:
    created = create_webhook(admin, URL, ["deal_settled"])
    response = admin.post(
        f"/api/v1/webhooks/{created['id']}/unblock", {"action": "retry"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["position"] is None
    assert response.json()["webhook"]["checkpoint_position"] == created["checkpoint_position"]


def test_an_endpoint_deleted_with_its_club_takes_its_checkpoint_along(admin: APIClient) -> None:
    created = create_webhook(admin, URL, ["deal_settled"])
    name = endpoint_subscription(created["id"])
    assert SubscriptionCheckpoint.objects.filter(name=name, active=True).exists()
    WebhookEndpoint.objects.filter(pk=created["id"]).delete()  # what a club's deletion does
    assert not SubscriptionCheckpoint.objects.filter(name=name).exists()


def test_a_created_webhook_has_a_location(admin: APIClient) -> None:
    response = admin.post(
        "/api/v1/webhooks", {"url": URL, "kinds": ["deal_settled"]}, format="json"
    )
    assert response.status_code == 201
    assert admin.get(response.headers["Location"]).json()["id"] == response.json()["id"]


def test_the_delivery_log_pages_newest_first(admin: APIClient) -> None:
    created = create_webhook(admin, URL, ["deal_settled"])
    delivery = WebhookDelivery.objects.create(
        endpoint_id=created["id"], position=7, kind="deal_settled", table_id=uuid.uuid4()
    )
    now = timezone.now()
    made = [
        WebhookAttempt.objects.create(
            delivery=delivery, number=n, started_at=now, finished_at=now, duration_ms=1,
            status_code=500, succeeded=False,
        ).id
        for n in range(1, 6)
    ]  # fmt: skip
    url = f"/api/v1/webhooks/{created['id']}/deliveries"
    page = admin.get(url, {"limit": 2}).json()
    seen = [a["id"] for a in page["attempts"]]
    while page["next"]:
        page = admin.get(page["next"]).json()
        seen += [a["id"] for a in page["attempts"]]
    assert seen == made[::-1]
