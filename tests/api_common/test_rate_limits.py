"""Per-key rate limits (api_common/ratelimit.py): a token bucket per key, the IETF
`RateLimit-Policy` and `RateLimit` headers on every answer of /api/v1/, a 429 in the
envelope with `Retry-After` once the bucket is empty, refilled with time."""

from __future__ import annotations

import pytest
from django.test import override_settings

from api_common.ratelimit import TokenBuckets, caller_of
from tests.clubs.helpers import client_for, make_club, make_key

pytestmark = pytest.mark.django_db


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_its_quota_then_refills_over_its_window() -> None:
    clock = Clock()
    buckets = TokenBuckets(3, 60, clock)
    verdicts = [buckets.take("key:a") for _ in range(4)]
    assert [v.allowed for v in verdicts] == [True, True, True, False]
    assert [v.remaining for v in verdicts] == [2, 1, 0, 0]
    assert verdicts[3].retry_after == 20  # one request every 20 s
    assert buckets.take("key:b").allowed  # another key's own bucket
    clock.now += 20
    assert buckets.take("key:a").allowed
    assert not buckets.take("key:a").allowed
    clock.now += 60
    full = buckets.take("key:a")
    assert (full.allowed, full.remaining, full.reset) == (True, 2, 20)


def test_the_caller_is_the_keys_prefix_else_the_address() -> None:
    class Request:
        def __init__(self, **meta: str) -> None:
            self.META = meta

    assert caller_of(Request(HTTP_AUTHORIZATION="Bearer bk_ab12_secret")) == "key:ab12"  # type: ignore[arg-type]
    assert caller_of(Request(HTTP_AUTHORIZATION="bearer bk_ab12_x_y")) == "key:ab12"  # type: ignore[arg-type]
    assert (
        caller_of(Request(HTTP_AUTHORIZATION="Basic abc", REMOTE_ADDR="10.0.0.9"))
        == "addr:10.0.0.9"
    )  # type: ignore[arg-type]
    assert caller_of(Request(REMOTE_ADDR="127.0.0.1")) == "addr:127.0.0.1"  # type: ignore[arg-type]


@override_settings(API_RATE_LIMIT_QUOTA=3, API_RATE_LIMIT_WINDOW=60)
def test_a_key_past_its_limit_gets_the_429_in_the_envelope_and_another_key_does_not() -> None:
    club = make_club()
    busy = client_for(make_key(club, "admin")[1])
    answers = [busy.get("/api/v1/tables") for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[0]["RateLimit-Policy"] == '"per-key";q=3;w=60'
    assert answers[0]["RateLimit"] == '"per-key";r=2;t=20'
    assert answers[2]["RateLimit"] == '"per-key";r=0;t=60'
    refused = answers[3]
    assert refused["Retry-After"] == "20"
    error = refused.json()["error"]
    assert (error["code"], error["limit"], error["window"]) == ("rate_limited", 3, 60)
    assert error["request_id"] == refused["X-Request-ID"]
    assert client_for(make_key(club, "admin")[1]).get("/api/v1/tables").status_code == 200
    # Outside the API nothing is counted, and nothing says so.
    assert "RateLimit" not in busy.get("/health/")
