"""Louisiana Bourré (Booray), after Pagat (seed 004; seed 002 agrees on most points)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from table_stream.rulings import PostingKind, RulingKind

from ..cards import RANKS_52
from ..obligations import TrickRules
from .base import DealFacts, OptionSpec, Settlement, Variant, capped


class Louisiana(Variant):
    name = "louisiana"
    ranks = RANKS_52
    min_players, max_players = 2, 8
    has_trump = True
    trump_in_dealer_hand = True
    declares = True
    exchanges = True
    options_spec = {
        "ante": OptionSpec(1, "int"),
        "max_exchange": OptionSpec(5, "int", 0, 5),
        "pot_limit": OptionSpec(None, "int_or_none", 1),
        "cinch": OptionSpec(True, "bool"),
    }
    #: ties carry the pot in louisiana; the ukrainian rules split it
    split_ties = False
    exempt_next = True

    def max_exchange(self, options: Mapping[str, Any], seated: int) -> int:
        return int(options["max_exchange"])

    def ante_due(
        self, player: str, ante: int, exempt: tuple[str, ...], double: tuple[str, ...]
    ) -> int:
        return 0 if player in exempt else ante

    def trick_rules(self, options: Mapping[str, Any], trump: str | None) -> TrickRules:
        return TrickRules(
            strength=self.strength,
            ranks=self.ranks,
            trump=trump,
            must_head=True,
            must_trump=True,
            cinch=bool(options.get("cinch", False)),
            lead_high_trump=False,
        )

    def settle(self, facts: DealFacts, options: Mapping[str, Any]) -> Settlement:
        limit = options.get("pot_limit")
        pot = facts.pot
        offenders = set(facts.offenders)
        # One pass over the players in (those who reneged take nothing): who took the
        # most tricks (`leaders`, in play order) and who took none (`bourres`).
        won = facts.tricks_won
        top = 0
        leaders: list[str] = []
        bourres: list[str] = []
        for p in facts.order:
            if p in offenders:
                continue
            taken = won.get(p, 0)
            if taken == 0:
                bourres.append(p)
            elif taken > top:
                top, leaders = taken, [p]
            elif taken == top:
                leaders.append(p)
        rulings: list[dict[str, Any]] = []
        payouts: dict[str, int] = {}
        kind = PostingKind.POT_WON
        carried = False
        if len(leaders) == 1:
            payouts[leaders[0]] = capped(pot, limit)
            rulings.append(
                {"kind": RulingKind.POT_WON, "player": leaders[0], "amount": payouts[leaders[0]]}
            )
        elif leaders and self.split_ties:
            each = capped(pot // len(leaders), limit)
            payouts = {p: each for p in leaders}
            kind = PostingKind.SPLIT
            rulings.append(
                {
                    "kind": RulingKind.POT_SPLIT,
                    "players": leaders,
                    "each": each,
                    "left": pot - each * len(leaders),
                }
            )
        else:
            carried = True
            rulings.append({"kind": RulingKind.POT_CARRIED, "amount": pot, "tied": leaders})
        value = capped(pot, limit)
        # (Loops and list comprehensions, not generators: no frame resumed per player.)
        for p in bourres:
            rulings.append({"kind": RulingKind.BOURRE, "player": p, "amount": value})
        penalized = set(bourres) | offenders
        penalties = {p: value for p in facts.order if p in penalized}
        exempt: tuple[str, ...] = ()
        if self.exempt_next:
            tied = set(leaders) if carried and len(leaders) > 1 else set()
            exempt = tuple([p for p in facts.order if p in penalized or p in tied])
        return Settlement(
            rulings=tuple(rulings),
            payouts=payouts,
            payout_kind=kind,
            penalties=penalties,
            renege_amount=None,
            exempt=exempt,
            carried=carried,
        )
