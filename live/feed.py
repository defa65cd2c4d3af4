"""The log's commits, told to the live views: after an append commits, its table's new
version is published on one Redis channel, which every live server process listens to.

Why Redis pub/sub after the commit rather than Postgres NOTIFY in the append: a NOTIFY
takes a database-wide lock at commit and holds it until the commit is flushed, which
would serialise the card plays of every club (the log's lock is per club precisely so
they run side by side); and a PUBLISH from the append's own request would add a round
trip to every card play. Here `table_moved` is a wake hook of the registry of followers:
the shared background waker (`eventlog.wakeup`) runs it after the append commits, off the
request's path, with the events of every commit since it last ran, and it publishes. A
message is only a wake-up: the live views read versions and events from the log, and
each live process also re-reads the versions of the tables it serves every few seconds
(`live.hub`), so a message lost with a dying process or a Redis outage delays a view by
that much, never loses an event.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.db import transaction

from eventlog import RecordedEvent
from eventlog.subscriptions import wake_after_commit
from table_stream import table_id_of

logger = logging.getLogger(__name__)

WAKE_KIND = "live-publish"
#: A viewer link revoked: its open views end (the message's second word is its id).
ENDED = "ended"
#: A table's players' links changed (one made or revoked): its displays show the newest
#: one's QR code and code (the second word is the table's id).
LINKS = "links"

_lock = threading.Lock()
_moved: dict[str, int] = {}  # table id -> newest committed version not yet published
_ended: set[str] = set()
_invited: set[str] = set()  # tables whose players' links changed
_redis: Any = None


def channel() -> str:
    """One channel per deployment (per test run: the queue name tells them apart)."""
    return f"bourre:live:{settings.CELERY_TASK_DEFAULT_QUEUE}"


def table_moved(events: Sequence[RecordedEvent]) -> None:
    """The wake hook: runs after commit in the background waker; publishes each table's
    newest committed version."""
    for event in events:
        table_id = table_id_of(event.stream)
        if table_id is not None:
            _committed(str(table_id), event.version)
    _publish()


def viewer_ended(viewer_id: str) -> None:
    """After the current transaction commits: every open view of the link ends."""

    def committed() -> None:
        with _lock:
            _ended.add(viewer_id)

    transaction.on_commit(committed)
    wake_after_commit(WAKE_KIND, _publish)


def links_changed(table_id: str) -> None:
    """After the current transaction commits: the table's displays read its newest
    players' link again (made, or revoked)."""

    def committed() -> None:
        with _lock:
            _invited.add(table_id)

    transaction.on_commit(committed)
    wake_after_commit(WAKE_KIND, _publish)


def _committed(table_id: str, version: int) -> None:
    with _lock:
        if _moved.get(table_id, 0) < version:
            _moved[table_id] = version


def _client() -> Any:
    global _redis
    if _redis is None:
        import redis

        _redis = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2
        )
    return _redis


def _publish(events: Sequence[RecordedEvent] = ()) -> None:
    """Run by the background waker: one PUBLISH naming every table that moved since the
    last (with its newest version) and every link ended."""
    with _lock:
        moved, ended, invited = dict(_moved), set(_ended), set(_invited)
        _moved.clear()
        _ended.clear()
        _invited.clear()
    lines = [f"{t} {v}" for t, v in moved.items()] + [f"{ENDED} {v}" for v in ended]
    lines += [f"{LINKS} {t}" for t in invited]
    if not lines:
        return
    # One message, a line per table moved or link ended (`live.hub` reads each line): the
    # waker's spaced sends carry several tables, and every live process handles each
    # message it hears; a live process of an older release ignores a message of several
    # lines and catches up on its periodic re-read.
    try:
        _client().publish(channel(), "\n".join(lines))
    except Exception:  # the live servers' periodic re-read catches up
        logger.warning("could not publish %d live line(s)", len(lines), exc_info=True)
