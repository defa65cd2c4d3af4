"""Writing table streams shaped per docs/events.md straight into the log, as the games
service would (game event, then its `RulingMade` events; `EventUndone` with the versions
it voids), folding them with the same `TableFold` the service uses."""

from __future__ import annotations

import uuid
from typing import Any

from eventlog import NewEvent, append
from games.engine import RULES_VERSION, Ruling
from games.sitting.aggregate import TableFold, parse_game_event, sitting_from_created
from games.sitting.decide import event_type
from table_stream import SITTING_EVENT_TYPES, TABLE_CLOSED

ACTION_TYPES = {
    "declare": "PlayerDeclared",
    "exchange": "CardsExchanged",
    "play": "CardPlayed",
    "retract": "CardRetracted",
    "pass_turn": "TurnPassed",
}


def ruling_event(ruling: Ruling, cause_version: int, deal: int | None) -> NewEvent:
    return NewEvent(
        "RulingMade",
        {
            "kind": ruling.kind,
            "ruling": dict(ruling.data),
            "postings": [p.as_dict() for p in ruling.postings],
            "rules_version": RULES_VERSION,
            "cause_version": cause_version,
            "deal": deal,
        },
    )


class TableWriter:
    def __init__(
        self,
        *,
        club_id: str,
        variant: str,
        players: list[str],
        options: dict[str, Any] | None = None,
    ) -> None:
        self.table_id = str(uuid.uuid4())
        self.stream = f"table-{self.table_id}"
        created = {
            "table_id": self.table_id,
            "club_id": club_id,
            "name": f"table {self.table_id[:8]}",
            "variant": variant,
            "options": options or {},
            "players": players,
        }
        sitting = sitting_from_created(created)
        created["options"] = dict(sitting.options)
        self.fold = TableFold.created(sitting)
        self.version = 0
        self.club_id = club_id
        self.positions: list[int] = []
        self._append([NewEvent("TableCreated", created)])

    def _append(self, events: list[NewEvent]) -> None:
        result = append(
            stream=self.stream, club=self.club_id, expected_version=self.version, events=events
        )
        self.version = result.last_version
        self.positions.append(result.last_position)

    def deal(self, header: dict[str, Any]) -> None:
        self._game("DealStarted", header)

    def action(self, action: dict[str, Any]) -> None:
        kind = next(k for k in ACTION_TYPES if k in action)
        self._game(ACTION_TYPES[kind], action)

    def _game(self, type_: str, data: dict[str, Any]) -> None:
        assert event_type(parse_game_event(type_, data)) == type_
        version = self.version + 1
        rulings = self.fold.game_event(type_, data, version)
        deal = self.fold.state.deal.index if self.fold.state.deal else None
        if type_ in SITTING_EVENT_TYPES:
            deal = None  # the closing belongs to the sitting, not to its last deal
        events = [NewEvent(type_, data)] + [ruling_event(r, version, deal) for r in rulings]
        for i in range(len(rulings)):
            self.fold.ruling_made(version + 1 + i, version)
        self._append(events)

    def undo(self, reason: str = "logged by mistake") -> list[int]:
        version = self.version + 1
        undone = self.fold.undo(version)
        voided = list(undone["rulings"])
        self._append(
            [
                NewEvent(
                    "EventUndone",
                    {
                        "reason": reason,
                        "undone_version": undone["version"],
                        "undone_type": undone["type"],
                        "voided_versions": voided,
                    },
                )
            ]
        )
        return voided

    def close(self) -> None:
        self._game(TABLE_CLOSED, {})

    def transcript(self, transcript: dict[str, Any]) -> None:
        for deal in transcript["deals"]:
            self.deal({k: v for k, v in deal.items() if k != "actions"})
            for action in deal["actions"]:
                self.action(action)
        if transcript.get("closed"):
            self.close()

    @property
    def balances(self) -> dict[str, int]:
        return dict(self.fold.state.balances)


def table_from_transcript(club_id: str, transcript: dict[str, Any]) -> TableWriter:
    table = TableWriter(
        club_id=club_id,
        variant=transcript["variant"],
        players=list(transcript["players"]),
        options=transcript.get("options") or {},
    )
    table.transcript(transcript)
    return table
