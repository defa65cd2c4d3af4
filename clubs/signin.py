"""Sign-in throttling: guessing stopped without locking the owner out (docs/security.md,
"Sign-in"), and a bound on how many sign-ins hash a password at once.

Failures are counted over a window (SIGNIN_WINDOW_SECONDS, 15 minutes) in four places:

- **per address and account** (5): one address guessing one account is stopped there; the
  owner at another address is not (a lock per account let anyone lock anyone out);
- **per address** (20, whatever the user names): one address guessing many accounts;
- **per account, from devices it never signed in on** (50, all addresses together): many
  addresses guessing one account (50 guesses a window, 4,800 a day at most);
- **per device** (5) for a browser that once signed in to this account: its signed cookie
  (`bourre_device`, a year) vouches for it, and only its own failures count against it.
  So the owner's own phone or laptop is never refused for what others did, even while
  the account is under attack from everywhere.

Every count of an account is keyed by its password as well as its name: setting a new
password (`member_set_password`, the operator's `set_member_password`, the admin's page)
starts the account's counts afresh, which is the admin's way to unlock a member at once.
An IPv6 address counts by its /64 (`api_common.addresses`).

Why here and not django-axes: axes records every attempt as a database row (a write per
failure, its own tables and migrations) and checks its lockout inside an authentication
backend. What is needed is a few counters with a time to live and a check before the
password is hashed; Django's cache on the project's Redis (shared by every gunicorn
process) holds them, and the check costs one Redis round trip and one indexed read of the
user's row.

Order of work in the sign-in view: `signin_attempt`, `signin_refusal` (no hashing at all
when throttled), then the hashing under `signin_slot` (at most SIGNIN_HASHING_AT_ONCE per
process, so a flood of sign-ins from many addresses cannot take every gunicorn thread: the
rest serve the API; at most SIGNIN_WAITING_AT_ONCE more wait their turn, up to
SIGNIN_SLOT_WAIT seconds), then `signin_failed` or `signin_succeeded`. When Redis cannot
be reached the counters are skipped (logged), so sign-in keeps working unthrottled rather
than not at all."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.cache import cache
from django.utils.translation import gettext as _

from api_common.addresses import address_key

log = logging.getLogger(__name__)

#: The cookie of a browser that signed in to an account, and what signs it.
DEVICE_COOKIE = "bourre_device"
_DEVICE_SALT = "bourre.signin.device"

_slots: threading.BoundedSemaphore | None = None
_queue: threading.BoundedSemaphore | None = None
_slots_lock = threading.Lock()


@dataclass(frozen=True)
class SignInRefused:
    message: str
    retry_after: int  # seconds


class SignInBusy(Exception):
    """Every hashing slot of this process stayed taken for SIGNIN_SLOT_WAIT seconds."""


@dataclass(frozen=True)
class Attempt:
    """One sign-in try, as the counters know it."""

    account: str  # the user name, case-folded, with the account's password generation
    address: str  # `address_key` of the client's
    device: str | None  # the device's id when its cookie vouches for this account


def signin_attempt(*, username: str, address: str, device_cookie: str | None) -> Attempt:
    users = get_user_model()._default_manager
    user = users.filter(username=username).values_list("pk", "password").first()
    # The password's hash, hashed again: a new password, new counts.
    generation = hashlib.sha256(user[1].encode()).hexdigest()[:16] if user else "-"
    device = None
    if user is not None and device_cookie:
        max_age = settings.SIGNIN_DEVICE_DAYS * 86400
        try:
            vouched = signing.loads(device_cookie, salt=_DEVICE_SALT, max_age=max_age)
        except signing.BadSignature:
            vouched = None
        if isinstance(vouched, dict) and vouched.get("u") == str(user[0]):
            device = str(vouched.get("d"))[:64]
    account = f"{username.strip().lower()}\n{generation}"
    return Attempt(account=account, address=address_key(address), device=device)


def device_cookie_value(*, user_id: object, attempt: Attempt) -> str:
    """The signed cookie that vouches for this browser at its next sign-in to the account
    (the same device id again, or a new one)."""
    device = attempt.device or secrets.token_urlsafe(16)
    return signing.dumps({"u": str(user_id), "d": device}, salt=_DEVICE_SALT)


def _key(kind: str, *values: str) -> str:
    digest = hashlib.sha256("\n".join(values).encode()).hexdigest()[:32]
    return f"signin:{kind}:{digest}"


def _counters(attempt: Attempt) -> list[tuple[str, int]]:
    """The counters this attempt is judged by and adds to, with their limits."""
    if attempt.device is not None:
        return [(_key("device", attempt.device), settings.SIGNIN_FAILURES_PER_DEVICE)]
    return [
        (_key("pair", attempt.account, attempt.address), settings.SIGNIN_FAILURES_PER_PAIR),
        (_key("address", attempt.address), settings.SIGNIN_FAILURES_PER_ADDRESS),
        (_key("account", attempt.account), settings.SIGNIN_FAILURES_PER_ACCOUNT),
    ]


def _refusal_words(kind: str, minutes: int) -> str:
    if kind == "device":
        return _("Too many failed sign-ins on this device. Try again in %(minutes)d minutes.") % {
            "minutes": minutes
        }
    if kind == "pair":
        return _(
            "Too many failed sign-ins for this user name from your network address. Try again "
            "in %(minutes)d minutes, or ask a club admin to set a new password."
        ) % {"minutes": minutes}
    if kind == "address":
        return _(
            "Too many failed sign-ins from your network address. Try again in %(minutes)d minutes."
        ) % {"minutes": minutes}
    return _(
        "Too many failed sign-ins for this user name. Try again in %(minutes)d minutes on a "
        "device you have signed in on before, or ask a club admin to set a new password."
    ) % {"minutes": minutes}


def signin_refusal(attempt: Attempt) -> SignInRefused | None:
    """A refusal when one of the attempt's counters is full, else None."""
    window = settings.SIGNIN_WINDOW_SECONDS
    counters = _counters(attempt)
    try:
        found = cache.get_many([key for key, _limit in counters])
    except Exception:
        log.warning("sign-in throttle: the cache cannot be read; not throttling")
        return None
    for key, limit in counters:
        if int(found.get(key, 0)) >= limit:
            kind = key.split(":")[1]
            return SignInRefused(_refusal_words(kind, max(1, window // 60)), window)
    return None


def _bump(key: str, window: int) -> None:
    cache.add(key, 0, timeout=window)  # the window starts at the first failure
    try:
        cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=window)


def signin_failed(attempt: Attempt) -> None:
    window = settings.SIGNIN_WINDOW_SECONDS
    try:
        for key, _limit in _counters(attempt):
            _bump(key, window)
    except Exception:
        log.warning("sign-in throttle: the cache cannot be written; failure not counted")


def signin_succeeded(attempt: Attempt) -> None:
    """The right password: the account's failures (and this pair's, this device's) are
    forgotten; the address's stay until their window ends."""
    keys = [key for key, _limit in _counters(attempt) if not key.startswith("signin:address:")]
    keys += [_key("account", attempt.account), _key("pair", attempt.account, attempt.address)]
    try:
        cache.delete_many(keys)
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
