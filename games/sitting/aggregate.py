"""The table-state projection: the engine state of each table as of its last event.

`TableFold` is the pure fold (no I/O) used both by the append service, which folds the
posted events before appending them, and by `rebuild`, which folds the log. The row in
`TableSnapshot` keeps the state as a versioned JSON snapshot (`snapshot.py`; never a replay
per request, never a pickle), the state before the
current deal started and the current deal's live game events, which is what undo needs:
a settled deal is final once the next deal starts, so undo never reaches before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from eventlog.types import RecordedEvent
from games.engine import (
    Event,
    Rejection,
    Ruling,
    Sitting,
    apply,
    apply_recorded,
    new_sitting,
    parse_action,
    parse_close,
    parse_deal,
    parse_join,
    parse_leave,
    table_view,
)
from games.engine.key_order import ruling_ordered
from games.engine.state import POT, NextDeal, player_account
from games.sitting import snapshot
from table_stream import (
    DEAL_STARTED,
    EVENT_UNDONE,
    GAME_EVENT_TYPES,
    PLAYER_JOINED,
    PLAYER_LEFT,
    RULING_MADE,
    TABLE_CLOSED,
    TABLE_CREATED,
    RulingKind,
)

# A sitting change is stored as the body of its API shape (`{"join": BODY}` -> BODY).
_SITTING_PARSERS = {PLAYER_JOINED: parse_join, PLAYER_LEFT: parse_leave, TABLE_CLOSED: parse_close}
_SITTING_KEYS = {PLAYER_JOINED: "join", PLAYER_LEFT: "leave", TABLE_CLOSED: "close"}

PLAYER_PREFIX = player_account("")


def parse_game_event(type_: str, data: Mapping[str, Any]) -> Event:
    if type_ == DEAL_STARTED:
        return parse_deal(data)
    if type_ in _SITTING_PARSERS:
        return _SITTING_PARSERS[type_]({_SITTING_KEYS[type_]: data})
    return parse_action(data)


def sitting_from_created(data: Mapping[str, Any]) -> Sitting:
    return new_sitting(variant=data["variant"], players=data["players"], options=data["options"])


@dataclass
class TableFold:
    """A table's state and undo bookkeeping, advanced one event at a time."""

    state: Sitting
    deal_start: Sitting
    version: int
    deal_events: list[dict[str, Any]] = field(default_factory=list)
    deal_start_changed: bool = False

    @classmethod
    def created(cls, sitting: Sitting, version: int = 1) -> TableFold:
        return cls(state=sitting, deal_start=sitting, version=version)

    def game_event(self, type_: str, data: Mapping[str, Any], version: int) -> tuple[Ruling, ...]:
        """Apply one recorded game event as it was recorded (`apply_recorded`: a card an
        earlier referee accepted is not refused again by a stricter one); raises
        `Rejection`, leaving the fold unchanged, for an event no referee could accept."""
        return self.decided(type_, parse_game_event(type_, data), data, version, recorded=True)

    def decided(
        self,
        type_: str,
        event: Event,
        data: Mapping[str, Any],
        version: int,
        *,
        recorded: bool = False,
    ) -> tuple[Ruling, ...]:
        """Apply a game event already parsed (`event`) and stored as `data` (its canonical
        JSON): `decide` parses a posted event once and hands both here, to be judged."""
        before = self.state
        self.state, rulings = (apply_recorded if recorded else apply)(before, event)
        if type_ == DEAL_STARTED:
            self.deal_start = before
            self.deal_start_changed = True
            self.deal_events = []
        self.deal_events.append(
            {"version": version, "type": type_, "data": dict(data), "rulings": []}
        )
        self.version = version
        return rulings

    def view(self) -> dict[str, Any]:
        """The state as the API shows it (`games.engine.table_view`), at this version."""
        return {"version": self.version, **table_view(self.state)}

    def ruling_made(self, version: int, cause_version: int) -> None:
        for item in reversed(self.deal_events):
            if item["version"] == cause_version:
                item["rulings"].append(version)
                break
        self.version = version

    def undo(self, version: int) -> dict[str, Any]:
        """Take back the current deal's last live game event; returns it (with the
        versions of its rulings). The state is replayed from the deal's start."""
        if not self.deal_events:
            raise Rejection(
                "nothing_to_undo",
                "nothing to undo: no event of the current deal is left (a settled deal is "
                "final once the next deal starts)",
            )
        undone = self.deal_events.pop()
        state = self.deal_start
        for item in self.deal_events:
            state, _ = apply_recorded(state, parse_game_event(item["type"], item["data"]))
        self.state = state
        self.version = version
        return undone

    def other_event(self, version: int) -> None:
        self.version = version


def fold_events(events: Sequence[RecordedEvent]) -> TableFold:
    """The fold of a whole stream (the rebuild path): `evolve` on each event in turn."""
    fold: TableFold | None = None
    postings: dict[int, list[Any]] = {}  # RulingMade version -> its postings, while live
    for event in events:
        fold = evolve(fold, event, postings)
    if fold is None:
        raise ValueError("an empty stream has no table")
    return fold


def evolve(
    fold: TableFold | None, event: RecordedEvent, postings: dict[int, list[Any]]
) -> TableFold:
    """`fold` after one recorded event (`postings` carries the live rulings' postings from
    one event to the next). Recorded facts are applied, never decided again.

    The log's rulings are the truth: the engine replays the game events (it must, to know
    the deal in progress and what an undo returns to), but when a deal's recorded
    `RulingMade` of kind `deal_settled` comes, the settlement it recorded replaces the
    engine's: the deal's summary, what the next deal owes, and the balances and pot that
    the recorded (not voided) postings add up to. The rules version that made them is in
    each event, so a rebuild under newer rules reproduces the recorded history instead of
    re-judging it; only the deal still open is judged by today's rules.
    """
    if event.type == TABLE_CREATED:
        return TableFold.created(sitting_from_created(event.data), event.version)
    if fold is None:
        raise ValueError(f"{event.stream}: the first event is not {TABLE_CREATED}")
    if event.type in GAME_EVENT_TYPES:
        fold.game_event(event.type, event.data, event.version)
    elif event.type == RULING_MADE:
        fold.ruling_made(event.version, event.data["cause_version"])
        postings[event.version] = list(event.data.get("postings") or [])
        if event.data.get("kind") == RulingKind.DEAL_SETTLED:
            fold.state = settled_as_recorded(fold.state, event.data, postings.values())
    elif event.type == EVENT_UNDONE:
        for voided in event.data.get("voided_versions") or []:
            postings.pop(voided, None)
        undone = fold.undo(event.version)
        if undone["version"] != event.data["undone_version"]:
            raise ValueError(f"{event.stream}@{event.version}: undo does not match the log")
    else:
        fold.other_event(event.version)
    return fold


def settled_as_recorded(
    state: Sitting, ruling: Mapping[str, Any], postings: Iterable[list[Any]]
) -> Sitting:
    """`state` with a deal's settlement as the log recorded it (see `fold_events`)."""
    summary = ruling["ruling"]["summary"]
    if state.deal is not None:
        summary = in_play_order(summary, state.deal.order)
    balances = dict.fromkeys(state.balances, 0)  # every player the sitting has known
    pot = 0
    for made in postings:
        for posting in made:
            for account, amount in posting["legs"]:
                if account == POT:
                    pot += amount
                elif account.startswith(PLAYER_PREFIX):
                    name = account[len(PLAYER_PREFIX) :]
                    balances[name] = balances.get(name, 0) + amount
    owed = summary.get("next") or {}
    next_deal = NextDeal(
        penalties=dict(owed.get("penalties") or {}),
        exempt=tuple(owed.get("exempt") or ()),
        double=tuple(owed.get("double") or ()),
    )
    index = ruling.get("deal")
    deals = list(state.deals)
    if isinstance(index, int) and index < len(deals):
        deals[index] = summary
    else:
        deals.append(summary)
    deal = state.deal
    if deal is not None and deal.over:
        deal = replace(deal, summary=summary, rulings=tuple(summary.get("rulings") or ()))
    return replace(state, balances=balances, pot=pot, next=next_deal, deals=tuple(deals), deal=deal)


def in_play_order(summary: Mapping[str, Any], order: Sequence[str]) -> dict[str, Any]:
    """A recorded summary with its keys in the format's order (`key_order`) and its maps
    keyed by player in the engine's, from the dealer's left (the deal's `order`): jsonb
    gives a recorded event back with every object's keys in its own order (shortest
    first), and the rebuilt rows should read as the inline ones, byte for byte
    (`tricks_won`, `next.penalties`, the rulings' `shares`)."""

    def by_seat(players: Any) -> Any:
        if not isinstance(players, Mapping):
            return players
        out = {p: players[p] for p in order if p in players}
        out.update((p, n) for p, n in players.items() if p not in out)
        return out

    out: dict[str, Any] = ruling_ordered({"deals": [summary]})["deals"][0]  # the format's keys
    if "tricks_won" in out:
        out["tricks_won"] = by_seat(out["tricks_won"])
    owed = out.get("next")
    if isinstance(owed, Mapping) and "penalties" in owed:
        out["next"] = {**owed, "penalties": by_seat(owed["penalties"])}
    rulings = out.get("rulings")
    if isinstance(rulings, list):
        out["rulings"] = [
            {**entry, "shares": by_seat(entry["shares"])}
            if isinstance(entry, Mapping) and "shares" in entry
            else entry
            for entry in rulings
        ]
    return out


def dump_state(state: Sitting) -> str:
    """The state as a snapshot of version `SNAPSHOT_VERSION` (JSON text)."""
    return snapshot.dump_state(state)


def load_state(text: str) -> Sitting:
    """A snapshot of the current version (check the row's `snapshot_version` first:
    `games.sitting.postgres` rebuilds a row of another version from the log)."""
    return snapshot.load_state(text)


def strip_deals(state: Sitting) -> tuple[Sitting, dict[int, Mapping[str, Any]]]:
    """The state with a placeholder for each settled deal, and the summaries taken out."""
    settled = {i: deal for i, deal in enumerate(state.deals) if deal is not None}
    if not settled:
        return state, {}
    return replace(state, deals=(None,) * len(state.deals)), settled  # type: ignore[arg-type]
