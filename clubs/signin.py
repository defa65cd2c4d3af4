"""Sign-in throttling: failed sign-ins counted per account and per address, and a bound on
how many sign-ins hash a password at once (docs/operations.md, "Sign-in throttling").

Why here and not django-axes: axes records every attempt as a database row (a write per
failure, and its own tables and migrations) and checks its lockout inside an
authentication backend. What is needed is two counters with a time to live and a check
before the password is hashed; Django's cache on the project's Redis (shared by every
gunicorn process) holds them in a few lines, and the check costs one Redis round trip.

Order of work in the sign-in view: `signin_refusal` (no hashing at all when throttled), then
the hashing under `signin_slot` (at most SIGNIN_HASHING_AT_ONCE per process, so a flood of
sign-ins from many addresses cannot take every gunicorn thread: the rest serve the API;
at most SIGNIN_WAITING_AT_ONCE more wait their turn, up to SIGNIN_SLOT_WAIT seconds),
then `signin_failed` or `signin_succeeded`. When Redis cannot be reached the counters are
skipped (logged), so sign-in keeps working unthrottled rather than not at all."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

_slots: threading.BoundedSemaphore | None = None
_queue: threading.BoundedSemaphore | None = None
_slots_lock = threading.Lock()


@dataclass(frozen=True)
class SignInRefused:
    message: str
    retry_after: int  # seconds


class SignInBusy(Exception):
    """Every hashing slot of this process stayed taken for SIGNIN_SLOT_WAIT seconds."""


def _key(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]
    return f"signin:{kind}:{digest}"


def _counts(username: str, address: str) -> tuple[int, int]:
    found = cache.get_many([_key("account", username), _key("address", address)])
    return (
        int(found.get(_key("account", username), 0)),
        int(found.get(_key("address", address), 0)),
    )


def signin_refusal(*, username: str, address: str) -> SignInRefused | None:
    """A refusal when this account or this address failed too often lately, else None."""
    window = settings.SIGNIN_WINDOW_SECONDS
    minutes = max(1, window // 60)
    try:
        account, by_address = _counts(username, address)
    except Exception:
        log.warning("sign-in throttle: the cache cannot be read; not throttling")
        return None
    if account >= settings.SIGNIN_FAILURES_PER_ACCOUNT:
        message = _(
            "Too many failed sign-ins for this user name. Try again in %(minutes)d minutes, "
            "or ask a club admin to set a new password."
        ) % {"minutes": minutes}
        return SignInRefused(message, window)
    if by_address >= settings.SIGNIN_FAILURES_PER_ADDRESS:
        message = _(
            "Too many failed sign-ins from your network address. Try again in %(minutes)d minutes."
        ) % {"minutes": minutes}
        return SignInRefused(message, window)
    return None


def _bump(key: str, window: int) -> None:
    cache.add(key, 0, timeout=window)  # the window starts at the first failure
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=window)


def signin_failed(*, username: str, address: str) -> None:
    window = settings.SIGNIN_WINDOW_SECONDS
    try:
        _bump(_key("account", username), window)
        _bump(_key("address", address), window)
    except Exception:
        log.warning("sign-in throttle: the cache cannot be written; failure not counted")


def signin_succeeded(*, username: str) -> None:
    """The account's failures are forgotten; the address's stay until their window ends."""
    try:
        cache.delete(_key("account", username))
    except Exception:
        log.warning("sign-in throttle: the cache cannot be written")


@contextlib.contextmanager
def signin_slot() -> Iterator[None]:
    """Hold one of this process's hashing slots; SignInBusy if none frees in time, or at
    once when SIGNIN_WAITING_AT_ONCE sign-ins are already waiting for one.

    A hash takes about 0.3 s: the few scorekeepers who sign in together as a club night
    starts wait their turn (three at once all get in, in about a second) instead of being
    told to retry, while a flood holds at most the hashing and waiting threads of a process,
    the rest answered at once and the other threads left to the API."""
    global _slots, _queue
    with _slots_lock:
        if _slots is None or _queue is None:
            _slots = threading.BoundedSemaphore(settings.SIGNIN_HASHING_AT_ONCE)
            _queue = threading.BoundedSemaphore(settings.SIGNIN_WAITING_AT_ONCE)
    slots, queue = _slots, _queue
    if not slots.acquire(blocking=False):
        if not queue.acquire(blocking=False):
            raise SignInBusy
        try:
            if not slots.acquire(timeout=settings.SIGNIN_SLOT_WAIT):
                raise SignInBusy
        finally:
            queue.release()
    try:
        yield
    finally:
        slots.release()
