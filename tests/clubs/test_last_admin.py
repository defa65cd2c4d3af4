"""A club cannot lock itself out of its keys, and no club's admin can mint an operator."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from clubs.models import ApiKey, Club
from tests.clubs.helpers import client_for, make_key


@pytest.mark.django_db
def test_the_last_admin_key_cannot_be_revoked(club: Club) -> None:
    key, raw = make_key(club, "admin")
    admin = client_for(raw)
    response = admin.delete(f"/api/v1/keys/{key.id}")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "last_admin_key"
    assert ApiKey.objects.get(id=key.id).revoked_at is None

    second, _ = make_key(club, "admin")
    assert admin.delete(f"/api/v1/keys/{second.id}").status_code == 200
    assert admin.delete(f"/api/v1/keys/{key.id}").status_code == 409


@pytest.mark.django_db
def test_an_admin_may_revoke_itself_when_another_admin_remains(club: Club) -> None:
    key, raw = make_key(club, "admin")
    make_key(club, "admin")
    assert client_for(raw).delete(f"/api/v1/keys/{key.id}").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_two_admins_revoking_each_other_at_once_leave_one(club: Club) -> None:
    keys = [make_key(club, "admin") for _ in range(2)]
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def revoke(mine: str, other: ApiKey) -> None:
        try:
            client = client_for(mine)
            barrier.wait()
            statuses.append(client.delete(f"/api/v1/keys/{other.id}").status_code)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=revoke, args=(keys[0][1], keys[1][0])),
        threading.Thread(target=revoke, args=(keys[1][1], keys[0][0])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert ApiKey.objects.filter(club=club, revoked_at__isnull=True).count() >= 1
    # One revocation went through; the other was refused, or was refused its (revoked) key.
    assert sorted(statuses)[0] == 200
    assert sorted(statuses)[1] in (401, 409)


@pytest.mark.django_db
def test_an_admin_cannot_create_an_operator_key(admin: APIClient) -> None:
    response = admin.post("/api/v1/keys", {"name": "x", "role": "operator"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "role"


@pytest.mark.django_db
def test_the_operator_key_command_prints_a_working_key() -> None:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("operator_key", stdout=out)
    raw = out.getvalue().strip().splitlines()[-1]
    assert client_for(raw).get("/api/v1/projections").status_code == 200
