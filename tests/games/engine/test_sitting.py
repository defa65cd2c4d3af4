"""A sitting over a club night (RULES.md §5): players join and leave between deals, sit
deals out, and the table closes with the pot shared out and balances settled up."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    Close,
    Join,
    Leave,
    Rejection,
    TranscriptRejected,
    apply,
    new_sitting,
    parse_action,
    parse_close,
    parse_deal,
    parse_join,
    parse_leave,
    rule_transcript,
    ruling_document,
    settle_up,
)
from games.engine.simulate import random_night

CASES = Path(__file__).parents[2] / "conformance" / "cases"


def fold(state, *events):
    for event in events:
        state, _ = apply(state, event)
    return state


def deal(**header):
    return parse_deal(header)


def act(**action):
    return parse_action(action)


# A louisiana deal between a and b (dealer b, upcard 2S): a takes all five tricks, b is bourré.
A_SWEEPS_B = (
    deal(
        dealer="b",
        seated=["a", "b"],
        trump="2S",
        hands={"a": ["AS", "KS", "QS", "JS", "TS"], "b": ["3H", "4H", "5H", "6H", "2S"]},
    ),
    act(player="a", declare="play"),
    act(player="b", declare="play"),
    *(
        act(player=p, play=c)
        for pair in (("AS", "2S"), ("KS", "3H"), ("QS", "4H"), ("JS", "5H"), ("TS", "6H"))
        for p, c in zip("ab", pair, strict=True)
    ),
)


# -- the closing -----------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["louisiana", "ukrainian", "occitan", "comtadine"]),
    st.integers(0, 2**32 - 1),
    st.integers(1, 6),
)
def test_a_closed_night_conserves_chips_and_transfers_settle_every_balance(
    variant, seed, deals
) -> None:
    night = random_night(random.Random(seed), variant, deals, renege_chance=0.1)
    ruling = ruling_document(night.state)
    balances = ruling["balances"]
    assert ruling["pot"] == 0
    assert sum(balances.values()) == 0
    left = dict(balances)
    for transfer in ruling["closing"]["transfers"]:
        assert transfer["amount"] > 0
        assert left[transfer["from"]] < 0 < left[transfer["to"]]
        left[transfer["from"]] += transfer["amount"]
        left[transfer["to"]] -= transfer["amount"]
    assert set(left.values()) <= {0}
    owing = sum(1 for n in balances.values() if n)
    assert len(ruling["closing"]["transfers"]) <= max(owing - 1, 0)
    # The closing shares are the whole pot, among the players seated in the last deal.
    closing = ruling["closing"]
    assert sum(closing["shares"].values()) == closing["pot"]
    assert list(closing["shares"]) == night.transcript["deals"][-1]["seated"]
    # The night written as a transcript (players and seated) rules the same.
    assert rule_transcript(night.transcript) == ruling


def test_the_odd_chips_go_from_the_last_dealers_left_and_the_dealer_last() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b", "c"], options={"ante": 1})
    # All pass twice: the pot holds 3 + 3 = 6... then 3 more antes with a only seated out.
    state = fold(
        state,
        deal(dealer="b", trump="2S"),
        *(act(player=p, declare="pass") for p in "cab"),
        deal(dealer="a", seated=["a", "b"], trump="2S"),
        *(act(player=p, declare="pass") for p in "ba"),
        Close(),
    )
    ruling = ruling_document(state)
    # 5 chips between a and b, dealer a: b (left of a) gets the odd chip.
    assert ruling["closing"]["pot"] == 5
    assert ruling["closing"]["shares"] == {"a": 2, "b": 3}
    assert ruling["balances"] == {"a": 0, "b": 1, "c": -1}
    assert ruling["closing"]["transfers"] == [{"from": "c", "to": "b", "amount": 1}]


def test_settling_up_ties_go_to_the_player_seated_first() -> None:
    players = ["a", "b", "c", "d"]
    assert settle_up(players, {"a": 2, "b": -2, "c": 2, "d": -2}) == [
        {"from": "b", "to": "a", "amount": 2},
        {"from": "d", "to": "c", "amount": 2},
    ]
    assert settle_up(players, {"a": -5, "b": 3, "c": 1, "d": 1}) == [
        {"from": "a", "to": "b", "amount": 3},
        {"from": "a", "to": "c", "amount": 1},
        {"from": "a", "to": "d", "amount": 1},
    ]
    assert settle_up(players, {p: 0 for p in players}) == []


def test_closing_during_a_deal_is_refused_naming_the_deal() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B[:4])
    for change in (Close(), Join("c", None), Leave("a")):
        with pytest.raises(Rejection) as caught:
            apply(state, change)
        assert caught.value.code == "deal_in_progress"
        assert caught.value.deal == 0


def test_a_closed_table_refuses_everything() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B, Close())
    for event in (Close(), Join("c", "b"), Leave("a"), deal(dealer="a", trump="2S")):
        with pytest.raises(Rejection) as caught:
            apply(state, event)
        assert caught.value.code == "table_closed"


def test_a_closed_transcript_whose_last_deal_is_unfinished_is_refused() -> None:
    case = json.loads((CASES / "reject-06-close-during-deal.json").read_text())
    with pytest.raises(TranscriptRejected) as caught:
        rule_transcript(case["transcript"])
    assert (caught.value.deal, caught.value.action) == (3, None)
    assert caught.value.rejection.code == "deal_in_progress"
    with pytest.raises(TranscriptRejected) as caught:
        rule_transcript({**case["transcript"], "closed": "yes"})
    assert caught.value.rejection.field == "closed"


# -- joining, leaving, sitting out -----------------------------------------------


def test_a_player_who_sits_out_loses_the_exemption() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b", "c"], options={"ante": 1})
    state = fold(state, *A_SWEEPS_B)
    assert state.next.exempt == ("b",)
    # b sits the next deal out (a lone player wins it), then comes back: b antes again.
    state = fold(
        state,
        deal(dealer="c", seated=["a", "c"], trump="2S"),
        act(player="a", declare="play"),
        act(player="c", declare="pass"),
        deal(dealer="a", trump="3S"),
    )
    assert state.deal is not None
    assert state.deal.antes == 3


def test_a_bourru_who_sits_out_owes_no_double_later() -> None:
    case = json.loads((CASES / "sitting-02-comtadine-close.json").read_text())
    first, second = case["transcript"]["deals"]
    rename = {"p3": "p1", "p2": "p2"}
    state = new_sitting(variant="comtadine", players=["p1", "p2", "p3"])
    state = fold(
        state,
        parse_deal({k: v for k, v in first.items() if k != "actions"}),
        *(parse_action(a) for a in first["actions"]),
    )
    assert state.next.double == ("p3",)
    # p3 sits out a deal of p1 and p2 (p3's cards given to p1), then comes back.
    state = fold(
        state,
        deal(dealer="p1", seated=["p1", "p2"]),
        *(parse_action({**a, "player": rename[a["player"]]}) for a in second["actions"]),
        deal(dealer="p2"),
    )
    assert state.deal is not None
    assert state.deal.antes == 3  # one each, nobody doubles


def test_joining_takes_the_named_seat_and_leaving_keeps_the_balance() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b"]), *A_SWEEPS_B)
    state = fold(state, Join("c", None), Join("d", "a"), Leave("b"))
    assert state.players == ("c", "a", "d", "b")
    assert state.at_table == ("c", "a", "d")
    assert state.balances == {"c": 0, "a": 1, "d": 0, "b": -3}  # b still owes the bourré
    state = fold(state, deal(dealer="d", trump="2S"))
    assert state.deal is not None
    assert state.deal.seated == ("c", "a", "d")  # no `seated`: everyone at the table
    with pytest.raises(Rejection) as caught:
        apply(state, act(player="b", declare="play"))
    assert caught.value.code == "out_of_turn"  # b is not in this deal


def test_seat_changes_that_cannot_happen_are_refused() -> None:
    state = fold(new_sitting(variant="louisiana", players=["a", "b", "c"]), Leave("b"))
    refused = {
        Join("a", None): ("already_seated", "join.player"),
        Join("e", "zed"): ("unknown_player", "join.seat_after"),
        Join("b", "c"): ("not_own_seat", "join.seat_after"),
        Leave("b"): ("not_seated", "leave.player"),
        Leave("zed"): ("unknown_player", "leave.player"),
        deal(dealer="a", seated=["a", "b"], trump="2S"): ("not_seated", "seated"),
    }
    for event, (code, field) in refused.items():
        with pytest.raises(Rejection) as caught:
            apply(state, event)
        assert (caught.value.code, caught.value.field) == (code, field), event
    back = fold(state, Join("b", "a"))
    assert back.players == ("a", "b", "c")
    assert back.at_table == ("a", "b", "c")


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
    ):
        parse = {"join": parse_join, "leave": parse_leave, "close": parse_close}[next(iter(bad))]
        with pytest.raises(Rejection) as caught:
            parse(bad)
        assert caught.value.field == field, bad


def test_a_table_has_no_more_seats_over_its_sitting_than_the_variant_allows() -> None:
    state = new_sitting(variant="occitan", players=["a", "b", "c"])
    state = fold(state, Leave("c"), Join("d", "b"))
    with pytest.raises(Rejection) as caught:
        apply(state, Join("e", "d"))
    assert (caught.value.code, caught.value.field) == ("player_count", "join.player")
    assert fold(state, Join("c", "d")).players == ("a", "b", "d", "c")  # c comes back
    with pytest.raises(TranscriptRejected) as refused:
        rule_transcript({"variant": "occitan", "players": list("abcde"), "deals": []})
    assert (refused.value.deal, refused.value.action) == (None, None)


def test_a_table_closes_only_after_a_deal() -> None:
    with pytest.raises(Rejection) as caught:
        apply(new_sitting(variant="louisiana", players=["a", "b"]), Close())
    assert caught.value.code == "nothing_to_close"
    with pytest.raises(TranscriptRejected) as refused:
        rule_transcript({"variant": "occitan", "players": ["a", "b", "c"], "closed": True})
    assert (refused.value.deal, refused.value.action) == (None, None)
