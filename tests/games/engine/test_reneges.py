"""`reneges`: proving a renege from public information and ruling it. With a logged hand
the play itself proves it (final once the next card is played); without, it is ruled when
the offender later shows a card they were obliged to play. One penalty per player per deal."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

from games.engine import apply, new_sitting, rule_transcript
from games.engine.events import Event, Play
from games.engine.simulate import random_sitting
from games.engine.state import Sitting
from games.engine.transcript import open_transcript, transcript_events
from games.engine.variants import VARIANTS

from .helpers import DECLARED, PLAYERS, D, P, act, deal, fold, louisiana_deal, transcript


def reneges(ruled_deal: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in ruled_deal["rulings"] if r["kind"] == "renege"]


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
    ruled = rule_transcript(louisiana_deal(actions, hands=hands))["deals"][0]
    assert reneges(ruled) == []
    assert ruled["tricks"] == []  # the deal is still being played
    assert ruled["in_progress"] is True


def test_a_top_trump_played_to_this_trick_no_longer_counts_against_a_cinch() -> None:
    # RULES.md §1, cinch: sure tricks count "the highest trumps not yet played". b has won
    # a trick and holds K and Q of spades; once d has led the ace to this trick, b holds
    # the two highest trumps not yet played: 1 + 2 = 3, a cinch. b is not last to play,
    # so b must play the highest trump (KS), not QS (nothing beats the ace either way, so
    # only the cinch is broken).
    hands = {"b": ["AH", "3C", "KS", "QS", "9D"]}
    tricks = ["a:2H b:AH c:3H d:4H", "b:3C c:4C d:AC a:5C", "d:AS a:2S b:QS c:5S"]
    actions = [D(p) for p in "abcd"] + [P(*pc.split(":")) for t in tricks for pc in t.split()]
    doc = transcript(
        "louisiana",
        ["a", "b", "c", "d"],
        [{"dealer": "d", "trump": "7S", "hands": hands, "actions": actions}],
    )
    (renege,) = reneges(rule_transcript(doc)["deals"][0])
    assert renege == {
        "kind": "renege",
        "player": "b",
        "trick": 3,
        "card": "QS",
        "obligation": "cinch",
        "proven_at": 14,
        "amount": 4,
    }
    # Leading the king instead breaks nothing.
    actions[14] = P("b", "KS")
    assert reneges(rule_transcript(doc)["deals"][0]) == []


def test_a_dealer_who_kept_the_upcard_is_caught_at_the_play() -> None:
    # c (dealer) holds the upcard 2S, is void in hearts (shown nowhere) and discards a club:
    # failing to trump is provable at once only because the upcard is known to be held.
    actions = [D("a"), D("b"), D("c"), P("a", "5H"), P("b", "6H"), P("c", "3C"), P("b", "7D")]
    ruling = rule_transcript(louisiana_deal(actions))["deals"][0]
    # c might also hold a heart, so it is either follow_suit or trump: the proof names the
    # obligation the shown cards break. It stands once the next card is played (no retract).
    (renege,) = reneges(ruling)
    assert renege["player"] == "c"
    assert renege["proven_at"] == 5
    assert renege["obligation"] == "trump"


def test_with_a_logged_hand_the_renege_is_final_once_the_next_card_is_played() -> None:
    hands = {"b": ["6H", "KD", "2C", "3C", "4C"]}
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        deal(dealer="c", trump="2S", hands=hands),
        *(act(**a) for a in DECLARED),
        act(player="a", play="5H"),
        act(player="b", play="KD"),  # b holds 6H: must follow suit
    )
    assert state.deal is not None
    assert state.deal.reneges == ()  # b may still take the card back
    assert [r.obligation for r in state.deal.provisional] == ["follow_suit"]
    state, rulings = apply(state, act(player="c", play="7H"))
    assert [r.kind for r in rulings if r.kind == "renege"] == ["renege"]
    assert state.deal is not None
    (final,) = state.deal.reneges
    assert (final.player, final.card, final.obligation, final.proven_at) == (
        "b",
        "KD",
        "follow_suit",
        4,
    )


def test_a_hidden_renege_waits_for_its_proof_and_names_the_card_shown() -> None:
    # b discards a diamond on a heart lead; nothing is known of b's hand yet.
    actions = [*DECLARED, P("a", "5H"), P("b", "KD"), P("c", "7H")]
    ruled = rule_transcript(louisiana_deal(actions))
    assert reneges(ruled["deals"][0]) == []  # b may have held no heart
    # c takes the trick and leads a heart; b follows with one: b held a heart at trick 1.
    actions += [P("c", "9H"), P("a", "2H"), P("b", "3H")]
    ruled = rule_transcript(louisiana_deal(actions))
    (renege,) = reneges(ruled["deals"][0])
    assert renege == {
        "kind": "renege",
        "player": "b",
        "trick": 1,
        "card": "KD",
        "obligation": "follow_suit",
        "proven_at": 8,
        "amount": 3,
    }


def test_a_second_renege_by_the_same_player_costs_nothing_more() -> None:
    hands = {"b": ["6H", "7D", "2C", "3C", "4C"]}
    actions = [
        *DECLARED,
        P("a", "5H"),
        P("b", "2C"),  # renege: b holds 6H
        P("c", "8H"),
        P("c", "9D"),  # c took the trick and leads a diamond
        P("a", "TD"),
        P("b", "3C"),  # renege again: b holds 7D
        P("a", "QD"),  # a card follows: no retract can correct it now
    ]
    ruled = rule_transcript(louisiana_deal(actions, hands=hands))
    first, second = reneges(ruled["deals"][0])
    assert (first["trick"], first["amount"]) == (1, 3)
    assert (second["trick"], second["amount"]) == (2, 0)


def test_an_offender_cannot_win_the_pot_and_pays_the_pot_value() -> None:
    # a holds the three top trumps (a cinch) but leads a heart: a renege. a still takes four
    # tricks, c one, b none: c, the non-offender with most tricks, wins the pot.
    hands = {"a": ["AS", "KS", "QS", "AH", "3D"]}
    tricks = [
        (("a", "AH"), ("b", "5H"), ("c", "6H")),
        (("a", "AS"), ("b", "7D"), ("c", "2S")),
        (("a", "KS"), ("b", "8D"), ("c", "4C")),
        (("a", "QS"), ("b", "9D"), ("c", "5C")),
        (("a", "3D"), ("b", "TD"), ("c", "JD")),
    ]
    actions = [*DECLARED, *(P(p, c) for trick in tricks for p, c in trick)]
    ruled = rule_transcript(louisiana_deal(actions, hands=hands))
    only = ruled["deals"][0]
    assert only["tricks_won"] == {"a": 4, "b": 0, "c": 1}
    assert only["rulings"] == [
        {
            "kind": "renege",
            "player": "a",
            "trick": 1,
            "card": "AH",
            "obligation": "cinch",
            "proven_at": 3,
            "amount": 3,
        },
        {"kind": "pot_won", "player": "c", "amount": 3},
        {"kind": "bourre", "player": "b", "amount": 3},
    ]
    assert only["next"] == {"penalties": {"a": 3, "b": 3}, "exempt": ["a", "b"], "double": []}
    assert ruled["balances"] == {"a": -4, "b": -4, "c": 2}
    assert ruled["pot"] == 6


def _hidden_plays() -> Iterator[tuple[Sitting, Event]]:
    """Each state of 20 random louisiana sittings, hands not logged, and its next event."""
    for seed in range(20):
        doc = copy.deepcopy(
            random_sitting(random.Random(seed), "louisiana", 5, 1, renege_chance=0.02).transcript
        )
        for d in doc["deals"]:
            d.pop("hands", None)
        state, listed = open_transcript(doc)
        for _, _, event in transcript_events(listed):
            yield state, event
            state, _ = apply(state, event)


def test_a_card_that_changes_no_verdict_leaves_a_pending_play_as_it_is() -> None:
    """A hidden hand's card of neither the led suit nor trumps is not added to the
    player's pending plays (no copy of them): `reneges.reveal`. Their verdicts come out
    the same (the conformance and reference tests); here, the very objects are kept."""
    seen = 0
    for state, event in _hidden_plays():
        deal_now = state.deal
        if not isinstance(event, Play) or deal_now is None:
            continue
        card, trump = event.card, deal_now.trump_suit
        idle = [
            p
            for p in deal_now.pending
            if p.player == event.player
            and p.context is not None
            and card not in p.known
            and card[1] not in (p.context.led, trump)
        ]
        after, _ = apply(state, event)
        if idle and after.deal is not None and after.deal.trick is not None:
            seen += len(idle)
            assert all(any(q is p for q in after.deal.pending) for p in idle)
    assert seen > 20  # the case is frequent


def test_a_card_that_follows_and_heads_the_trick_never_waits() -> None:
    """A hidden hand's card of the led suit (not trumps) that takes the lead breaks no
    obligation whatever the hand (test_obligations.py): it is not kept as a pending play."""
    seen = 0
    for state, event in _hidden_plays():
        deal_now = state.deal
        if not isinstance(event, Play) or deal_now is None or deal_now.trick is None:
            continue
        cards, trump = deal_now.trick.cards, deal_now.trump_suit
        if not cards or event.card[1] != cards[0][1][1] or event.card[1] == trump:
            continue
        tops = [c for _, c in cards if c[1] == event.card[1]]
        strength = VARIANTS["louisiana"].strength
        if any(c[1] == trump for _, c in cards) or any(
            strength[c] > strength[event.card] for c in tops
        ):
            continue
        after, _ = apply(state, event)
        if after.deal is not None and after.deal.trick is not None:
            seen += 1
            assert all(p.index != deal_now.actions for p in after.deal.pending)
    assert seen > 20  # the case is frequent
