"""`settlement`: closing a deal. The pot's fate as the variant rules it, every chip moved
by a posting whose legs sum to zero, penalties paid into the next pot, and what the next
deal owes. (Each variant's own rules: variants/.)"""

from __future__ import annotations

import random

from games.engine import apply, new_sitting, rule_transcript
from games.engine.simulate import random_sitting
from games.engine.transcript import open_transcript, transcript_events

from .helpers import A_SWEEPS_B, PLAYERS, D, P, fold, rule


def test_lone_player_takes_at_most_the_pot_limit() -> None:
    deals = [
        {
            "dealer": "c",
            "trump": "9D",
            "ante": 10,
            "actions": [D("a", False), D("b", False), D("c", True)],
        }
    ]
    ruling = rule("louisiana", PLAYERS, deals, pot_limit=20)
    assert ruling["deals"][0]["rulings"] == [
        {"kind": "lone_player", "player": "c"},
        {"kind": "pot_won", "player": "c", "amount": 20},
    ]
    assert ruling["pot"] == 10
    assert sum(ruling["balances"].values()) + ruling["pot"] == 0


def test_rulings_carry_postings_that_sum_to_zero() -> None:
    sim = random_sitting(random.Random(3), "ukrainian", 5, 6)
    state, deals = open_transcript(sim.transcript)
    seen = set()
    for _, _, event in transcript_events(deals):
        state, rulings = apply(state, event)
        for ruling in rulings:
            seen.add(ruling.kind)
            for posting in ruling.postings:
                assert sum(amount for _, amount in posting.legs) == 0
    assert {"deal_started", "trick_won", "deal_settled"} <= seen


def test_a_settled_deal_posts_the_win_the_penalty_and_what_carries() -> None:
    state = new_sitting(variant="louisiana", players=["a", "b"])
    for event in A_SWEEPS_B[:-1]:
        state, _ = apply(state, event)
    state, rulings = apply(state, A_SWEEPS_B[-1])
    kinds = [r.kind for r in rulings]
    assert kinds == ["trick_won", "pot_won", "bourre", "deal_settled"]
    won = rulings[1]
    assert [(p.kind, dict(p.legs)) for p in won.postings] == [
        ("pot_won", {"pot": -2, "player:a": 2})
    ]
    settled = rulings[-1]
    assert [(p.kind, dict(p.legs)) for p in settled.postings] == [
        ("penalty", {"player:b": -2, "pot": 2})
    ]
    summary = settled.data["summary"]
    assert summary["pot"] == {"antes": 2, "start": 2, "paid_out": 2, "left": 0}
    assert summary["next"] == {"penalties": {"b": 2}, "exempt": ["b"], "double": []}
    assert state.pot == 2  # the bourré's penalty is the next deal's pot
    assert state.deals[-1] == summary


def test_a_carried_pot_is_posted_as_staying_in_the_pot() -> None:
    doc_deals = [{"dealer": "c", "trump": "2S", "actions": [D(p, False) for p in "abc"]}]
    state = fold(
        new_sitting(variant="louisiana", players=PLAYERS),
        *(e for _, _, e in transcript_events(doc_deals)),
    )
    assert state.pot == 3
    ruled = rule("louisiana", PLAYERS, doc_deals)
    assert ruled["deals"][0]["rulings"] == [{"kind": "all_passed"}]
    assert ruled["deals"][0]["pot"]["left"] == 3


def test_an_occitan_renege_costs_twice_what_was_shared_known_only_at_settlement() -> None:
    hands = {
        "a": ["KH", "KS", "KD", "7C", "8C"],
        "b": ["7H", "7S", "7D", "KC", "9C"],
        "c": ["8H", "8S", "8D", "QC", "TC"],
    }
    # a leads KH and b throws a club while holding 7H: a renege, proven by the logged hand.
    tricks = [
        ("a:KH", "b:9C", "c:8H"),
        ("a:KS", "b:7S", "c:8S"),
        ("a:KD", "b:7D", "c:8D"),
        ("a:7C", "b:KC", "c:QC"),
        ("b:7H", "c:TC", "a:8C"),
    ]
    actions = [P(*pc.split(":")) for trick in tricks for pc in trick]
    doc = {
        "variant": "occitan",
        "players": ["a", "b", "c"],
        "options": {"ante": 5},
        "deals": [{"dealer": "c", "hands": hands, "actions": actions}],
    }
    only = rule_transcript(doc)["deals"][0]
    (renege,) = [r for r in only["rulings"] if r["kind"] == "renege"]
    assert (renege["player"], renege["obligation"]) == ("b", "follow_suit")
    # a 3 tricks (9), b 2 (no share for the offender), c 0: shared 9, so b and c pay 18.
    shared = next(r for r in only["rulings"] if r["kind"] == "pot_shared")
    assert shared["shares"] == {"a": 9, "b": 0, "c": 0}
    assert renege["amount"] == 18
    assert only["next"]["penalties"] == {"b": 18, "c": 18}
