"""The live feed's messages: one PUBLISH per send naming every table moved and link ended,
and a live process hears each of its lines."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

import redis
from django.conf import settings

from live import feed
from live.hub import Hub, Link, Watch


def test_one_send_publishes_one_message_for_every_table_moved_and_link_ended() -> None:
    client = redis.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(feed.channel())
    try:
        feed._committed("t-one", 3)
        feed._committed("t-two", 5)
        feed._committed("t-one", 4)  # the newest version only
        with feed._lock:
            feed._ended.add("v-gone")
        feed._publish()
        heard = []
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not heard:
            message = pubsub.get_message(timeout=0.5)
            if message is not None:
                heard.append(message["data"].decode())
        assert pubsub.get_message(timeout=0.3) is None  # nothing more: one message
    finally:
        pubsub.close()
    assert len(heard) == 1
    assert sorted(heard[0].split("\n")) == ["ended v-gone", "t-one 4", "t-two 5"]


def test_the_hub_hears_every_line_of_a_message() -> None:
    async def heard() -> tuple[int, int, bool, int]:
        hub = Hub()
        hub.tables = {"t-one": Watch(1), "t-two": Watch(2), "t-three": Watch(7)}
        hub.links = {"v-gone": Link()}
        hub.heard("t-one 4\nt-unwatched 9\nended v-gone\nt-two 5\nt-three 6")
        return (
            hub.tables["t-one"].version,
            hub.tables["t-two"].version,
            hub.links["v-gone"].ended.is_set(),
            hub.tables["t-three"].version,  # an older version moves nothing
        )

    # On a thread of its own: a browser test earlier on the same pytest worker may leave an
    # event loop running on this one (Playwright's sync API).
    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, heard()).result() == (4, 5, True, 7)
