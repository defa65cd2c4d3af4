"""Waking followers of the log after a commit, without making the request wait.

Publishing a Celery message costs a round trip to the broker (several milliseconds):
too much to add to every card play. `wake_after_commit` registers, once per
transaction and kind, an on-commit callback that hands the wake to a background thread
of this process, with the events the transaction appended. Wakes of one kind coalesce
while one is waiting to be sent (their events are handed over together): the pending
mark is cleared just before sending, so a commit that lands after the mark was cleared
queues another wake, and none is ever missed (the woken task reads the log when it
runs, after every commit that asked for it). A periodic sweep remains the safety net
for a process that dies with a wake in hand. Across processes, `pending_mark` and
`pending_clear` (below) keep at most one task per subscription waiting in the queue.

The registry's wake hooks (`eventlog.registry.register_wake`: the projectors' catch-up,
the webhook sweep, the live views' publish) all ride on one such wake, asked for once
by `project_inline`: they run in the background thread, after commit, never on the
request's path.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from django.db import transaction

from eventlog import RecordedEvent

logger = logging.getLogger(__name__)

#: What a wake sends, in the background thread: given the events of every transaction
#: that asked for it since it was last sent (none for a wake asked without events).
Send = Callable[[Sequence[RecordedEvent]], None]

_pending: set[str] = set()
_committed: dict[str, list[RecordedEvent]] = {}  # kind -> events handed over, not yet sent
_lock = threading.Lock()
_queue: queue.SimpleQueue[tuple[str, Send]] = queue.SimpleQueue()
_thread: threading.Thread | None = None
_idle = threading.Event()
_idle.set()
_last_sent: dict[str, float] = {}  # kind -> time.monotonic() its last send began (the waker's)


class _AfterCommit:
    """The one on-commit callback of a kind in a transaction, holding what it appended."""

    def __init__(self, kind: str, send: Send) -> None:
        self.kind, self.send = kind, send
        self.events: list[RecordedEvent] = []

    def __call__(self) -> None:
        with _lock:
            _committed.setdefault(self.kind, []).extend(self.events)
            if self.kind in _pending:
                return
            _pending.add(self.kind)
            _idle.clear()
        _ensure_thread()
        _queue.put((self.kind, self.send))


def wake_after_commit(kind: str, send: Send, events: Sequence[RecordedEvent] = ()) -> None:
    """After the current transaction commits (at once outside one), call `send` from the
    background waker with `events` (and those of other commits coalesced with this one),
    coalescing with a wake of the same `kind` still waiting."""
    connection = transaction.get_connection()
    if connection.in_atomic_block:
        # Django keeps (savepoint ids, callback, robust) per pending callback and drops
        # them on rollback, so one found here was asked for by this transaction.
        for entry in connection.run_on_commit:
            callback = entry[1]
            if isinstance(callback, _AfterCommit) and callback.kind == kind:
                callback.events.extend(events)
                return
    callback = _AfterCommit(kind, send)
    callback.events.extend(events)
    transaction.on_commit(callback)


def _ensure_thread() -> None:
    global _thread
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="bourre-waker", daemon=True)
            _thread.start()


def _spacing() -> float:
    from django.conf import settings

    return float(getattr(settings, "WAKE_SPACING_MS", 0.0)) / 1000


def _run() -> None:
    while True:
        kind, send = _queue.get()
        # A send this soon after the last one of its kind waits out the rest of the spacing
        # (its mark stays pending meanwhile, so the commits of that time ride on it): under
        # load one send carries several commits, where it was one thread wake-up, hook run
        # and Redis round trip per commit. A wake after a quiet spell goes at once.
        gap = _last_sent.get(kind, 0.0) + _spacing() - time.monotonic()
        if gap > 0:
            time.sleep(gap)
        _last_sent[kind] = time.monotonic()
        with _lock:
            _pending.discard(kind)
            events = _committed.pop(kind, [])
        try:
            send(events)
        except Exception:  # the periodic sweep picks up what a failed wake missed
            logger.warning("could not send the %s wake-up", kind, exc_info=True)
        with _lock:
            if not _pending and _queue.empty():
                _idle.set()


def wait_until_sent(timeout: float = 5.0) -> bool:
    """Block until every wake handed over has been sent (for tests and shutdown)."""
    return _idle.wait(timeout)


# ---------------------------------------------------------------- across processes
# The in-process coalescing above still leaves one wake per gunicorn process per send; a
# mark in Redis per subscription (a projector, the webhook sweep, an endpoint) makes it one
# pending task for the whole deployment: set with SET NX before the task is sent, cleared
# by the task as it starts, *before* it reads the log. A commit that finds the mark set
# needs nothing: the pending task has not read yet, so it will see that commit. A commit
# after the clear sets it again and sends another task. So a wake is never missed, and at
# most one task per subscription waits in the queue (one more may be running).
# Under a steady load that alone would run a subscription's task back to back, one per
# commit or so; the task therefore also records when it started, and the next one is sent
# with a countdown so that one subscription starts at most once per WAKE_MIN_INTERVAL
# seconds (events meanwhile are read in one batch). The mark expires (PENDING_TTL) in case
# its task is lost with a dying worker; the beat sweeps go through the same marks.
PENDING_TTL = 60
_redis_lock = threading.Lock()
_redis: Any = None
# What a process knows without asking: a mark stays set until its task starts, which is not
# before the countdown it was sent with is over; the mark's value is that time (`due`). A
# commit before then needs nothing, so the process sends Redis nothing for it: the waker
# asked once per commit (0.25 to 0.5 ms of a gunicorn process's CPU per card play) for what
# it could know; now about one commit in four asks. Kept slightly short of `due`
# (MARK_MARGIN s), for the clocks of a worker on another host.
MARK_MARGIN = 0.1
_known_pending: dict[str, float] = {}  # subscription -> time.time() its task starts after


def _client() -> Any:
    global _redis
    with _redis_lock:
        if _redis is None:
            import redis
            from django.conf import settings

            _redis = redis.Redis.from_url(
                settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2
            )
        return _redis


def _keys(subscription: str) -> tuple[str, str]:
    from django.conf import settings

    base = f"bourre:wake-pending:{settings.CELERY_TASK_DEFAULT_QUEUE}:{subscription}"
    return base, f"{base}:started"


def min_interval() -> float:
    from django.conf import settings

    return float(getattr(settings, "WAKE_MIN_INTERVAL", 1.0))


def pending_mark(subscription: str, *, interval: float | None = None) -> float | None:
    """None if a task of the subscription is pending already (send nothing); else the
    countdown in seconds to send the task with (0: at once), so that tasks start at least
    `interval` seconds apart (`WAKE_MIN_INTERVAL` by default). When Redis cannot be asked:
    0, since a duplicate wake is harmless and a missed one is not. The caller sends the
    task with that countdown (or a longer one)."""
    now = time.time()
    if _known_pending.get(subscription, 0.0) > now:
        return None  # set by this process, and its task cannot have started yet
    mark, started = _keys(subscription)
    try:
        was_set, value = _mark_script()(
            keys=[mark, started],
            args=[repr(now), repr(min_interval() if interval is None else interval), PENDING_TTL],
        )
    except Exception:
        logger.warning("could not set the %s wake mark", subscription, exc_info=True)
        return 0.0
    if not was_set:
        _known(subscription, value)
        return None
    wait = round(float(value), 3)
    if wait > 0:
        _known_pending[subscription] = now + wait - MARK_MARGIN
    return wait


# One round trip: the countdown from the last start (`started`), the mark set to the time
# its task may start (now + countdown) unless set already; [1, countdown] or [0, that time].
MARK_LUA = """
local last = redis.call('GET', KEYS[2])
local wait = 0
if last then
    wait = tonumber(ARGV[2]) - (tonumber(ARGV[1]) - tonumber(last))
    if wait < 0 then wait = 0 end
end
local due = string.format('%.3f', tonumber(ARGV[1]) + wait)
if redis.call('SET', KEYS[1], due, 'NX', 'EX', ARGV[3]) then
    return {1, string.format('%.3f', wait)}
end
return {0, redis.call('GET', KEYS[1])}
"""
_script: Any = None


def _mark_script() -> Any:
    global _script
    client = _client()
    if _script is None or _script.registered_client is not client:
        _script = client.register_script(MARK_LUA)
    return _script


def _known(subscription: str, due: bytes | None) -> None:
    """Remember until when a mark found set stays set (its value; none from an older
    release, which set it to 1)."""
    try:
        until = float(due or 0) - MARK_MARGIN
    except ValueError:
        return
    if until > time.time():
        _known_pending[subscription] = until


def pending_clear(subscription: str) -> None:
    """Called by the task as it starts, before it reads the log."""
    _known_pending.pop(subscription, None)
    mark, started = _keys(subscription)
    try:
        pipe = _client().pipeline(transaction=False)
        pipe.set(started, repr(time.time()).encode(), ex=PENDING_TTL)
        pipe.delete(mark)
        pipe.execute()
    except Exception:  # the mark expires on its own
        logger.warning("could not clear the %s wake mark", subscription, exc_info=True)


# A follower with nobody to serve (webhooks while no endpoint is active) says so with an
# idle mark, read by its wake before anything is sent: under load it would otherwise be
# woken for nothing a few times a second. Set by the follower's own task (which knows),
# cleared by whatever gives it someone to serve (after that commit), and expiring
# (IDLE_TTL) so a stale mark heals even if nothing clears it; its periodic sweep, which
# the mark never holds back, sets it right meanwhile.
IDLE_TTL = 60


def idle_set(subscription: str, idle: bool) -> None:
    mark, _ = _keys(subscription)
    try:
        client = _client()
        if idle:
            client.set(f"{mark}:idle", b"1", ex=IDLE_TTL)
        else:
            client.delete(f"{mark}:idle")
    except Exception:  # a wake then goes out as if not idle: harmless
        logger.warning("could not set the %s idle mark", subscription, exc_info=True)


def is_idle(subscription: str) -> bool:
    """True only when the follower said it has nobody to serve (Redis unreachable: False)."""
    mark, _ = _keys(subscription)
    try:
        return bool(_client().exists(f"{mark}:idle"))
    except Exception:
        return False


def pending_reset() -> None:
    """Forget every mark of this queue (for tests: a mark whose task no worker will run
    would otherwise hold back the next test's wake for PENDING_TTL seconds)."""
    _known_pending.clear()
    base, _ = _keys("")
    try:
        client = _client()
        for key in client.scan_iter(f"{base}*"):
            client.delete(key)
    except Exception:
        logger.warning("could not reset the wake marks", exc_info=True)
