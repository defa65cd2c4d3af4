"""The TypeScript client (clients/typescript: openapi-typescript's types, openapi-fetch)
drives a table night against a live server: the drive (src/drive.ts) is compiled with the
generated types (`tsc`, strict), so reading a shape the schema does not have fails to
build, and run with node, so a schema that disagrees with the server fails the drive."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.clients.node import node_ready, run_in_typescript
from tests.clubs.helpers import make_club, make_key
from tests.live.server import AsgiServer

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def test_the_typescript_client_drives_a_whole_night(live_app: AsgiServer) -> None:
    node_ready()
    built = run_in_typescript("node_modules/.bin/tsc", "-p", "tsconfig.json")
    assert built.returncode == 0, built.stdout + built.stderr
    key = make_key(make_club(), "scorekeeper")[1]
    ran = run_in_typescript("node", "dist/drive.js", live_app.url, key, timeout=400)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    night = json.loads(ran.stdout)
    assert len(night["plays"]) == 15
    assert night["plays"][1] == ["cy", "4S"]
    assert (night["renegePlayer"], night["renegeObligation"]) == ("cy", "follow_suit")
    assert len(night["undone"]) == 1
    assert night["settlement"]["closed"] is True
    rows = list(csv.reader(io.StringIO(night["settlementCsv"])))
    assert rows[0][0] == "player"
    assert night["streamed"] == list(range(1, night["version"] + 1))
    assert 0 < night["resumedAfter"] < night["version"]
    assert night["streamedTypes"][0] == "TableCreated"
