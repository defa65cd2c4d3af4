"""Writes: clubs and their API keys."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from clubs.models import MANAGING_ROLES, ApiKey, Club, Role

KEY_SCHEME = "bk"


class LastAdminKey(Exception):
    """Revoking this key would leave its club with no key able to manage keys."""


def key_hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def club_create(*, name: str) -> Club:
    return Club.objects.create(name=name)


def api_key_create(*, club: Club, name: str, role: str) -> tuple[ApiKey, str]:
    """A new key and its raw text (shown once; only its hash is kept)."""
    Role(role)  # refuses unknown roles
    prefix = secrets.token_hex(6)
    raw = f"{KEY_SCHEME}_{prefix}_{secrets.token_urlsafe(32)}"
    key = ApiKey.objects.create(
        club=club, name=name, role=role, prefix=prefix, key_hash=key_hash(raw)
    )
    return key, raw


@transaction.atomic
def api_key_revoke(*, key: ApiKey) -> ApiKey:
    """Revoke `key`; raises `LastAdminKey` rather than lock the club out of its own keys.
    The club's managing keys are locked first, so two admins revoking each other at once
    cannot both succeed."""
    managers = list(
        ApiKey.objects.select_for_update()
        .filter(club_id=key.club_id, role__in=MANAGING_ROLES, revoked_at__isnull=True)
        .order_by("id")
        .values_list("id", flat=True)
    )
    key.refresh_from_db(fields=["revoked_at"])
    if key.revoked_at is None:
        if key.id in managers and len(managers) == 1:
            raise LastAdminKey(str(key.id))
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
    return key


@transaction.atomic
def club_bootstrap(*, name: str, key_name: str = "bootstrap admin") -> tuple[Club, ApiKey, str]:
    club = club_create(name=name)
    key, raw = api_key_create(club=club, name=key_name, role=Role.ADMIN)
    return club, key, raw
