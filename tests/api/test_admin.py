"""Django admin for staff: clubs, keys, tables and a read-only view of the event log."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> Client:
    client = Client()
    client.force_login(User.objects.create_superuser("staff", "staff@example.com", "pw"))
    return client


def test_staff_see_clubs_keys_tables_and_events(staff: Client, table: dict[str, Any]) -> None:
    for url in (
        "/admin/clubs/club/",
        "/admin/clubs/apikey/",
        "/admin/games/table/",
        f"/admin/games/table/{table['id']}/change/",
        "/admin/games/event/",
    ):
        assert staff.get(url).status_code == 200, url
    assert staff.get("/admin/games/event/add/").status_code == 403
    assert staff.get("/admin/games/table/add/").status_code == 403
