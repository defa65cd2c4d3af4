"""`declaring`: play or pass in turn from the dealer's left, then the exchange in the same
order; the dealer with the ace of trumps up must play; one player in takes the pot."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import new_sitting, rule_transcript

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


@pytest.mark.parametrize(
    ("actions", "where", "code"),
    [
        ([D("b")], 0, "out_of_turn"),
        ([D("a"), D("a")], 1, "already_declared"),
        ([*DECLARED, D("a")], 3, "out_of_turn"),  # declarations are over
        ([*DECLARED, {"player": "a", "exchange": 6}], 3, "exchange_limit"),
        ([*DECLARED, {"player": "a", "exchange": -1}], 3, "invalid_event"),
        ([D("a"), {"player": "b", "exchange": 1}], 1, "out_of_turn"),  # b has not declared
        ([D("a"), D("b", False), D("c"), {"player": "b", "exchange": 1}], 3, "player_passed"),
        (
            [*DECLARED, {"player": "b", "exchange": 1}, {"player": "a", "exchange": 1}],
            4,
            "out_of_turn",
        ),
        (
            [*DECLARED, {"player": "a", "exchange": 1}, {"player": "a", "exchange": 1}],
            4,
            "already_exchanged",
        ),
        ([*DECLARED, P("a", "5H"), {"player": "a", "exchange": 1}], 4, "out_of_turn"),
    ],
)
def test_refused_declarations_and_exchanges(
    actions: list[dict[str, Any]], where: int, code: str
) -> None:
    error = rejected(louisiana_deal(actions))
    assert (error.deal, error.action, error.rejection.code) == (0, where, code)


def test_a_player_sitting_the_deal_out_cannot_exchange() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="b", seated=["a", "b"], trump="2S"),
        act(player="a", declare="play"),
        act(player="b", declare="play"),
    )
    caught = refusal(state, act(player="c", exchange=1))
    assert (caught.code, caught.field) == ("not_seated", "player")


def test_a_declaration_out_of_turn_names_who_declares_next() -> None:
    error = rejected(louisiana_deal([D("a"), D("c")]))
    assert (error.rejection.code, error.rejection.expected) == ("out_of_turn", "b")


def test_the_dealer_must_play_on_the_ace_of_trumps_and_the_ruling_says_so() -> None:
    passes = [D("a", False), D("b", False)]
    refused = rejected(louisiana_deal([*passes, D("c", False)], trump="AS"))
    assert (refused.deal, refused.action) == (0, 2)
    assert refused.rejection.code == "dealer_must_play"
    # The dealer who plays is ruled as having had to; a lone player then takes the pot.
    ruled = rule_transcript(louisiana_deal([*passes, D("c")], trump="AS"))
    kinds = [r["kind"] for r in ruled["deals"][0]["rulings"]]
    assert kinds == ["dealer_must_play", "lone_player", "pot_won"]
    # Any other upcard: the dealer may pass, and there is no such ruling.
    ruled = rule_transcript(louisiana_deal([*passes, D("c", False)], trump="KS"))
    assert "dealer_must_play" not in [r["kind"] for r in ruled["deals"][0]["rulings"]]
    assert [r["kind"] for r in ruled["deals"][0]["rulings"]] == ["all_passed"]


def test_only_the_dealer_is_bound_by_the_ace_upcard() -> None:
    ruled = rule_transcript(louisiana_deal([D("a", False), D("b", False), D("c")], trump="AS"))
    assert ruled["deals"][0]["rulings"][-1] == {"kind": "pot_won", "player": "c", "amount": 3}


def test_when_nobody_plays_the_pot_stays_and_nobody_is_exempt() -> None:
    ruled = rule_transcript(louisiana_deal([D("a", False), D("b", False), D("c", False)]))
    (only,) = ruled["deals"]
    assert only["active"] == []
    assert only["pot"] == {"antes": 3, "start": 3, "paid_out": 0, "left": 3}
    assert only["next"] == {"penalties": {}, "exempt": [], "double": []}
    assert ruled["pot"] == 3


def test_a_lone_player_wins_the_pot_at_once_and_no_card_is_played() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2S"),
        act(player="a", declare="pass"),
        act(player="b", declare="play"),
        act(player="c", declare="pass"),
    )
    assert state.deal is not None
    assert state.deal.over
    assert state.balances == {"a": -1, "b": 2, "c": -1}
    assert state.pot == 0
    assert refusal(state, act(player="b", play="5H")).code == "no_deal_in_progress"


def test_passers_take_no_part_and_play_starts_left_of_the_dealer_among_those_in() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=["a", "b", "c", "d"]),
        deal(dealer="b", trump="2S"),
        act(player="c", declare="pass"),
        act(player="d", declare="play"),
        act(player="a", declare="play"),
        act(player="b", declare="play"),
    )
    assert state.deal is not None
    assert state.deal.active == ("d", "a", "b")
    assert state.deal.trick is not None
    assert state.deal.trick.leader == "d"
    assert refusal(state, act(player="c", play="5H")).code == "player_passed"


def test_an_exchange_may_skip_a_player_who_keeps_their_cards() -> None:
    # Exchanges go in order from the dealer's left, but a player need not log "0".
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2S"),
        *(act(**a) for a in DECLARED),
        act(player="b", exchange=2),
        act(player="c", exchange=0),
    )
    assert state.deal is not None
    assert state.deal.exchanged == ("b", "c")
    assert state.deal.stock == 52 - 15 - 2
