"""What the referee refuses to record, located by deal and action, with a stable code."""

from __future__ import annotations

import pytest

from games.engine import TranscriptRejected, new_sitting, rule_transcript
from games.engine.errors import Rejection

from .helpers import D, P, transcript

PLAYERS = ["a", "b", "c"]


def deal(actions, **header):
    return {"dealer": "c", "trump": "2S", **header, "actions": actions}


def rejected(doc) -> TranscriptRejected:
    with pytest.raises(TranscriptRejected) as caught:
        rule_transcript(doc)
    return caught.value


def louisiana(*deals, **options):
    return transcript("louisiana", PLAYERS, list(deals), **options)


DECLARED = [D("a"), D("b"), D("c")]


@pytest.mark.parametrize(
    ("actions", "header", "where", "code"),
    [
        ([D("b")], {}, 0, "out_of_turn"),
        ([D("a"), D("a")], {}, 1, "already_declared"),
        ([*DECLARED, P("b", "5H")], {}, 3, "out_of_turn"),
        ([*DECLARED, P("a", "XH")], {}, 3, "card_not_in_deck"),
        ([*DECLARED, P("a", "2S")], {}, 3, "card_seen_elsewhere"),  # the dealer's upcard
        ([*DECLARED, P("a", "5H"), P("b", "5H")], {}, 4, "card_already_played"),
        ([D("a"), D("b", False), D("c"), P("a", "5H"), P("b", "6H")], {}, 4, "player_passed"),
        ([D("a"), P("a", "5H")], {}, 1, "out_of_turn"),
        ([*DECLARED, {"player": "a", "exchange": 6}], {}, 3, "exchange_limit"),
        (
            [*DECLARED, {"player": "b", "exchange": 1}, {"player": "a", "exchange": 1}],
            {},
            4,
            "out_of_turn",
        ),
        (
            [*DECLARED, {"player": "a", "exchange": 1}, {"player": "a", "exchange": 1}],
            {},
            4,
            "already_exchanged",
        ),
        ([*DECLARED, P("a", "5H"), {"player": "a", "exchange": 1}], {}, 4, "out_of_turn"),
        ([*DECLARED, {"player": "a", "retract": True}], {}, 3, "cannot_retract"),
        ([*DECLARED, P("a", "5H"), {"player": "b", "retract": True}], {}, 4, "cannot_retract"),
        ([*DECLARED, {"player": "a", "pass_turn": True}], {}, 3, "not_in_variant"),
        (
            [*DECLARED, P("a", "QH")],
            {"hands": {"a": ["5H", "6H", "7H", "8H", "9H"]}},
            3,
            "contradicts_logged_hand",
        ),
        (
            [*DECLARED, P("a", "5H")],
            {"hands": {"b": ["5H", "6H", "7H", "8H", "9H"]}},
            3,
            "card_seen_elsewhere",
        ),
        ([{"player": "zed", "declare": "play"}], {}, 0, "unknown_player"),
        ([{"player": "a", "declare": "maybe"}], {}, 0, "invalid_event"),
        ([{"player": "a", "play": "5H", "declare": "play"}], {}, 0, "invalid_event"),
    ],
)
def test_refused_actions(actions, header, where, code) -> None:
    error = rejected(louisiana(deal(actions, **header)))
    assert (error.deal, error.action, error.rejection.code) == (0, where, code)


def test_out_of_turn_names_whose_turn_it_was() -> None:
    error = rejected(louisiana(deal([*DECLARED, P("a", "5H"), P("c", "6H")])))
    assert error.rejection.code == "out_of_turn"
    assert error.rejection.expected == "b"


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ({"dealer": "zed"}, "unknown_player"),
        ({"trump": None}, "missing_trump"),
        ({"trump": "1S"}, "card_not_in_deck"),
        ({"seated": ["a"]}, "player_count"),
        ({"hands": {"a": ["5H", "6H"]}}, "invalid_event"),
        (
            {"hands": {"c": ["5H", "6H", "7H", "8H", "9H"]}},
            "contradicts_logged_hand",
        ),  # dealer without the upcard
        ({"ante": -1}, "invalid_event"),
    ],
)
def test_refused_deals_have_no_action_index(header, code) -> None:
    error = rejected(louisiana(deal([], **header)))
    assert (error.deal, error.action, error.rejection.code) == (0, None, code)


def test_a_new_deal_before_the_last_one_ended_is_refused() -> None:
    error = rejected(louisiana(deal([D("a")]), deal([])))
    assert (error.deal, error.action, error.rejection.code) == (1, None, "deal_in_progress")


def test_a_play_between_deals_is_refused_as_no_deal_in_progress() -> None:
    # Everybody passed: the deal is over, and a play before the next deal is logged has
    # no deal to belong to.
    doc = louisiana(deal([D("a", False), D("b", False), D("c", False), P("a", "5H")]))
    error = rejected(doc)
    assert (error.action, error.rejection.code) == (3, "no_deal_in_progress")
    assert "log the next deal" in error.rejection.message


def test_comtadine_refuses_a_card_that_does_not_climb_and_a_fixed_number_of_deals() -> None:
    doc = transcript(
        "comtadine", PLAYERS, [{"dealer": "c", "actions": [P("a", "9H"), P("b", "8H")]}]
    )
    assert rejected(doc).rejection.code == "must_climb"
    doc = transcript(
        "comtadine", PLAYERS, [{"dealer": "c", "actions": [{"player": "a", "pass_turn": True}]}]
    )
    assert rejected(doc).rejection.code == "must_lead"
    doc = transcript(
        "comtadine", PLAYERS, [{"dealer": "c", "actions": [{"player": "a", "exchange": 3}]}]
    )
    assert rejected(doc).rejection.code == "exchange_limit"


def test_occitan_has_no_declarations_and_no_trump() -> None:
    doc = transcript("occitan", PLAYERS, [{"dealer": "c", "actions": [D("a")]}])
    assert rejected(doc).rejection.code == "not_in_variant"
    doc = transcript("occitan", PLAYERS, [{"dealer": "c", "trump": "KS", "actions": []}])
    assert rejected(doc).rejection.code == "invalid_event"


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"variant": "poker", "players": ["a", "b"]}, "unknown_variant", "variant"),
        ({"variant": "louisiana", "players": ["a"]}, "player_count", "players"),
        ({"variant": "occitan", "players": ["a", "b", "c", "d", "e"]}, "player_count", "players"),
        ({"variant": "louisiana", "players": ["a", "a"]}, "invalid_players", "players"),
        (
            {"variant": "louisiana", "players": ["a", "b"], "options": {"bluff": 1}},
            "unknown_option",
            "options.bluff",
        ),
        (
            {"variant": "louisiana", "players": ["a", "b"], "options": {"max_exchange": 6}},
            "invalid_option",
            "options.max_exchange",
        ),
        (
            {"variant": "louisiana", "players": ["a", "b"], "options": {"cinch": "yes"}},
            "invalid_option",
            "options.cinch",
        ),
        (
            {"variant": "comtadine", "players": ["a", "b"], "options": {"eldest": "zed"}},
            "invalid_option",
            "options.eldest",
        ),
    ],
)
def test_tables_are_validated_against_the_rules(kwargs, code, field) -> None:
    with pytest.raises(Rejection) as caught:
        new_sitting(**kwargs)
    assert caught.value.code == code
    assert caught.value.field == field


def test_options_take_their_defaults() -> None:
    assert new_sitting(variant="louisiana", players=["a", "b"]).options == {
        "ante": 1,
        "max_exchange": 5,
        "pot_limit": None,
        "cinch": True,
    }


def test_the_dealer_must_play_on_the_ace_of_trumps_and_the_ruling_says_so() -> None:
    passes = [D("a", False), D("b", False)]
    refused = rejected(louisiana(deal([*passes, D("c", False)], trump="AS")))
    assert (refused.deal, refused.action) == (0, 2)
    assert refused.rejection.code == "dealer_must_play"
    # The dealer who plays is ruled as having had to; a lone player then takes the pot.
    ruled = rule_transcript(louisiana(deal([*passes, D("c")], trump="AS")))
    kinds = [r["kind"] for r in ruled["deals"][0]["rulings"]]
    assert kinds == ["dealer_must_play", "lone_player", "pot_won"]
    # Any other upcard: the dealer may pass, and there is no such ruling.
    ruled = rule_transcript(louisiana(deal([*passes, D("c", False)], trump="KS")))
    assert "dealer_must_play" not in [r["kind"] for r in ruled["deals"][0]["rulings"]]
    assert [r["kind"] for r in ruled["deals"][0]["rulings"]] == ["all_passed"]
