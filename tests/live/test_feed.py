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


def test_a_players_link_made_or_revoked_is_published_for_its_tables_displays() -> None:
    """Issue 39.2: the display's invitation (the newest players' link) follows live."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe(feed.channel())
    try:
        with feed._lock:
            feed._invited.add("t-links")
        feed._publish()
        heard = None
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and heard is None:
            message = pubsub.get_message(timeout=0.5)
            if message is not None:
                heard = message["data"].decode()
    finally:
        pubsub.close()
    assert heard == "links t-links"


def test_the_hub_wakes_a_tables_streams_when_its_invitation_changes() -> None:
    async def heard() -> tuple[set[str], bool, str]:
        hub = Hub()
        watch = Watch(3, invitation="OLDOLD")
        hub.tables = {"t-one": watch}
        moved = watch.moved
        hub.heard("links t-one\nlinks t-unwatched")
        invited = set(hub.invited)
        watch.invite("NEWNEW")  # what read_invitations does with the table's newest code
        return invited, moved.is_set(), watch.invitation

    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, heard()).result() == ({"t-one"}, True, "NEWNEW")


def test_a_stream_says_invite_when_the_tables_invitation_is_not_the_pages() -> None:
    from live.sse import versions

    async def first_events() -> list[str]:
        watch = Watch(5, invitation="NEWNEW")
        stream = versions(watch, 5, link=None, invitation="OLDOLD")
        said = [await anext(stream), await anext(stream)]
        await stream.aclose()
        return said

    with ThreadPoolExecutor(1) as thread:
        hello, invite = thread.submit(asyncio.run, first_events()).result()
    assert hello.endswith("event: hello\ndata: 5\n\n")
    assert invite == "event: invite\ndata: NEWNEW\n\n"
