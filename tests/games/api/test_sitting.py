"""A club night over the API: joins and leaves between deals, closing, undo of a close,
and a whole evening (arrivals, departures, several deals, the close, the settle-up)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.engine import rule_transcript, ruling_document
from games.engine.simulate import random_night
from tests.games.api.conftest import create_table, post_events
from tests.games.api.sittings import EVENING, event_json, first_players

pytestmark = pytest.mark.django_db

DEAL = {"deal": {"dealer": "dee", "trump": "7S"}}
ALL_PASS = [{"player": p, "declare": "pass"} for p in ("ana", "ben", "cy", "dee")]


def _undo() -> dict[str, Any]:
    return {"undo": {"reason": "logged by mistake"}}


def get(client: APIClient, table: dict[str, Any], path: str = "") -> Any:
    response = client.get(f"/api/v1/tables/{table['id']}{path}")
    assert response.status_code == 200, response.json()
    return response.json()


def test_seat_changes_during_a_deal_are_422_naming_the_deal(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    version = post_events(scorekeeper, table["id"], 1, [DEAL]).json()["version"]
    for change in (
        {"join": {"player": "eve", "seat_after": "dee"}},
        {"leave": {"player": "ana"}},
        {"close": {}},
    ):
        response = post_events(scorekeeper, table["id"], version, [change])
        assert response.status_code == 422, response.json()
        error = response.json()["error"]
        assert (error["code"], error["deal"], error["index"]) == ("deal_in_progress", 0, 0)
        assert "deal 1" in error["message"]  # the words count deals from 1, the field from 0
    assert get(scorekeeper, table)["version"] == version  # nothing stored


def test_joins_and_leaves_change_who_is_dealt_in(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    response = post_events(
        scorekeeper,
        table["id"],
        1,
        [
            {"join": {"player": "e\u0301ve", "seat_after": "ben"}},  # kept in NFC: "éve"
            {"leave": {"player": "cy"}},
            {"join": {"player": "fay", "seat_after": None}},
            DEAL,
        ],
    )
    assert response.status_code == 201, response.json()
    state = response.json()["state"]
    assert state["players"] == ["fay", "ana", "ben", "\u00e9ve", "cy", "dee"]
    assert state["seated"] == ["fay", "ana", "ben", "\u00e9ve", "dee"]
    assert state["left"] == ["cy"]
    assert [s["player"] for s in state["deal"]["seats"] if s["seated"]] == state["seated"]
    assert state["pot"] == 5  # five antes: cy sits no more
    table_now = get(scorekeeper, table)
    assert (table_now["seated"], table_now["left"], table_now["closed"]) == (
        state["seated"],
        ["cy"],
        False,
    )
    assert get(scorekeeper, table, "/state")["left"] == ["cy"]


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"join": {"player": "x" * 101, "seat_after": None}}, "invalid_players", "join.player"),
        ({"join": {"player": "  ", "seat_after": None}}, "invalid_players", "join.player"),
        ({"join": {"player": " eve", "seat_after": None}}, "invalid_players", "join.player"),
        ({"join": {"player": "e\u200bve", "seat_after": None}}, "invalid_players", "join.player"),
        ({"join": {"player": "ANA", "seat_after": None}}, "invalid_players", "join.player"),
        ({"join": {"player": "eve"}}, "invalid_event", "join.seat_after"),
        ({"join": {"player": "eve", "seat_after": "zed"}}, "unknown_player", "join.seat_after"),
        ({"join": {"player": "ana", "seat_after": None}}, "already_seated", "join.player"),
        ({"join": {"player": 7, "seat_after": None}}, "invalid_event", "join.player"),
        ({"leave": {"player": "zed"}}, "unknown_player", "leave.player"),
        ({"leave": {}}, "invalid_event", "leave.player"),
        ({"close": {"now": True}}, "invalid_event", "close.now"),
        ({"close": {}}, "nothing_to_close", None),
        ({"close": {}, "leave": {"player": "ana"}}, "invalid_event", "leave"),
    ],
)
def test_bad_seat_changes_are_422_naming_the_field(
    scorekeeper: APIClient, table: dict[str, Any], change: Any, code: str, field: str
) -> None:
    response = post_events(scorekeeper, table["id"], 1, [change])
    assert response.status_code == 422, response.json()
    error = response.json()["error"]
    assert (error["code"], error["field"]) == (code, field)


def test_after_close_every_write_is_409_and_undo_reopens(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    played = post_events(scorekeeper, table["id"], 1, [DEAL, *ALL_PASS, {"close": {}}])
    assert played.status_code == 201, played.json()
    body = played.json()
    closing = body["rulings"][-1]
    assert closing["kind"] == "table_closed"
    assert closing["deal"] is None
    assert closing["ruling"] == {
        "pot": 4,
        "shares": {"ana": 1, "ben": 1, "cy": 1, "dee": 1},
        "transfers": [],
    }
    assert (body["state"]["phase"], body["state"]["closed"], body["state"]["pot"]) == (
        "closed",
        True,
        0,
    )
    version = body["version"]
    for write in (
        {"deal": {"dealer": "ana", "trump": "2S"}},
        {"player": "ana", "declare": "play"},
        {"join": {"player": "eve", "seat_after": None}},
        {"leave": {"player": "ana"}},
        {"close": {}},
    ):
        response = post_events(scorekeeper, table["id"], version, [write])
        assert response.status_code == 409, response.json()
        assert response.json()["error"]["code"] == "table_closed"
    ruling = get(scorekeeper, table, "/ruling")
    assert ruling["closing"]["pot"] == 4
    assert get(scorekeeper, table)["closed"] is True
    assert get(scorekeeper, table, "/transcript")["closed"] is True

    reopened = post_events(scorekeeper, table["id"], version, [_undo()])
    assert reopened.status_code == 201, reopened.json()
    undone = reopened.json()["undone"][0]
    assert undone["undone_type"] == "TableClosed"
    assert undone["voided_versions"] == [closing["version"]]
    state = reopened.json()["state"]
    assert (state["closed"], state["pot"], state["closing"]) == (False, 4, None)
    assert "closing" not in get(scorekeeper, table, "/ruling")
    assert "closed" not in get(scorekeeper, table, "/transcript")
    ledger = get(scorekeeper, table, "/ledger")
    assert ledger["pot"] == 4  # the closing's postings are voided with it
    more = post_events(
        scorekeeper,
        table["id"],
        reopened.json()["version"],
        [{"deal": {"dealer": "ana", "trump": "2S"}}],
    )
    assert more.status_code == 201, more.json()


def test_undo_takes_back_a_join_and_a_leave(scorekeeper: APIClient, table: dict[str, Any]) -> None:
    changes = [{"join": {"player": "eve", "seat_after": None}}, {"leave": {"player": "ana"}}]
    version = post_events(scorekeeper, table["id"], 1, changes).json()["version"]
    response = post_events(scorekeeper, table["id"], version, [_undo()])
    assert response.json()["state"]["seated"] == ["eve", "ana", "ben", "cy", "dee"]
    response = post_events(scorekeeper, table["id"], response.json()["version"], [_undo()])
    assert response.status_code == 201, response.json()
    assert response.json()["undone"][0]["undone_type"] == "PlayerJoined"
    assert response.json()["state"]["players"] == ["ana", "ben", "cy", "dee"]


def test_a_join_retried_with_its_key_is_stored_once(
    scorekeeper: APIClient, table: dict[str, Any]
) -> None:
    join = [{"join": {"player": "eve", "seat_after": "dee"}}]
    first = post_events(scorekeeper, table["id"], 1, join, key="eve-arrives")
    again = post_events(scorekeeper, table["id"], 1, join, key="eve-arrives")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["Idempotent-Replayed"] == "true"
    log = get(scorekeeper, table, "/events")["events"]
    assert [e["type"] for e in log] == ["TableCreated", "PlayerJoined"]
    assert log[1]["data"] == {"player": "eve", "seat_after": "dee"}


@pytest.mark.parametrize("variant", ["louisiana", "ukrainian", "occitan", "comtadine"])
def test_a_random_club_night_through_the_api(scorekeeper: APIClient, variant: str) -> None:
    night = random_night(random.Random(7), variant, 5, renege_chance=0.1)
    players = first_players(night.events, list(night.state.players))
    table = create_table(scorekeeper, variant=variant, players=players, options={})
    events = [event_json(e) for e in night.events]
    response = post_events(scorekeeper, table["id"], 1, events)
    assert response.status_code == 201, response.json()
    expected = ruling_document(night.state)
    assert get(scorekeeper, table, "/ruling") == expected
    transcript = get(scorekeeper, table, "/transcript")
    assert rule_transcript(transcript) == expected
    copy = scorekeeper.post(
        "/api/v1/tables/import", {"name": "copy", "transcript": transcript}, format="json"
    )
    assert copy.status_code == 201, copy.json()
    assert get(scorekeeper, copy.json(), "/ruling") == expected
    assert copy.json()["closed"] is True


def test_a_whole_evening_end_to_end(scorekeeper: APIClient) -> None:
    """ana, ben and cy sit down; dee arrives, ben goes home, eve takes the first seat; three
    deals; the table closes and the settle-up says who pays whom."""
    table = create_table(scorekeeper, players=["ana", "ben", "cy"], options={"ante": 1})
    version = table["version"]
    for step in EVENING:
        response = post_events(scorekeeper, table["id"], version, step)
        assert response.status_code == 201, response.json()
        version = response.json()["version"]
    state = response.json()["state"]
    assert state["players"] == ["eve", "ana", "ben", "cy", "dee"]
    assert (state["seated"], state["left"]) == (["eve", "ana", "cy", "dee"], ["ben"])
    # 3 carried, 4 more antes: ana alone takes 7; then 4 antes shared 1 each at the close.
    assert state["closing"] == {
        "pot": 4,
        "shares": {"eve": 1, "ana": 1, "cy": 1, "dee": 1},
        "transfers": [
            {"from": "ben", "to": "ana", "amount": 2},
            {"from": "cy", "to": "ana", "amount": 2},
            {"from": "dee", "to": "ana", "amount": 1},
        ],
    }
    assert state["balances"] == {"eve": 0, "ana": 5, "ben": -2, "cy": -2, "dee": -1}
    settlement = get(scorekeeper, table, "/settlement")
    assert settlement["transfers"] == state["closing"]["transfers"]
    ana = next(s for s in settlement["statements"] if s["player"] == "ana")
    assert ana == {
        "player": "ana",
        "antes": 3,
        "fees": 0,
        "penalties": 0,
        "winnings": 7,
        "closing_share": 1,
        "net": 5,
    }
    assert [s["player"] for s in settlement["statements"]] == state["players"]
    csv_text = scorekeeper.get(f"/api/v1/tables/{table['id']}/settlement?format=csv")
    assert csv_text.content.decode().endswith("from,to,amount\nben,ana,2\ncy,ana,2\ndee,ana,1\n")
    transcript = get(scorekeeper, table, "/transcript")
    assert transcript["players"] == state["players"]
    assert [d["seated"] for d in transcript["deals"]] == [
        ["ana", "ben", "cy"],
        ["ana", "ben", "cy", "dee"],
        ["eve", "ana", "cy", "dee"],
    ]
    assert transcript["closed"] is True
    assert rule_transcript(transcript) == get(scorekeeper, table, "/ruling")


def _passes(*players: str) -> list[dict[str, Any]]:
    return [{"player": p, "declare": "pass"} for p in players]
