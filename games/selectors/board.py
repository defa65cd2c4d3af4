"""The board: what every screen of a table shows (the scorekeeper's table screen, the TV
display, the players' phones), read once from the table's state. Seats, the dealer, who is
to act, the trick's cards with who played each, trump, pot, the deal's rulings, each
seat's part in the last deal between deals, the settle-up once closed; for a scorekeeper,
the one next step the rules allow (`games.selectors.step`).

Plain values in the game's machine words (card codes, ruling kinds, a seat's status key):
each page says them in its reader's language (`app_common.board`). One read side for every
screen, so the TV, the phones and the tablet never disagree on what happened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import table_view
from games.models import Table
from games.selectors.step import next_step
from games.selectors.tables import table_state, table_transcript
from table_stream import RulingKind

#: What a deal's result says: who takes the pot, who pays, what carries.
RESULT_KINDS = frozenset(
    {
        RulingKind.POT_WON,
        RulingKind.POT_SPLIT,
        RulingKind.POT_SHARED,
        RulingKind.POT_CARRIED,
        RulingKind.BOURRE,
        RulingKind.RENEGE,
        RulingKind.ALL_PASSED,
        RulingKind.LONE_PLAYER,
    }
)
#: The rulings a room is told (the display, the phones): the result's, and the dealer
#: forced to play; not each trick's winner, which the trick itself shows.
TOLD_KINDS = RESULT_KINDS | {RulingKind.DEALER_MUST_PLAY, RulingKind.TRICK_DEAD}


@dataclass(frozen=True, slots=True)
class PlayedCard:
    player: str
    card: str  # the engine's code, `QH`

    @property
    def red(self) -> bool:
        return self.card[-1] in "HD"


@dataclass(frozen=True, slots=True)
class Trick:
    number: int  # from 1
    leader: str
    cards: tuple[PlayedCard, ...]
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    """One thing the last deal did to a seat: `won` (the pot, `amount`), `split` (a share
    of it), `bourre` or `renege` (pays `amount` into the next pot), `tied` (the pot carried
    on a tie), `passed`, `sat_out`, `tricks` (played and took `amount` tricks, no more)."""

    kind: str
    amount: int = 0


@dataclass(frozen=True, slots=True)
class Seat:
    player: str
    dealer: bool
    to_act: bool
    #: "to declare", "playing", "passed", "sitting out", "waiting", "at the table", "left
    #: the table", or between deals "dealt" (the last deal's `outcomes` say the rest).
    status: str
    tricks: int = 0
    cards_left: int = 0
    hand_logged: bool = False
    balance: int = 0
    ante_next: int = 0
    penalty_next: int = 0
    exempt_next: bool = False
    double_next: bool = False
    outcomes: tuple[Outcome, ...] = ()


@dataclass(frozen=True, slots=True)
class Board:
    table: Table
    version: int
    variant: str
    options: Mapping[str, Any]
    phase: str  # "between_deals", "declaring", "exchanging", "playing", "closed"
    closed: bool
    players: tuple[str, ...]  # every seat ever taken, in seat order
    seated: tuple[str, ...]  # at the table now
    left: tuple[str, ...]
    deals_settled: int
    pot: int
    seats: tuple[Seat, ...]
    deal_index: int | None = None  # from 0; None before the first deal
    deal_over: bool = False
    dealer: str | None = None
    to_act: str | None = None
    trump: str | None = None  # the upcard, `7S`
    current_trick: Trick | None = None
    tricks: tuple[Trick, ...] = ()
    #: The deal's rulings in `bourre-ruling/1` form, in order, and its actions when a
    #: renege names the action that proved it (`proven_at`).
    rulings: tuple[Mapping[str, Any], ...] = ()
    actions: Sequence[Mapping[str, Any]] | None = None
    closing: Mapping[str, Any] | None = None  # once closed: shares and transfers
    balances: Mapping[str, int] = field(default_factory=dict)
    can_retract: str | None = None  # who may take back the card just played
    #: The event "Undo" would take back now (its type and data), for a scorekeeper.
    undo_target: tuple[str, Mapping[str, Any]] | None = None
    step: Mapping[str, Any] | None = None  # the next step, for a scorekeeper

    @property
    def result(self) -> tuple[Mapping[str, Any], ...]:
        """Once the deal is over, the rulings that say its result."""
        if not self.deal_over:
            return ()
        return tuple(r for r in self.rulings if r.get("kind") in RESULT_KINDS)

    @property
    def told(self) -> tuple[Mapping[str, Any], ...]:
        """The deal's rulings a room is told: every renege, win, split, bourré, carry."""
        return tuple(r for r in self.rulings if r.get("kind") in TOLD_KINDS)

    @property
    def transfers(self) -> list[Mapping[str, Any]]:
        return list((self.closing or {}).get("transfers") or [])

    @property
    def standing(self) -> list[tuple[str, int]]:
        """Each player's balance tonight, the most up first."""
        return sorted(((p, self.balances.get(p, 0)) for p in self.players), key=_standing)


def _standing(item: tuple[str, int]) -> tuple[int, str]:
    return -item[1], item[0]


def table_board(*, table: Table, scorekeeper: bool = False) -> Board:
    """The board of `table` as of its last event; with `scorekeeper`, the next step the
    rules allow and what "Undo" would take back."""
    state, version = table_state(table=table)
    view = table_view(state)
    deal = view["deal"]
    common: dict[str, Any] = {
        "table": table,
        "version": version,
        "variant": table.variant,
        "options": view["options"],
        "phase": view["phase"],
        "closed": view["closed"],
        "players": tuple(view["players"]),
        "seated": tuple(view["seated"]),
        "left": tuple(view["left"]),
        "deals_settled": view["deals_settled"],
        "pot": view["pot"],
        "seats": tuple(_seats(view)),
        "closing": view.get("closing"),
        "balances": view["balances"],
    }
    if scorekeeper:
        common["step"] = next_step(state, view)
        common["undo_target"] = table_undo_target(table=table)
    if deal is None:
        return Board(**common)
    return Board(
        **common,
        deal_index=deal["index"],
        deal_over=deal["over"],
        dealer=deal["dealer"],
        to_act=view["to_act"],
        trump=deal["trump_card"],
        current_trick=_current(deal),
        tricks=tuple(
            _trick(i + 1, t["leader"], t["cards"], t["winner"])
            for i, t in enumerate(deal["tricks"])
        ),
        rulings=tuple(deal["rulings"]),
        actions=_proof_actions(table, deal),
        can_retract=deal["can_retract"] if scorekeeper else None,
    )


def _trick(number: int, leader: str, cards: Sequence[Sequence[str]], winner: Any) -> Trick:
    played = tuple(PlayedCard(player, card) for player, card in cards)
    return Trick(number, leader, played, winner)


def _current(deal: Mapping[str, Any]) -> Trick | None:
    trick = deal["current_trick"]
    if trick is None:
        return None
    return _trick(trick["number"], trick["leader"], trick["cards"], None)


def _proof_actions(table: Table, deal: Mapping[str, Any]) -> list[Any] | None:
    """The deal's actions, read from the log only when a ruling names the one that proved
    it (the state keeps no settled deal's actions)."""
    if not any("proven_at" in r for r in deal["rulings"]):
        return None
    deals = table_transcript(table=table)["deals"]
    return deals[deal["index"]]["actions"] if deal["index"] < len(deals) else None


def table_undo_target(*, table: Table) -> tuple[str, Mapping[str, Any]] | None:
    """What "Undo" would take back now: the current deal's last live event (its type and
    data), as the service's undo takes it; None when nothing is left."""
    events = table.snapshot.deal_events or []
    if not events:
        return None
    last = events[-1]
    return last.get("type", ""), last.get("data") or {}


def _status(view: Mapping[str, Any], player: str, seat: Mapping[str, Any]) -> str:
    deal = view["deal"]
    if player in view["left"]:
        return "left the table"
    if view["closed"]:
        return "at the table"  # the night is over: nobody is "passed" any more
    if deal is None:
        return "waiting"
    if not seat.get("seated", True):
        # Not dealt into the deal: during it, sitting out; once it is over, a newcomer who
        # joined since (or a player who sat it out) is simply waiting for the next.
        return "waiting" if deal["over"] else "sitting out"
    if deal["over"]:
        return "dealt"  # between deals the seat says what the deal did to it
    declared = seat.get("declared")
    if declared == "pass":
        return "passed"
    if seat.get("active") or declared == "play":
        return "playing"
    return "to declare"


def _seats(view: Mapping[str, Any]) -> list[Seat]:
    deal = view["deal"]
    owes = view["owes_next_deal"]
    by_player = {s["player"]: s for s in deal["seats"]} if deal else {}
    outcomes = _outcomes(deal) if deal and deal["over"] and not view["closed"] else {}
    return [
        Seat(
            player=player,
            dealer=bool(deal) and deal["dealer"] == player,
            to_act=view["to_act"] == player,
            status=_status(view, player, by_player.get(player, {})),
            tricks=by_player.get(player, {}).get("tricks_won", 0),
            cards_left=by_player.get(player, {}).get("cards_left", 0),
            hand_logged=by_player.get(player, {}).get("hand_logged", False),
            balance=view["balances"].get(player, 0),
            ante_next=owes["antes"].get(player, 0),
            penalty_next=owes["penalties_paid_in"].get(player, 0),
            exempt_next=player in owes["exempt"],
            double_next=player in owes["double"],
            outcomes=tuple(outcomes.get(player, ())),
        )
        for player in view["players"]
    ]


def _outcomes(deal: Mapping[str, Any]) -> dict[str, list[Outcome]]:
    """Each seat's part in a deal that is over, read from its rulings and seats."""
    found: dict[str, list[Outcome]] = {}
    for ruling in deal["rulings"]:
        kind, player = ruling.get("kind"), ruling.get("player")
        if kind == RulingKind.POT_WON and player:
            found.setdefault(player, []).append(Outcome("won", int(ruling.get("amount") or 0)))
        elif kind == RulingKind.POT_SPLIT:
            for each in ruling.get("players") or []:
                found.setdefault(each, []).append(Outcome("split", int(ruling.get("each") or 0)))
        elif kind == RulingKind.POT_SHARED:
            for each, share in (ruling.get("shares") or {}).items():
                found.setdefault(each, []).append(Outcome("split", int(share)))
        elif kind == RulingKind.POT_CARRIED:
            for each in ruling.get("tied") or []:
                found.setdefault(each, []).append(Outcome("tied"))
        elif kind in (RulingKind.BOURRE, RulingKind.RENEGE) and player:
            amount = int(ruling.get("amount") or 0)
            found.setdefault(player, []).append(Outcome(str(kind), amount))
    for seat in deal["seats"]:
        player = seat["player"]
        if player in found:
            continue
        if not seat["seated"]:
            continue  # sat the deal out: the seat says "waiting", nothing happened to it
        if seat["declared"] == "pass":
            found[player] = [Outcome("passed")]
        else:
            found[player] = [Outcome("tricks", seat["tricks_won"])]
    return found
