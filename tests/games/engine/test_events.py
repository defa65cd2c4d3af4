"""`events`: the engine's inputs read from the transcript and API shapes, each bad shape
refused naming its field, and written back to the same shape."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import (
    Close,
    Declare,
    Exchange,
    Join,
    Leave,
    PassTurn,
    Play,
    Rejection,
    Retract,
    StartDeal,
    action_to_json,
    change_to_json,
    deal_to_json,
    parse_action,
    parse_close,
    parse_deal,
    parse_join,
    parse_leave,
)

from .helpers import louisiana_deal, rejected


def test_the_api_shapes_parse_and_bad_ones_name_the_field() -> None:
    assert parse_join({"join": {"player": "e", "seat_after": None}}) == Join("e", None)
    assert parse_leave({"leave": {"player": "e"}}) == Leave("e")
    assert parse_close({"close": {}}) == Close()
    for bad, field in (
        ({"join": {"player": "e"}}, "join.seat_after"),
        ({"join": {"player": "", "seat_after": None}}, "join.player"),
        ({"join": {"player": "e", "seat_after": None, "x": 1}}, "join.x"),
        ({"close": {"now": True}}, "close.now"),
        ({"leave": "e"}, "leave"),
        ({"close": {}, "join": {}}, "close"),
    ):
        parse = {"join": parse_join, "leave": parse_leave, "close": parse_close}[next(iter(bad))]
        with pytest.raises(Rejection) as caught:
            parse(bad)
        assert caught.value.field == field, bad
    with pytest.raises(Rejection) as caught:
        parse_close([])
    assert caught.value.field == "close"


@pytest.mark.parametrize(
    ("shape", "action"),
    [
        ({"player": "a", "declare": "play"}, Declare("a", True)),
        ({"player": "a", "declare": "pass"}, Declare("a", False)),
        ({"player": "a", "exchange": 2}, Exchange("a", 2)),
        (
            {"player": "a", "exchange": 1, "discard": ["5H"], "draw": ["KD"]},
            Exchange("a", 1, ("5H",), ("KD",)),
        ),
        ({"player": "a", "play": "TS"}, Play("a", "TS")),
        ({"player": "a", "retract": True}, Retract("a")),
        ({"player": "a", "pass_turn": True}, PassTurn("a")),
    ],
)
def test_an_action_parses_and_writes_back_to_the_same_shape(
    shape: dict[str, Any], action: Any
) -> None:
    assert parse_action(shape) == action
    assert action_to_json(action) == shape


@pytest.mark.parametrize(
    ("shape", "field"),
    [
        ("play", "action"),
        ({"player": "a"}, "action"),
        ({"player": "a", "play": "5H", "declare": "play"}, "action"),
        ({"declare": "play"}, "player"),
        ({"player": "a", "declare": "maybe"}, "declare"),
        ({"player": "a", "exchange": "2"}, "exchange"),
        ({"player": "a", "exchange": True}, "exchange"),
        ({"player": "a", "exchange": 1, "discard": "5H"}, "discard"),
        ({"player": "a", "exchange": 1, "draw": [5]}, "draw"),
        ({"player": "a", "play": 10}, "play"),
        ({"player": "a", "retract": False}, "retract"),
        ({"player": "a", "pass_turn": 1}, "pass_turn"),
    ],
)
def test_a_malformed_action_is_refused_naming_the_field(shape: Any, field: str) -> None:
    with pytest.raises(Rejection) as caught:
        parse_action(shape)
    assert (caught.value.code, caught.value.field) == ("invalid_event", field)


def test_a_deal_header_parses_and_writes_back() -> None:
    shape = {
        "dealer": "b",
        "ante": 2,
        "seated": ["a", "b"],
        "hands": {"a": ["5H", "6H", "7H", "8H", "9H"]},
        "trump": "2S",
    }
    start = parse_deal(shape)
    assert start == StartDeal(
        dealer="b",
        ante=2,
        seated=("a", "b"),
        hands={"a": ("5H", "6H", "7H", "8H", "9H")},
        trump="2S",
    )
    assert deal_to_json(start) == shape
    assert deal_to_json(parse_deal({"dealer": "b"})) == {"dealer": "b"}


@pytest.mark.parametrize(
    ("shape", "field"),
    [
        ([], "deal"),
        ({}, "dealer"),
        ({"dealer": "b", "ante": 1.5}, "ante"),
        ({"dealer": "b", "seated": "ab"}, "seated"),
        ({"dealer": "b", "seated": ["a", ""]}, "seated"),
        ({"dealer": "b", "hands": ["5H"]}, "hands"),
        ({"dealer": "b", "hands": {"a": "5H"}}, "hands.a"),
        ({"dealer": "b", "trump": 2}, "trump"),
    ],
)
def test_a_malformed_deal_header_is_refused_naming_the_field(shape: Any, field: str) -> None:
    with pytest.raises(Rejection) as caught:
        parse_deal(shape)
    assert (caught.value.code, caught.value.field) == ("invalid_event", field)


@pytest.mark.parametrize("change", [Join("e", None), Join("e", "a"), Leave("e"), Close()])
def test_a_sitting_change_writes_back_to_its_api_shape(change: Any) -> None:
    parse = {Join: parse_join, Leave: parse_leave, Close: parse_close}[type(change)]
    assert parse(change_to_json(change)) == change


@pytest.mark.parametrize(
    "action",
    [{"player": "a", "declare": "maybe"}, {"player": "a", "play": "5H", "declare": "play"}],
)
def test_a_malformed_action_in_a_transcript_is_located(action: dict[str, Any]) -> None:
    error = rejected(louisiana_deal([action]))
    assert (error.deal, error.action, error.rejection.code) == (0, 0, "invalid_event")
