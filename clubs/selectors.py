"""Reads: API keys and members."""

from __future__ import annotations

import hmac
import uuid

from django.db.models import QuerySet

from clubs.models import CLUB_ROLE_CHOICES, ApiKey, Club, Member
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


def member_for_user(*, user: object) -> Member | None:
    """The signed-in user's membership (with its club), or None (not a member)."""
    if not getattr(user, "is_authenticated", False):
        return None
    return Member.objects.select_related("club", "user").filter(user_id=user.pk).first()  # type: ignore[attr-defined]


def member_list(*, club: Club) -> QuerySet[Member]:
    return Member.objects.filter(club=club).select_related("user").order_by("created_at")


def member_get(*, club: Club, member_id: uuid.UUID) -> Member | None:
    return Member.objects.select_related("user", "club").filter(club=club, id=member_id).first()


def member_by_username(*, username: str) -> Member | None:
    return Member.objects.select_related("user", "club").filter(user__username=username).first()


def member_exists() -> bool:
    return Member.objects.exists()


def club_find(*, name_or_id: str) -> Club | None:
    """A club by its exact name, or by its id."""
    club = Club.objects.filter(name=name_or_id).first()
    if club is None:
        try:
            club = Club.objects.filter(id=uuid.UUID(name_or_id)).first()
        except ValueError:
            return None
    return club


def club_role_choices() -> list[tuple[str, str]]:
    """The roles a club gives its members and the keys its admins create (never the
    service's operator), with their labels."""
    return list(CLUB_ROLE_CHOICES)
