"""`climbing`: comtadine's climbing tricks. Each player in turn plays a higher card of the
trick's suit or passes; the last card takes the trick; a single-card trick is dead and its
leader leads again; the deal ends when at most one player holds cards (RULES.md §4)."""

from __future__ import annotations

from typing import Any

from games.engine import Event, Sitting, new_sitting

from .helpers import (
    PLAYERS,
    P,
    act,
    deal,
    fold,
    louisiana_deal,
    refusal,
    rejected,
    rule,
    transcript,
)

PASS = True


def passes(player: str) -> dict[str, Any]:
    return {"player": player, "pass_turn": True}


def comtadine(*events: Any, players: list[str] = PLAYERS, **options: Any) -> Sitting:
    return fold(new_sitting(variant="comtadine", players=players, options=options), *events)


def test_comtadine_refuses_a_card_that_does_not_climb_and_a_pass_on_lead() -> None:
    doc = transcript(
        "comtadine", PLAYERS, [{"dealer": "c", "actions": [P("a", "9H"), P("b", "8H")]}]
    )
    assert rejected(doc).rejection.code == "must_climb"
    doc = transcript("comtadine", PLAYERS, [{"dealer": "c", "actions": [passes("a")]}])
    assert rejected(doc).rejection.code == "must_lead"


def test_a_pass_is_refused_in_the_trick_taking_variants() -> None:
    actions = [{"player": p, "declare": "play"} for p in "abc"] + [passes("a")]
    error = rejected(louisiana_deal(actions))
    assert (error.deal, error.action, error.rejection.code) == (0, 3, "not_in_variant")


def test_a_card_of_another_suit_does_not_climb_even_if_it_ranks_higher() -> None:
    state = comtadine(deal(dealer="c"), act(player="a", play="9H"))
    caught = refusal(state, act(player="b", play="KS"))
    assert (caught.code, caught.field) == ("must_climb", "play")


def test_the_trick_goes_round_until_nobody_beats_the_last_card() -> None:
    state = comtadine(
        deal(dealer="c"),
        act(player="a", play="9H"),
        act(player="b", play="JH"),
        act(player="c", pass_turn=PASS),
        act(player="a", play="QH"),  # the trick comes back round to a
    )
    assert state.deal is not None
    assert state.deal.trick is not None
    assert [c for _, c in state.deal.trick.cards] == ["9H", "JH", "QH"]
    assert refusal(state, act(player="c", play="KH")).expected == "b"
    # A new card gives everyone a new chance: c, who passed on the jack, may beat the queen.
    state = fold(state, act(player="b", pass_turn=PASS))
    assert state.deal is not None
    assert state.deal.tricks == ()
    state = fold(state, act(player="c", pass_turn=PASS))
    assert state.deal is not None
    (won,) = state.deal.tricks
    assert won.winner == "a"
    assert state.deal.tricks_won == {"a": 1, "b": 0, "c": 0}
    assert state.deal.trick is not None
    assert state.deal.trick.leader == "a"


def test_a_king_cannot_be_beaten_and_takes_the_trick_at_once() -> None:
    state = comtadine(
        deal(dealer="c"),
        act(player="a", play="9H"),
        act(player="b", play="KH"),
        act(player="c", pass_turn=PASS),
        act(player="a", pass_turn=PASS),
    )
    assert state.deal is not None
    assert state.deal.tricks[0].winner == "b"
    assert state.deal.trick is not None
    assert state.deal.trick.leader == "b"


def test_a_single_card_trick_is_dead_and_its_leader_leads_again() -> None:
    state = comtadine(
        deal(dealer="c"),
        act(player="a", play="KH"),
        act(player="b", pass_turn=PASS),
        act(player="c", pass_turn=PASS),
    )
    assert state.deal is not None
    (dead,) = state.deal.tricks
    assert dead.winner is None
    assert state.deal.tricks_won == {"a": 0, "b": 0, "c": 0}
    assert state.deal.trick is not None
    assert (state.deal.trick.number, state.deal.trick.leader) == (2, "a")


def test_a_player_sitting_the_deal_out_cannot_play_or_pass() -> None:
    state = comtadine(deal(dealer="b", seated=["a", "b"]))
    for event in (act(player="c", play="KH"), act(player="c", pass_turn=PASS)):
        caught = refusal(state, event)
        assert (caught.code, caught.expected) == ("not_seated", "a")


def test_a_player_out_of_cards_is_skipped_and_cannot_play_again() -> None:
    # a leads five kings and queens nobody can beat: every trick is dead, a leads again,
    # and after a's fifth card a has none left while b and c still hold theirs.
    hands = {"a": ["KH", "KS", "KD", "KC", "QH"]}
    events: list[Event] = [deal(dealer="c", hands=hands)]
    for card in hands["a"][:4]:
        events += [act(player="a", play=card), act(player="b", pass_turn=PASS)]
        events += [act(player="c", pass_turn=PASS)]
    state = comtadine(*events, act(player="a", play="QH"), act(player="b", pass_turn=PASS))
    state = fold(state, act(player="c", pass_turn=PASS))  # a dead trick: a would lead again
    assert state.deal is not None
    assert state.deal.cards_left == {"a": 0, "b": 5, "c": 5}
    assert state.deal.trick is not None
    assert state.deal.trick.leader == "b"  # the next player holding cards leads
    caught = refusal(state, act(player="a", play="7H"))
    assert (caught.code, caught.expected) == ("sixth_card", "b")


def test_the_eldest_option_names_the_first_leader() -> None:
    state = comtadine(deal(dealer="c"), eldest="b")
    assert state.deal is not None
    assert state.deal.trick is not None
    assert state.deal.trick.leader == "b"
    assert refusal(state, act(player="a", play="9H")).expected == "b"


def test_passing_while_holding_a_higher_card_is_a_climb_renege() -> None:
    hands = {"b": ["TH", "7S", "8S", "9S", "7D"]}
    state = comtadine(
        deal(dealer="c", hands=hands), act(player="a", play="9H"), act(player="b", pass_turn=PASS)
    )
    assert state.deal is not None
    (renege,) = state.deal.reneges
    assert (renege.player, renege.obligation, renege.card, renege.proven_at) == (
        "b",
        "climb",
        None,
        1,
    )


def test_a_hidden_pass_is_proven_a_renege_when_the_higher_card_is_shown() -> None:
    state = comtadine(
        deal(dealer="c"),
        act(player="a", play="9H"),
        act(player="b", pass_turn=PASS),  # b may hold nothing higher: not yet provable
        act(player="c", play="JH"),
        act(player="a", pass_turn=PASS),
        act(player="b", pass_turn=PASS),  # c takes the trick with the jack
        act(player="c", play="8H"),
        act(player="a", pass_turn=PASS),
    )
    assert state.deal is not None
    assert state.deal.reneges == ()
    state = fold(state, act(player="b", play="TH"))  # b held TH, higher than 9H, all along
    assert state.deal is not None
    (renege,) = state.deal.reneges  # not for the pass on the jack: TH does not beat JH
    assert (renege.player, renege.trick, renege.obligation, renege.proven_at) == (
        "b",
        1,
        "climb",
        7,  # the action that showed TH
    )


def test_the_deal_ends_when_only_one_player_holds_cards() -> None:
    hands = {"a": ["KH", "KS", "KD", "KC", "QH"], "b": ["7H", "7S", "7D", "7C", "8H"]}
    doc_actions = [
        x for card in ["KH", "KS", "KD", "KC", "QH"] for x in (P("a", card), passes("b"))
    ]
    ruling = rule(
        "comtadine", ["a", "b"], [{"dealer": "b", "hands": hands, "actions": doc_actions}]
    )
    (only,) = ruling["deals"]
    assert "in_progress" not in only
    assert len(only["tricks"]) == 5  # every trick dead: b still holds five cards


def test_comtadine_no_live_trick_keeps_the_pot_and_both_bourrus_ante_double() -> None:
    # p2 leads kings nobody can beat: every trick is dead, nobody takes one.
    passing = {"player": "p1", "pass_turn": True}
    first = [x for card in ["KH", "KS", "KD", "KC", "QH"] for x in (P("p2", card), passing)]
    hands = {"p1": ["7H", "8H", "7S", "7D", "7C"], "p2": ["KH", "KS", "KD", "KC", "QH"]}
    deals: list[dict[str, Any]] = [
        {"dealer": "p1", "hands": hands, "actions": first},
        {"dealer": "p2", "actions": []},
    ]
    ruling = rule("comtadine", ["p1", "p2"], deals, ante=2)
    deal0 = ruling["deals"][0]
    assert deal0["tricks_won"] == {"p2": 0, "p1": 0}
    assert [t["winner"] for t in deal0["tricks"]] == [None] * 5
    assert deal0["rulings"] == [
        {"kind": "pot_carried", "amount": 4, "tied": []},
        {"kind": "bourre", "player": "p2", "amount": 0},
        {"kind": "bourre", "player": "p1", "amount": 0},
    ]
    assert deal0["next"]["double"] == ["p2", "p1"]
    assert ruling["deals"][1]["pot"]["antes"] == 8  # both ante double
    assert ruling["pot"] == 12
