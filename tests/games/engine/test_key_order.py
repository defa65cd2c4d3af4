"""`key_order`: a document that comes back from storage with its keys reordered is given
the order of its format again (TRANSCRIPT.md), without dropping or changing a value."""

from __future__ import annotations

import json
import random
from typing import Any

from games.engine import rule_transcript
from games.engine.key_order import ordered, ruling_ordered, transcript_ordered
from games.engine.simulate import random_night


def jsonb_order(value: Any) -> Any:
    """Keys as PostgreSQL's jsonb returns them: shortest first, then bytewise."""
    if isinstance(value, dict):
        keys = sorted(value, key=lambda k: (len(k), k))
        return {k: jsonb_order(value[k]) for k in keys}
    if isinstance(value, list):
        return [jsonb_order(v) for v in value]
    return value


def test_ordered_puts_the_known_keys_first_and_keeps_the_others_as_they_came() -> None:
    out = ordered({"zeta": 1, "b": 2, "a": 3, "extra": 4}, ("a", "b", "missing"))
    assert list(out.items()) == [("a", 3), ("b", 2), ("zeta", 1), ("extra", 4)]


def test_a_ruling_back_from_storage_reads_as_the_engine_wrote_it() -> None:
    night = random_night(random.Random(4), "louisiana", 3, renege_chance=0.2)
    ruling = rule_transcript(night.transcript)
    stored = jsonb_order(json.loads(json.dumps(ruling)))
    assert list(stored) != list(ruling)  # the storage order really differs
    back = ruling_ordered(stored)
    assert back == ruling  # no value dropped or changed
    # The format's keys in the format's order, at every level (maps keyed by player keep
    # the order storage gave them: the engine's text storage keeps theirs).
    assert list(back) == list(ruling)
    for got, wrote in zip(back["deals"], ruling["deals"], strict=True):
        assert list(got) == list(wrote)
        assert list(got["pot"]) == list(wrote["pot"])
        assert list(got["next"]) == list(wrote["next"])
        assert [list(t) for t in got["tricks"]] == [list(t) for t in wrote["tricks"]]
        assert [list(r) for r in got["rulings"]] == [list(r) for r in wrote["rulings"]]
    assert [list(t) for t in back["closing"]["transfers"]] == [
        list(t) for t in ruling["closing"]["transfers"]
    ]


def test_a_transcript_back_from_storage_reads_in_the_documented_order() -> None:
    night = random_night(random.Random(2), "ukrainian", 2)
    doc = night.transcript
    back = transcript_ordered(jsonb_order(doc))
    assert list(back) == ["format", "variant", "options", "players", "deals", "closed"]
    first = back["deals"][0]
    assert next(iter(first)) == "dealer"
    assert list(first)[-1] == "actions"
    assert list(first["hands"]) == [p for p in doc["players"] if p in first["hands"]]
    for action in first["actions"]:
        assert next(iter(action)) == "player"
    assert back == doc


def test_values_of_an_unknown_shape_are_left_alone() -> None:
    doc = {"deals": "not a list", "variant": "poker", "options": {"b": 1, "a": 2}}
    back = transcript_ordered(doc)
    assert back == doc
    assert list(back["options"]) == ["b", "a"]  # an unknown variant has no option order


def test_a_partial_document_is_ordered_as_far_as_it_goes_and_loses_nothing() -> None:
    ruling = {
        "pot": 3,
        "deals": [{"rulings": [{"player": "a", "kind": "bourre"}], "active": ["a"]}, "odd"],
        "format": "bourre-ruling/1",
        "closing": {"transfers": [], "pot": 0},
    }
    back = ruling_ordered(ruling)
    assert back == ruling
    assert list(back) == ["format", "deals", "pot", "closing"]
    assert list(back["deals"][0]) == ["active", "rulings"]
    assert list(back["deals"][0]["rulings"][0]) == ["kind", "player"]
    assert list(back["closing"]) == ["pot", "transfers"]
    doc = {"deals": [{"actions": [], "dealer": "a"}], "players": ["a"], "format": "x"}
    assert list(transcript_ordered(doc)) == ["format", "players", "deals"]
    assert list(transcript_ordered(doc)["deals"][0]) == ["dealer", "actions"]
