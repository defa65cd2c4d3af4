"""`transcript`: a whole `bourre-transcript/1` in, a `bourre-ruling/1` out; a refusal is
located by its deal and action index; a transcript written back from the engine's events
rules the same."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import TranscriptRejected, action_to_json, deal_to_json, rule_transcript
from games.engine.events import StartDeal
from games.engine.simulate import random_sitting
from games.engine.transcript import open_transcript, ruling_document, transcript_events

from .helpers import PLAYERS, D, P, rejected, transcript


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ([], None),
        (
            {"format": "bourre-transcript/2", "variant": "louisiana", "players": ["a", "b"]},
            "format",
        ),
        ({"variant": "louisiana", "players": ["a", "b"], "deals": {}}, "deals"),
        ({"variant": "louisiana", "players": ["a", "b"], "closed": 1}, "closed"),
        (
            {
                "variant": "louisiana",
                "players": ["a", "b"],
                "deals": [{"dealer": "b", "trump": "2S", "actions": {}}],
            },
            "actions",
        ),
    ],
)
def test_a_malformed_transcript_is_refused_naming_the_field(doc: Any, field: str | None) -> None:
    error = rejected(doc)
    assert error.rejection.code == "invalid_transcript"
    assert error.rejection.field == field
    assert error.deal is None or field == "actions"


def test_a_refusal_says_where_it_is_and_why() -> None:
    doc = transcript(
        "louisiana",
        PLAYERS,
        [
            {"dealer": "c", "trump": "2S", "actions": [D("a"), D("b"), D("c")]},
        ],
    )
    doc["deals"].append({"dealer": "a", "trump": "3S", "actions": [D("b"), D("a")]})
    error = rejected(doc)  # the first deal is still being played
    assert error.as_dict() == {
        "deal": 1,
        "action": None,
        "code": "deal_in_progress",
        "message": "deal 1 is in progress: it has not ended yet",
    }
    doc["deals"][0]["actions"] = [D("a", False), D("b", False), D("c", False)]
    error = rejected(doc)
    assert (error.deal, error.action, error.rejection.code) == (1, 1, "out_of_turn")
    assert error.as_dict()["expected_player"] == "c"
    doc["deals"][1]["actions"] = [{"player": "b", "bid": 3}]
    assert (rejected(doc).action, rejected(doc).rejection.code) == (0, "invalid_event")


def test_a_malformed_deal_header_is_located_at_its_deal() -> None:
    doc = transcript("louisiana", ["a", "b"], [{"dealer": "b", "trump": "2S", "ante": "one"}])
    error = rejected(doc)
    assert (error.deal, error.action, error.rejection.field) == (0, None, "ante")


def test_the_format_defaults_and_an_empty_transcript_rules_to_nothing() -> None:
    ruled = rule_transcript({"variant": "occitan", "players": ["a", "b", "c"]})
    assert ruled == {
        "format": "bourre-ruling/1",
        "deals": [],
        "balances": {"a": 0, "b": 0, "c": 0},
        "pot": 0,
    }


def test_a_deal_in_play_is_ruled_so_far_and_marked_in_progress() -> None:
    doc = transcript(
        "louisiana",
        PLAYERS,
        [
            {"dealer": "c", "trump": "2S", "actions": [D("a"), D("b", False), P("a", "5H")]},
        ],
    )
    with pytest.raises(TranscriptRejected):
        rule_transcript(doc)  # c has not declared: a cannot play yet
    doc["deals"][0]["actions"] = [D("a"), D("b", False)]
    (only,) = rule_transcript(doc)["deals"]
    assert only == {
        "trump_suit": "S",
        "active": ["a"],
        "tricks": [],
        "tricks_won": {},
        "rulings": [],
        "pot": {"antes": 3, "start": 3, "paid_out": 0, "left": 3},
        "next": {"penalties": {}, "exempt": [], "double": []},
        "in_progress": True,
    }


@pytest.mark.parametrize("variant", ["louisiana", "ukrainian", "occitan", "comtadine"])
def test_a_transcript_written_back_from_its_events_rules_the_same(variant: str) -> None:
    sim = random_sitting(random.Random(11), variant, 3, 3, renege_chance=0.1)
    sitting, deals = open_transcript(sim.transcript)
    written: list[dict[str, Any]] = []
    for _, action, event in transcript_events(deals):
        if action is None:
            assert isinstance(event, StartDeal)
            written.append({**deal_to_json(event), "actions": []})
        else:
            written[-1]["actions"].append(action_to_json(event))  # type: ignore[arg-type]
    again = {**sim.transcript, "deals": written}
    assert again == sim.transcript
    assert rule_transcript(again) == rule_transcript(sim.transcript) == ruling_document(sim.state)
    assert sitting.variant == variant


def test_the_closed_flag_closes_the_sitting_after_its_last_deal() -> None:
    doc = transcript(
        "louisiana",
        ["a", "b"],
        [
            {"dealer": "b", "trump": "2S", "actions": [D("a"), D("b", False)]},
        ],
    )
    assert "closing" not in rule_transcript(doc)
    ruled = rule_transcript({**doc, "closed": True})
    assert ruled["closing"] == {
        "pot": 0,
        "shares": {"a": 0, "b": 0},
        "transfers": [{"from": "b", "to": "a", "amount": 1}],
    }
    assert list(ruled) == ["format", "deals", "balances", "pot", "closing"]
