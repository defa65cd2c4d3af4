"""Before the first lead: each player declares (play or pass), players in exchange."""

from __future__ import annotations

from table_stream.rulings import PostingKind, RulingKind

from .dealing import begin_play
from .errors import Rejection, gettext_noop
from .events import Declare, Exchange
from .knowledge import exchange_cards
from .settlement import close_deal
from .state import POT, DealState, Posting, Ruling, Sitting, evolve, player_account
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
    expected = next_declarer(deal)
    if ev.player in deal.declared:
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
    declared = {**deal.declared, ev.player: ev.plays}
    deal = evolve(
        deal, declared=declared, actions=deal.actions + 1, last_play=None, before_play=None
    )
    if len(declared) == len(deal.order):  # everyone has declared: play begins
        deal = evolve(deal, active=tuple([p for p in deal.order if declared[p]]))
        if len(deal.active) <= 1:
            return close_deal(sitting, variant, deal)
        deal = begin_play(variant, sitting, deal)
    return evolve(sitting, deal=deal), []


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
    if fee:
        posting = Posting(PostingKind.EXCHANGE_FEE, ((player_account(ev.player), -fee), (POT, fee)))
        rulings.append(
            Ruling(RulingKind.EXCHANGE_FEE, {"player": ev.player, "amount": fee}, (posting,))
        )
        balances = {**sitting.balances, ev.player: sitting.balances[ev.player] - fee}
        sitting = evolve(sitting, balances=balances, pot=sitting.pot + fee)
    deal = evolve(
        deal,
        exchanged=(*deal.exchanged, ev.player),
        fees=deal.fees + fee,
        actions=deal.actions + 1,
        last_play=None,
        before_play=None,
        **exchange_cards(deal, variant.deck, ev),
    )
    return evolve(sitting, deal=deal), rulings
