"""Cross-cutting: folding events one by one (with the state stored as a snapshot and
reloaded between them, as the API does) gives exactly the ruling of the whole transcript,
for every conformance case and random sittings of every variant."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.engine import Sitting, apply, rule_transcript, ruling_document
from games.engine.simulate import random_sitting
from games.engine.transcript import open_transcript, transcript_events
from games.sitting.snapshot import dump_state, load_state

CASES = sorted((Path(__file__).parents[2] / "conformance" / "cases").glob("*.json"))


def fold_one_by_one(doc: dict[str, Any]) -> dict[str, Any]:
    state: Sitting
    state, deals = open_transcript(doc)
    for _, _, event in transcript_events(deals, doc.get("closed", False)):
        state = load_state(dump_state(state))  # stored and reloaded between requests
        state, _ = apply(state, event)
    return ruling_document(state)


@pytest.mark.parametrize(
    "path", [p for p in CASES if "expected" in json.loads(p.read_text())], ids=lambda p: p.stem
)
def test_conformance_cases_fold_incrementally(path: Path) -> None:
    case = json.loads(path.read_text())
    assert fold_one_by_one(case["transcript"]) == case["expected"]


@pytest.mark.parametrize("variant", ["louisiana", "ukrainian", "occitan", "comtadine"])
@pytest.mark.parametrize("seed", range(5))
def test_random_sittings_fold_incrementally(variant: str, seed: int) -> None:
    sim = random_sitting(
        random.Random(seed), variant, 4 if variant != "occitan" else 3, 4, renege_chance=0.05
    )
    assert fold_one_by_one(sim.transcript) == rule_transcript(sim.transcript)
