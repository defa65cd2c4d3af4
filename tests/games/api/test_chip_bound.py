"""The bound on chip amounts (2^53 - 1, docs/rules.md §1.2) through the API and the command:
the table, the event and the import that would pass it are refused `chips_out_of_range`,
never a 500 and never stored."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.engine.chips import MAX_CHIPS
from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]
PLAYERS = ["ana", "ben", "cy", "dee"]
PASSES = [{"player": p, "declare": "pass"} for p in PLAYERS]


def _sitting(ante: int, deals: int = 1) -> dict[str, Any]:
    return {
        "format": "bourre-transcript/1",
        "variant": "louisiana",
        "options": {"ante": ante},
        "players": PLAYERS,
        "deals": [{"dealer": "dee", "trump": "2S", "actions": PASSES} for _ in range(deals)],
    }


def test_a_table_whose_ante_passes_the_bound_is_refused(scorekeeper: APIClient) -> None:
    body = {"name": "t", "variant": "louisiana", "players": PLAYERS,
            "options": {"ante": MAX_CHIPS + 1}}  # fmt: skip
    response = scorekeeper.post("/api/v1/tables", body, format="json")
    assert response.status_code == 422, response.json()
    assert response.json()["error"]["code"] == "chips_out_of_range"
    assert response.json()["error"]["field"] == "options.ante"


def test_the_deal_that_would_carry_the_pot_past_the_bound_is_refused(
    scorekeeper: APIClient,
) -> None:
    table = create_table(scorekeeper, options={"ante": MAX_CHIPS // 4})
    ok = post_events(scorekeeper, table["id"], 1, [{"deal": {"dealer": "dee", "trump": "2S"}}])
    assert ok.status_code == 201, ok.json()
    passes = [{"player": p, "declare": "pass"} for p in PLAYERS]
    passed = post_events(scorekeeper, table["id"], ok.json()["version"], passes)
    assert passed.status_code == 201, passed.json()
    version = passed.json()["version"]
    # All passed: the pot carries, and the next four antes would pass the bound.
    next_deal = [{"deal": {"dealer": "ana", "trump": "3S"}}]
    refused = post_events(scorekeeper, table["id"], version, next_deal)
    assert refused.status_code == 422, refused.json()
    assert refused.json()["error"]["code"] == "chips_out_of_range"
    state = scorekeeper.get(f"/api/v1/tables/{table['id']}").json()
    assert state["version"] == version  # nothing stored


def test_an_import_that_would_pass_the_bound_is_refused_not_a_500(
    scorekeeper: APIClient,
) -> None:
    body = {"name": "big pot", "transcript": _sitting(MAX_CHIPS // 4, deals=2)}
    response = scorekeeper.post("/api/v1/tables/import", body, format="json")
    assert response.status_code == 422, response.json()
    assert (response.json()["error"]["code"], response.json()["error"]["deal"]) == (
        "chips_out_of_range",
        1,
    )
    assert scorekeeper.get("/api/v1/tables").json()["tables"] == []


def test_the_referee_command_says_which_code(tmp_path: Path) -> None:
    doc = tmp_path / "big.json"
    doc.write_text(json.dumps(_sitting(MAX_CHIPS // 4, deals=2)))
    run = subprocess.run(
        [sys.executable, "manage.py", "referee", str(doc)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 1
    error = json.loads(run.stdout)["error"]
    assert (error["deal"], error["code"]) == (1, "chips_out_of_range")
