"""Guessing viewer codes is rate-limited: a few tries a minute per address, and a cap for
everyone together (with 887 million codes, a guesser needs years)."""

from __future__ import annotations

import ipaddress
import logging
from typing import Any

from django.conf import settings
from django.http import HttpRequest

logger = logging.getLogger(__name__)

PER_ADDRESS = 10  # tries a minute from one address
EVERYONE = 600  # tries a minute from all addresses together
WINDOW = 60
_redis: Any = None


def client_address(request: HttpRequest) -> str:
    """The caller's address. Behind our own nginx (REMOTE_ADDR loopback or empty, a unix
    socket) the last X-Forwarded-For entry is the one nginx added; elsewhere the header is
    the client's word and is ignored."""
    remote = request.META.get("REMOTE_ADDR") or ""
    try:
        local = not remote or ipaddress.ip_address(remote).is_loopback
    except ValueError:
        local = False
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if local and forwarded:
        return forwarded.split(",")[-1].strip()[:64]
    return remote


def _client() -> Any:
    global _redis
    if _redis is None:
        import redis

        _redis = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2
        )
    return _redis


def code_try_allowed(request: HttpRequest) -> bool:
    """Count one try of a code; False once this address (or everyone) tried too often
    this minute. Redis unreachable: allowed (the codes' number still stands)."""
    base = f"bourre:live-join:{settings.CELERY_TASK_DEFAULT_QUEUE}"
    keys = (f"{base}:{client_address(request)}", f"{base}:*")
    try:
        pipe = _client().pipeline(transaction=False)
        for key in keys:
            pipe.incr(key)
            pipe.expire(key, WINDOW, nx=True)
        mine, _, everyone, _ = pipe.execute()
    except Exception:
        logger.warning("could not count a viewer code try", exc_info=True)
        return True
    return mine <= PER_ADDRESS and everyone <= EVERYONE
