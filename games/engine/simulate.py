"""Random, complete and legal sittings: for property tests and benchmarks.

The simulator deals real cards, logs every hand, and asks the engine itself what is
legal, so the transcripts it writes are what a careful table would log. Pass
`renege_at` to make one chosen play break an obligation on purpose.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .events import (
    Declare,
    Event,
    Exchange,
    PassTurn,
    Play,
    StartDeal,
    action_to_json,
    deal_to_json,
)
from .reducer import apply, new_sitting
from .state import Sitting
from .variants import get_variant
from .view import legal_plays, to_act


@dataclass
class Injected:
    """A renege the simulator made on purpose."""

    deal: int
    action: int
    player: str
    card: str
    obligation: str
    trick: int


@dataclass
class Simulation:
    transcript: dict[str, Any]
    state: Sitting
    injected: list[Injected] = field(default_factory=list)


def random_sitting(
    rng: random.Random,
    variant: str,
    players: int,
    deals: int = 1,
    *,
    options: dict[str, Any] | None = None,
    play_chance: float = 0.75,
    renege_chance: float = 0.0,
    list_exchanges: bool = True,
) -> Simulation:
    names = [f"p{i + 1}" for i in range(players)]
    state = new_sitting(variant=variant, players=names, options=options)
    v = get_variant(variant)
    sim = Simulation(
        {
            "format": "bourre-transcript/1",
            "variant": variant,
            "options": options or {},
            "players": names,
            "deals": [],
        },
        state,
    )
    for d in range(deals):
        dealer = names[d % players]
        cards = sorted(v.deck)
        rng.shuffle(cards)
        hands = {p: tuple(cards[i * 5 : i * 5 + 5]) for i, p in enumerate(names)}
        stock = cards[5 * players :]
        trump = None
        if v.trump_in_dealer_hand:
            trump = hands[dealer][4]
        elif v.trump_from_stock:
            trump = stock.pop(0)
        start = StartDeal(dealer=dealer, hands=hands, trump=trump)
        entry: dict[str, Any] = {**deal_to_json(start), "actions": []}
        sim.transcript["deals"].append(entry)
        sim.state = _step(sim.state, start)
        _play_deal(
            rng, sim, entry, d, dict(hands), stock, play_chance, renege_chance, list_exchanges
        )
    return sim


def _step(state: Sitting, event: Event) -> Sitting:
    return apply(state, event)[0]


def _log(sim: Simulation, entry: dict[str, Any], event: Event, logged: Event | None = None) -> None:
    """Advance the fully informed state by `event`; write `logged` (default: the same)."""
    assert not isinstance(event, StartDeal)
    shown = event if logged is None else logged
    assert not isinstance(shown, StartDeal)
    entry["actions"].append(action_to_json(shown))
    sim.state = _step(sim.state, event)


def _play_deal(
    rng: random.Random,
    sim: Simulation,
    entry: dict[str, Any],
    d: int,
    hands: dict[str, tuple[str, ...]],
    stock: list[str],
    play_chance: float,
    renege_chance: float,
    list_exchanges: bool,
) -> None:
    v = get_variant(sim.state.variant)
    deal = sim.state.deal
    assert deal is not None
    if v.declares:
        for p in deal.order:
            must = (
                v.trump_in_dealer_hand
                and p == deal.dealer
                and deal.trump_card is not None
                and deal.trump_card[0] == "A"
            )
            _log(sim, entry, Declare(p, must or rng.random() < play_chance))
            deal = sim.state.deal
            assert deal is not None
            if deal.over:
                return
    if v.exchanges:
        served: list[str] = []
        for p in deal.active:
            n = rng.randint(0, deal.max_exchange)
            if n > len(stock):
                stock.extend(served)
                rng.shuffle(stock)
                served = []
            if n > len(stock):
                n = 0
            discard = tuple(rng.sample(hands[p], n))
            draw = tuple(stock[:n])
            del stock[:n]
            hands[p] = tuple(c for c in hands[p] if c not in discard) + draw
            served.extend(discard)
            if list_exchanges or n:
                _log(
                    sim,
                    entry,
                    Exchange(p, n, discard, draw),
                    None if list_exchanges else Exchange(p, n),
                )
    while sim.state.deal is not None and not sim.state.deal.over:
        _play_one(rng, sim, entry, d, renege_chance)


def _play_one(
    rng: random.Random, sim: Simulation, entry: dict[str, Any], d: int, renege_chance: float
) -> None:
    player = to_act(sim.state)
    assert player is not None
    plays = legal_plays(sim.state, player)
    assert plays is not None
    assert plays.hand_known
    deal = sim.state.deal
    assert deal is not None
    assert deal.trick is not None
    if (
        plays.refused
        and rng.random() < renege_chance
        and not get_variant(sim.state.variant).climbing
    ) and all(i.player != player or i.deal != d for i in sim.injected):
        card = rng.choice(sorted(plays.refused))
        sim.injected.append(
            Injected(d, len(entry["actions"]), player, card, plays.refused[card], deal.trick.number)
        )
        _log(sim, entry, Play(player, card))
        return
    if plays.may_pass:  # climbing: nothing in hand beats the trick
        _log(sim, entry, PassTurn(player))
        return
    _log(sim, entry, Play(player, rng.choice(sorted(plays.allowed))))
