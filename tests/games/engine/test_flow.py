"""Whole deals through the reducer: retracts, proofs, exchanges, limits and carries."""

from __future__ import annotations

from games.engine import apply, new_sitting, parse_action, parse_deal, rule_transcript
from games.engine.view import legal_plays, table_view

from .helpers import D, P, rule, transcript


def test_retracting_the_card_that_completed_a_trick_reopens_it() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b", "c"])
    state, _ = apply(state, parse_deal({"dealer": "c", "trump": "2S"}))
    for action in [D("a"), D("b"), D("c"), P("a", "5H"), P("b", "6H"), P("c", "7H")]:
        state, rulings = apply(state, parse_action(action))
    assert [r.kind for r in rulings] == ["trick_won"]
    state, rulings = apply(state, parse_action({"player": "c", "retract": True}))
    assert [r.kind for r in rulings] == ["trick_reopened", "card_retracted"]
    assert state.deal.tricks == ()
    assert state.deal.tricks_won["c"] == 0
    assert table_view(state)["to_act"] == "c"
    state, rulings = apply(state, parse_action(P("c", "8H")))
    assert state.deal.tricks[0].cards == (("a", "5H"), ("b", "6H"), ("c", "8H"))


def test_a_corrected_renege_is_not_ruled_even_with_logged_hands() -> None:
    hands = {"b": ["6H", "KD", "2C", "3C", "4C"]}
    actions = [
        D("a"),
        D("b"),
        D("c"),
        P("a", "5H"),
        P("b", "KD"),
        {"player": "b", "retract": True},
        P("b", "6H"),
    ]
    doc = transcript(
        "louisiana",
        ["a", "b", "c"],
        [{"dealer": "c", "trump": "2S", "hands": hands, "actions": actions}],
    )
    deal = rule_transcript(doc)["deals"][0]
    assert [r for r in deal["rulings"] if r["kind"] == "renege"] == []
    assert deal["tricks"] == []  # the deal is still being played
    assert deal["in_progress"] is True


def test_a_dealer_who_kept_the_upcard_is_caught_at_the_play() -> None:
    # c (dealer) holds the upcard 2S, is void in hearts (shown nowhere) and discards a club:
    # failing to trump is provable at once only because the upcard is known to be held.
    actions = [D("a"), D("b"), D("c"), P("a", "5H"), P("b", "6H"), P("c", "3C"), P("b", "7D")]
    doc = transcript(
        "louisiana", ["a", "b", "c"], [{"dealer": "c", "trump": "2S", "actions": actions}]
    )
    ruling = rule_transcript(doc)["deals"][0]
    # c might also hold a heart, so it is either follow_suit or trump: the proof names the
    # obligation the shown cards break. It stands once the next card is played (no retract).
    (renege,) = [r for r in ruling["rulings"] if r["kind"] == "renege"]
    assert renege["player"] == "c"
    assert renege["proven_at"] == 5
    assert renege["obligation"] == "trump"


def test_legal_plays_show_the_obligation_behind_each_refusal() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b", "c"])
    hands = {"b": ["6H", "KH", "2S", "3C", "4C"]}
    state, _ = apply(state, parse_deal({"dealer": "c", "trump": "2D", "hands": hands}))
    for action in [D("a"), D("b"), D("c"), P("a", "9H")]:
        state, _ = apply(state, parse_action(action))
    plays = legal_plays(state, "b")
    assert plays.allowed == ("KH",)
    assert plays.refused == {
        "6H": "head_trick",
        "2S": "follow_suit",
        "3C": "follow_suit",
        "4C": "follow_suit",
    }
    assert legal_plays(state, "a") is None  # not a's turn


def test_ukrainian_exchange_fee_goes_into_this_pot_and_stock_reshuffles() -> None:
    players = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"]
    actions = [D(p) for p in ["p2", "p3", "p4", "p5", "p6", "p7", "p1"]]
    # 52 - 35 - 1 (the trump) = 16 cards of stock: five exchanges of 3 leave 1,
    # so the sixth needs the earlier discards reshuffled.
    actions += [{"player": p, "exchange": 3} for p in ["p2", "p3", "p4", "p5", "p6", "p7"]]
    doc = transcript("ukrainian", players, [{"dealer": "p1", "trump": "9C", "actions": actions}])
    deal = rule_transcript(doc)["deals"][0]
    assert deal["pot"]["antes"] == 7
    assert deal["pot"]["start"] == 7 + 6  # six exchanging players, one ante each


def test_lone_player_takes_at_most_the_pot_limit() -> None:
    deals = [
        {
            "dealer": "c",
            "trump": "9D",
            "ante": 10,
            "actions": [D("a", False), D("b", False), D("c", True)],
        }
    ]
    ruling = rule("louisiana", ["a", "b", "c"], deals, pot_limit=20)
    assert ruling["deals"][0]["rulings"] == [
        {"kind": "lone_player", "player": "c"},
        {"kind": "pot_won", "player": "c", "amount": 20},
    ]
    assert ruling["pot"] == 10
    assert sum(ruling["balances"].values()) + ruling["pot"] == 0


def test_comtadine_no_live_trick_keeps_the_pot_and_both_bourrus_ante_double() -> None:
    # p2 leads kings nobody can beat: every trick is dead, nobody takes one.
    passing = {"player": "p1", "pass_turn": True}
    first = [x for card in ["KH", "KS", "KD", "KC", "QH"] for x in (P("p2", card), passing)]
    hands = {"p1": ["7H", "8H", "7S", "7D", "7C"], "p2": ["KH", "KS", "KD", "KC", "QH"]}
    deals = [{"dealer": "p1", "hands": hands, "actions": first}, {"dealer": "p2", "actions": []}]
    ruling = rule("comtadine", ["p1", "p2"], deals, ante=2)
    deal = ruling["deals"][0]
    assert deal["tricks_won"] == {"p2": 0, "p1": 0}
    assert [t["winner"] for t in deal["tricks"]] == [None] * 5
    assert deal["rulings"] == [
        {"kind": "pot_carried", "amount": 4, "tied": []},
        {"kind": "bourre", "player": "p2", "amount": 0},
        {"kind": "bourre", "player": "p1", "amount": 0},
    ]
    assert deal["next"]["double"] == ["p2", "p1"]
    assert ruling["deals"][1]["pot"]["antes"] == 8  # both ante double
    assert ruling["pot"] == 12
