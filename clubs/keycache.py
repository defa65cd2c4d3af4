"""API keys checked without a database query on most requests, revoked at once.

Each process keeps the keys it has verified (by the SHA-256 of the raw key, which it
computes anyway), with their club. The cache is only trusted while a *generation*
counter in Redis is unchanged: every save or delete of a key or a club (the revoke
service, the admin, anything going through the model) increments it, once inside the
transaction and once after it commits, and every request reads it first (one Redis
GET, a fraction of the ORM query it replaces). A request that starts after a revoke's
response was sent therefore sees a new generation, drops the cache and asks the database,
which already says revoked. The increment inside the transaction makes a revoke visible
to its own transaction (and to tests that never commit); the one after commit is what
closes the race with a process that re-read the key while the revoke was uncommitted.

When Redis cannot be read, nothing is cached and every request asks the database; an
entry also expires after ENTRY_TTL seconds, which bounds the one failure left: a revoke
whose increments both failed while the readers could still reach Redis.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.db import transaction

from clubs.models import ApiKey

logger = logging.getLogger(__name__)

GENERATION_KEY = "bourre:api-keys:generation"
ENTRY_TTL = 60.0
MAX_ENTRIES = 10_000

_lock = threading.Lock()
_entries: dict[str, tuple[ApiKey, float]] = {}
_seen: bytes | None = None
_client: Any = None


def _redis() -> Any:
    global _client
    if _client is None:
        import redis
        from django.conf import settings

        _client = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=1, socket_connect_timeout=1
        )
    return _client


def generation() -> bytes | None:
    """The current generation (b"" before the first change), or None if unreadable."""
    try:
        value = _redis().get(GENERATION_KEY)
    except Exception:
        logger.warning("API key cache: cannot read the generation; asking the database")
        return None
    return value if value is not None else b""


def cached(digest: str, current: bytes) -> ApiKey | None:
    global _seen
    with _lock:
        if current != _seen:
            _entries.clear()
            _seen = current
            return None
        entry = _entries.get(digest)
    if entry is None or time.monotonic() - entry[1] > ENTRY_TTL:
        return None
    return entry[0]


def remember(digest: str, key: ApiKey, read_at: bytes) -> None:
    """Keep `key`, read from the database after generation `read_at` was seen."""
    with _lock:
        if read_at != _seen:
            return  # changed meanwhile: the key may be stale already
        if len(_entries) >= MAX_ENTRIES:
            _entries.clear()
        _entries[digest] = (key, time.monotonic())


def _bump() -> None:
    try:
        _redis().incr(GENERATION_KEY)
    except Exception:
        logger.error("API key cache: cannot move the generation (ENTRY_TTL bounds it)")


def keys_changed(**_: object) -> None:
    """Signal receiver: a key or club changed; every process drops its cache."""
    _bump()
    transaction.on_commit(_bump)
