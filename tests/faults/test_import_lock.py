"""A long import never keeps the club's other tables waiting (issue 25, 2): against the
stack `make run` serves, a table of the club logs event after event while a long sitting
is imported into the same club, and no append waits for the import (2 s at most, on a
loaded machine). It used to wait for the whole import: the import held the club's append
lock from its first event to its commit; games/services/tables.py now rules the sitting
first and appends it in chunks."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest
import requests

from bench._server import Server
from games.engine.simulate import random_sitting
from tests.faults.conftest import make_tables

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_long_import_leaves_the_clubs_other_tables_logging(served_stack: Server) -> None:
    url = f"http://127.0.0.1:{served_stack.port}"
    raw, (other,) = make_tables(url, 1, seed=900, deals=8)
    auth = {"Authorization": f"Bearer {raw}"}
    sitting = random_sitting(random.Random(3), "louisiana", 8, deals=120, options={"pot_limit": 50})
    imported: dict[str, Any] = {}

    def import_it() -> None:
        started = time.monotonic()
        body = {"name": "a long night", "transcript": sitting.transcript}
        answer = requests.post(f"{url}/api/v1/tables/import", json=body, headers=auth, timeout=600)
        imported.update(status=answer.status_code, seconds=time.monotonic() - started)

    importer = threading.Thread(target=import_it)
    waits: list[float] = []
    version = 1
    with requests.Session() as session:
        session.headers.update(auth)
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
    assert imported["status"] == 201, imported
    assert len(waits) >= 5, (imported, waits)  # the other table logged during the import
    # Each append waits for one chunk of the import at most (its append and inline
    # projection, about 0.1 s), plus its share of a 2-core machine the import keeps busy:
    # 2 s leaves room for a loaded CI machine and none for the whole import to pass first.
    assert max(waits) < 2.0, (imported["seconds"], sorted(waits)[-5:])
