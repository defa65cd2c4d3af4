"""`simulate`: the random sittings the property tests and benchmarks use are legal and
complete, and a renege injected on purpose is really one."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.engine import rule_transcript, ruling_document
from games.engine.simulate import random_night, random_sitting

from .helpers import simulate


def test_the_simulator_really_injects_reneges() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(60):
        sim = simulate("louisiana", seed, 3, 1, renege_chance=0.1)
        kinds.update(i.obligation for i in sim.injected)
    assert {"follow_suit", "trump", "head_trick"} <= set(kinds)


@pytest.mark.parametrize("variant", ["louisiana", "ukrainian", "occitan", "comtadine"])
def test_a_random_sitting_is_complete_and_its_transcript_rules_to_its_state(variant: str) -> None:
    sim = random_sitting(random.Random(5), variant, 3, 4)
    assert sim.injected == []
    assert len(sim.transcript["deals"]) == 4
    assert sim.state.deal is not None
    assert sim.state.deal.over
    assert rule_transcript(sim.transcript) == ruling_document(sim.state)
    assert len([e for e in sim.events if type(e).__name__ == "StartDeal"]) == 4


def test_a_random_night_changes_seats_and_ends_closed() -> None:
    changes: Counter[str] = Counter()
    for seed in range(10):
        night = random_night(random.Random(seed), "louisiana", 4)
        assert night.state.closed
        assert night.transcript["closed"] is True
        changes.update(type(e).__name__ for e in night.events)
    assert changes["Join"]
    assert changes["Leave"]
    assert changes["Close"] == 10
