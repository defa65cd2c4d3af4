"""The referee's state: frozen values, replaced (never mutated) by `apply`.

`Sitting` is a table's whole session; `DealState` the deal in progress. Mappings
inside are plain dicts treated as immutable: every change builds a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from table_stream.events import Posting as PostingData

#: Bumped whenever a change to the engine could change a ruling. Stored with every
#: ruling event so history keeps the rules that made it.
RULES_VERSION = "bourre-rules/1.0"

POT = "pot"

_T = TypeVar("_T")


def player_account(player: str) -> str:
    return f"player:{player}"


@dataclass(frozen=True, slots=True)
class Posting:
    """One double-entry movement of chips. `legs` are (account, signed amount); they sum to 0."""

    kind: str
    legs: tuple[tuple[str, int], ...]

    def as_dict(self) -> PostingData:
        return {"kind": self.kind, "legs": [[a, n] for a, n in self.legs]}


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Hand:
    """What is publicly known of a player's hand: `known` cards are surely held;
    `full` means `known` is the whole hand (it was logged)."""

    known: frozenset[str] = frozenset()
    full: bool = False


#: The knowledge of a hand nobody has seen anything of.
NO_HAND = Hand()


@dataclass(frozen=True)  # no slots: `evolve` copies the instance dict
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
    #: the index in `cards` of the card winning the trick so far (`trick_winner`), kept
    #: up to date by the trick-taking card play, which compares the new card with this one
    #: only; 0 for a trick nobody has played to and in the climbing variant.
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


@dataclass(frozen=True)  # no slots: `evolve` copies the instance dict
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
    """What a card play about to be made to `deal` changes, as it is now."""
    return BeforePlay(
        deal.hands,
        deal.played,
        deal.cards_left,
        deal.trick,
        deal.tricks,
        deal.tricks_won,
        deal.play_started,
        deal.turn,
    )


@dataclass(frozen=True)  # no slots: `evolve` copies the instance dict
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


@dataclass(frozen=True)  # no slots: `evolve` copies the instance dict
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


def evolve(state: _T, **changes: Any) -> _T:
    """`dataclasses.replace(state, **changes)` for the engine's states (frozen dataclasses
    without slots), made without running the class's `__init__` again: a new instance
    whose dict is the old one's with the changes.

    The referee makes a new deal, trick and sitting for every card played. `replace`
    re-runs the frozen `__init__`, one `object.__setattr__` call per field: for a
    `DealState` (40 fields) that is 118,000 machine instructions against 5,200 this way
    (cachegrind), and `make bench` ruled louisiana deals about a third as fast with it
    (decision record 0600). The copy is the dataclass's own from then on: its type, its
    equality, its refusal of attribute assignment."""
    new = _new_object(type(state))
    _set_attribute(new, "__dict__", {**state.__dict__, **changes})
    return new


# `object.__new__` and `object.__setattr__` read once: an attribute of a type is looked up
# anew at every use, and `evolve` runs about 90 times a deal.
_new_object = object.__new__
_set_attribute = object.__setattr__


def new_trick(number: int, leader: str, active: tuple[str, ...]) -> Trick:
    """A trick nobody has played to yet, its players in turn from `leader` among `active`."""
    at = active.index(leader)
    return Trick(number, leader, order=active[at:] + active[:at])
