"""Before the first lead: each player declares (play or pass), players in exchange."""

from __future__ import annotations

from typing import Any

from table_stream.rulings import PostingKind, RulingKind

from .dealing import begin_play
from .errors import Rejection, gettext_noop
from .events import Declare, Exchange
from .knowledge import exchange_cards
from .settlement import close_deal
from .state import (
    POT,
    Bare,
    DealState,
    Posting,
    Ruling,
    Sitting,
    copy_mapping,
    made,
    player_account,
)
from .variants import Variant


def next_declarer(deal: DealState) -> str | None:
    for p in deal.order:
        if p not in deal.declared:
            return p
    return None


def declare(
    sitting: Sitting, variant: Variant, deal: DealState, ev: Declare
) -> tuple[Sitting, list[Ruling]]:
    if not variant.declares:
        raise Rejection(
            "not_in_variant",
            gettext_noop("declare: nobody declares in %(variant)s"),
            field="declare",
            params={"variant": variant.name},
        )
    if deal.play_started or deal.trick is not None:
        raise Rejection("out_of_turn", gettext_noop("declare: declarations are over"))
    declared = deal.declared
    expected = None  # `next_declarer(deal)`, without the call
    for p in deal.order:
        if p not in declared:
            expected = p
            break
    if ev.player in declared:
        raise Rejection(
            "already_declared",
            gettext_noop("%(player)s has already declared"),
            expected=expected,
            params={"player": ev.player},
        )
    if ev.player != expected:
        raise Rejection(
            "out_of_turn",
            gettext_noop("out of turn: expected %(expected)s to declare"),
            expected=expected,
            params={"expected": expected},
        )
    if (
        not ev.plays
        and variant.trump_in_dealer_hand
        and ev.player == deal.dealer
        and deal.trump_card is not None
        and deal.trump_card[0] == "A"
    ):
        raise Rejection(
            "dealer_must_play",
            gettext_noop("the upcard is the ace of trumps: the dealer must play"),
            field="declare",
        )
    declared = copy_mapping(declared)  # `{**deal.declared, ev.player: ev.plays}`
    declared[ev.player] = ev.plays
    # One new deal, its fields set in place (`evolve(deal, declared=..., ...)`, then
    # `active` and the first trick once everyone has declared).
    after = deal.__dict__.copy()
    after["declared"] = declared
    after["actions"] = deal.actions + 1
    after["last_play"] = after["before_play"] = None
    if len(declared) == len(deal.order):
        active = after["active"] = tuple([p for p in deal.order if declared[p]])
        if len(active) <= 1:
            # (`close_deal` reads the sitting's balances, deals and options, not its deal.)
            return close_deal(sitting, variant, made(DealState, after))
        begin_play(variant, sitting, after)
    # The deal and the sitting made as the card play makes them (`made`, without the calls)
    now_dealt: Any = Bare()
    now_dealt.__dict__ = after
    now_dealt.__class__ = DealState
    table = sitting.__dict__.copy()  # `evolve(sitting, deal=...)`
    table["deal"] = now_dealt
    now_sitting: Any = Bare()
    now_sitting.__dict__ = table
    now_sitting.__class__ = Sitting
    return now_sitting, []


def exchange(
    sitting: Sitting, variant: Variant, deal: DealState, ev: Exchange
) -> tuple[Sitting, list[Ruling]]:
    if not variant.exchanges:
        raise Rejection(
            "not_in_variant",
            gettext_noop("exchange: there is no exchange in %(variant)s"),
            field="exchange",
            params={"variant": variant.name},
        )
    if ev.count < 0:
        raise Rejection(
            "invalid_event", gettext_noop("exchange: must not be negative"), field="exchange"
        )
    if ev.count > deal.max_exchange:
        raise Rejection(
            "exchange_limit",
            gettext_noop("exchange: at most %(most)d cards may be exchanged"),
            field="exchange",
            params={"most": deal.max_exchange},
        )
    if ev.player not in deal.seated:
        raise Rejection(
            "not_seated",
            gettext_noop("%(player)s is not seated for this deal"),
            field="player",
            params={"player": ev.player},
        )
    if deal.play_started:
        raise Rejection("out_of_turn", gettext_noop("exchange: play has started"), field="exchange")
    if variant.declares:
        if ev.player not in deal.declared:
            expected = next_declarer(deal)
            raise Rejection(
                "out_of_turn",
                gettext_noop("out of turn: %(player)s has not declared yet"),
                expected=expected,
                params={"player": ev.player},
            )
        if not deal.declared[ev.player]:
            raise Rejection(
                "player_passed",
                gettext_noop("%(player)s passed and is out of this deal"),
                field="player",
                params={"player": ev.player},
            )
    if ev.player in deal.exchanged:
        raise Rejection(
            "already_exchanged",
            gettext_noop("%(player)s has already exchanged"),
            field="player",
            params={"player": ev.player},
        )
    position = deal.order.index(ev.player)
    for other in deal.exchanged:
        if deal.order.index(other) > position:
            raise Rejection(
                "out_of_turn",
                gettext_noop(
                    "out of turn: exchanges go from the dealer's left and %(other)s has exchanged"
                ),
                params={"other": other},
            )
    fee = deal.exchange_fee if ev.count else 0
    rulings: list[Ruling] = []
    table = sitting.__dict__.copy()  # the sitting's and the deal's new fields, set in place
    if fee:
        posting = Posting(PostingKind.EXCHANGE_FEE, ((player_account(ev.player), -fee), (POT, fee)))
        rulings.append(
            Ruling(RulingKind.EXCHANGE_FEE, {"player": ev.player, "amount": fee}, (posting,))
        )
        balances = table["balances"] = copy_mapping(sitting.balances)
        balances[ev.player] -= fee
        table["pot"] = sitting.pot + fee
    after = deal.__dict__.copy()
    after["exchanged"] = (*deal.exchanged, ev.player)
    after["fees"] = deal.fees + fee
    after["actions"] = deal.actions + 1
    after["last_play"] = after["before_play"] = None
    exchange_cards(deal, variant.deck, ev, after)
    # The deal and the sitting made as the card play makes them (`made`, without the calls)
    now_dealt: Any = Bare()
    now_dealt.__dict__ = after
    now_dealt.__class__ = DealState
    table["deal"] = now_dealt
    now_sitting: Any = Bare()
    now_sitting.__dict__ = table
    now_sitting.__class__ = Sitting
    return now_sitting, rulings
