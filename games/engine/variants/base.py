"""The small interface every variant fills in.

A variant says which deck and ranking it uses, which phases it has, which options a
table may set, what a player may play (`trick_rules`), and how a deal is settled.
Adding a house rule or a variant means one module here and a line in the registry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import deck_of, strength_of
from ..chips import check_amount
from ..errors import Rejection, gettext_noop
from ..obligations import TrickRules


@dataclass(frozen=True, slots=True)
class DealFacts:
    """What settlement needs to know about a finished deal."""

    order: tuple[str, ...]  # active players from the dealer's left
    tricks_won: Mapping[str, int]
    offenders: tuple[str, ...]  # reneged, in the order of proof
    pot: int  # the pot at the first lead (start)


@dataclass(frozen=True, slots=True)
class Settlement:
    rulings: tuple[dict[str, Any], ...]  # outcome then bourrés, `bourre-ruling/1` form
    payouts: Mapping[str, int]  # chips from the pot to players, by posting kind below
    payout_kind: str  # pot_won | split | share
    penalties: Mapping[str, int]  # chips owed into the next pot
    renege_amount: int | None  # penalty of a player's first renege, when fixed only now
    exempt: tuple[str, ...] = ()
    double: tuple[str, ...] = ()
    carried: bool = False


@dataclass(frozen=True, slots=True)
class OptionSpec:
    default: Any
    kind: str  # "int", "int_or_none", "bool", "player_or_none"
    minimum: int = 0
    maximum: int | None = None


class Variant:
    name: str = ""
    ranks: str = ""
    min_players: int = 2
    max_players: int = 8
    has_trump: bool = False
    trump_in_dealer_hand: bool = False  # louisiana: the upcard is the dealer's fifth card
    trump_from_stock: bool = False  # ukrainian: turned from the stock, nobody's
    declares: bool = False
    exchanges: bool = False
    climbing: bool = False  # comtadine's climbing tricks
    tricks_per_deal: int = 5
    options_spec: Mapping[str, OptionSpec] = {}

    def __init__(self) -> None:
        self.deck = deck_of(self.ranks)
        self.strength = strength_of(self.ranks)
        #: `rules_for`'s answers by (trump suit, cinch option): the card play reads it
        #: itself (a method call per card is a tenth of the play's lookups).
        self.rules_made: dict[tuple[str | None, Any], TrickRules] = {}

    def rules_for(self, options: Mapping[str, Any], trump: str | None) -> TrickRules:
        """`trick_rules`, built once per trump suit and cinch setting (asked for every card)."""
        key = (trump, options.get("cinch"))  # a bool once checked, else None: no bool()
        rules = self.rules_made.get(key)
        if rules is None:
            rules = self.rules_made[key] = self.trick_rules(options, trump)
        return rules

    # -- options --------------------------------------------------------------
    def check_options(
        self, raw: Mapping[str, Any] | None, players: tuple[str, ...]
    ) -> dict[str, Any]:
        raw = dict(raw or {})
        out: dict[str, Any] = {}
        for name in raw:
            if name not in self.options_spec:
                known = ", ".join(sorted(self.options_spec))
                raise Rejection(
                    "unknown_option",
                    gettext_noop("%(variant)s has no option %(name)r (options: %(known)s)"),
                    field=f"options.{name}",
                    params={"variant": self.name, "name": name, "known": known},
                )
        for name, spec in self.options_spec.items():
            value = raw.get(name, spec.default)
            out[name] = _check_option(name, value, spec, players)
        return out

    # -- per-deal amounts -------------------------------------------------------
    def max_exchange(self, options: Mapping[str, Any], seated: int) -> int:
        return 0

    def exchange_fee(self, options: Mapping[str, Any], ante: int) -> int:
        return 0

    def ante_due(
        self, player: str, ante: int, exempt: tuple[str, ...], double: tuple[str, ...]
    ) -> int:
        return ante

    def deals_limit(self, options: Mapping[str, Any]) -> int | None:
        return None

    def first_leader(
        self, options: Mapping[str, Any], order: tuple[str, ...], active: tuple[str, ...]
    ) -> str:
        return active[0]

    # -- play and settlement ----------------------------------------------------
    def trick_rules(self, options: Mapping[str, Any], trump: str | None) -> TrickRules:
        raise NotImplementedError

    def settle(self, facts: DealFacts, options: Mapping[str, Any]) -> Settlement:
        raise NotImplementedError

    def renege_amount(self, pot: int, options: Mapping[str, Any]) -> int | None:
        """Penalty of a renege, when it is known as soon as play starts."""
        return capped(pot, options.get("pot_limit"))


def capped(amount: int, limit: int | None) -> int:
    return amount if limit is None else min(amount, limit)


def _check_option(name: str, value: Any, spec: OptionSpec, players: tuple[str, ...]) -> Any:
    field_name = f"options.{name}"
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise Rejection(
                "invalid_option",
                gettext_noop("%(name)s must be true or false"),
                field=field_name,
                params={"name": name},
            )
        return value
    if spec.kind == "player_or_none":
        if value is not None and value not in players:
            raise Rejection(
                "invalid_option",
                gettext_noop("%(name)s must be one of the players or null"),
                field=field_name,
                params={"name": name},
            )
        return value
    if value is None and spec.kind == "int_or_none":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Rejection(
            "invalid_option",
            gettext_noop("%(name)s must be a whole number"),
            field=field_name,
            params={"name": name},
        )
    check_amount(value, field_name)  # every whole-number option counts chips or deals
    if value < spec.minimum or (spec.maximum is not None and value > spec.maximum):
        if spec.maximum is None:
            template = gettext_noop("%(name)s must be at least %(least)d")
        else:
            template = gettext_noop("%(name)s must be at least %(least)d and at most %(most)d")
        raise Rejection(
            "invalid_option",
            template,
            field=field_name,
            params={"name": name, "least": spec.minimum, "most": spec.maximum},
        )
    return value


def order_of(players: tuple[str, ...], keep: object) -> tuple[str, ...]:
    """`players` (already in the wanted order) restricted to those in `keep`."""
    return tuple(p for p in players if p in keep)  # type: ignore[operator]
