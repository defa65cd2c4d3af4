"""One listener per live server process, fanning the log's commits out to every open view.

The process subscribes once to the Redis channel `live.feed` publishes on and keeps, for
each table someone watches, its newest version, the code of its newest players' link (the
displays show it, to invite the phones) and an `asyncio.Event` set when either moves:
a thousand viewers of twenty tables cost twenty entries and one Redis connection, not a
database connection each. Every `SWEEP_SECONDS` it also reads the versions and the newest
players' links of the watched tables and which watched viewer links and members' accesses
are still good, a query or two each (a message lost with a dying process or during a Redis
outage costs that much delay, never an event; an expired link, or a removed member's
stream, ends at the next sweep).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections

from api_common.numbers import ascii_int
from live import selectors
from live.feed import ENDED, LINKS, channel

logger = logging.getLogger(__name__)

SWEEP_SECONDS = 5.0
T = TypeVar("T")


@dataclass
class Watch:
    """A watched table: its newest known version and invitation (the code of its newest
    players' link, `live.selectors.table_invitations`); `moved` is set (and replaced) when
    either changes, so every waiter wakes and then waits on the new one."""

    version: int
    invitation: str = ""
    watchers: int = 0
    moved: asyncio.Event = field(default_factory=asyncio.Event)

    def advance(self, version: int) -> None:
        if version > self.version:
            self.version = version
            self._wake()

    def invite(self, invitation: str) -> None:
        if invitation != self.invitation:
            self.invitation = invitation
            self._wake()

    def _wake(self) -> None:
        self.moved.set()
        self.moved = asyncio.Event()


#: A member's access is watched as `member:<member id>`; a viewer link's as its id.
MEMBER = selectors.MEMBER


def member_access(member_id: str) -> str:
    return f"{MEMBER}{member_id}"


@dataclass
class Link:
    """A watched viewer link or member's access: `ended` is set when the link is revoked or
    expires, or the member is removed."""

    watchers: int = 0
    ended: asyncio.Event = field(default_factory=asyncio.Event)


def off_loop(fn: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """`fn` run off the event loop, on the default executor's threads (not the one thread
    every thread-sensitive call of the process shares), as a request would run it: the
    thread's database connection first checked and replaced if the server ended it (a
    restart) or it is older than CONN_MAX_AGE, which Django does at each request of its
    own. These threads see no request: after a PostgreSQL restart their connections stayed
    broken, and every API stream failed until uvicorn was restarted (the fault soak found
    it, tests/faults/test_soak.py)."""

    def as_a_request(*args: Any, **kwargs: Any) -> T:
        close_old_connections()
        return fn(*args, **kwargs)

    return sync_to_async(as_a_request, thread_sensitive=False)


class Hub:
    def __init__(self) -> None:
        self.tables: dict[str, Watch] = {}
        self.links: dict[str, Link] = {}
        self.invited: set[str] = set()  # tables whose players' links changed, to read
        self._tasks: list[asyncio.Task[None]] = []

    def _start(self) -> None:
        if not self._tasks or any(t.done() for t in self._tasks):
            for task in self._tasks:
                task.cancel()
            self._tasks = [
                asyncio.create_task(self._listen(), name="live-listen"),
                asyncio.create_task(self._sweep(), name="live-sweep"),
            ]

    async def watch(self, table_id: str) -> Watch:
        """Count one more watcher of the table (`release` when done)."""
        self._start()
        watch = self.tables.get(table_id)
        if watch is None:
            versions = await off_loop(selectors.table_versions)([table_id])
            invitations = await off_loop(selectors.table_invitations)([table_id])
            watch = self.tables.setdefault(
                table_id, Watch(versions.get(table_id, 0), invitations.get(table_id, ""))
            )
        watch.watchers += 1
        return watch

    def release(self, table_id: str) -> None:
        watch = self.tables.get(table_id)
        if watch is not None:
            watch.watchers -= 1
            if watch.watchers <= 0:
                del self.tables[table_id]

    def link(self, viewer_id: str) -> Link:
        link = self.links.setdefault(viewer_id, Link())
        link.watchers += 1
        return link

    def unlink(self, viewer_id: str) -> None:
        link = self.links.get(viewer_id)
        if link is not None:
            link.watchers -= 1
            if link.watchers <= 0:
                del self.links[viewer_id]

    def heard(self, message: str) -> None:
        """A message of `live.feed`: a line per table moved ("<table> <version>"), link
        ended ("ended <viewer>") or table whose players' links changed ("links <table>",
        read by `read_invitations`)."""
        for line in message.split("\n"):
            first, _, second = line.partition(" ")
            if first == ENDED:
                link = self.links.get(second)
                if link is not None:
                    link.ended.set()
                continue
            if first == LINKS:
                if second in self.tables:
                    self.invited.add(second)
                continue
            watch = self.tables.get(first)
            version = ascii_int(second)
            if watch is not None and version is not None:
                watch.advance(version)

    async def _listen(self) -> None:
        import redis.asyncio as aioredis

        while True:
            client = aioredis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2)
            try:
                async with client.pubsub() as pubsub:
                    await pubsub.subscribe(channel())
                    # Whatever moved while we were not subscribed is read now.
                    await self.sweep_once()
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            data = message["data"]
                            self.heard(data.decode() if isinstance(data, bytes) else data)
                            await self.read_invitations()
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("live: the Redis channel was lost; retrying", exc_info=True)
                await asyncio.sleep(1)
            finally:
                with contextlib.suppress(Exception):
                    await client.aclose()

    async def read_invitations(self, table_ids: list[str] | None = None) -> None:
        """Read the newest players' link of the tables heard of (or of `table_ids`)."""
        if table_ids is None:
            table_ids, self.invited = list(self.invited), set()
        if not table_ids:
            return
        invitations = await off_loop(selectors.table_invitations)(table_ids)
        for table_id, invitation in invitations.items():
            watch = self.tables.get(table_id)
            if watch is not None:
                watch.invite(invitation)

    async def sweep_once(self) -> None:
        if self.tables:
            versions = await off_loop(selectors.table_versions)(list(self.tables))
            for table_id, version in versions.items():
                watch = self.tables.get(table_id)
                if watch is not None:
                    watch.advance(version)
            await self.read_invitations(list(self.tables))
        if self.links:
            good = await off_loop(selectors.access_still_good)(list(self.links))
            for viewer_id, link in list(self.links.items()):
                if viewer_id not in good:
                    link.ended.set()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self.sweep_once()
            except Exception:
                logger.warning("live: the periodic re-read failed", exc_info=True)


hub = Hub()
