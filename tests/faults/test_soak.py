"""The fault soak (issue 40; `make soak` for minutes, this test's short form in `make test`):
8 tables of 4 clubs logging through nginx, one request at a time with their idempotency
keys, retrying a dropped connection, a 502, a 503 or a 504 with the same key and body,
while each of a gunicorn worker, uvicorn, the Celery worker, Redis and PostgreSQL is killed
(`kill -9`) and started again in turn; a viewer link's stream and the API's stream follow
every table through it all. Afterwards:

- every acknowledged event is in the log exactly once, in order; every club's chain holds;
- the read models equal a rebuild: the table-by-table ones (`rebuild --verify`) and the
  player statistics (caught up, then built again from the log beside them);
- every live viewer caught up with its table's last version, and the API's streams heard
  every version once, in order.

`BOURRE_SOAK_SECONDS` sets how long the faults go on (the short form: one round of the five,
12 s apart). The figures of a run are printed (`-s`) and kept in docs/operations.md."""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import requests

from bench._server import Server
from tests.faults.conftest import Outcome, check_log, local_services, log_table, make_tables
from tests.faults.conftest import test_db_env as stack_env
from tests.faults.soak import FAULTS, Follower, follow, fresh_connections, kill_in_turn

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.skipif(not local_services(), reason="kills servers: only the project-local ones"),
]

SECONDS = float(os.environ.get("BOURRE_SOAK_SECONDS", "0"))
EVERY = 12.0  # between two faults: more than serve.sh's 10 s
ROUNDS = max(1, int(SECONDS // (EVERY * len(FAULTS))))
#: Retried with the same key and body: a dropped connection, and these.
RETRY = frozenset({502, 503, 504})


def _viewer_stream(url: str, raw: str, table_id: str) -> str:
    made = requests.post(f"{url}/api/v1/tables/{table_id}/viewers",
                         headers={"Authorization": f"Bearer {raw}"}, timeout=10)  # fmt: skip
    assert made.status_code == 201, made.text
    return f"{url}/live/v/{made.json()['url'].rstrip('/').split('/v/')[1]}"


def _until(check: Any, seconds: float, state: Any = None) -> float:
    """Seconds until `check()` held (or AssertionError after `seconds`, with `state()`)."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > seconds:
            raise AssertionError(f"not within {seconds} s: {state() if state else ''}")
        time.sleep(0.5)
    return time.monotonic() - started


def _read_models_caught_up() -> bool:
    from eventlog import last_position
    from followers.models import SubscriptionCheckpoint
    from projectors.framework import projectors_all

    try:
        head = last_position()
        return not SubscriptionCheckpoint.objects.filter(
            active=True, name__in=list(projectors_all()), position__lt=head
        ).exists()
    except Exception:
        fresh_connections()
        return False


def _read_models_equal_a_rebuild(clubs: set[str], tables: list[Any]) -> None:
    from projectors.rebuild import projections_rebuild
    from tests.projectors.conftest import from_scratch, live, snapshot

    # The soak's own tables: the log outlives the flushes of the tests before it (their
    # tables' rows are gone, their events are not).
    differences = {}
    for table in tables:
        outcome = projections_rebuild(names=None, table=table.id, verify=True)
        for name, report in outcome.reports.items():
            if report.differences:
                differences[(name, str(table.id))] = report.differences[:3]
    assert differences == {}
    checkpoint = live()
    from followers.framework import club_positions

    until = club_positions(checkpoint)
    assert snapshot(checkpoint.generation, clubs) == from_scratch(until, clubs)


def test_every_process_killed_in_turn_loses_nothing_and_every_viewer_catches_up(
    test_db_name: str, tmp_path: Path
) -> None:
    duration = ROUNDS * len(FAULTS) * EVERY + 10
    with Server(tmp_path / "serve.log", env=stack_env(test_db_name)) as server:
        url = f"http://127.0.0.1:{server.port}"
        logged: list[tuple[str, Any]] = []
        for club in range(4):  # a club's events are its own chain
            raw, tables = make_tables(url, 2, seed=9000 + 10 * club, deals=int(duration / 2) + 8)
            logged += [(raw, table) for table in tables]
        followers = []
        for raw, table in logged:
            followers.append(Follower(_viewer_stream(url, raw, table.id), {}, every_version=False))
            api = f"{url}/api/v1/tables/{table.id}/stream?after=0"
            key = {"Authorization": f"Bearer {raw}"}
            followers.append(Follower(api, key, every_version=True))
        follow(followers)
        outcome, lock, stop = Outcome(), threading.Lock(), threading.Event()
        loggers = [
            threading.Thread(
                target=log_table,
                args=(url, raw, table, outcome, lock),
                kwargs={"patience": 120, "retry_on": RETRY, "pace": 0.05, "stop": stop},
            )
            for raw, table in logged
        ]
        started = time.monotonic()
        for thread in loggers:
            thread.start()
        faults: list[str] = []
        kill_in_turn(server, every=EVERY, rounds=ROUNDS, log=faults)
        time.sleep(EVERY)
        stop.set()
        for thread in loggers:
            thread.join(180)
        logging_seconds = time.monotonic() - started
        fresh_connections()
        from eventlog import stream_version

        finals = {t.id: stream_version(stream=f"table-{t.id}") for _, t in logged}
        targets = [finals[t.id] for _, t in logged for _ in range(2)]
        caught_up = _until(
            lambda: all(f.last == v for f, v in zip(followers, targets, strict=True)),
            90,
            lambda: [
                (f.url.rsplit("/", 2)[-2:], f.last, v, f.reconnections, f.wrong[:2])
                for f, v in zip(followers, targets, strict=True)
                if f.last != v
            ],
        )
        for follower in followers:
            follower.stop.set()
        read_models = _until(_read_models_caught_up, 120)
    statuses = Counter(outcome.statuses)
    print(
        f"\nsoak: {len(faults)} faults in {logging_seconds:.0f} s ({'; '.join(faults)}); "
        f"{len(outcome.statuses)} posts, {len(outcome.acknowledged)} events acknowledged, "
        f"{outcome.retries} retried ({outcome.replayed} replayed), statuses {dict(statuses)}; "
        f"viewers caught up {caught_up:.1f} s after the last post, reconnected "
        f"{sum(f.reconnections for f in followers)} times; read models caught up "
        f"{read_models:.1f} s after that"
    )
    assert len(faults) == ROUNDS * len(FAULTS)
    assert set(statuses) <= {201} | RETRY, statuses
    assert [f.wrong for f in followers if f.wrong] == []
    check_log([table for _, table in logged], outcome, whole=False)
    tables = _tables_of(logged)
    _read_models_equal_a_rebuild({str(table.club_id) for table in tables}, tables)


def _tables_of(logged: list[tuple[str, Any]]) -> list[Any]:
    from games.models import Table

    return list(Table.objects.filter(id__in=[table.id for _, table in logged]))
