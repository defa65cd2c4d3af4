"""Delivery settings: a Django setting wins, then the environment, then the default.

Read from the environment too so a Celery worker started for tests (which loads the local
settings) can be given a fast backoff without a settings module of its own."""

from __future__ import annotations

import os

from django.conf import settings

DEFAULTS = {
    "WEBHOOKS_RETRY_BASE_SECONDS": 2.0,  # the first retry waits about this long
    "WEBHOOKS_RETRY_CAP_SECONDS": 3600.0,  # no wait is longer than this
    "WEBHOOKS_MAX_ATTEMPTS": 10.0,  # then the delivery is dead and the endpoint blocked
    "WEBHOOKS_TIMEOUT_SECONDS": 10.0,  # per request: connect and answer
    "WEBHOOKS_TASK_BUDGET_SECONDS": 30.0,  # one task delivers this long, then re-enqueues
}


def setting(name: str) -> float:
    value = getattr(settings, name, None)
    if value is None:
        value = os.environ.get(name) or DEFAULTS[name]
    return float(value)


def queue() -> str | None:
    """``WEBHOOKS_QUEUE``: the Celery queue for delivery tasks (None: the default queue).
    A queue of their own keeps slow receivers from delaying other tasks."""
    value = getattr(settings, "WEBHOOKS_QUEUE", None) or os.environ.get("WEBHOOKS_QUEUE")
    return str(value) if value else None


def retry_base() -> float:
    return setting("WEBHOOKS_RETRY_BASE_SECONDS")


def retry_cap() -> float:
    return setting("WEBHOOKS_RETRY_CAP_SECONDS")


def max_attempts() -> int:
    return max(1, int(setting("WEBHOOKS_MAX_ATTEMPTS")))


def timeout() -> float:
    return setting("WEBHOOKS_TIMEOUT_SECONDS")


def task_budget() -> float:
    return setting("WEBHOOKS_TASK_BUDGET_SECONDS")
