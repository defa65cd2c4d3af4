"""Waking followers of the log after a commit, without making the request wait.

Publishing a Celery message costs a round trip to the broker (several milliseconds):
too much to add to every card play. `wake_after_commit` registers, once per
transaction, an on-commit callback that hands the wake to a background thread of this
process. Wakes of one kind coalesce while one is waiting to be sent: the pending mark
is cleared just before sending, so a commit that lands after the mark was cleared
queues another wake, and none is ever missed (the woken task reads the log when it
runs, after every commit that asked for it). A periodic sweep remains the safety net
for a process that dies with a wake in hand.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

from django.db import transaction

logger = logging.getLogger(__name__)

_pending: set[str] = set()
_lock = threading.Lock()
_queue: queue.SimpleQueue[tuple[str, Callable[[], None]]] = queue.SimpleQueue()
_thread: threading.Thread | None = None
_idle = threading.Event()
_idle.set()


def wake_after_commit(kind: str, send: Callable[[], None]) -> None:
    """After the current transaction commits (at once outside one), call `send` from the
    background waker, coalescing with a wake of the same `kind` still waiting."""
    connection = transaction.get_connection()
    callback = _callbacks.setdefault(kind, _make_callback(kind, send))
    # Django keeps (savepoint ids, callback, robust) per pending callback and drops them on
    # rollback, so "already pending" means "already asked for by this transaction".
    if connection.in_atomic_block and any(
        entry[1] is callback for entry in connection.run_on_commit
    ):
        return
    transaction.on_commit(callback)


_callbacks: dict[str, Callable[[], None]] = {}


def _make_callback(kind: str, send: Callable[[], None]) -> Callable[[], None]:
    def hand_over() -> None:
        with _lock:
            if kind in _pending:
                return
            _pending.add(kind)
            _idle.clear()
        _ensure_thread()
        _queue.put((kind, send))

    return hand_over


def _ensure_thread() -> None:
    global _thread
    with _lock:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_run, name="bourre-waker", daemon=True)
            _thread.start()


def _run() -> None:
    while True:
        kind, send = _queue.get()
        with _lock:
            _pending.discard(kind)
        try:
            send()
        except Exception:  # the periodic sweep picks up what a failed wake missed
            logger.warning("could not send the %s wake-up", kind, exc_info=True)
        with _lock:
            if not _pending and _queue.empty():
                _idle.set()


def wait_until_sent(timeout: float = 5.0) -> bool:
    """Block until every wake handed over has been sent (for tests and shutdown)."""
    return _idle.wait(timeout)
