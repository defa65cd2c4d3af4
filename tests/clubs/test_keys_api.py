from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from clubs.models import ApiKey, Club
from tests.clubs.helpers import client_for, make_club, make_key

pytestmark = pytest.mark.django_db


def test_admin_creates_a_key_shown_once_and_stored_hashed(admin: APIClient) -> None:
    response = admin.post(
        "/api/v1/keys", {"name": "table 3 tablet", "role": "scorekeeper"}, format="json"
    )
    assert response.status_code == 201
    raw = response.json()["key"]
    assert raw.startswith("bk_")
    stored = ApiKey.objects.get(id=response.json()["id"])
    assert raw not in (stored.key_hash, stored.prefix)
    listed = admin.get("/api/v1/keys").json()["keys"]
    assert all("key" not in k for k in listed)
    assert client_for(raw).get("/api/v1/keys").status_code == 403  # scorekeeper, not admin


def test_revoked_key_is_refused(admin: APIClient, club: Club) -> None:
    key, raw = make_key(club, "auditor")
    assert admin.delete(f"/api/v1/keys/{key.id}").json()["revoked_at"] is not None
    response = client_for(raw).get("/api/v1/keys")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"


@pytest.mark.parametrize(
    "header",
    [None, "Bearer", "Bearer bk_nope_nope", "Bearer not-a-key", "Basic abc", "Bearer a b"],
)
def test_missing_or_bad_key_is_401(header: str | None) -> None:
    client = APIClient()
    if header:
        client.credentials(HTTP_AUTHORIZATION=header)
    response = client.get("/api/v1/keys")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"
    assert response.json()["error"]["code"] in {"not_authenticated", "authentication_failed"}


def test_a_wrong_secret_with_a_real_prefix_is_refused(club: Club) -> None:
    _, raw = make_key(club, "admin")
    forged = raw[: raw.rindex("_") + 1] + "x" * 43
    assert client_for(forged).get("/api/v1/keys").status_code == 401


@pytest.mark.parametrize("role", ["auditor", "scorekeeper"])
def test_only_admins_manage_keys(club: Club, role: str) -> None:
    client = client_for(make_key(club, role)[1])
    assert client.get("/api/v1/keys").status_code == 403
    created = client.post("/api/v1/keys", {"name": "x", "role": "admin"}, format="json")
    assert created.status_code == 403
    assert created.json()["error"]["code"] == "permission_denied"


def test_create_key_validation_names_the_field(admin: APIClient) -> None:
    response = admin.post("/api/v1/keys", {"name": "x", "role": "owner"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "role"


def test_another_clubs_key_is_404_and_invisible(admin: APIClient) -> None:
    other_key, other_raw = make_key(make_club(), "auditor")
    assert admin.delete(f"/api/v1/keys/{other_key.id}").status_code == 404
    assert admin.delete(f"/api/v1/keys/{uuid.uuid4()}").status_code == 404
    # The refused revoke changed nothing: the other club's key still works.
    other_key.refresh_from_db()
    assert other_key.revoked_at is None
    assert client_for(other_raw).get("/api/v1/tables").status_code == 200
    ids = {k["id"] for k in admin.get("/api/v1/keys").json()["keys"]}
    assert str(other_key.id) not in ids


def test_authentication_is_one_query(club: Club) -> None:
    from clubs.selectors import api_key_authenticate

    _, raw = make_key(club, "auditor")
    with CaptureQueriesContext(connection) as queries:
        key = api_key_authenticate(raw=raw)
        assert key is not None
        assert key.club.name == club.name
    assert len(queries) == 1


def test_a_key_with_an_unknown_field_is_not_made(admin: APIClient) -> None:
    body = {"name": "tablet", "role": "scorekeeper", "expires_at": "2027-01-01"}
    response = admin.post("/api/v1/keys", body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_request", "expires_at")
    assert "tablet" not in [k["name"] for k in admin.get("/api/v1/keys").json()["keys"]]


def test_the_location_of_a_new_key_reads_the_key_without_its_secret(admin: APIClient) -> None:
    created = admin.post("/api/v1/keys", {"name": "tablet", "role": "auditor"}, format="json")
    assert created.status_code == 201
    response = admin.get(created["Location"])
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["name"], body["role"]) == (created.json()["id"], "tablet", "auditor")
    assert "key" not in body


def test_a_key_of_another_club_is_not_found(admin: APIClient) -> None:
    other = make_key(make_club(), "admin")[0]
    assert admin.get(f"/api/v1/keys/{other.id}").status_code == 404
