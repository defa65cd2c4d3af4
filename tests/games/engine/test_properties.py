"""Cross-cutting invariants of whole deals and whole nights, on random complete sittings
in every variant (hands dealt for real, plays chosen among those the engine calls legal):
chips are conserved, every card is seen once, reneges are ruled once and never early, a
closed night's transfers settle every balance. Each ruling is also checked against the
naive reference referee (tests/reference), which shares no code with the engine; the
reference's own random sittings are in tests/reference/test_differential.py."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine import rule_transcript, ruling_document
from games.engine.simulate import random_night
from tests.reference.referee import referee

from .helpers import TABLE_SIZES, simulate

#: variant, seed, table size, deals, hands hidden, exchanges listed
Params = tuple[str, int, int, int, bool, bool]
#: variant, seed, table size
RenegeParams = tuple[str, int, int]


sittings = st.builds(
    lambda variant, seed, size, deals, hidden, listed: (variant, seed, size, deals, hidden, listed),
    st.sampled_from(sorted(TABLE_SIZES)),
    st.integers(0, 2**32 - 1),
    st.integers(0, 10),
    st.integers(1, 4),
    st.booleans(),
    st.booleans(),
)
SETTINGS = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def without_hands(doc: dict[str, Any]) -> dict[str, Any]:
    doc = copy.deepcopy(doc)
    for deal in doc["deals"]:
        deal.pop("hands", None)
    return doc


@SETTINGS
@given(sittings)
def test_random_legal_sittings_keep_the_invariants(params: Params) -> None:
    variant, seed, size, deals, hidden, listed = params
    sim = simulate(variant, seed, size, deals, list_exchanges=listed)
    doc = without_hands(sim.transcript) if hidden else sim.transcript
    ruling = rule_transcript(doc)
    assert ruling == referee(doc)
    assert sum(ruling["balances"].values()) + ruling["pot"] == 0  # chips are conserved
    for deal in ruling["deals"]:
        assert all(
            r["kind"] != "renege" for r in deal["rulings"]
        )  # no renege in a renege-free deal
        cards = [card for trick in deal["tricks"] for _, card in trick["cards"]]
        assert len(cards) == len(set(cards))  # every card at most once
        if variant != "comtadine" and len(deal["active"]) >= 2:
            assert len(deal["tricks"]) == 5
            assert sum(deal["tricks_won"].values()) == 5
        pot = deal["pot"]
        assert pot["left"] == pot["start"] - pot["paid_out"] >= 0


@SETTINGS
@given(sittings)
def test_ruling_with_and_without_logged_hands_agrees_when_nobody_reneges(params: Params) -> None:
    variant, seed, size, deals, _, listed = params
    sim = simulate(variant, seed, size, deals, list_exchanges=listed)
    hidden = without_hands(sim.transcript)
    assert rule_transcript(sim.transcript) == rule_transcript(hidden) == referee(hidden)


def _renege_sims() -> st.SearchStrategy[RenegeParams]:
    return st.builds(
        lambda variant, seed, size: (variant, seed, size),
        st.sampled_from(["louisiana", "ukrainian", "occitan"]),
        st.integers(0, 2**32 - 1),
        st.integers(0, 10),
    )


@SETTINGS
@given(_renege_sims())
def test_an_injected_renege_is_ruled_once_with_its_obligation_at_the_play_when_hands_are_logged(
    params: RenegeParams,
) -> None:
    variant, seed, size = params
    sim = simulate(variant, seed, size, 1, renege_chance=0.08)
    assume(sim.injected)  # an example that claims to inject a renege does
    ruling = rule_transcript(sim.transcript)
    assert ruling == referee(sim.transcript)
    reneges = [r for r in ruling["deals"][0]["rulings"] if r["kind"] == "renege"]
    expected = [(i.player, i.card, i.obligation, i.action, i.trick) for i in sim.injected]
    assert [
        (r["player"], r["card"], r["obligation"], r["proven_at"], r["trick"]) for r in reneges
    ] == sorted(expected, key=lambda e: e[3])


@SETTINGS
@given(_renege_sims())
def test_without_logged_hands_a_renege_is_ruled_when_first_provable_never_earlier(
    params: RenegeParams,
) -> None:
    variant, seed, size = params
    sim = simulate(variant, seed, size, 1, renege_chance=0.08, list_exchanges=False)
    assume(sim.injected)  # an example that claims to inject a renege does
    hidden = without_hands(sim.transcript)
    ruling = rule_transcript(hidden)
    # The reference finds each proof by trying every later action in turn.
    assert ruling == referee(hidden)
    reneges = [r for r in ruling["deals"][0]["rulings"] if r["kind"] == "renege"]
    assert len(reneges) == len(sim.injected)  # every renege is provable by the end: none missed
    actions = hidden["deals"][0]["actions"]
    for inj in sim.injected:
        (found,) = [r for r in reneges if r["player"] == inj.player]
        assert found["card"] == inj.card
        assert found["trick"] == inj.trick
        assert found["proven_at"] >= inj.action
        assert actions[found["proven_at"]]["player"] == inj.player  # shown by the offender


@pytest.mark.parametrize("variant", sorted(TABLE_SIZES))
def test_many_deals_in_a_row_conserve_chips(variant: str) -> None:
    sim = simulate(variant, 7, 3, 25)
    ruling = rule_transcript(sim.transcript)
    assert ruling == referee(sim.transcript)
    assert len(ruling["deals"]) == 25
    assert sum(ruling["balances"].values()) + ruling["pot"] == 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["louisiana", "ukrainian", "occitan", "comtadine"]),
    st.integers(0, 2**32 - 1),
    st.integers(1, 6),
)
def test_a_closed_night_conserves_chips_and_transfers_settle_every_balance(
    variant: str, seed: int, deals: int
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
