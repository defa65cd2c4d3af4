"""Django admin for staff: clubs, keys and tables (the event log, keyed by club and
position, has no admin page: Django's admin refuses composite primary keys)."""

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


def test_staff_see_clubs_keys_and_tables(staff: Client, table: dict[str, Any]) -> None:
    for url in (
        "/admin/clubs/club/",
        "/admin/clubs/apikey/",
        "/admin/games/table/",
        f"/admin/games/table/{table['id']}/change/",
    ):
        assert staff.get(url).status_code == 200, url
    assert staff.get("/admin/games/table/add/").status_code == 403
