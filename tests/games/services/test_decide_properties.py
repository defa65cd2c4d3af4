"""Fast service property, no database: random legal club nights (the engine's simulator:
real cards, plays among those the engine calls legal, players leaving, arriving and
coming back between deals, the table closed at the end, some reneges), posted one event
per request through `decide` with now and then an event undone and posted again, each
decision appended to a `MemoryEventStore`: the log folds with `evolve` to the fold
`decide` advanced, request by request and from scratch, and the sitting is ruled as the
engine ruled the night."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import ruling_document
from games.engine.simulate import random_night
from tests.games.api.sittings import event_json, first_players
from tests.games.services.memory import MemoryTable, as_json

UNDO = {"undo": {"reason": "logged by mistake"}}

nights = st.tuples(
    st.sampled_from(["louisiana", "ukrainian", "occitan", "comtadine"]),
    st.integers(0, 2**32 - 1),
    st.integers(1, 3),  # deals
    st.sampled_from([0.0, 0.0, 0.2]),  # renege chance
    st.sampled_from([0.0, 0.1]),  # chance that an event is undone and posted again
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nights)
def test_random_nights_decided_and_appended_one_by_one_refold_to_the_same_state(
    night_params: tuple[str, int, int, float, float],
) -> None:
    variant, seed, deals, renege_chance, undo_chance = night_params
    rng = random.Random(seed)
    night = random_night(rng, variant, deals, renege_chance=renege_chance)
    players = first_players(night.events, list(night.state.players))
    table = MemoryTable.created(variant=variant, players=players)
    for event in night.events:
        posted = event_json(event)
        table.post([posted], stale_check=False)
        if rng.random() < undo_chance:
            table.post([UNDO], stale_check=False)
            table.post([posted])
    refolded = table.refolded()
    assert refolded == table.fold
    assert refolded.state.closed
    assert table.ruling() == as_json(ruling_document(night.state))
    assert list(table.fold.state.at_table) == list(night.state.at_table)
