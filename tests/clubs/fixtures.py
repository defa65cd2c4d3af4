"""A club and an API client per role: shared by the clubs and API tests."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Club
from tests.clubs.helpers import client_for, make_club, make_key


@pytest.fixture
def club(db: None) -> Club:
    return make_club()


@pytest.fixture
def admin(club: Club) -> APIClient:
    return client_for(make_key(club, "admin")[1])


@pytest.fixture
def scorekeeper(club: Club) -> APIClient:
    return client_for(make_key(club, "scorekeeper")[1])


@pytest.fixture
def auditor(club: Club) -> APIClient:
    return client_for(make_key(club, "auditor")[1])
