"""The player-statistics fold: pure functions over events, no I/O.

Counted per (club, player name) across the club's tables:
- net chips: every posting leg to `player:<name>` of every `RulingMade` (antes, exchange
  fees, pots, penalties), so they equal the ledger's balances summed over the tables;
- deals played/passed, pots won (count and chips), biggest pot, bourrés and reneges: from
  each `deal_settled` ruling's summary (the deal as finally ruled), with the seated players
  taken from the deal's `deal_started` ruling.

An `EventUndone` voids rulings of the current deal only (a deal is final once the next one
starts), so what each of the current deal's rulings added is kept per table (`open`) and
taken back when it is voided; undo is last-in first-out, so restoring a player's previous
biggest pot is exact.

Every contribution also goes to the player's line of the club night it was recorded in
(`PlayerDayStats`; the night in the club's time zone, `clubs.nights`), kept in `open` with
its day so an undo after the night turned takes it back from the right day: summing days
gives the standings of a night or a month. A player who joins a table later counts it
among their tables from the join (RULES.md §5).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from clubs.nights import DEFAULT_TIME_ZONE, night_of
from eventlog import RecordedEvent
from table_stream import (
    DEAL_STARTED,
    EVENT_UNDONE,
    PLAYER_JOINED,
    RULING_MADE,
    TABLE_CREATED,
    RulingKind,
)

PLAYER_ACCOUNT = "player:"

# What one ruling adds to a player, in this order (JSON-friendly lists in `open`).
COUNTERS = (
    "deals_played",
    "deals_passed",
    "pots_won",
    "pot_chips",
    "bourres",
    "reneges",
    "net_chips",
)


@dataclass
class Line:
    """A player's statistics (mirrors the `PlayerStats` row)."""

    tables: int = 0
    deals_played: int = 0
    deals_passed: int = 0
    pots_won: int = 0
    pot_chips: int = 0
    biggest_pot: int = 0
    bourres: int = 0
    reneges: int = 0
    net_chips: int = 0

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass
class TableMemory:
    club_id: str
    players: list[str]
    seated: list[str] = field(default_factory=list)
    # ruling version (str) -> {"add": {player: [COUNTERS...]}, "prev_biggest": {player: n}}
    open: dict[str, Any] = field(default_factory=dict)


def ruling_contribution(data: dict[str, Any], table: TableMemory) -> tuple[dict, dict]:
    """What one `RulingMade` adds: ({player: {counter: n}}, {player: chips won this deal})."""
    add: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    won: dict[str, int] = defaultdict(int)
    for posting in data.get("postings") or ():
        for account, amount in posting["legs"]:
            if account.startswith(PLAYER_ACCOUNT):
                add[account[len(PLAYER_ACCOUNT) :]]["net_chips"] += int(amount)
    if data.get("kind") == RulingKind.DEAL_SETTLED:
        summary = data["ruling"]["summary"]
        active = list(summary.get("active") or ())
        for player in table.seated or active:
            add[player]["deals_played" if player in active else "deals_passed"] += 1
        for entry in summary.get("rulings") or ():
            kind = entry.get("kind")
            if kind == RulingKind.POT_WON:
                won[entry["player"]] += int(entry.get("amount") or 0)
                add[entry["player"]]["pots_won"] += 1
            elif kind == RulingKind.POT_SPLIT:
                for player in entry["players"]:
                    won[player] += int(entry["each"])
                    add[player]["pots_won"] += 1
            elif kind == RulingKind.POT_SHARED:
                for player, share in entry["shares"].items():
                    if share:
                        won[player] += int(share)
                        add[player]["pots_won"] += 1
            elif kind == RulingKind.BOURRE:
                add[entry["player"]]["bourres"] += 1
            elif kind == RulingKind.RENEGE:
                add[entry["player"]]["reneges"] += 1
        for player, chips in won.items():
            add[player]["pot_chips"] += chips
    return {p: dict(c) for p, c in add.items()}, dict(won)


def day_of(event: RecordedEvent, time_zone: str = DEFAULT_TIME_ZONE) -> str:
    """The day (ISO) an event counts for in the standings by date: the club night it
    belongs to in its club's time zone (`clubs.nights`: a deal at 01:30 counts for the
    night before)."""
    return night_of(event.recorded_at, time_zone).isoformat()


#: The event types the fold reads; a batch of none of them (card plays, bids) costs no query.
FOLDED = frozenset({TABLE_CREATED, DEAL_STARTED, RULING_MADE, PLAYER_JOINED, EVENT_UNDONE})


class StatsFold:
    """Applies events to in-memory tables and lines; the caller loads and saves them.

    `lines` should hold the current lines of the tables' players; `loader` fetches any
    other (None: a new player); `zone_of` gives a club's time zone, for the nights events
    count for. `dirty_tables` and `dirty_lines` name what changed."""

    def __init__(
        self,
        tables: dict[str, TableMemory],
        lines: dict[tuple[str, str], Line],
        loader: Callable[[str, str], Line | None] | None = None,
        day_loader: Callable[[str, str, str], Line | None] | None = None,
        zone_of: Callable[[str], str] | None = None,
    ):
        self.tables = tables
        self.zone_of = zone_of or (lambda _club: DEFAULT_TIME_ZONE)
        self.lines = lines
        self.loader = loader
        self.day_loader = day_loader
        # (club, player, ISO day) -> that day's line (`PlayerDayStats`)
        self.day_lines: dict[tuple[str, str, str], Line] = {}
        self.dirty_tables: set[str] = set()
        self.dirty_lines: set[tuple[str, str]] = set()
        self.dirty_days: set[tuple[str, str, str]] = set()

    def day(self, event: RecordedEvent) -> str:
        return day_of(event, self.zone_of(event.club))

    def line(self, club_id: str, player: str) -> Line:
        key = (club_id, player)
        self.dirty_lines.add(key)
        if key not in self.lines:
            loaded = self.loader(club_id, player) if self.loader else None
            self.lines[key] = loaded or Line()
        return self.lines[key]

    def day_line(self, club_id: str, player: str, day: str) -> Line:
        key = (club_id, player, day)
        self.dirty_days.add(key)
        if key not in self.day_lines:
            loaded = self.day_loader(club_id, player, day) if self.day_loader else None
            self.day_lines[key] = loaded or Line()
        return self.day_lines[key]

    def lines_of(self, club_id: str, player: str, day: str | None) -> list[Line]:
        """The player's all-time line and, when the day is known, that day's line."""
        lines = [self.line(club_id, player)]
        if day is not None:
            lines.append(self.day_line(club_id, player, day))
        return lines

    def apply(self, event: RecordedEvent) -> None:
        if event.type == TABLE_CREATED:
            self._created(event)
            return
        table = self.tables.get(event.stream)
        if table is None:
            return  # not a table we know (or not a table at all)
        if event.type == DEAL_STARTED:
            # The previous deal is final now: nothing of it can be voided any more.
            table.open = {}
        elif event.type == RULING_MADE:
            self._ruling(event, table)
        elif event.type == PLAYER_JOINED:
            self._joined(event, table)
        elif event.type == EVENT_UNDONE:
            for version in sorted(event.data.get("voided_versions") or (), reverse=True):
                self._void(table, table.open.pop(str(version), None))
            self._unjoined(table, table.open.pop(str(event.data.get("undone_version")), None))
        else:
            return
        self.dirty_tables.add(event.stream)

    def _created(self, event: RecordedEvent) -> None:
        if event.stream in self.tables:
            return
        club_id = str(event.data["club_id"])
        players = [str(p) for p in event.data["players"]]
        self.tables[event.stream] = TableMemory(club_id=club_id, players=players)
        self.dirty_tables.add(event.stream)
        for player in players:
            for line in self.lines_of(club_id, player, self.day(event)):
                line.tables += 1

    def _joined(self, event: RecordedEvent, table: TableMemory) -> None:
        """A newcomer's first seat at this table counts it among their tables (a player
        coming back does not count it twice); kept in `open` so an undo takes it back."""
        player = str(event.data["player"])
        if player in table.players:
            return
        table.players.append(player)
        for line in self.lines_of(table.club_id, player, self.day(event)):
            line.tables += 1
        table.open[str(event.version)] = {"joined": player, "day": self.day(event)}

    def _unjoined(self, table: TableMemory, joined: dict[str, Any] | None) -> None:
        if not joined or "joined" not in joined:
            return
        player = joined["joined"]
        if player in table.players:
            table.players.remove(player)
        for line in self.lines_of(table.club_id, player, joined.get("day")):
            line.tables -= 1

    def _ruling(self, event: RecordedEvent, table: TableMemory) -> None:
        data = event.data
        if data.get("kind") == RulingKind.DEAL_STARTED:
            antes = (data.get("ruling") or {}).get("antes")
            table.seated = list(antes) if antes else list(table.players)
        add, won = ruling_contribution(data, table)
        if not add:
            return
        day = self.day(event)
        # The previous biggest pot of the all-time line and of the day's line, per player.
        prev_biggest: dict[str, int] = {}
        prev_biggest_day: dict[str, int] = {}
        for player, counters in add.items():
            lines = self.lines_of(table.club_id, player, day)
            for line, previous in zip(lines, (prev_biggest, prev_biggest_day), strict=False):
                for name, amount in counters.items():
                    setattr(line, name, getattr(line, name) + amount)
                if won.get(player, -1) > line.biggest_pot:
                    previous[player] = line.biggest_pot
                    line.biggest_pot = won[player]
        table.open[str(event.version)] = {
            "add": {p: [c.get(n, 0) for n in COUNTERS] for p, c in add.items()},
            "prev_biggest": prev_biggest,
            "day": day,
            "prev_biggest_day": prev_biggest_day,
        }

    def _void(self, table: TableMemory, contribution: dict[str, Any] | None) -> None:
        if not contribution or "add" not in contribution:
            return
        day = contribution.get("day")
        for player, amounts in contribution["add"].items():
            for line in self.lines_of(table.club_id, player, day):
                for name, amount in zip(COUNTERS, amounts, strict=True):
                    setattr(line, name, getattr(line, name) - amount)
        for player, previous in contribution["prev_biggest"].items():
            self.line(table.club_id, player).biggest_pot = previous
        if day is not None:
            for player, previous in contribution.get("prev_biggest_day", {}).items():
                self.day_line(table.club_id, player, day).biggest_pot = previous
