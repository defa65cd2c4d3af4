"""Undo: state and ruling exactly as if the undone event had never been logged, the
rulings it caused voided, and never reaching before the current deal's start."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.games.api.conftest import create_table, post_events

pytestmark = pytest.mark.django_db

DEAL = {"deal": {"dealer": "dee", "trump": "7S"}}
OPENING = [
    DEAL,
    {"player": "ana", "declare": "play"},
    {"player": "ben", "declare": "pass"},
    {"player": "cy", "declare": "play"},
    {"player": "dee", "declare": "play"},
    {"player": "ana", "play": "AS"},
    {"player": "cy", "play": "4S"},
]
TRICK_ENDER = {"player": "dee", "play": "7S"}


def _view(client: APIClient, table_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    state = client.get(f"/api/v1/tables/{table_id}/state").json()
    state.pop("table_id")
    state.pop("version")
    return state, client.get(f"/api/v1/tables/{table_id}/ruling").json()


def _undo(reason: str = "wrong card tapped") -> dict[str, Any]:
    return {"undo": {"reason": reason}}


def test_undo_equals_never_logged_and_voids_the_rulings(scorekeeper: APIClient) -> None:
    reference = create_table(scorekeeper)
    post_events(scorekeeper, reference["id"], 1, OPENING)

    table = create_table(scorekeeper)
    logged = post_events(scorekeeper, table["id"], 1, [*OPENING, TRICK_ENDER]).json()
    trick_won = [r for r in logged["rulings"] if r["kind"] == "trick_won"]
    assert len(trick_won) == 1
    undone = post_events(scorekeeper, table["id"], logged["version"], [_undo()])
    assert undone.status_code == 201
    body = undone.json()
    assert body["rulings"] == []
    assert body["undone"] == [
        {
            "version": logged["version"] + 1,
            "reason": "wrong card tapped",
            "undone_version": trick_won[0]["cause_version"],
            "undone_type": "CardPlayed",
            "voided_versions": [trick_won[0]["version"]],
        }
    ]
    assert _view(scorekeeper, table["id"]) == _view(scorekeeper, reference["id"])
    # The log keeps both the undone event and the undo.
    types = [
        e["type"] for e in scorekeeper.get(f"/api/v1/tables/{table['id']}/events").json()["events"]
    ]
    assert types[-3:] == ["CardPlayed", "RulingMade", "EventUndone"]
    transcript = scorekeeper.get(f"/api/v1/tables/{table['id']}/transcript").json()
    assert TRICK_ENDER not in transcript["deals"][0]["actions"]


def test_undo_then_relog_in_one_batch(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    wrong = {"player": "dee", "play": "2S"}
    response = post_events(scorekeeper, table["id"], 1, [*OPENING, wrong, _undo(), TRICK_ENDER])
    assert response.status_code == 201
    reference = create_table(scorekeeper)
    post_events(scorekeeper, reference["id"], 1, [*OPENING, TRICK_ENDER])
    assert _view(scorekeeper, table["id"]) == _view(scorekeeper, reference["id"])


def test_undo_reaches_the_deal_start_and_no_further(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    version = post_events(scorekeeper, table["id"], 1, OPENING[:2]).json()["version"]
    undo_both = post_events(scorekeeper, table["id"], version, [_undo(), _undo()])
    assert undo_both.status_code == 201
    assert [u["undone_type"] for u in undo_both.json()["undone"]] == [
        "PlayerDeclared",
        "DealStarted",
    ]
    assert undo_both.json()["undone"][1]["voided_versions"] == [3]  # the antes
    state = undo_both.json()["state"]
    assert state["deal"] is None
    assert state["pot"] == 0
    assert all(v == 0 for v in state["balances"].values())
    again = post_events(scorekeeper, table["id"], undo_both.json()["version"], [_undo()])
    assert again.status_code == 422
    assert again.json()["error"]["code"] == "nothing_to_undo"
    assert again.json()["error"]["index"] == 0


def test_a_settled_deal_is_final_once_the_next_deal_starts(scorekeeper: APIClient) -> None:
    table = create_table(scorekeeper)
    all_pass = [
        DEAL,
        *({"player": p, "declare": "pass"} for p in ("ana", "ben", "cy", "dee")),
    ]
    first = post_events(scorekeeper, table["id"], 1, all_pass)
    assert first.status_code == 201, first.json()
    nxt = post_events(
        scorekeeper,
        table["id"],
        first.json()["version"],
        [{"deal": {"dealer": "ana", "trump": "2H"}}],
    )
    assert nxt.status_code == 201, nxt.json()
    version = nxt.json()["version"]
    response = post_events(scorekeeper, table["id"], version, [_undo(), _undo()])
    assert response.status_code == 422
    assert response.json()["error"]["index"] == 1
    assert response.json()["error"]["code"] == "nothing_to_undo"


def test_undoing_the_play_that_settled_a_deal_unsettles_it(scorekeeper: APIClient) -> None:
    import json
    from pathlib import Path

    case = Path(__file__).resolve().parents[2] / "conformance" / "cases"
    transcript = json.loads((case / "louisiana-02-tie-bourre-lone.json").read_text())["transcript"]
    deal = transcript["deals"][0]
    events = [{"deal": {k: v for k, v in deal.items() if k != "actions"}}, *deal["actions"]]
    fields = {"players": transcript["players"], "options": {}}

    reference = create_table(scorekeeper, **fields)
    post_events(scorekeeper, reference["id"], 1, events[:-1])
    table = create_table(scorekeeper, **fields)
    settled = post_events(scorekeeper, table["id"], 1, events).json()
    assert settled["state"]["deals_settled"] == 1
    assert len(scorekeeper.get(f"/api/v1/tables/{table['id']}/ruling").json()["deals"]) == 1
    undone = post_events(scorekeeper, table["id"], settled["version"], [_undo()]).json()
    assert "deal_settled" in [
        r["kind"]
        for r in settled["rulings"]
        if r["version"] in undone["undone"][0]["voided_versions"]
    ]
    assert _view(scorekeeper, table["id"]) == _view(scorekeeper, reference["id"])
    assert scorekeeper.get(f"/api/v1/tables/{table['id']}/deals/0").json()["ruling"]["in_progress"]
