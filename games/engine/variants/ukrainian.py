"""Ukrainian Буре (seed 002): louisiana's frame with a stock trump, an exchange fee,
a lead rule instead of the cinch, and ties split instead of carried."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..obligations import TrickRules
from .base import OptionSpec
from .louisiana import Louisiana


class Ukrainian(Louisiana):
    name = "ukrainian"
    min_players, max_players = 2, 7
    trump_in_dealer_hand = False
    trump_from_stock = True
    options_spec = {
        "ante": OptionSpec(1, "int"),
        # None: 4 with up to 5 players in the deal, 3 with 6 or 7 (the source's table)
        "max_exchange": OptionSpec(None, "int_or_none", 0, 5),
        # None: one ante of the deal
        "exchange_fee": OptionSpec(None, "int_or_none", 0),
        "pot_limit": OptionSpec(None, "int_or_none", 1),
    }
    split_ties = True
    exempt_next = False

    def max_exchange(self, options: Mapping[str, Any], seated: int) -> int:
        if options["max_exchange"] is not None:
            return int(options["max_exchange"])
        return 4 if seated <= 5 else 3

    def exchange_fee(self, options: Mapping[str, Any], ante: int) -> int:
        fee = options["exchange_fee"]
        return ante if fee is None else int(fee)

    def ante_due(
        self, player: str, ante: int, exempt: tuple[str, ...], double: tuple[str, ...]
    ) -> int:
        return ante

    def trick_rules(self, options: Mapping[str, Any], trump: str | None) -> TrickRules:
        return TrickRules(
            strength=self.strength,
            ranks=self.ranks,
            trump=trump,
            must_head=True,
            must_trump=True,
            cinch=False,
            lead_high_trump=True,
        )
