"""What the table knows of where each card is.

Hands are often not logged, so the referee keeps public knowledge only: cards seen
played, cards known to be in a hand (logged hands, the dealer's upcard, drawn cards,
retracted cards), discards. A card seen in one place cannot turn up in another.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from .cards import parse_card
from .errors import Rejection, gettext_noop
from .events import Exchange
from .state import NO_HAND, Bare, DealState, Hand, copy_mapping, evolve

DISCARD = "discard"
UPCARD = "upcard"
# A discard shuffled back into the stock: "restock:N", N the number of players already
# served then (the first N of `DealState.exchanged`). They had drawn before it went back, so
# none of them can hold it; the player being served, a later one or the stock may.
RESTOCK = "restock:"
# A card known in a player's hand before that player exchanged unnamed cards: "kept::P"
# (still in P's hand, or among P's discards), then "kept:N:P" once a reshuffle at N
# players served (P among them) may have put it back into the stock. Nobody but P can
# hold it before that reshuffle, and nobody served before it ever can. The count comes
# first: a player's name may hold a colon.
KEPT = "kept:"


def kept(player: str, served: int | None = None) -> str:
    return f"{KEPT}{'' if served is None else served}:{player}"


# Set while the log's events are applied as they were recorded (`reducer.apply_recorded`):
# a card the referee accepted when it was logged is not refused again when the log is
# folded, even by a stricter release of these checks (the recorded facts are the truth, as
# the recorded rulings are); where the card is now known to be is updated all the same.
AS_RECORDED: ContextVar[bool] = ContextVar("as_recorded", default=False)


def restocked(served: int) -> str:
    return f"{RESTOCK}{served}"


def held_by(player: str) -> str:
    return f"hand:{player}"


def check_can_show(deal: DealState, player: str, card: str, *, field: str) -> None:
    """Refuse a card that public knowledge places somewhere other than `player`'s hand
    (unless the log's events are being folded as recorded: `AS_RECORDED`)."""
    try:
        _check_can_show(deal, player, card, field)
    except Rejection:
        # Asked only on a refusal: a card shown where it can be costs nothing more.
        if not AS_RECORDED.get():
            raise


def _check_can_show(deal: DealState, player: str, card: str, field: str) -> None:
    if card in deal.played:
        raise Rejection(
            "card_already_played",
            gettext_noop("%(field)s: %(card)s has already been played this deal"),
            field=field,
            params={"field": field, "card": card},
        )
    where = deal.location.get(card)
    if where is not None and where.startswith((KEPT, RESTOCK)):
        if where.startswith(KEPT):
            then, _, owner = where.removeprefix(KEPT).partition(":")
        else:
            owner, then = "", where.removeprefix(RESTOCK)
        if player != owner:
            _check_reshuffled(deal, player, card, field, then, kept=bool(owner))
        where = None
    if where is None or where == held_by(player):
        hand = deal.hands.get(player)
        if hand is not None and hand.full and card not in hand.known:
            raise Rejection(
                "contradicts_logged_hand",
                gettext_noop("%(field)s: %(card)s is not in %(player)s's logged hand"),
                field=field,
                params={"field": field, "card": card, "player": player},
            )
        return
    if where == UPCARD:
        raise Rejection(
            "card_seen_elsewhere",
            gettext_noop("%(field)s: %(card)s is the turned-up trump, nobody's card"),
            field=field,
            params={"field": field, "card": card},
        )
    if where == DISCARD:
        raise Rejection(
            "card_seen_elsewhere",
            gettext_noop("%(field)s: %(card)s was discarded this deal"),
            field=field,
            params={"field": field, "card": card},
        )
    owner = where.removeprefix("hand:")
    raise Rejection(
        "card_seen_elsewhere",
        gettext_noop("%(field)s: %(card)s is known to be in %(owner)s's hand"),
        field=field,
        params={"field": field, "card": card, "owner": owner},
    )


def _check_reshuffled(
    deal: DealState, player: str, card: str, field: str, then: str, *, kept: bool
) -> None:
    """Refuse `card`, thrown away (or maybe thrown away, `kept`) by another player, shown by
    `player`: it can only have come from the stock reshuffled when `then` players had been
    served (none yet: ""), drawn by the player being served then or a later one. So it is
    never in a discard (discards come from the hand dealt), nor shown by a player served
    before, nor played by one who has not exchanged since."""
    if then:
        served = int(then)
        before = player in deal.exchanged[:served]
        if not kept and before:
            raise Rejection(
                "card_seen_elsewhere",
                gettext_noop(
                    "%(field)s: %(card)s was discarded this deal and went back into the stock "
                    "after %(player)s had drawn"
                ),
                params={"field": field, "card": card, "player": player},
                field=field,
            )
        if not kept and field == "discard":
            raise Rejection(
                "card_seen_elsewhere",
                gettext_noop("%(field)s: %(card)s was discarded this deal"),
                field=field,
                params={"field": field, "card": card},
            )
        # A draw is made by the player being served now; a play comes after the exchanges.
        if field == "draw" and not before:
            return
        if field not in ("draw", "discard") and player in deal.exchanged[served:]:
            return
    raise Rejection(
        "card_seen_elsewhere",
        gettext_noop("%(field)s: %(card)s cannot also be in %(player)s's hand"),
        field=field,
        params={"field": field, "card": card, "player": player},
    )


def exchange_cards(
    deal: DealState, deck: frozenset[str], ev: Exchange, after: dict[str, Any]
) -> None:
    """Apply the cards of an exchange to public knowledge and the stock: set in `after`,
    the caller's copy of the deal's fields (the exchange makes one deal, not two)."""
    player = ev.player
    count = ev.count
    discard, draw = ev.discard, ev.draw
    # Lists written canonically, of `count` distinct cards (the usual case), are taken as
    # they are; `_listed` checks (and refuses) the rest.
    if discard is not None and not (
        type(discard) is tuple
        and len(discard) == count == len(set(discard))
        and deck.issuperset(discard)
    ):
        discard = _listed(discard, count, deck, "discard")
    if draw is not None and not (
        type(draw) is tuple and len(draw) == count == len(set(draw)) and deck.issuperset(draw)
    ):
        draw = _listed(draw, count, deck, "draw")
    hands = deal.hands
    hand = hands.get(player, NO_HAND)
    was = deal.location
    location = copy_mapping(was)
    stock, pool, pool_cards = deal.stock, deal.pool, deal.pool_cards
    if count > stock:
        # The stock runs short: earlier players' discards (not this player's) are reshuffled.
        stock, pool = stock + pool, 0
        for card in pool_cards:
            location[card] = restocked(len(deal.exchanged))
        # Unnamed discards went back too: a card kept or discarded unseen may be anywhere
        # now but in the hands of the other players already served.
        for card, where in was.items():
            if where.startswith(KEPT):
                then, _, owner = where.removeprefix(KEPT).partition(":")
                if not then:
                    location[card] = kept(owner, len(deal.exchanged))
        pool_cards = frozenset()
        if count > stock:
            raise Rejection(
                "stock_exhausted",
                gettext_noop("exchange: only %(stock)d cards are left to draw"),
                field="exchange",
                params={"stock": stock},
            )
    mine = "hand:" + player  # `held_by(player)`
    played = deal.played
    known = hand.known
    if discard is not None and not (
        # A hidden hand's discard of cards placed nowhere and not played (the usual case)
        # passes every check of `check_can_show`: the card-by-card look is for the rest.
        not hand.full and played.isdisjoint(discard) and was.keys().isdisjoint(discard)
    ):
        for card in discard:
            # A card not played passes every check of `check_can_show` when it is known in
            # the player's hand, or placed nowhere and the hand is not logged.
            if card in played or (
                (card in was or hand.full) and (was.get(card) != mine or card not in known)
            ):
                check_can_show(deal, player, card, field="discard")
    if draw is not None and not (
        # Drawn cards placed nowhere, not played, not known in the hand, not being
        # discarded (the usual case) pass every check below: the card-by-card look (and
        # its refusals, in the same order) is for the rest.
        location.keys().isdisjoint(draw)
        and played.isdisjoint(draw)
        and known.isdisjoint(draw)
        and (discard is None or set(discard).isdisjoint(draw))
    ):
        # Drawn cards are judged against where cards are now, not against any logged hand.
        probe = None
        for card in draw:
            if discard is not None and card in discard:
                raise Rejection(
                    "card_seen_elsewhere",
                    gettext_noop("draw: %(card)s is being discarded"),
                    field="draw",
                    params={"card": card},
                )
            if location.get(card) == mine or card in known:
                raise Rejection(
                    "card_seen_elsewhere",
                    gettext_noop("draw: %(card)s is already in %(player)s's hand"),
                    field="draw",
                    params={"card": card, "player": player},
                )
            # A card not played and placed nowhere may be drawn (the usual case).
            if card in played or card in location:
                if probe is None:
                    probe = evolve(deal, location=location, hands={})
                check_can_show(probe, player, card, field="draw")
    full = hand.full
    if discard is not None:
        known = known.difference(discard)
        for card in discard:
            location[card] = DISCARD
        pool_cards = pool_cards.union(discard)
    elif count:
        # Which cards went is unknown: only the count is public. The cards known in the
        # hand are still there or among this player's discards: nobody else's (`KEPT`).
        mine_or_discarded = kept(player)
        for card in known:
            if location.get(card) == mine:
                location[card] = mine_or_discarded
        known, full = frozenset(), False
    if draw is not None:
        known = known.union(draw)
        for card in draw:
            location[card] = mine
    elif count:
        full = False
    hands = copy_mapping(hands)
    now: Any = Bare()  # `new_hand(known, full)`, without the call
    now.__dict__ = {"known": known, "full": full}
    now.__class__ = Hand
    hands[player] = now
    after["hands"] = hands
    after["location"] = location
    after["stock"] = stock - count
    after["pool"] = pool + count
    after["pool_cards"] = pool_cards


def _listed(
    cards: tuple[str, ...] | None, count: int, deck: frozenset[str], field: str
) -> tuple[str, ...] | None:
    if cards is None:
        return None
    if len(cards) != count:
        raise Rejection(
            "invalid_event",
            gettext_noop("%(field)s: must list exactly %(count)d cards"),
            field=field,
            params={"field": field, "count": count},
        )
    parsed = (
        tuple(cards)  # written canonically, the usual case: one set operation checks them
        if deck.issuperset(cards)
        else tuple([c if c in deck else parse_card(c, deck, field=field) for c in cards])
    )
    if len(set(parsed)) != len(parsed):
        raise Rejection(
            "invalid_event",
            gettext_noop("%(field)s: a card is listed twice"),
            field=field,
            params={"field": field},
        )
    return parsed
