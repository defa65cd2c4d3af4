"""Folding events one by one (with the state stored as a snapshot and reloaded between
them, as the API does) gives exactly the ruling of the whole transcript."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine import apply, rule_transcript, ruling_document
from games.engine.simulate import random_sitting
from games.engine.transcript import open_transcript, transcript_events
from games.projections.snapshot import dump_state, load_state

CASES = sorted((Path(__file__).parents[2] / "conformance" / "cases").glob("*.json"))


def fold_one_by_one(doc):
    state, deals = open_transcript(doc)
    for _, _, event in transcript_events(deals, doc.get("closed", False)):
        state = load_state(dump_state(state))  # stored and reloaded between requests
        state, _ = apply(state, event)
    return ruling_document(state)


@pytest.mark.parametrize(
    "path", [p for p in CASES if "expected" in json.loads(p.read_text())], ids=lambda p: p.stem
)
def test_conformance_cases_fold_incrementally(path) -> None:
    case = json.loads(path.read_text())
    assert fold_one_by_one(case["transcript"]) == case["expected"]


@pytest.mark.parametrize("variant", ["louisiana", "ukrainian", "occitan", "comtadine"])
@pytest.mark.parametrize("seed", range(5))
def test_random_sittings_fold_incrementally(variant, seed) -> None:
    sim = random_sitting(
        random.Random(seed), variant, 4 if variant != "occitan" else 3, 4, renege_chance=0.05
    )
    assert fold_one_by_one(sim.transcript) == rule_transcript(sim.transcript)


def test_a_rejected_event_leaves_the_state_as_it_was() -> None:
    from games.engine import Rejection, new_sitting, parse_action, parse_deal

    state = new_sitting(variant="louisiana", players=["a", "b", "c"])
    state, _ = apply(state, parse_deal({"dealer": "c", "trump": "2S"}))
    before = dump_state(state)
    with pytest.raises(Rejection):
        apply(state, parse_action({"player": "b", "declare": "play"}))
    assert dump_state(state) == before


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
