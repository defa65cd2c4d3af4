"""`view`: what a table app shows: the phase, whose turn it is, the legal plays of a known
hand (nothing of a hidden one), and who deals next by custom."""

from __future__ import annotations

from games.engine import (
    Close,
    Join,
    Leave,
    apply,
    glance,
    new_sitting,
    next_dealer,
    parse_action,
    parse_deal,
    table_view,
)
from games.engine.view import legal_plays

from .helpers import A_SWEEPS_B, PLAYERS, D, P, act, deal, fold


def test_legal_plays_show_the_obligation_behind_each_refusal() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS)
    hands = {"b": ["6H", "KH", "2S", "3C", "4C"]}
    state, _ = apply(state, parse_deal({"dealer": "c", "trump": "2D", "hands": hands}))
    for action in [D("a"), D("b"), D("c"), P("a", "9H")]:
        state, _ = apply(state, parse_action(action))
    plays = legal_plays(state, "b")
    assert plays is not None
    assert plays.allowed == ("KH",)
    assert plays.refused == {
        "6H": "head_trick",
        "2S": "follow_suit",
        "3C": "follow_suit",
        "4C": "follow_suit",
    }
    assert legal_plays(state, "a") is None  # not a's turn
    assert plays.as_dict()["refused"][0] == {"card": "2S", "obligation": "follow_suit"}


def test_a_hidden_hand_reveals_nothing_in_advance() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2D"),
        *(act(**D(p)) for p in "abc"),
    )
    plays = legal_plays(state, "a")
    assert plays is not None
    assert plays.as_dict() == {
        "player": "a",
        "hand_known": False,
        "allowed": [],
        "refused": [],
        "may_pass": False,
    }
    view = table_view(state)
    assert [s["hand_logged"] for s in view["deal"]["seats"]] == [False, False, False]
    assert view["legal_plays"]["hand_known"] is False


def test_in_comtadine_a_hand_that_cannot_beat_the_trick_may_pass() -> None:
    hands = {"b": ["7H", "8H", "7S", "8S", "7D"], "c": ["KH", "QS", "JD", "AC", "TC"]}
    state = fold(
        new_sitting(variant="comtadine", players=PLAYERS),
        deal(dealer="c", hands=hands),
        act(player="a", play="9H"),
    )
    plays = legal_plays(state, "b")
    assert plays is not None
    assert (plays.allowed, plays.may_pass) == ((), True)
    assert set(plays.refused) == set(hands["b"])
    state = fold(state, act(player="b", pass_turn=True))
    plays = legal_plays(state, "c")
    assert plays is not None
    assert (plays.allowed, plays.may_pass) == (("KH",), False)
    assert plays.refused["QS"] == "must_climb"


def test_the_phase_follows_the_deal_and_glance_names_who_acts() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b"])
    assert glance(state) == {"phase": "between_deals", "pot": 0, "to_act": None}
    state = fold(state, deal(dealer="b", trump="2S"))
    assert glance(state) == {"phase": "declaring", "pot": 2, "to_act": "a"}
    state = fold(state, act(player="a", declare="play"), act(player="b", declare="play"))
    assert glance(state)["phase"] == "exchanging"
    state = fold(state, act(player="a", play="5H"))
    assert glance(state) == {"phase": "playing", "pot": 2, "to_act": "b"}
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B, Close())
    assert glance(state) == {"phase": "closed", "pot": 0, "to_act": None}


def test_a_table_before_its_first_deal_shows_no_deal() -> None:
    view = table_view(new_sitting(variant="comtadine", players=["a", "b"]))
    assert view["phase"] == "between_deals"
    assert (view["deal"], view["to_act"], view["legal_plays"]) == (None, None, None)
    assert view["next_deal"] == {"dealer": None, "exempt": []}
    assert view["owes_next_deal"]["antes"] == {"a": 1, "b": 1}


def test_the_next_dealer_by_custom_skips_a_player_who_left() -> None:
    state = new_sitting(variant="louisiana", players=PLAYERS)
    assert next_dealer(state) is None  # no deal yet: nothing to follow
    state = fold(state, deal(dealer="a", trump="2S"), *(act(**D(p, False)) for p in "bca"))
    assert next_dealer(state) == "b"
    assert next_dealer(fold(state, Leave("b"))) == "c"
    assert next_dealer(fold(state, Leave("b"), Join("d", "a"))) == "d"
    assert table_view(state)["next_deal"] == {"dealer": "b", "exempt": []}


def test_the_table_view_tells_what_the_next_deal_owes() -> None:
    state = fold(new_sitting(variant="louisiana", players=PLAYERS), *A_SWEEPS_B)
    view = table_view(state)
    assert view["phase"] == "between_deals"
    assert view["owes_next_deal"] == {
        "penalties_paid_in": {"b": 2},
        "exempt": ["b"],
        "double": [],
        "antes": {"a": 1, "b": 0, "c": 1},
    }
    assert view["deal"]["over"] is True
    assert view["to_act"] is None
    seats = {s["player"]: s for s in view["deal"]["seats"]}
    assert seats["c"]["seated"] is False
    assert (seats["a"]["tricks_won"], seats["b"]["tricks_won"]) == (5, 0)
    assert seats["a"]["hand_logged"] is True
    left = table_view(fold(state, Leave("c")))
    assert (left["seated"], left["left"]) == (["a", "b"], ["c"])


def test_the_table_view_says_who_may_take_back_a_card() -> None:
    state = fold(
        new_sitting(variant="louisiana", players=["a", "b"]),
        deal(dealer="b", trump="2S"),
        act(player="a", declare="play"),
        act(player="b", declare="play"),
    )
    assert table_view(state)["deal"]["can_retract"] is None
    state = fold(state, act(player="a", play="5H"))
    assert table_view(state)["deal"]["can_retract"] == "a"
