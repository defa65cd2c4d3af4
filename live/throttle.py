"""Guessing viewer codes is rate-limited per address, never for everyone at once.

Only wrong codes count, per client address (`api_common.addresses`: an IPv6 client by its
/64), LIVE_JOIN_WRONG_PER_ADDRESS a minute; once an address is over, it is refused before
its code is even looked up (a right one too: it learns nothing more). A right code costs
nothing, so the players of a club behind one address all join. There is no shared cap:
it let one address shut `/join` for every club (620 wrong codes in 2.5 s, then the right
code from three other addresses refused). What stands against many addresses guessing
together is the codes' number, 887 million, against the few hundred links alive at once
(docs/security.md, "Viewer codes"); what one link costs is bounded by the streams' limits
(per address and per link, in nginx: docs/operations.md, "Live streams")."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.http import HttpRequest

from api_common.addresses import address_key

logger = logging.getLogger(__name__)

WINDOW = 60
_redis: Any = None


def _client() -> Any:
    global _redis
    if _redis is None:
        import redis

        _redis = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2
        )
    return _redis


def _key(request: HttpRequest) -> str:
    address = address_key(str(request.META.get("REMOTE_ADDR") or ""))
    return f"bourre:live-join:{settings.CELERY_TASK_DEFAULT_QUEUE}:{address}"


def code_tries_refused(request: HttpRequest) -> bool:
    """True when this address typed too many wrong codes this minute. Redis unreachable:
    not refused (the codes' number still stands)."""
    try:
        wrong = _client().get(_key(request))
    except Exception:
        logger.warning("could not read the viewer code tries", exc_info=True)
        return False
    return int(wrong or 0) >= settings.LIVE_JOIN_WRONG_PER_ADDRESS


def code_wrong(request: HttpRequest) -> None:
    """Count one wrong code from this address (the window starts at its first)."""
    try:
        pipe = _client().pipeline(transaction=False)
        pipe.incr(_key(request))
        pipe.expire(_key(request), WINDOW, nx=True)
        pipe.execute()
    except Exception:
        logger.warning("could not count a wrong viewer code", exc_info=True)
