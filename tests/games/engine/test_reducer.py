"""`reducer`: `new_sitting` checks a table against its variant; `apply` routes each event,
refuses what cannot happen now (leaving the state as it was), and takes a card back."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.engine import Rejection, apply, new_sitting, parse_action, parse_deal
from games.engine.events import Play, Retract
from games.engine.knowledge import held_by
from games.engine.simulate import random_sitting
from games.engine.state import NO_HAND, Hand, evolve
from games.engine.transcript import open_transcript, transcript_events
from games.engine.view import table_view

from .helpers import (
    DECLARED,
    PLAYERS,
    D,
    P,
    act,
    deal,
    fold,
    louisiana_deal,
    refusal,
    rejected,
)

# -- new_sitting -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"variant": "poker", "players": ["a", "b"]}, "unknown_variant", "variant"),
        ({"variant": "louisiana", "players": ["a"]}, "player_count", "players"),
        ({"variant": "occitan", "players": ["a", "b", "c", "d", "e"]}, "player_count", "players"),
        ({"variant": "louisiana", "players": ["a", "a"]}, "invalid_players", "players"),
        ({"variant": "louisiana", "players": "ab"}, "invalid_players", "players"),
        ({"variant": "louisiana", "players": ["a", ""]}, "invalid_players", "players"),
        (
            {"variant": "louisiana", "players": ["a", "b"], "options": ["ante"]},
            "invalid_option",
            "options",
        ),
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
            {"variant": "louisiana", "players": ["a", "b"], "options": {"ante": True}},
            "invalid_option",
            "options.ante",
        ),
        (
            {"variant": "comtadine", "players": ["a", "b"], "options": {"eldest": "zed"}},
            "invalid_option",
            "options.eldest",
        ),
    ],
)
def test_tables_are_validated_against_the_rules(
    kwargs: dict[str, Any], code: str, field: str
) -> None:
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


def test_a_new_table_has_every_balance_at_zero_and_an_empty_pot() -> None:
    state = new_sitting(variant="ukrainian", players=PLAYERS)
    assert state.balances == {"a": 0, "b": 0, "c": 0}
    assert state.pot == 0
    assert state.deal is None
    assert state.at_table == ("a", "b", "c")


# -- apply: what cannot happen now --------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "where", "code"),
    [
        ([D("a"), P("a", "5H")], 1, "out_of_turn"),  # a card before declarations end
        ([*DECLARED, {"player": "a", "retract": True}], 3, "cannot_retract"),
        ([*DECLARED, P("a", "5H"), {"player": "b", "retract": True}], 4, "cannot_retract"),
        ([{"player": "zed", "declare": "play"}], 0, "unknown_player"),
    ],
)
def test_refused_actions(actions: list[dict[str, Any]], where: int, code: str) -> None:
    error = rejected(louisiana_deal(actions))
    assert (error.deal, error.action, error.rejection.code) == (0, where, code)


def test_an_action_before_any_deal_is_refused() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS)
    assert refusal(state, act(player="a", declare="play")).code == "no_deal_in_progress"


def test_a_play_between_deals_is_refused_as_no_deal_in_progress() -> None:
    # Everybody passed: the deal is over, and a play before the next deal is logged has
    # no deal to belong to.
    doc = louisiana_deal([D("a", False), D("b", False), D("c", False), P("a", "5H")])
    error = rejected(doc)
    assert (error.action, error.rejection.code) == (3, "no_deal_in_progress")
    assert "log the next deal" in error.rejection.message


def test_a_rejected_event_leaves_the_state_as_it_was() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS)
    state, _ = apply(state, parse_deal({"dealer": "c", "trump": "2S"}))
    before = copy.deepcopy(state)  # nothing in the state is changed in place
    with pytest.raises(Rejection):
        apply(state, parse_action({"player": "b", "declare": "play"}))
    assert state == before
    # ... and the same event from the right player is then accepted.
    after, _ = apply(state, parse_action({"player": "a", "declare": "play"}))
    assert after != before
    assert state == before


# -- retract ---------------------------------------------------------------------------


def test_retracting_the_card_that_completed_a_trick_reopens_it() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS)
    state, _ = apply(state, parse_deal({"dealer": "c", "trump": "2S"}))
    for action in [D("a"), D("b"), D("c"), P("a", "5H"), P("b", "6H"), P("c", "7H")]:
        state, rulings = apply(state, parse_action(action))
    assert [r.kind for r in rulings] == ["trick_won"]
    state, rulings = apply(state, parse_action({"player": "c", "retract": True}))
    assert [r.kind for r in rulings] == ["trick_reopened", "card_retracted"]
    assert state.deal is not None
    assert state.deal.tricks == ()
    assert state.deal.tricks_won["c"] == 0
    assert table_view(state)["to_act"] == "c"
    state, rulings = apply(state, parse_action(P("c", "8H")))
    assert state.deal is not None
    assert state.deal.tricks[0].cards == (("a", "5H"), ("b", "6H"), ("c", "8H"))


def test_a_retracted_card_stays_known_to_be_in_the_hand() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2S"),
        *(act(**a) for a in DECLARED),
        act(player="a", play="5H"),
        act(player="a", retract=True),
    )
    assert state.deal is not None
    assert "5H" in state.deal.hands["a"].known
    assert state.deal.played == frozenset()
    # Shown once, the card cannot turn up in another hand this deal.
    state = fold(state, act(player="a", play="9C"))
    assert refusal(state, act(player="b", play="5H")).code == "card_seen_elsewhere"


def test_only_the_last_card_can_be_taken_back_and_only_once() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2S"),
        *(act(**a) for a in DECLARED),
        act(player="a", play="5H"),
        act(player="b", play="6H"),
    )
    assert refusal(state, act(player="a", retract=True)).code == "cannot_retract"
    state = fold(state, act(player="b", retract=True))
    assert refusal(state, act(player="b", retract=True)).code == "cannot_retract"


@pytest.mark.parametrize("variant", ["louisiana", "ukrainian", "occitan", "comtadine"])
@pytest.mark.parametrize("hidden", [False, True])
def test_a_retract_returns_to_the_deal_before_the_play_but_what_the_card_showed(
    variant: str, hidden: bool
) -> None:
    # Whatever the deal keeps to take a card back (a `BeforePlay` since issue 23, a whole
    # copy of the deal before), the state after a retract is the deal before the play,
    # but for what the card showed (it stays known in the hand), what the play proved
    # (reneges, pending plays re-judged) and the count of actions.
    retracted = 0
    for seed in range(6):
        doc = random_sitting(random.Random(seed), variant, 4, 2, renege_chance=0.1).transcript
        if hidden:
            doc = copy.deepcopy(doc)
            for dealt in doc["deals"]:
                dealt.pop("hands", None)
        state, deals = open_transcript(doc)
        for _, _, event in transcript_events(deals):
            after, _ = apply(state, event)
            deal = after.deal
            if type(event) is Play and deal is not None and not deal.over:
                before = state.deal
                assert before is not None
                player, card, index = deal.last_play or ("", "", 0)
                hand = before.hands.get(player, NO_HAND)
                expected = evolve(
                    before,
                    hands={**before.hands, player: Hand(hand.known | {card}, hand.full)},
                    location={**before.location, card: held_by(player)},
                    pending=tuple(p for p in deal.pending if p.index != index),
                    provisional=(),
                    reneges=deal.reneges,
                    rulings=deal.rulings,
                    actions=deal.actions + 1,
                    before_play=None,
                    last_play=None,
                )
                restored, _ = apply(after, Retract(player=player))
                assert restored == evolve(after, deal=expected)
                retracted += 1
            state = after
    assert retracted > 100
