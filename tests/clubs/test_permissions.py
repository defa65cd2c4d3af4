"""Who may write: an auditor may not import a table; a revoked key is refused on every
write endpoint (401) and changes nothing; a key that is no longer active when the
permission is checked is refused too (403)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from audits.models import AuditRun
from clubs.models import ApiKey, Club
from clubs.services import api_key_revoke
from exports.models import ExportJob
from games.models import Table
from tests.clubs.helpers import client_for, make_key
from webhooks.models import WebhookEndpoint

CASES = Path(__file__).resolve().parents[1] / "conformance" / "cases"
TRANSCRIPT = json.loads((CASES / "occitan-01-share.json").read_text())["transcript"]
TABLE = {"name": "t", "variant": "louisiana", "players": ["ana", "ben", "cy"]}


def _writes(table_id: str, key_id: str, webhook_id: str) -> list[tuple[str, str, Any]]:
    """Every endpoint that changes something, with a body it would accept."""
    return [
        ("post", "/api/v1/tables", TABLE),
        ("post", "/api/v1/tables/import", {"name": "copy", "transcript": TRANSCRIPT}),
        (
            "post",
            f"/api/v1/tables/{table_id}/events",
            {"expected_version": 1, "events": [{"deal": {"dealer": "cy", "trump": "7S"}}]},
        ),
        ("post", "/api/v1/keys", {"name": "k", "role": "auditor"}),
        ("delete", f"/api/v1/keys/{key_id}", None),
        ("post", "/api/v1/webhooks", {"url": "http://127.0.0.1:9/h", "kinds": ["bourre"]}),
        ("patch", f"/api/v1/webhooks/{webhook_id}", {"active": False}),
        ("delete", f"/api/v1/webhooks/{webhook_id}", None),
        ("post", f"/api/v1/webhooks/{webhook_id}/unblock", {"action": "skip"}),
        ("post", "/api/v1/projections/player_stats/rebuild", None),
        ("post", "/api/v1/audits", {}),
        ("post", "/api/v1/exports", {"kind": "transcripts"}),
    ]


def _world(club: Club) -> dict[str, Any]:
    """What a write could change, to compare before and after."""
    return {
        "tables": sorted(
            (str(t.id), t.snapshot.version)
            for t in Table.objects.filter(club=club).select_related("snapshot")
        ),
        "keys": sorted((str(k.id), k.revoked_at is None) for k in ApiKey.objects.filter(club=club)),
        "webhooks": sorted(
            (str(w.id), w.active, tuple(w.kinds)) for w in WebhookEndpoint.objects.filter(club=club)
        ),
        "audits": AuditRun.objects.count(),
        "exports": ExportJob.objects.count(),
    }


@pytest.fixture
def targets(club: Club, admin: APIClient) -> tuple[str, str, str]:
    table = admin.post("/api/v1/tables", TABLE, format="json").json()["id"]
    key = make_key(club, "auditor")[0]
    webhook = admin.post(
        "/api/v1/webhooks", {"url": "http://127.0.0.1:9/h", "kinds": ["deal_settled"]},
        format="json",
    ).json()["id"]  # fmt: skip
    return table, str(key.id), webhook


def _call(client: APIClient, method: str, path: str, body: Any) -> Any:
    return getattr(client, method)(path, body, format="json")


def test_an_auditor_may_not_import_a_table(club: Club, auditor: APIClient) -> None:
    response = auditor.post(
        "/api/v1/tables/import", {"name": "x", "transcript": TRANSCRIPT}, format="json"
    )
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"
    assert not Table.objects.filter(club=club).exists()


def test_a_revoked_key_is_refused_on_every_write_and_changes_nothing(
    club: Club, targets: tuple[str, str, str]
) -> None:
    key, raw = make_key(club, "admin")
    client = client_for(raw)
    assert client.get("/api/v1/tables").status_code == 200  # it worked before
    api_key_revoke(key=key)
    before = _world(club)
    for method, path, body in _writes(*targets):
        response = _call(client, method, path, body)
        assert response.status_code == 401, (method, path, response.content)
        assert response.json()["error"]["code"] == "authentication_failed", (method, path)
    assert _world(club) == before


def test_a_key_inactive_when_permissions_are_checked_is_refused(
    club: Club, targets: tuple[str, str, str]
) -> None:
    # A key revoked after it authenticated (e.g. during the request): the role check
    # itself refuses it, whatever the role.
    key, _ = make_key(club, "admin")
    api_key_revoke(key=key)
    client = APIClient()
    client.force_authenticate(user=key)
    before = _world(club)
    for method, path, body in _writes(*targets):
        response = _call(client, method, path, body)
        assert response.status_code == 403, (method, path, response.content)
    assert _world(club) == before
