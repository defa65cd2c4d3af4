"""What can happen at a table: a deal starting, the five kinds of action, and the
changes of the sitting between deals (a player joining or leaving, the table closing).

These are the engine's inputs. `parse_deal` and `parse_action` read the
`bourre-transcript/1` JSON shapes (the same shapes the API accepts); card text is
checked against the deck later, by the engine, because only it knows the variant.
`parse_join`, `parse_leave` and `parse_close` read the API's `{"join": {...}}`,
`{"leave": {...}}` and `{"close": {}}` bodies (a transcript has only its `closed` flag:
its `players` and each deal's `seated` say who sat when).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from table_stream.events import (
    ActionData,
    CardsExchangedData,
    DealStartedData,
    PlayerJoinedData,
    PlayerLeftData,
    SittingChangeData,
    TableClosedData,
)

from .errors import Phrase, Rejection, gettext_noop


@dataclass(frozen=True, slots=True)
class StartDeal:
    dealer: str
    ante: int | None = None
    seated: tuple[str, ...] | None = None
    hands: Mapping[str, tuple[str, ...]] | None = None
    trump: str | None = None


@dataclass(frozen=True, slots=True)
class Declare:
    player: str
    plays: bool


@dataclass(frozen=True, slots=True)
class Exchange:
    player: str
    count: int
    discard: tuple[str, ...] | None = None
    draw: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Play:
    player: str
    card: str


@dataclass(frozen=True, slots=True)
class Retract:
    player: str


@dataclass(frozen=True, slots=True)
class PassTurn:
    player: str


@dataclass(frozen=True, slots=True)
class Join:
    """`player` takes a seat right after `seat_after` in the seat order (None: the first
    seat). A player who left and comes back takes back their own seat."""

    player: str
    seat_after: str | None


@dataclass(frozen=True, slots=True)
class Leave:
    player: str


@dataclass(frozen=True, slots=True)
class Close:
    """The table closes after a settled deal: the pot is shared out, balances settled."""


Action = Declare | Exchange | Play | Retract | PassTurn
SittingChange = Join | Leave | Close
Event = StartDeal | Action | SittingChange

ACTION_KEYS = ("declare", "exchange", "play", "retract", "pass_turn")


def _bad(field: str, problem: str, **values: object) -> Rejection:
    """`problem` is a marked phrase (`gettext_noop`) whose placeholders take `values`."""
    return Rejection(
        "invalid_event",
        gettext_noop("%(field)s: %(problem)s"),
        field=field,
        params={"field": field, "problem": Phrase(problem), **values},
    )


def _cards(value: object, field: str) -> tuple[str, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise _bad(field, gettext_noop("must be a list of cards"))
    for item in value:
        if not isinstance(item, str):
            raise _bad(field, gettext_noop("%(item)r is not a card"), item=item)
    return tuple(value)


def _int(value: object, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(field, gettext_noop("must be a whole number, got %(value)r"), value=value)
    return value


def _name(value: object, field: str) -> str:
    if not isinstance(value, str) or not value:
        raise _bad(field, gettext_noop("must be a player name"))
    return value


def parse_deal(obj: object) -> StartDeal:
    """A transcript deal header (`dealer`, `ante`, `seated`, `hands`, `trump`)."""
    if not isinstance(obj, Mapping):
        raise _bad("deal", gettext_noop("must be an object"))
    ante = obj.get("ante")
    seated = obj.get("seated")
    hands = obj.get("hands")
    trump = obj.get("trump")
    parsed_hands: dict[str, tuple[str, ...]] | None = None
    if hands is not None:
        if not isinstance(hands, Mapping):
            raise _bad("hands", gettext_noop("must map player names to their five cards"))
        parsed_hands = {str(p): _cards(cards, f"hands.{p}") for p, cards in hands.items()}
    if trump is not None and not isinstance(trump, str):
        raise _bad("trump", gettext_noop("must be a card"))
    return StartDeal(
        dealer=_name(obj.get("dealer"), "dealer"),
        ante=None if ante is None else _int(ante, "ante"),
        seated=None
        if seated is None
        else tuple(_name(p, "seated") for p in _cards(seated, "seated")),
        hands=parsed_hands,
        trump=trump,
    )


def parse_action(obj: object) -> Action:
    """One transcript action object."""
    if not isinstance(obj, Mapping):
        raise _bad("action", gettext_noop("must be an object"))
    kinds = [k for k in ACTION_KEYS if k in obj]
    if len(kinds) != 1:
        raise _bad(
            "action",
            gettext_noop("must have exactly one of %(keys)s"),
            keys=", ".join(ACTION_KEYS),
        )
    player = _name(obj.get("player"), "player")
    kind = kinds[0]
    if kind == "declare":
        choice = obj["declare"]
        if choice not in ("play", "pass"):
            raise _bad("declare", gettext_noop("must be 'play' or 'pass'"))
        return Declare(player, choice == "play")
    if kind == "exchange":
        count = _int(obj["exchange"], "exchange")
        discard = obj.get("discard")
        draw = obj.get("draw")
        return Exchange(
            player,
            count,
            None if discard is None else _cards(discard, "discard"),
            None if draw is None else _cards(draw, "draw"),
        )
    if kind == "play":
        card = obj["play"]
        if not isinstance(card, str):
            raise _bad("play", gettext_noop("must be a card"))
        return Play(player, card)
    if obj[kind] is not True:
        raise _bad(kind, gettext_noop("must be true"))
    return Retract(player) if kind == "retract" else PassTurn(player)


def action_to_json(action: Action) -> ActionData:
    """The transcript shape of an action (inverse of `parse_action`)."""
    if isinstance(action, Declare):
        return {"player": action.player, "declare": "play" if action.plays else "pass"}
    if isinstance(action, Exchange):
        out: CardsExchangedData = {"player": action.player, "exchange": action.count}
        if action.discard is not None:
            out["discard"] = list(action.discard)
        if action.draw is not None:
            out["draw"] = list(action.draw)
        return out
    if isinstance(action, Play):
        return {"player": action.player, "play": action.card}
    if isinstance(action, Retract):
        return {"player": action.player, "retract": True}
    return {"player": action.player, "pass_turn": True}


def deal_to_json(deal: StartDeal) -> DealStartedData:
    """The transcript shape of a deal header (without `actions`)."""
    out: DealStartedData = {"dealer": deal.dealer}
    if deal.ante is not None:
        out["ante"] = deal.ante
    if deal.seated is not None:
        out["seated"] = list(deal.seated)
    if deal.hands is not None:
        out["hands"] = {p: list(c) for p, c in deal.hands.items()}
    if deal.trump is not None:
        out["trump"] = deal.trump
    return out


def _body(obj: object, key: str, fields: tuple[str, ...]) -> Mapping[str, object]:
    if not isinstance(obj, Mapping) or set(obj) != {key}:
        raise _bad(key, gettext_noop('must be {"%(key)s": {...}} alone'), key=key)
    body = obj[key]
    if not isinstance(body, Mapping):
        raise _bad(key, gettext_noop("must be an object"))
    for name in body:
        if name not in fields:
            raise _bad(f"{key}.{name}", gettext_noop("is not a field of this event"))
    return body


def parse_join(obj: object) -> Join:
    """`{"join": {"player": NAME, "seat_after": NAME | null}}`."""
    body = _body(obj, "join", ("player", "seat_after"))
    if "seat_after" not in body:
        raise _bad(
            "join.seat_after",
            gettext_noop("name the player to sit after, or null for the first seat"),
        )
    after = body["seat_after"]
    return Join(
        _name(body.get("player"), "join.player"),
        None if after is None else _name(after, "join.seat_after"),
    )


def parse_leave(obj: object) -> Leave:
    """`{"leave": {"player": NAME}}`."""
    body = _body(obj, "leave", ("player",))
    return Leave(_name(body.get("player"), "leave.player"))


def parse_close(obj: object) -> Close:
    """`{"close": {}}`."""
    _body(obj, "close", ())
    return Close()


def change_to_json(change: SittingChange) -> dict[str, SittingChangeData]:
    """The API shape of a sitting change (inverse of `parse_join` and the others): its one
    key's body is what a `PlayerJoined`, `PlayerLeft` or `TableClosed` stores."""
    if isinstance(change, Join):
        joined: PlayerJoinedData = {"player": change.player, "seat_after": change.seat_after}
        return {"join": joined}
    if isinstance(change, Leave):
        left: PlayerLeftData = {"player": change.player}
        return {"leave": left}
    closed: TableClosedData = {}
    return {"close": closed}
