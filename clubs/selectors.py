"""Reads: API keys."""

from __future__ import annotations

import hmac
import uuid

from django.db.models import QuerySet

from clubs.models import ApiKey, Club
from clubs.services import KEY_SCHEME, key_hash


def api_key_authenticate(*, raw: str) -> ApiKey | None:
    """The live key ``raw`` names, with its club (one indexed query), or None."""
    parts = raw.split("_", 2)
    if len(parts) != 3 or parts[0] != KEY_SCHEME or not parts[1]:
        return None
    key = ApiKey.objects.select_related("club").filter(prefix=parts[1]).first()
    if key is None or key.revoked_at is not None:
        return None
    if not hmac.compare_digest(key.key_hash, key_hash(raw)):
        return None
    return key


def api_key_list(*, club: Club) -> QuerySet[ApiKey]:
    return ApiKey.objects.filter(club=club).order_by("created_at")


def api_key_get(*, club: Club, key_id: uuid.UUID) -> ApiKey | None:
    return ApiKey.objects.filter(club=club, id=key_id).first()


def club_find(*, name_or_id: str) -> Club | None:
    """A club by its exact name, or by its id."""
    club = Club.objects.filter(name=name_or_id).first()
    if club is None:
        try:
            club = Club.objects.filter(id=uuid.UUID(name_or_id)).first()
        except ValueError:
            return None
    return club
