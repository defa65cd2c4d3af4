"""La Bourre comtadine (seed 000, second part): climbing tricks, dead single-card
tricks, double ante for the bourru."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from table_stream.rulings import PostingKind, RulingKind

from ..cards import RANKS_32
from ..obligations import TrickRules
from .base import DealFacts, OptionSpec, Settlement, Variant


class Comtadine(Variant):
    name = "comtadine"
    ranks = RANKS_32
    min_players, max_players = 2, 5
    exchanges = True
    climbing = True
    options_spec = {
        "ante": OptionSpec(1, "int"),
        "eldest": OptionSpec(None, "player_or_none"),
        "deals": OptionSpec(None, "int_or_none", 1),
    }

    def max_exchange(self, options: Mapping[str, Any], seated: int) -> int:
        return 2

    def ante_due(
        self, player: str, ante: int, exempt: tuple[str, ...], double: tuple[str, ...]
    ) -> int:
        return 2 * ante if player in double else ante

    def deals_limit(self, options: Mapping[str, Any]) -> int | None:
        limit = options["deals"]
        return None if limit is None else int(limit)

    def first_leader(
        self, options: Mapping[str, Any], order: tuple[str, ...], active: tuple[str, ...]
    ) -> str:
        eldest = options.get("eldest")
        return eldest if eldest in active else active[0]

    def trick_rules(self, options: Mapping[str, Any], trump: str | None) -> TrickRules:
        return TrickRules(self.strength, self.ranks, None, False, False, False, False)

    def renege_amount(self, pot: int, options: Mapping[str, Any]) -> int | None:
        return 0  # the offender antes double instead of paying the pot

    def settle(self, facts: DealFacts, options: Mapping[str, Any]) -> Settlement:
        pot = facts.pot
        offenders = set(facts.offenders)
        eligible = [p for p in facts.order if p not in offenders]
        top = max((facts.tricks_won.get(p, 0) for p in eligible), default=0)
        leaders = [p for p in eligible if facts.tricks_won.get(p, 0) == top] if top > 0 else []
        bourres = [p for p in eligible if facts.tricks_won.get(p, 0) == 0]
        rulings: list[dict[str, Any]] = []
        payouts: dict[str, int] = {}
        if len(leaders) == 1:
            payouts[leaders[0]] = pot
            rulings.append({"kind": RulingKind.POT_WON, "player": leaders[0], "amount": pot})
        else:
            rulings.append({"kind": RulingKind.POT_CARRIED, "amount": pot, "tied": leaders})
        rulings.extend({"kind": RulingKind.BOURRE, "player": p, "amount": 0} for p in bourres)
        doubled = set(bourres) | offenders
        return Settlement(
            rulings=tuple(rulings),
            payouts=payouts,
            payout_kind=PostingKind.POT_WON,
            penalties={},
            renege_amount=0,
            double=tuple(p for p in facts.order if p in doubled),
            carried=len(leaders) != 1,
        )
