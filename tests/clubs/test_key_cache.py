"""A key once checked costs no query on later requests, yet a revoked key is refused by the
very next request: in the process that revoked it and in any other."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from clubs.api.authentication import api_key_for
from clubs.models import Club
from tests.clubs.helpers import client_for, make_club, make_key

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.django_db
def test_a_key_checked_once_is_not_looked_up_again(club: Club) -> None:
    key, raw = make_key(club, "auditor")
    assert api_key_for(raw) == key
    with CaptureQueriesContext(connection) as queries:
        again = api_key_for(raw)
    assert again == key
    assert again is not None
    assert again.club.name == club.name
    assert len(queries) == 0


@pytest.mark.django_db
def test_a_key_revoked_after_use_is_refused_by_the_next_request(
    admin: APIClient, club: Club
) -> None:
    key, raw = make_key(club, "auditor")
    tablet = client_for(raw)
    assert tablet.get("/api/v1/tables").status_code == 200
    assert tablet.get("/api/v1/tables").status_code == 200  # served from the cache
    assert admin.delete(f"/api/v1/keys/{key.id}").status_code == 200
    response = tablet.get("/api/v1/tables")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"


REVOKE = """
import sys, django
django.setup()
from clubs.models import ApiKey
from clubs.services import api_key_revoke
api_key_revoke(key=ApiKey.objects.get(id=sys.argv[1]))
"""


@pytest.mark.django_db(transaction=True)
def test_a_key_revoked_by_another_process_is_refused_at_once(test_db_name: str) -> None:
    club = make_club()
    key, raw = make_key(club, "auditor")
    tablet = client_for(raw)
    assert tablet.get("/api/v1/tables").status_code == 200  # cached in this process
    app = settings.APP_DATABASE
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="bourre_site.settings.local",
        DATABASE_URL=(
            f"postgres://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}/{test_db_name}"
        ),
    )
    env.pop("DATABASE_OWNER_URL", None)
    subprocess.run([sys.executable, "-c", REVOKE, str(key.id)], cwd=ROOT, env=env, check=True)
    assert tablet.get("/api/v1/tables").status_code == 401
