"""The tests that must run with no other test at the same time.

`make test` (scripts/test.sh) runs the suite in two parts: every test not marked `alone` on
pytest-xdist workers side by side (each with its own test database, Celery queue, cache
prefix, Redis channel and free ports), then the tests marked `alone`, one after the other
in one process, as the whole suite used to run. A test belongs here when it stops or
restarts what every worker shares (the checkout's PostgreSQL and Redis), or when what it
asserts is a time that a second worker's load on a 2-core machine would stretch: a bound
in milliseconds, a stream read that gives up after a quiet second or two, a browser step
waited for a few tenths of a second.

`pytest_collection_modifyitems` in tests/conftest.py marks the tests listed here; run them
alone with `pytest -m alone`, the rest with `pytest -m "not alone"`. A test run by name or
by directory (`pytest tests/faults`) runs as it always did, marked or not.
"""

from __future__ import annotations

#: Node id prefixes (a file, or one test of it) and why each must run alone.
ALONE: dict[str, str] = {
    "tests/faults/test_faults.py": "stops Redis and restarts PostgreSQL, which every worker uses",
    "tests/faults/test_front.py": "two hundred slow clients must not delay an answer: a time",
    "tests/faults/test_import_lock.py": "times each hold of a club's lock in milliseconds",
    "tests/faults/test_soak.py": "kills PostgreSQL and Redis, which every worker uses",
    "tests/faults/test_keepalive.py": (
        "15,000 POSTs (50,000 in make soak) idling around the front's timeouts: its gaps are "
        "times, and the load would slow every other worker's tests for minutes"
    ),
    "tests/live/test_stream_api.py": "reads streams that end after a quiet second or two",
    "tests/tableapp/test_live_browser.py": "the live pages' p95 delay, steps waited for 50 ms",
    "tests/tableapp/test_tables_list.py::test_ten_thousand_tables_a_page_under_100_kb_and_200_ms": (
        "the tables page served in 200 ms of server time"
    ),
}


def is_alone(nodeid: str) -> bool:
    """A listed file's tests, or a listed test with all its parameters."""
    return any(
        nodeid == prefix or nodeid.startswith((f"{prefix}::", f"{prefix}[")) for prefix in ALONE
    )
