"""Per-key rate limits on the API, told in the IETF headers (draft-ietf-httpapi-ratelimit-
headers: `RateLimit-Policy` and `RateLimit`), a 429 in the envelope with `Retry-After`.

Each API key (the prefix of `Authorization: Bearer bk_<prefix>_<secret>`, read without a
database look-up: an unknown key is the authentication's to refuse) has a token bucket of
`quota` requests refilled over `window` seconds; a request without a key counts against
its address. The buckets are this server process's own (docs/decisions/0400-per-process-
rate-limits.md says why not Redis): a key's requests spread over the server's processes
meet the limit in each, so the policy is at most `quota` x processes; the limits are set
far above what a table app sends (a tablet logs a few events a second at most: one a
second over a whole night is 3,600 an hour), so only a runaway client meets them.

Settings: `API_RATE_LIMIT_QUOTA` and `API_RATE_LIMIT_WINDOW` (env `BOURRE_API_RATE_LIMIT`,
`QUOTA/WINDOW`, e.g. `1200/60`; `off` turns the limits off). Only `/api/v1/` is limited;
the live stream (one request held open) is counted by the hostile-input limits on open
streams instead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from math import ceil
from typing import NamedTuple

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from api_common.guard import error_response

POLICY = "per-key"
_PREFIX = "/api/v1/"
#: Buckets kept at most; past it, the full ones (idle long enough to refill) are dropped.
BUCKETS_MAX = 50_000


class Verdict(NamedTuple):
    allowed: bool
    remaining: int
    reset: int  # seconds until the bucket is full again
    retry_after: int  # seconds until one request is allowed (0 when allowed)


class TokenBuckets:
    """`quota` requests per `window` seconds for each caller, refilled continuously."""

    def __init__(self, quota: int, window: int, clock: Callable[[], float] = time.monotonic):
        self.quota = quota
        self.window = window
        self.rate = quota / window
        self.clock = clock
        self._buckets: dict[str, list[float]] = {}  # caller -> [tokens, when]
        self._lock = threading.Lock()

    def take(self, caller: str) -> Verdict:
        now = self.clock()
        with self._lock:
            bucket = self._buckets.get(caller)
            if bucket is None:
                if len(self._buckets) >= BUCKETS_MAX:
                    self._forget_full(now)
                bucket = self._buckets[caller] = [float(self.quota), now]
            tokens = min(self.quota, bucket[0] + (now - bucket[1]) * self.rate)
            allowed = tokens >= 1
            if allowed:
                tokens -= 1
            bucket[0], bucket[1] = tokens, now
        reset = ceil((self.quota - tokens) / self.rate)
        if allowed:
            return Verdict(True, int(tokens), reset, 0)
        return Verdict(False, int(tokens), reset, max(1, ceil((1 - tokens) / self.rate)))

    def _forget_full(self, now: float) -> None:
        full = [
            caller
            for caller, (tokens, when) in self._buckets.items()
            if tokens + (now - when) * self.rate >= self.quota
        ]
        for caller in full:
            del self._buckets[caller]


def caller_of(request: HttpRequest) -> str:
    """The key's prefix (`bk_<prefix>_...`), or the client's address without a key."""
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if header[:7].lower() == "bearer ":
        parts = header[7:].strip().split("_", 2)
        if len(parts) == 3 and parts[0] == "bk" and parts[1]:
            return f"key:{parts[1][:64]}"
    return f"addr:{request.META.get('REMOTE_ADDR', '')}"


class RateLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        quota = getattr(settings, "API_RATE_LIMIT_QUOTA", None)
        window = getattr(settings, "API_RATE_LIMIT_WINDOW", 60)
        self.buckets = TokenBuckets(quota, window) if quota else None
        self.policy = f'"{POLICY}";q={quota};w={window}'

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.buckets is None or not request.path.startswith(_PREFIX):
            return self.get_response(request)
        verdict = self.buckets.take(caller_of(request))
        if verdict.allowed:
            response = self.get_response(request)
        else:
            response = error_response(
                429,
                "rate_limited",
                gettext("too many requests with this key: retry in %(seconds)s s")
                % {"seconds": verdict.retry_after},
                limit=self.buckets.quota,
                window=self.buckets.window,
            )
            response["Retry-After"] = str(verdict.retry_after)
        response["RateLimit-Policy"] = self.policy
        response["RateLimit"] = f'"{POLICY}";r={verdict.remaining};t={verdict.reset}'
        return response
