"""Starting a deal: who sits, who deals, the trump, logged hands and the antes."""

from __future__ import annotations

from typing import Any

from table_stream.rulings import PostingKind, RulingKind

from .cards import parse_card
from .chips import check_amount
from .errors import Rejection, gettext_noop
from .events import StartDeal
from .knowledge import UPCARD, held_by
from .state import (
    POT,
    DealState,
    Hand,
    Posting,
    Ruling,
    Sitting,
    copy_mapping,
    evolve,
    made,
    new_deal,
    new_hand,
    new_trick,
    player_account,
)
from .variants import Variant


def start_deal(sitting: Sitting, variant: Variant, ev: StartDeal) -> tuple[Sitting, list[Ruling]]:
    if sitting.deal is not None and not sitting.deal.over:
        raise Rejection(
            "deal_in_progress",
            gettext_noop("deal %(deal)d is in progress: it has not ended yet"),
            deal=sitting.deal.index,
            params={"deal": sitting.deal.index + 1},  # people count deals from 1
        )
    limit = variant.deals_limit(sitting.options)
    if limit is not None and len(sitting.deals) >= limit:
        raise Rejection(
            "sitting_over",
            gettext_noop("the sitting was agreed at %(limit)d deals"),
            params={"limit": limit},
        )
    seated = _seated(sitting, variant, ev)
    if ev.dealer not in sitting.players:
        raise Rejection(
            "unknown_player",
            gettext_noop("dealer: %(player)r is not at this table"),
            field="dealer",
            params={"player": ev.dealer},
        )
    if ev.dealer not in seated:
        raise Rejection(
            "not_seated",
            gettext_noop("dealer: %(player)s is not seated for this deal"),
            field="dealer",
            params={"player": ev.dealer},
        )
    ante = sitting.options["ante"] if ev.ante is None else ev.ante
    if ante < 0:
        raise Rejection("invalid_event", "ante: must not be negative", field="ante")
    check_amount(ante, "ante")
    i = seated.index(ev.dealer)
    order = seated[i + 1 :] + seated[: i + 1]
    trump_card, trump_suit = _trump(variant, ev)
    hands, location = _hands(variant, ev, seated, trump_card)
    stock = len(variant.deck) - 5 * len(seated) - (1 if variant.trump_from_stock else 0)
    owed = sitting.next
    exempt, double = owed.exempt, owed.double
    antes = {p: variant.ante_due(p, ante, exempt, double) for p in order}
    total = sum(antes.values())
    index = len(sitting.deals)
    deal = new_deal(
        index=index,
        dealer=ev.dealer,
        ante=ante,
        seated=seated,
        order=order,
        trump_card=trump_card,
        trump_suit=trump_suit,
        max_exchange=variant.max_exchange(sitting.options, len(seated)),
        exchange_fee=variant.exchange_fee(sitting.options, ante),
        carry_in=sitting.pot,
        antes=total,
        hands=hands,
        location=location,
        stock=stock,
        cards_left=dict.fromkeys(seated, 5),
    )
    legs = (*[(player_account(p), -n) for p, n in antes.items() if n], (POT, total))
    # `Ruling(DEAL_STARTED, ...)` without the frozen dataclass's `__init__`
    started = {
        "kind": RulingKind.DEAL_STARTED,
        "data": {"deal": index, "dealer": ev.dealer, "antes": dict(antes)},
        "postings": (Posting(PostingKind.ANTE, legs),) if total else (),
    }
    rulings = [made(Ruling, started)]
    if variant.trump_in_dealer_hand and trump_card is not None and trump_card[0] == "A":
        deal = evolve(deal, rulings=({"kind": RulingKind.DEALER_MUST_PLAY},))
        rulings.append(Ruling(RulingKind.DEALER_MUST_PLAY, {"player": ev.dealer}))
    if not variant.declares:
        after = deal.__dict__.copy()
        after["active"] = order
        begin_play(variant, sitting, after)
        deal = made(DealState, after)
    table = sitting.__dict__.copy()  # `evolve(sitting, deal=..., balances=..., pot=...)`
    balances = table["balances"] = copy_mapping(sitting.balances)
    for p, n in antes.items():
        balances[p] -= n
    table["pot"] = sitting.pot + total
    table["deal"] = deal
    return made(Sitting, table), rulings


def begin_play(variant: Variant, sitting: Sitting, after: dict[str, Any]) -> None:
    """The first trick, set in `after`, a deal's fields being copied (its `order` and
    `active` final): the caller makes one deal, not two."""
    active = after["active"]
    leader = variant.first_leader(sitting.options, after["order"], active)
    after["trick"] = new_trick(1, leader, active)
    after["tricks_won"] = dict.fromkeys(active, 0)


def _seated(sitting: Sitting, variant: Variant, ev: StartDeal) -> tuple[str, ...]:
    if ev.seated is None:
        seated = sitting.at_table
    else:
        for p in ev.seated:
            if p not in sitting.players:
                raise Rejection(
                    "unknown_player",
                    gettext_noop("seated: %(player)r is not at this table"),
                    field="seated",
                    params={"player": p},
                )
            if p not in sitting.at_table:
                raise Rejection(
                    "not_seated",
                    gettext_noop("seated: %(player)s has left the table"),
                    field="seated",
                    params={"player": p},
                )
        if len(set(ev.seated)) != len(ev.seated):
            raise Rejection(
                "invalid_event", gettext_noop("seated: a player is listed twice"), field="seated"
            )
        seated = tuple(p for p in sitting.players if p in ev.seated)
    if not variant.min_players <= len(seated) <= variant.max_players:
        raise Rejection(
            "player_count",
            gettext_noop("seated: %(variant)s is played by %(least)d to %(most)d players"),
            params={
                "variant": variant.name,
                "least": variant.min_players,
                "most": variant.max_players,
            },
            field="seated",
        )
    return seated


def _trump(variant: Variant, ev: StartDeal) -> tuple[str | None, str | None]:
    if not variant.has_trump:
        if ev.trump is not None:
            raise Rejection(
                "invalid_event",
                gettext_noop("trump: %(variant)s is played without trumps"),
                field="trump",
                params={"variant": variant.name},
            )
        return None, None
    if ev.trump is None:
        raise Rejection(
            "missing_trump", gettext_noop("trump: the turned-up card must be logged"), field="trump"
        )
    card = parse_card(ev.trump, variant.deck, field="trump")
    return card, card[1]


def _hands(
    variant: Variant, ev: StartDeal, seated: tuple[str, ...], trump_card: str | None
) -> tuple[dict[str, Hand], dict[str, str]]:
    hands: dict[str, Hand] = {}
    location: dict[str, str] = {}
    if trump_card is not None:
        location[trump_card] = held_by(ev.dealer) if variant.trump_in_dealer_hand else UPCARD
        if variant.trump_in_dealer_hand:
            hands[ev.dealer] = new_hand(frozenset((trump_card,)), False)
    for player, cards in (ev.hands or {}).items():
        field = f"hands.{player}"
        if player not in seated:
            raise Rejection(
                "not_seated",
                gettext_noop("%(field)s: %(player)r is not seated for this deal"),
                field=field,
                params={"field": field, "player": player},
            )
        deck = variant.deck
        # Cards written canonically (the usual case) are checked in one set operation.
        parsed = (
            list(cards)
            if deck.issuperset(cards)
            else [c if c in deck else parse_card(c, deck, field=field) for c in cards]
        )
        distinct = frozenset(parsed)
        if len(parsed) != 5 or len(distinct) != 5:
            raise Rejection(
                "invalid_event",
                gettext_noop("%(field)s: a hand is five different cards"),
                field=field,
                params={"field": field},
            )
        mine = held_by(player)
        if location.keys().isdisjoint(distinct):  # placed nowhere yet: the usual case
            location.update(dict.fromkeys(parsed, mine))
        else:
            for card in parsed:
                where = location.get(card)
                if where is not None and where != mine:
                    raise Rejection(
                        "card_seen_elsewhere",
                        gettext_noop("%(field)s: %(card)s cannot also be in %(player)s's hand"),
                        field=field,
                        params={"field": field, "card": card, "player": player},
                    )
                location[card] = mine
        if variant.trump_in_dealer_hand and player == ev.dealer and trump_card not in parsed:
            raise Rejection(
                "contradicts_logged_hand",
                gettext_noop("%(field)s: the dealer's hand holds the upcard %(card)s"),
                field=field,
                params={"field": field, "card": trump_card},
            )
        hands[player] = new_hand(distinct, True)
    return hands, location
