"""Roles: auditor (reads) < scorekeeper (also writes tables and events) < admin (also keys)."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from clubs.models import ApiKey, Role


def request_key(request: Request) -> ApiKey:
    """The authenticated key (views behind these permissions always have one)."""
    key = request.user
    assert isinstance(key, ApiKey)
    return key


class _HasRole(BasePermission):
    role: str = Role.ADMIN
    message = "this API key's role may not do that"

    def has_permission(self, request: Request, view: Any) -> bool:
        key = request.user
        return isinstance(key, ApiKey) and key.is_active and key.has_role(self.role)


class IsAuditor(_HasRole):
    """Any club key: auditor, scorekeeper or admin (reads)."""

    role = Role.AUDITOR


class IsScorekeeper(_HasRole):
    """Scorekeeper or admin (writes tables and events)."""

    role = Role.SCOREKEEPER
    message = "this API key is read-only: a scorekeeper or admin key is needed"


class IsClubAdmin(_HasRole):
    role = Role.ADMIN
    message = "this needs an admin key"


class IsKeyAdmin(IsClubAdmin):
    message = "managing keys needs an admin key"


class IsOperator(_HasRole):
    """The service's operator: for what every club shares (see Role.OPERATOR)."""

    role = Role.OPERATOR
    message = "this is shared by every club: it needs the operator's key"


def is_operator(request: Request) -> bool:
    key = request.user
    return isinstance(key, ApiKey) and key.is_active and key.has_role(Role.OPERATOR)
