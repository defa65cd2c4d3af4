"""La Bourre with 32 cards (seed 000, first part): no trump, follow suit, the pot
shared by tricks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from table_stream.rulings import PostingKind, RulingKind

from ..cards import RANKS_32
from ..obligations import TrickRules
from .base import DealFacts, OptionSpec, Settlement, Variant


class Occitan(Variant):
    name = "occitan"
    ranks = RANKS_32
    min_players, max_players = 3, 4
    options_spec = {"ante": OptionSpec(1, "int")}

    def trick_rules(self, options: Mapping[str, Any], trump: str | None) -> TrickRules:
        return TrickRules(
            strength=self.strength,
            ranks=self.ranks,
            trump=None,
            must_head=False,
            must_trump=False,
            cinch=False,
            lead_high_trump=False,
        )

    def renege_amount(self, pot: int, options: Mapping[str, Any]) -> int | None:
        return None  # twice what is shared out: known only at settlement

    def settle(self, facts: DealFacts, options: Mapping[str, Any]) -> Settlement:
        pot = facts.pot
        offenders = set(facts.offenders)
        # An offender's tricks earn nothing; their share stays in the pot.
        shares = {
            p: 0 if p in offenders else pot * facts.tricks_won.get(p, 0) // 5 for p in facts.order
        }
        paid = sum(shares.values())
        value = 2 * paid
        bourres = [p for p in facts.order if p not in offenders and facts.tricks_won.get(p, 0) == 0]
        rulings: list[dict[str, Any]] = [{"kind": RulingKind.POT_SHARED, "shares": shares}]
        rulings.extend({"kind": RulingKind.BOURRE, "player": p, "amount": value} for p in bourres)
        penalized = set(bourres) | offenders
        return Settlement(
            rulings=tuple(rulings),
            payouts={p: n for p, n in shares.items() if n},
            payout_kind=PostingKind.SHARE,
            penalties={p: value for p in facts.order if p in penalized},
            renege_amount=value,
        )
