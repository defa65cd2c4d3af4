"""Small builders for engine tests: a transcript in a few lines, a sitting in a few events."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engine import (
    Event,
    Rejection,
    Sitting,
    TranscriptRejected,
    apply,
    parse_action,
    parse_deal,
    rule_transcript,
)
from games.engine.events import Action, StartDeal
from games.engine.simulate import Simulation, random_sitting
from games.engine.variants import DealFacts, Settlement, get_variant


def P(player: str, card: str) -> dict[str, Any]:
    return {"player": player, "play": card}


def D(player: str, choice: bool = True) -> dict[str, Any]:
    return {"player": player, "declare": "play" if choice else "pass"}


def plays(*pairs: str) -> list[dict[str, Any]]:
    """plays("a:AS", "b:2S") -> play actions."""
    return [P(*pair.split(":")) for pair in pairs]


def transcript(
    variant: str, players: list[str], deals: list[dict[str, Any]], **options: Any
) -> dict[str, Any]:
    return {
        "format": "bourre-transcript/1",
        "variant": variant,
        "options": options,
        "players": list(players),  # the document's own: PLAYERS stays as it is
        "deals": deals,
    }


# The three-player louisiana table most engine tests deal at: c deals, spades are trumps.
PLAYERS = ["a", "b", "c"]
DECLARED = [D("a"), D("b"), D("c")]


def louisiana_deal(actions: list[dict[str, Any]], **header: Any) -> dict[str, Any]:
    """A transcript of one louisiana deal at `PLAYERS` (header keys override the dealer
    and the upcard)."""
    return transcript(
        "louisiana", PLAYERS, [{"dealer": "c", "trump": "2S", **header, "actions": actions}]
    )


def rule(
    variant: str, players: list[str], deals: list[dict[str, Any]], **options: Any
) -> dict[str, Any]:
    return rule_transcript(transcript(variant, players, deals, **options))


def rejected(doc: dict[str, Any]) -> TranscriptRejected:
    """The refusal of a transcript the referee must refuse."""
    with pytest.raises(TranscriptRejected) as caught:
        rule_transcript(doc)
    return caught.value


def refusal(state: Sitting, event: Event) -> Rejection:
    """The refusal of one event; the state given is left as it was (it is frozen)."""
    with pytest.raises(Rejection) as caught:
        apply(state, event)
    return caught.value


def fold(state: Sitting, *events: Event) -> Sitting:
    for event in events:
        state, _ = apply(state, event)
    return state


def deal(**header: Any) -> StartDeal:
    return parse_deal(header)


def act(**action: Any) -> Action:
    return parse_action(action)


def sweep(winner: str, loser: str) -> tuple[Event, ...]:
    """A louisiana deal between `winner` and `loser` (dealer `loser`, upcard 2S): the winner
    holds the five top spades and takes every trick, the loser is bourré."""
    return (
        deal(
            dealer=loser,
            seated=[winner, loser] if winner < loser else [loser, winner],
            trump="2S",
            hands={winner: ["AS", "KS", "QS", "JS", "TS"], loser: ["3H", "4H", "5H", "6H", "2S"]},
        ),
        act(player=winner, declare="play"),
        act(player=loser, declare="play"),
        *(
            act(player=p, play=c)
            for pair in (("AS", "2S"), ("KS", "3H"), ("QS", "4H"), ("JS", "5H"), ("TS", "6H"))
            for p, c in zip((winner, loser), pair, strict=True)
        ),
    )


#: a takes all five tricks from b, who is bourré (dealer b).
A_SWEEPS_B = sweep("a", "b")


#: The seats of the settlement examples, from the dealer's left.
ORDER = ("a", "b", "c", "d")


def settle(
    variant: str,
    won: dict[str, int],
    pot: int = 10,
    offenders: tuple[str, ...] = (),
    **options: Any,
) -> Settlement:
    """How `variant` settles a deal in which the players of `won` took those tricks."""
    v = get_variant(variant)
    opts = v.check_options(options, ORDER)
    facts = DealFacts(
        order=tuple(p for p in ORDER if p in won), tricks_won=won, offenders=offenders, pot=pot
    )
    return v.settle(facts, opts)


#: The table sizes each variant allows (RULES.md).
TABLE_SIZES = {"louisiana": (2, 8), "ukrainian": (2, 7), "occitan": (3, 4), "comtadine": (2, 5)}


def simulate(
    variant: str,
    seed: int,
    size: int,
    deals: int,
    *,
    renege_chance: float = 0.0,
    list_exchanges: bool = True,
) -> Simulation:
    """A random sitting of `deals` deals at a table of a size the variant allows."""
    low, high = TABLE_SIZES[variant]
    players = low + size % (high - low + 1)
    return random_sitting(
        random.Random(seed),
        variant,
        players,
        deals,
        renege_chance=renege_chance,
        list_exchanges=list_exchanges,
    )
