"""Random, complete and legal sittings: for property tests and benchmarks.

The simulator deals real cards, logs every hand, and asks the engine itself what is
legal, so the transcripts it writes are what a careful table would log. Pass
`renege_at` to make one chosen play break an obligation on purpose.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .events import (
    Action,
    Close,
    Declare,
    Event,
    Exchange,
    Join,
    Leave,
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
    events: list[Event] = field(default_factory=list)  # every event given to the engine


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
        _deal(
            rng,
            sim,
            d,
            names[d % players],
            tuple(names),
            None,
            play_chance,
            renege_chance,
            list_exchanges,
        )
    return sim


def _deal(
    rng: random.Random,
    sim: Simulation,
    d: int,
    dealer: str,
    seated: tuple[str, ...],
    logged_seated: tuple[str, ...] | None,
    play_chance: float,
    renege_chance: float,
    list_exchanges: bool,
) -> None:
    """Deal real cards to `seated` and play the deal out; the engine is told `seated`
    only when `logged_seated` says so (None: everyone at the table, by default)."""
    v = get_variant(sim.state.variant)
    cards = sorted(v.deck)
    rng.shuffle(cards)
    hands = {p: tuple(cards[i * 5 : i * 5 + 5]) for i, p in enumerate(seated)}
    stock = cards[5 * len(seated) :]
    trump = None
    if v.trump_in_dealer_hand:
        trump = hands[dealer][4]
    elif v.trump_from_stock:
        trump = stock.pop(0)
    start = StartDeal(dealer=dealer, seated=logged_seated, hands=hands, trump=trump)
    entry: dict[str, Any] = {**deal_to_json(start), "actions": []}
    sim.transcript["deals"].append(entry)
    sim.state = _step(sim, start)
    _play_deal(rng, sim, entry, d, dict(hands), stock, play_chance, renege_chance, list_exchanges)


def random_night(
    rng: random.Random,
    variant: str,
    deals: int,
    *,
    play_chance: float = 0.75,
    renege_chance: float = 0.0,
) -> Simulation:
    """A club night: before each deal players may leave, arrive (at a random place) or
    come back to their seat, and some of those at the table sit the deal out; the table
    closes after the last deal. `events` is the log the API would hold (joins and
    leaves included); `transcript` the same night as a closed transcript (every seat
    ever taken in `players`, each deal's `seated` written out)."""
    v = get_variant(variant)
    fresh = (f"p{i}" for i in range(1, 1000))
    first = [next(fresh) for _ in range(rng.randint(v.min_players, v.max_players))]
    sim = Simulation(
        {"format": "bourre-transcript/1", "variant": variant, "options": {}, "deals": []},
        new_sitting(variant=variant, players=first),
    )
    for d in range(deals):
        for _ in range(rng.randint(0, 2)):
            _change_seats(rng, sim, fresh)
        while len(sim.state.at_table) < v.min_players:
            _change_seats(rng, sim, fresh, arrive=True)
        roster = sim.state.at_table
        size = rng.randint(v.min_players, min(v.max_players, len(roster)))
        chosen = rng.sample(roster, size)
        seated = tuple(p for p in roster if p in chosen)
        logged = None if seated == roster else seated
        _deal(rng, sim, d, rng.choice(seated), seated, logged, play_chance, renege_chance, True)
        sim.transcript["deals"][-1]["seated"] = list(seated)
    sim.state = _step(sim, Close())
    sim.transcript["players"] = list(sim.state.players)
    sim.transcript["closed"] = True
    return sim


def _change_seats(
    rng: random.Random, sim: Simulation, fresh: Iterator[str], *, arrive: bool = False
) -> None:
    """Someone leaves, or (always when `arrive`) someone arrives: a newcomer at a random
    place while the table has a seat never taken, or a player who left, back in their own
    seat."""
    state = sim.state
    roster = state.at_table
    if not arrive and roster and rng.random() < 0.5:
        sim.state = _step(sim, Leave(rng.choice(roster)))
        return
    gone = [p for p in state.players if p not in roster]
    full = len(state.players) >= get_variant(state.variant).max_players  # no seat left
    if gone and (full or rng.random() < 0.5):
        back = rng.choice(gone)
        at = state.players.index(back)
        sim.state = _step(sim, Join(back, state.players[at - 1] if at else None))
    elif not full:
        sim.state = _step(sim, Join(next(fresh), rng.choice((None, *state.players))))


def _step(sim: Simulation, event: Event) -> Sitting:
    sim.events.append(event)
    return apply(sim.state, event)[0]


def _log(
    sim: Simulation, entry: dict[str, Any], event: Action, logged: Action | None = None
) -> None:
    """Advance the fully informed state by `event`; write `logged` (default: the same)."""
    shown = event if logged is None else logged
    entry["actions"].append(action_to_json(shown))
    sim.state = _step(sim, event)


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
