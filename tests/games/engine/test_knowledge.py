"""`knowledge`: what the table knows of where each card is. A card seen in one place (a
logged hand, the upcard, a discard, a draw, a trick) cannot turn up in another; a hidden
hand reveals only the cards it shows."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Sitting, new_sitting

from .helpers import (
    DECLARED,
    PLAYERS,
    P,
    act,
    deal,
    fold,
    louisiana_deal,
    refusal,
    rejected,
)

HEARTS = ["5H", "6H", "7H", "8H", "9H"]


@pytest.mark.parametrize(
    ("actions", "header", "where", "code"),
    [
        ([*DECLARED, P("a", "2S")], {}, 3, "card_seen_elsewhere"),  # the dealer's upcard
        ([*DECLARED, P("a", "5H"), P("b", "5H")], {}, 4, "card_already_played"),
        ([*DECLARED, P("a", "QH")], {"hands": {"a": HEARTS}}, 3, "contradicts_logged_hand"),
        ([*DECLARED, P("a", "5H")], {"hands": {"b": HEARTS}}, 3, "card_seen_elsewhere"),
    ],
)
def test_refused_cards(
    actions: list[dict[str, Any]], header: dict[str, Any], where: int, code: str
) -> None:
    error = rejected(louisiana_deal(actions, **header))
    assert (error.deal, error.action, error.rejection.code) == (0, where, code)


def declared(**header: Any) -> Sitting:
    return fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2S", **header),
        *(act(**a) for a in DECLARED),
    )


def test_a_hidden_hand_is_known_only_by_the_dealers_upcard() -> None:
    state = declared()
    assert state.deal is not None
    assert state.deal.hands["c"].known == {"2S"}
    assert not state.deal.hands["c"].full
    assert "a" not in state.deal.hands  # nothing is known of a's cards


def test_a_listed_discard_cannot_be_played_or_drawn_again() -> None:
    state = fold(declared(), act(player="a", exchange=1, discard=["5H"], draw=["KH"]))
    assert state.deal is not None
    assert state.deal.hands["a"].known == {"KH"}
    assert refusal(state, act(player="b", exchange=1, draw=["5H"])).code == "card_seen_elsewhere"
    state = fold(state, act(player="b", exchange=0), act(player="c", exchange=0))
    assert refusal(state, act(player="a", play="5H")).code == "card_seen_elsewhere"


def test_a_drawn_card_is_known_to_be_in_the_drawers_hand() -> None:
    state = fold(declared(), act(player="a", exchange=1, draw=["KH"]))
    state = fold(state, act(player="b", exchange=0), act(player="c", exchange=0))
    state = fold(state, act(player="a", play="QH"))
    assert refusal(state, act(player="b", play="KH")).message.endswith("in a's hand")


def test_an_unlisted_exchange_forgets_what_was_known_of_the_hand() -> None:
    # c's upcard is known to be held; after an exchange of unnamed cards it may be gone.
    state = fold(declared(), act(player="a", exchange=0), act(player="b", exchange=0))
    state = fold(state, act(player="c", exchange=2))
    assert state.deal is not None
    assert state.deal.hands["c"].known == frozenset()
    # ... but only into c's discards, which nobody draws after c (the dealer is served
    # last): the upcard is c's or nobody's, never another player's (RULES.md §1,
    # "a card already seen elsewhere this deal").
    caught = refusal(state, act(player="a", play="2S"))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")
    state = fold(state, act(player="a", play="5H"), act(player="b", play="6H"))
    state = fold(state, act(player="c", play="2S"))  # c may still hold it
    assert state.deal is not None
    assert "2S" in state.deal.played


def test_a_logged_hand_exchanged_unnamed_is_still_nobody_elses_until_a_reshuffle() -> None:
    # a's hand is logged, then a exchanges one unnamed card: each logged card is still in
    # a's hand or among a's discards. With no reshuffle since, nobody else can show it,
    # whether by a draw or a play.
    state = fold(
        declared(hands={"a": HEARTS}),
        act(player="a", exchange=1),
    )
    caught = refusal(state, act(player="b", exchange=1, draw=["5H"]))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "draw")
    state = fold(state, act(player="b", exchange=0), act(player="c", exchange=0))
    state = fold(state, act(player="a", play="2C"))
    caught = refusal(state, act(player="b", play="5H"))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")
    state = fold(state, act(player="b", play="3C"), act(player="c", play="4C"))
    assert state.deal is not None


def test_an_unnamed_discard_reshuffled_may_reach_a_later_player_only() -> None:
    # 8 players, a's hand logged: a and b exchange five unnamed cards each, the stock runs
    # short at c, so a's discards (whichever they were) go back into the stock after a
    # and b had drawn. c or a later player may then hold one of a's logged cards; b never.
    players = list("abcdefgh")
    state = fold(
        new_sitting(variant="louisiana", players=players),
        deal(dealer="h", trump="2S", hands={"a": HEARTS}),
        *(act(player=p, declare="play") for p in players),
        act(player="a", exchange=5),
        act(player="b", exchange=5),
        act(player="c", exchange=3, discard=["2C", "3C", "4C"], draw=["5H", "6H", "KC"]),
        act(player="d", exchange=1),
        *(act(player=p, exchange=0) for p in "efgh"),
    )
    state = fold(state, act(player="a", play="9H"))
    caught = refusal(state, act(player="b", play="7H"))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")
    state = fold(state, act(player="b", play="2D"), act(player="c", play="5H"))
    state = fold(state, act(player="d", play="7H"))
    assert state.deal is not None
    assert {"9H", "5H", "7H"} <= state.deal.played


def test_an_exchange_out_of_a_logged_hand_keeps_the_rest_of_it_known() -> None:
    hands = {"a": ["5H", "6H", "7H", "8H", "9H"]}
    state = fold(declared(hands=hands), act(player="a", exchange=2, discard=["5H", "6H"]))
    assert state.deal is not None
    hand = state.deal.hands["a"]
    assert hand.known == {"7H", "8H", "9H"}
    assert not hand.full  # the two drawn cards are unknown
    caught = refusal(state, act(player="a", exchange=1, discard=["QH"]))
    assert caught.code == "already_exchanged"


@pytest.mark.parametrize(
    ("exchange", "code", "field"),
    [
        ({"exchange": 2, "discard": ["5H"]}, "invalid_event", "discard"),
        ({"exchange": 2, "discard": ["5H", "5H"]}, "invalid_event", "discard"),
        ({"exchange": 1, "draw": ["ZZ"]}, "card_not_in_deck", "draw"),
        ({"exchange": 1, "discard": ["5H"], "draw": ["5H"]}, "card_seen_elsewhere", "draw"),
        ({"exchange": 1, "draw": ["2S"]}, "card_seen_elsewhere", "draw"),  # the dealer's upcard
        ({"exchange": 1, "discard": ["5H"], "draw": ["6H"]}, "card_seen_elsewhere", "draw"),  # held
        ({"exchange": 1, "discard": ["QH"]}, "contradicts_logged_hand", "discard"),
    ],
)
def test_the_cards_of_an_exchange_are_checked(
    exchange: dict[str, Any], code: str, field: str
) -> None:
    state = declared(hands={"a": HEARTS})
    caught = refusal(state, act(player="a", **exchange))
    assert (caught.code, caught.field) == (code, field)


def test_a_short_stock_is_refilled_with_the_discards_of_players_already_served() -> None:
    # 8 players: 52 - 40 = 12 cards of stock. a and b take 5 each, leaving 2: c's 5
    # come from a's and b's discards, never from c's own.
    players = list("abcdefgh")
    state = fold(
        new_sitting(variant="louisiana", players=players),
        deal(dealer="h", trump="2S"),
        *(act(player=p, declare="play") for p in players),
        act(player="a", exchange=5, discard=["3H", "4H", "5H", "6H", "7H"]),
        act(player="b", exchange=5),
    )
    assert state.deal is not None
    assert state.deal.stock == 2
    state = fold(state, act(player="c", exchange=5))
    assert state.deal is not None
    assert state.deal.stock == 2 + 10 - 5
    # The reshuffled discards are back in the stock: a's 3H may now be drawn by d.
    state = fold(state, act(player="d", exchange=1, draw=["3H"]))
    assert state.deal is not None
    assert state.deal.hands["d"].known == {"3H"}
    for p in "efgh":
        state = fold(state, act(player=p, exchange=1))
    assert state.deal is not None
    assert state.deal.stock == 2  # stock and discards always make up the 12 cards not dealt


def _hearts_reshuffled_at_c() -> Sitting:
    """Eight players: a discards 3H to 7H, b and c exchange five unnamed cards each, and the
    stock (12 cards not dealt) runs short at c, so a's and b's discards are reshuffled."""
    players = list("abcdefgh")
    return fold(
        new_sitting(variant="louisiana", players=players),
        deal(dealer="h", trump="2S"),
        *(act(player=p, declare="play") for p in players),
        act(player="a", exchange=5, discard=["3H", "4H", "5H", "6H", "7H"]),
        act(player="b", exchange=5),
        act(player="c", exchange=5),
    )


def test_a_reshuffled_discard_cannot_turn_up_in_the_hand_of_a_player_served_before() -> None:
    # a discards 3H, the stock runs short at c: 3H goes back into the stock after a and b
    # had drawn, so neither of them can hold it; c, a later player or the stock may.
    state = fold(_hearts_reshuffled_at_c(), *(act(player=p, exchange=0) for p in "defgh"))
    caught = refusal(state, act(player="a", play="3H"))  # a leads the first trick
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")
    assert "went back into the stock after a had drawn" in caught.message
    state = fold(state, act(player="a", play="8H"))
    caught = refusal(state, act(player="b", play="3H"))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")
    # c, served after the reshuffle, may show it.
    state = fold(state, act(player="b", play="9H"), act(player="c", play="3H"))
    assert state.deal is not None
    assert "3H" in state.deal.played


def test_a_reshuffled_discard_reaches_only_a_player_who_draws_after_the_reshuffle() -> None:
    # a discards 3H to 7H, the stock runs short at c: they go back into the stock, from
    # which only c and the players exchanging after c draw. d keeps the cards dealt (no
    # exchange logged) and e's discards come from e's dealt hand: neither can show one.
    state = _hearts_reshuffled_at_c()
    caught = refusal(state, act(player="e", exchange=1, discard=["3H"]))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "discard")
    state = fold(
        state,
        act(player="e", exchange=1, discard=["2C"]),
        act(player="f", exchange=2, draw=["KD", "3H"]),  # f may draw one
        act(player="g", exchange=1),
        act(player="h", exchange=0),
        act(player="a", play="8H"),
        act(player="b", play="9H"),
        act(player="c", play="4H"),  # c drew at the reshuffle: c may hold one
    )
    caught = refusal(state, act(player="d", play="5H"))
    assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")
    state = fold(state, act(player="d", play="TH"), act(player="e", play="JH"))
    state = fold(state, act(player="f", play="3H"), act(player="g", play="6H"))
    assert state.deal is not None
    assert {"4H", "3H", "6H"} <= state.deal.played


def test_a_player_whose_name_holds_a_colon_keeps_their_upcard_too() -> None:
    # Names may hold a colon ("c:1", "c:x"): where a kept card is says whose it is, whatever
    # the name (before, "kept:c:x" read as the player "c" after a reshuffle "x", and broke).
    for dealer in ("c:1", "c:x"):
        players = ["a", "b", dealer]
        state = fold(
            new_sitting(variant="louisiana", players=players),
            deal(dealer=dealer, trump="2S"),
            *(act(player=p, declare="play") for p in players),
            act(player="a", exchange=0),
            act(player="b", exchange=0),
            act(player=dealer, exchange=2),
        )
        caught = refusal(state, act(player="a", play="2S"))
        assert (caught.code, caught.field) == ("card_seen_elsewhere", "play")
        state = fold(state, act(player="a", play="5H"), act(player="b", play="6H"))
        state = fold(state, act(player=dealer, play="2S"))
        assert state.deal is not None
        assert "2S" in state.deal.played
