"""The referee's state: frozen values, replaced (never mutated) by `apply`.

`Sitting` is a table's whole session; `DealState` the deal in progress. Mappings
inside are plain dicts treated as immutable: every change builds a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any, NamedTuple, TypeVar

from table_stream.events import Posting as PostingData

#: Bumped whenever a change to the engine could change a ruling. Stored with every
#: ruling event so history keeps the rules that made it.
RULES_VERSION = "bourre-rules/1.0"

POT = "pot"

_tuple_new = tuple.__new__
_T = TypeVar("_T")


class Bare:
    """A plain instance that is made an engine state by setting its `__dict__` and then
    its `__class__` (a frozen dataclass without slots, which has the same layout).

    The engine makes a new state for nearly every event (a deal, its trick, the sitting
    per card played), always from a dict of fields copied from the state before, and
    this is CPython 3.11's cheapest way to do it: about 1,800 machine instructions
    against 2,500 for `object.__new__(cls)` and `object.__setattr__(obj, "__dict__",
    fields)`, each a call through the slow generic call path (valgrind's counts,
    docs/decisions/0015-engine-states-made-without-init.md). The state is the frozen
    dataclass's own from then on: its `type`, its equality, its refusal of attribute
    assignment."""


def made(cls: type[_T], fields: dict[str, Any]) -> _T:
    """An instance of the frozen dataclass `cls` (no slots) whose instance dict is
    `fields`, used as is (see `Bare`)."""
    obj: Any = Bare()
    obj.__dict__ = fields
    obj.__class__ = cls
    return obj  # type: ignore[no-any-return]


def player_account(player: str) -> str:
    return f"player:{player}"


@dataclass(frozen=True, slots=True)
class Posting:
    """One double-entry movement of chips. `legs` are (account, signed amount); they sum to 0."""

    kind: str
    legs: tuple[tuple[str, int], ...]

    def as_dict(self) -> PostingData:
        return {"kind": self.kind, "legs": [[a, n] for a, n in self.legs]}


@dataclass(frozen=True)  # no slots: the card play makes its trick's as `Bare` makes states
class Ruling:
    """Something the referee decided or recorded, with the chips it moved."""

    kind: str
    data: Mapping[str, Any]
    postings: tuple[Posting, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.postings:
            out["postings"] = [p.as_dict() for p in self.postings]
        return out


@dataclass(frozen=True)  # no slots: made as `Bare` makes states (one per card played)
class Hand:
    """What is publicly known of a player's hand: `known` cards are surely held;
    `full` means `known` is the whole hand (it was logged)."""

    known: frozenset[str] = frozenset()
    full: bool = False


#: The knowledge of a hand nobody has seen anything of.
NO_HAND = Hand()


@dataclass(frozen=True)
class Trick:
    number: int
    leader: str
    cards: tuple[tuple[str, str], ...] = ()
    winner: str | None = None
    #: climbing tricks (comtadine): players who passed since the last card.
    passed: frozenset[str] = frozenset()
    #: the players in turn from the leader (the deal's active players): in the
    #: trick-taking variants each plays one card in this order, so the card play reads
    #: who is to play and who is last here instead of searching the deal's order.
    order: tuple[str, ...] = ()
    #: the index in `cards` of the card winning the trick so far (`trick_winner`, kept
    #: up to date by the trick-taking card play: it compares the new card with this one
    #: only); 0 for a trick nobody has played to and in the climbing variant.
    best: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": list(map(list, self.cards)),  # [[player, card], ...], no Python loop
            "winner": self.winner,
        }


class PlayContext(NamedTuple):
    """The public situation in which a player chose a card (or passed). A named tuple:
    one is made for every card played."""

    led: str | None  # led suit; None when leading
    best: str | None  # card currently winning the trick
    trumped: bool  # a trump leads a trick of another suit
    is_last: bool  # last active player to this trick
    tricks_won: int
    played: frozenset[str]  # cards already played this deal, this trick included


@dataclass(frozen=True)
class Pending:
    """A play (or a climbing pass) not yet provably legal: re-judged whenever the
    player shows another card, since every card shown later was held then."""

    player: str
    trick: int
    card: str | None
    index: int
    context: PlayContext | None
    to_beat: str | None  # climbing pass: the card the player declined to beat
    # the hand known at the play, and the cards shown since that can change the verdict (a
    # card play's: of the led suit or trumps, `reneges.reveal`; a climbing pass's: all)
    known: frozenset[str]
    hand_size: int


def new_pending(
    player: str,
    trick: int,
    card: str | None,
    index: int,
    context: PlayContext | None,
    to_beat: str | None,
    known: frozenset[str],
    hand_size: int,
) -> Pending:
    """`Pending(...)` without the frozen dataclass's `__init__` (eight
    `object.__setattr__` calls): one is made for most card plays of a hidden hand."""
    return made(
        Pending,
        {
            "player": player,
            "trick": trick,
            "card": card,
            "index": index,
            "context": context,
            "to_beat": to_beat,
            "known": known,
            "hand_size": hand_size,
        },
    )


@dataclass(frozen=True, slots=True)
class Renege:
    player: str
    trick: int
    card: str | None
    obligation: str
    proven_at: int
    play_index: int


@dataclass(frozen=True, slots=True)
class NextDeal:
    """What the next deal owes because of the last one."""

    penalties: Mapping[str, int] = field(default_factory=dict)
    exempt: tuple[str, ...] = ()
    double: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "penalties": dict(self.penalties),
            "exempt": list(self.exempt),
            "double": list(self.double),
        }


class BeforePlay(NamedTuple):
    """What a card play changed of the deal and its retract puts back: the state a
    retract returns to is the deal as it is now with these fields as they were (a play
    changes nothing else that the retract does not set itself; `_retract` in
    `reducer.py`). Kept instead of a whole copy of the deal before the play: one deal
    copy per card played instead of two, and a snapshot that holds a deal once, not
    twice (docs/decisions/0016-the-retract-point-and-the-tricks-order.md)."""

    hands: Mapping[str, Hand]
    played: frozenset[str]
    cards_left: Mapping[str, int]
    trick: Trick | None
    tricks: tuple[Trick, ...]
    tricks_won: Mapping[str, int]
    play_started: bool
    turn: str | None


def before_play_of(deal: DealState) -> BeforePlay:
    """The deal's `BeforePlay`, made without the named tuple's Python `__new__`."""
    return _tuple_new(
        BeforePlay,
        (
            deal.hands,
            deal.played,
            deal.cards_left,
            deal.trick,
            deal.tricks,
            deal.tricks_won,
            deal.play_started,
            deal.turn,
        ),
    )


@dataclass(frozen=True)  # no slots: `evolve` copies the instance dict, far cheaper
class DealState:
    index: int
    dealer: str
    ante: int
    seated: tuple[str, ...]  # seat order
    order: tuple[str, ...]  # from the dealer's left, dealer last
    trump_card: str | None
    trump_suit: str | None
    max_exchange: int
    exchange_fee: int
    carry_in: int  # pot before this deal's antes (penalties of the last deal included)
    antes: int
    fees: int = 0
    declared: Mapping[str, bool] = field(default_factory=dict)
    active: tuple[str, ...] = ()  # players in, from the dealer's left (set once declarations end)
    exchanged: tuple[str, ...] = ()
    hands: Mapping[str, Hand] = field(default_factory=dict)
    location: Mapping[str, str] = field(
        default_factory=dict
    )  # card -> "hand:P", "discard", "upcard" (played cards: `played`)
    stock: int = 0
    pool: int = 0  # discards of players already served, reusable if the stock runs short
    pool_cards: frozenset[str] = frozenset()
    cards_left: Mapping[str, int] = field(default_factory=dict)
    played: frozenset[str] = frozenset()
    tricks: tuple[Trick, ...] = ()
    trick: Trick | None = None
    tricks_won: Mapping[str, int] = field(default_factory=dict)
    pending: tuple[Pending, ...] = ()
    provisional: tuple[
        Renege, ...
    ] = ()  # proven at the play itself; a retract may still correct it
    reneges: tuple[Renege, ...] = ()
    rulings: tuple[dict[str, Any], ...] = ()  # the deal's rulings in `bourre-ruling/1` form
    actions: int = 0
    before_play: BeforePlay | None = None  # what a retract of the last play puts back
    last_play: tuple[str, str, int] | None = (
        None  # (player, card, index) when the last action was a play
    )
    play_started: bool = False
    turn: str | None = None  # climbing tricks: who acts next (None: the trick's leader)
    over: bool = False
    summary: Mapping[str, Any] | None = None

    @property
    def start(self) -> int:
        return self.carry_in + self.antes + self.fees


@dataclass(frozen=True)
class Sitting:
    variant: str
    options: Mapping[str, Any]
    players: tuple[str, ...]  # every seat ever taken at the table, in seat order
    balances: Mapping[str, int]
    pot: int = 0
    next: NextDeal = field(default_factory=NextDeal)
    deals: tuple[Mapping[str, Any], ...] = ()  # settled deals in `bourre-ruling/1` form
    deal: DealState | None = None
    #: who is at the table now, in seat order; None: everyone in `players` (a sitting
    #: nobody has joined or left, as every transcript is)
    seated: tuple[str, ...] | None = None
    #: the `closing` section of the ruling once the table is closed (RULES.md §5)
    closing: Mapping[str, Any] | None = None

    @property
    def at_table(self) -> tuple[str, ...]:
        return self.players if self.seated is None else self.seated

    @property
    def closed(self) -> bool:
        return self.closing is not None


_V = TypeVar("_V")

#: `dict.copy` for the states' mappings, which are plain dicts (above): the cheapest copy
#: to change one entry of (about half the time of `{**mapping, key: value}`).
copy_mapping: Callable[[Mapping[str, _V]], dict[str, _V]] = dict.copy  # type: ignore[assignment]


def evolve(obj: _T, **changes: Any) -> _T:
    """`dataclasses.replace` for the engine's frozen states without re-running
    `__init__`: the referee replaces a deal state several times per card, and copying
    the instance dict is its cheapest way. Only for dataclasses without slots. The copy
    is made with `dict.copy` and set as the new instance's dict: 1.3 against 2.4 µs for
    a deal state when it was filled into the new instance's own (empty) dict with two
    `update`s (docs/decisions/0015-engine-states-made-without-init.md)."""
    new: Any = Bare()  # `made(type(obj), fields)`, without the call
    fields = obj.__dict__.copy()
    fields.update(changes)
    new.__dict__ = fields
    new.__class__ = type(obj)
    return new  # type: ignore[no-any-return]


def new_hand(known: frozenset[str], full: bool) -> Hand:
    """`Hand(known, full)` without the frozen dataclass's `__init__` (a card play of a
    logged hand makes one)."""
    return made(Hand, {"known": known, "full": full})


def new_trick(number: int, leader: str, active: tuple[str, ...]) -> Trick:
    """`Trick(number, leader, order=...)`, a trick nobody has played to, its players in
    turn from `leader` among `active`, made as `evolve` makes copies (one per trick)."""
    at = active.index(leader)
    return made(
        Trick,
        {
            "number": number,
            "leader": leader,
            "cards": (),
            "winner": None,
            "passed": frozenset(),
            "order": active[at:] + active[:at],
            "best": 0,
        },
    )


def new_deal(**given: Any) -> DealState:
    """`DealState(**given)` without the frozen dataclass's `__init__` (40
    `object.__setattr__` calls and five default factories: 14 times the cost of a copy);
    a name that is no field, or a field without a default left out, is refused alike."""
    if not (_DEAL_REQUIRED <= given.keys() <= _DEAL_FIELDS):
        raise TypeError(f"DealState fields: {sorted(given)}")
    values = {**_DEAL_DEFAULTS, **given}
    for name in _DEAL_FACTORIES:
        if name not in given:
            values[name] = {}
    return made(DealState, values)


def _defaults(cls: type) -> tuple[dict[str, Any], frozenset[str], frozenset[str], tuple[str, ...]]:
    """Every field in order (None where the value must be given or made), the field
    names, those without a default, those made by a factory (only `dict`)."""
    values: dict[str, Any] = {}
    required = []
    factories = []
    for f in dataclass_fields(cls):
        values[f.name] = None
        if f.default is not MISSING:
            values[f.name] = f.default
        elif f.default_factory is not MISSING:
            assert f.default_factory is dict  # new_deal makes a fresh {} for these
            factories.append(f.name)
        else:
            required.append(f.name)
    return values, frozenset(values), frozenset(required), tuple(factories)


_DEAL_DEFAULTS, _DEAL_FIELDS, _DEAL_REQUIRED, _DEAL_FACTORIES = _defaults(DealState)
