"""A long import never keeps the club's other tables waiting (issue 25, 2): against the
stack `make run` serves, a table of the club logs event after event while a long sitting
is imported into the same club. What is asserted is the club's append lock itself: a
sampler watches `pg_locks` every few milliseconds and times each transaction's hold of the
club's advisory lock, which must stay a fraction of a second (each chunk of the import, and
each of the other table's appends). The other table's waits are checked too, loosely: they
include the client's and the server's share of a loaded 2-core machine, which made a bound
on them alone flaky. The import
used to hold the lock from its first event to its commit (14.8 s behind a 600-deal
sitting); games/services/tables.py now rules the sitting first and appends it in chunks,
and a sitting this long is imported by the served Celery worker (a 202, then polled)."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import psycopg
import pytest
import requests

from bench._server import Server
from eventlog.schema import LOCK_CLASS
from games.engine.simulate import random_sitting
from tests.faults.conftest import make_tables

#: How often the sampler looks at pg_locks: a hold shorter than this may go unseen, and
#: each hold seen is measured to within it.
SAMPLE_SECONDS = 0.005
#: "A fraction of a second": a chunk of IMPORT_CHUNK items (its append, the inline
#: projections, the commit) holds the lock about 0.05 s on an idle machine.
HOLD_BOUND_SECONDS = 0.5


class LockHolds:
    """Each transaction's hold of the club's append lock, as seen in pg_locks."""

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self.first: dict[str, float] = {}
        self.last: dict[str, float] = {}
        self.working: dict[str, float] = {}  # the last sample not in its COMMIT
        self.samples = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        # The two-key advisory lock: classid is the event store's class, objsubid 2; with
        # whether its holder is committing (the lock goes with the commit).
        sql = (
            "SELECT l.virtualtransaction, a.query = 'COMMIT' AND a.state = 'active' "
            "FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 "
            "AND l.classid = %s::oid"
        )
        with psycopg.connect(self.dsn, autocommit=True) as conn:
            while not self.stop.is_set():
                now = time.monotonic()
                for holder, committing in conn.execute(sql, (LOCK_CLASS,)).fetchall():
                    self.first.setdefault(holder, now)
                    if not committing:
                        self.working[holder] = now
                    self.last[holder] = now
                self.samples += 1
                time.sleep(SAMPLE_SECONDS)

    def seconds(self, *, committing: bool = True) -> list[float]:
        """Each hold's length, to within one sampling interval (the longest first); without
        its COMMIT when not `committing`."""
        ends = self.last if committing else self.working
        return sorted(
            (ends.get(h, self.first[h]) - self.first[h] + SAMPLE_SECONDS for h in self.first),
            reverse=True,
        )


pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_long_import_holds_the_clubs_lock_a_fraction_of_a_second_at_a_time(
    served_stack: Server, app_dsn: str
) -> None:
    url = f"http://127.0.0.1:{served_stack.port}"
    holds = LockHolds(app_dsn)
    raw, (other,) = make_tables(url, 1, seed=900, deals=8)
    auth = {"Authorization": f"Bearer {raw}"}
    sitting = random_sitting(random.Random(3), "louisiana", 8, deals=120, options={"pot_limit": 50})
    imported: dict[str, Any] = {}

    def import_it() -> None:
        """A long sitting is the served worker's job (202), polled until it has ended."""
        started = time.monotonic()
        body = {"name": "a long night", "transcript": sitting.transcript}
        answer = requests.post(f"{url}/api/v1/tables/import", json=body, headers=auth, timeout=60)
        imported.update(accepted=answer.status_code, answered=time.monotonic() - started)
        job = answer.json()
        while job.get("status") in ("queued", "running"):
            time.sleep(0.2)
            job = requests.get(job["url"], headers=auth, timeout=60).json()
        imported.update(status=job.get("status"), seconds=time.monotonic() - started)

    importer = threading.Thread(target=import_it)
    waits: list[float] = []
    version = 1
    with requests.Session() as session:
        session.headers.update(auth)
        holds.thread.start()
        importer.start()
        time.sleep(0.5)  # the import is under way (ruling the sitting, then appending)
        for event in other.events:
            if not importer.is_alive():
                break
            started = time.monotonic()
            answer = session.post(
                f"{url}/api/v1/tables/{other.id}/events",
                json={"expected_version": version, "events": [event]},
                timeout=600,
            )
            waits.append(time.monotonic() - started)
            assert answer.status_code == 201, answer.text
            version = answer.json()["version"]
        importer.join(600)
    holds.stop.set()
    holds.thread.join(10)
    assert (imported["accepted"], imported["status"]) == (202, "succeeded"), imported
    seconds, with_commit = holds.seconds(committing=False), holds.seconds()
    print(f"import {imported['seconds']:.1f} s; {len(seconds)} holds of the lock, longest "
          f"{seconds[0]:.3f} s ({with_commit[0]:.3f} s with its commit), "
          f"median {seconds[len(seconds) // 2]:.3f} s")  # fmt: skip
    # 120 deals of 8 players: about 30 chunks of the import, each seen holding the lock.
    assert len(seconds) >= 20, (holds.samples, seconds)
    # What a transaction does holding the lock is ours to bound; its COMMIT, once the work
    # is done, is mostly the disk's flush of the log, which this shared host has stalled
    # for 0.44 s and 0.9 s now and then while the other holds took 0.01 s (the commit's
    # deferred key checks are a few index probes). An import holding the lock across its
    # chunks, as it used to, is caught either way: its work alone would last far longer.
    assert seconds[0] < HOLD_BOUND_SECONDS, (imported["seconds"], seconds[:5], with_commit[:5])
    assert len(waits) >= 5, (imported, waits)  # the other table logged during the import
    # The other table's appends: each waits for one chunk at most, plus its share of a loaded
    # 2-core machine (2.4 s at a load of 20, while the lock's holds stayed under 0.5 s), so
    # their bound only says that none waited for the whole import to pass first.
    assert max(waits) < imported["seconds"] / 2, (imported["seconds"], sorted(waits)[-5:])
