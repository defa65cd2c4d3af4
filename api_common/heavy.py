"""Heavy reads (a table's whole audit: every event re-hashed, the chain checked across the
table's span, the ledger rebuilt) bounded so one club's cannot starve another's
(docs/operations.md, "Heavy reads"):

- one heavy read per club at a time, across every process (a key in Django's cache on
  Redis, with a time to live so a crashed process frees it);
- at most HEAVY_READS_AT_ONCE per process, so most of gunicorn's threads stay free for
  everyone's ordinary requests;
- a read that cannot start at once is refused (`HeavyReadBusy`, answered 503 with
  Retry-After) rather than queued on a thread.

When Redis cannot be reached, the per-club bound is skipped and the per-process one holds."""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)

#: What a refused heavy read tells the client to wait, in seconds.
RETRY_AFTER = 5
_slots: threading.BoundedSemaphore | None = None
_slots_lock = threading.Lock()


class HeavyReadBusy(Exception):
    """The club has a heavy read under way, or this process has its share running."""


def _process_slots() -> threading.BoundedSemaphore:
    global _slots
    with _slots_lock:
        if _slots is None:
            _slots = threading.BoundedSemaphore(settings.HEAVY_READS_AT_ONCE)
        return _slots


@contextlib.contextmanager
def heavy_read(*, club_id: object) -> Iterator[None]:
    """Run a heavy read for `club_id`, or raise HeavyReadBusy at once."""
    slots = _process_slots()
    if not slots.acquire(blocking=False):
        raise HeavyReadBusy
    key = f"heavy-read:{club_id}"
    held = False
    try:
        try:
            held = bool(cache.add(key, 1, timeout=settings.HEAVY_READ_SECONDS))
        except Exception:
            log.warning("heavy reads: the cache cannot be reached; no per-club bound")
            held = None  # type: ignore[assignment]
        if held is False:
            raise HeavyReadBusy
        yield
    finally:
        if held:
            with contextlib.suppress(Exception):
                cache.delete(key)
        slots.release()
