"""`Authorization: Bearer <key>`: the request's user is the club's `ApiKey`."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from clubs import keycache
from clubs.models import ApiKey
from clubs.selectors import api_key_authenticate
from clubs.services import key_hash


def api_key_for(raw: str) -> ApiKey | None:
    """The live key `raw` names: from this process's cache while the key generation is
    unchanged (clubs.keycache: revocation is seen by the next request), else from the
    database."""
    digest = key_hash(raw)
    current = keycache.generation()
    if current is not None:
        hit = keycache.cached(digest, current)
        if hit is not None:
            return hit
    key = api_key_authenticate(raw=raw)
    if key is not None and current is not None:
        keycache.remember(digest, key, current)
    return key


class ApiKeyAuthentication(BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request: Request) -> tuple[ApiKey, ApiKey] | None:
        header = get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Authorization: expected 'Bearer <key>'")
        try:
            raw = header[1].decode()
        except UnicodeError as exc:
            raise exceptions.AuthenticationFailed("the API key is not valid") from exc
        key = api_key_for(raw)
        if key is None:
            raise exceptions.AuthenticationFailed("the API key is not valid or was revoked")
        return key, key

    def authenticate_header(self, request: Request) -> str:
        # Makes DRF answer 401 (with WWW-Authenticate) rather than 403 without a key.
        return self.keyword


class ApiKeyAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "clubs.api.authentication.ApiKeyAuthentication"
    name = "ApiKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A club API key: `Authorization: Bearer bk_...`",
        }
