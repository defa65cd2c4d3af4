"""The benchmarks' floor endpoint (bench/floor.py): mounted only when asked for, and the
minimal authenticated write it claims to be (the key checked, one row stored, 201)."""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator

import pytest
from django.db import connection
from django.test import override_settings
from django.urls import NoReverseMatch, clear_url_caches, reverse

from bench import floor
from clubs.models import Role
from tests.clubs.helpers import client_for, make_club, make_key


def _urls(mounted: bool) -> None:
    import bourre_site.urls

    with override_settings(BENCH_FLOOR=mounted):
        importlib.reload(bourre_site.urls)
    clear_url_caches()


@pytest.fixture
def mounted(db: None) -> Iterator[None]:
    floor.prepare_floor_table()
    _urls(True)
    yield
    _urls(False)


def test_a_served_site_has_no_floor(db: None) -> None:
    _urls(False)
    with pytest.raises(NoReverseMatch):
        reverse("v1:bench-floor")
    assert client_for(None).post(floor.URL, {}, format="json").status_code == 404


def test_the_floor_checks_the_key_and_stores_one_row(mounted: None) -> None:
    assert reverse("v1:bench-floor") == floor.URL
    club = make_club()
    _, scorekeeper = make_key(club, Role.SCOREKEEPER)
    _, auditor = make_key(club, Role.AUDITOR)
    assert client_for(None).post(floor.URL, floor.BODY, format="json").status_code == 401
    assert client_for(auditor).post(floor.URL, floor.BODY, format="json").status_code == 403

    response = client_for(scorekeeper).post(floor.URL, floor.BODY, format="json")

    assert response.status_code == 201
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, club, data::text FROM bench_floor")
        ((row_id, row_club, data),) = cursor.fetchall()
    assert response.json() == {"id": row_id}
    assert row_club == str(club.pk)
    assert json.loads(data) == floor.BODY
