"""Clubs own tables; API keys and members (people who sign in) belong to a club, with a role."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Where the club plays: the standings count each event for the club night it belongs
    # to in this zone (`clubs.nights`). An IANA name; checked by `club_time_zone_set`.
    time_zone = models.CharField(max_length=64, default="UTC")
    # The language of a member who chose none and whose browser asks for none of ours
    # (clubs/language.py); set by the club's admin.
    default_language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    AUDITOR = "auditor", _("Auditor (read only)")
    SCOREKEEPER = "scorekeeper", _("Scorekeeper (creates tables, logs events)")
    ADMIN = "admin", _("Admin (also manages keys)")
    # The service's operator, not a club's: sees and runs what is shared by every club
    # (the whole log's audit, rebuilds of shared projections). Issued only from the shell
    # (`manage.py operator_key`), never through the keys API.
    OPERATOR = "operator", _("Operator (the whole service)")


#: What each role may do includes everything the roles before it may do.
ROLE_RANK = {Role.AUDITOR: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3, Role.OPERATOR: 4}
#: Roles that manage a club's keys: a club keeps at least one of them active.
MANAGING_ROLES = (Role.ADMIN, Role.OPERATOR)
#: A club's people (members) and the keys a club admin issues: never the operator.
CLUB_ROLES = (Role.AUDITOR, Role.SCOREKEEPER, Role.ADMIN)
CLUB_ROLE_CHOICES = [(r.value, r.label) for r in CLUB_ROLES]


class ApiKey(models.Model):
    """A bearer key ``bk_<prefix>_<secret>``: only the prefix and the SHA-256 of the whole
    key are stored, so the key is shown once, when it is created."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="api_keys")
    name = models.CharField(max_length=200)
    role = models.CharField(max_length=20, choices=Role.choices)
    prefix = models.CharField(max_length=16, unique=True)
    key_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        verbose_name = "API key"

    def __str__(self) -> str:
        return f"{self.name} ({self.role}, {self.prefix})"

    # DRF treats the authenticated key as the request's user.
    @property
    def is_authenticated(self) -> bool:
        return True

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None

    def has_role(self, role: str) -> bool:
        return ROLE_RANK.get(Role(self.role), 0) >= ROLE_RANK[Role(role)]


class Member(models.Model):
    """A person who signs in to the app (Django's auth user) and acts for one club with
    one role: the same rights as an API key of that role."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    # One club per person: the session then always knows whose tables it may show.
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="member"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    role = models.CharField(max_length=20, choices=CLUB_ROLE_CHOICES)
    created_at = models.DateTimeField(auto_now_add=True)
    # The member's own language for the app; blank: the browser's, else the club's default.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True, default="")

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.user.get_username()} ({self.role}, {self.club})"

    @property
    def name(self) -> str:
        return str(self.user.get_username())

    def has_role(self, role: str) -> bool:
        return ROLE_RANK.get(Role(self.role), 0) >= ROLE_RANK[Role(role)]
