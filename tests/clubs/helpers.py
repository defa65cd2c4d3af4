"""Clubs and keyed API clients for tests (used by tests/clubs and tests/games/api)."""

from __future__ import annotations

import uuid

from rest_framework.test import APIClient

from clubs.models import ApiKey, Club
from clubs.services import api_key_create, club_create


def make_club(name: str | None = None) -> Club:
    return club_create(name=name or f"club-{uuid.uuid4().hex[:8]}")


def make_key(club: Club, role: str) -> tuple[ApiKey, str]:
    return api_key_create(club=club, name=f"{role} key", role=role)


def client_for(raw_key: str | None) -> APIClient:
    client = APIClient()
    if raw_key is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw_key}")
    return client
