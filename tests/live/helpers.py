"""A club, its keys and a table with a deal under way, logged through the services."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clubs.models import Club
from games.services import commands_parse, table_create, table_events_append
from tests.clubs.helpers import make_club, make_key

PLAYERS = ["ana", "ben", "cy", "dee"]


@dataclass
class LiveTable:
    club: Club
    table: Any
    admin: str
    auditor: str
    scorekeeper: str

    @property
    def id(self) -> str:
        return str(self.table.id)

    def log(self, *events: dict[str, Any]) -> int:
        """Append `events` at the table's current version; the new version."""
        from games.selectors import table_get

        table = table_get(club=self.club, table_id=self.table.id)
        outcome = table_events_append(
            table_id=self.table.id,
            club=self.club,
            expected_version=table.snapshot.version,
            commands=commands_parse(list(events)),
        )
        return int(outcome.body["version"])


def live_table(name: str = "Live table") -> LiveTable:
    club = make_club()
    table = table_create(club=club, name=name, variant="louisiana", players=PLAYERS, options={})
    keys = {role: make_key(club, role)[1] for role in ("admin", "auditor", "scorekeeper")}
    return LiveTable(club, table, keys["admin"], keys["auditor"], keys["scorekeeper"])


DEAL = {"deal": {"dealer": "ana", "trump": "AS"}}
DECLARATIONS = [
    {"player": "ben", "declare": "play"},
    {"player": "cy", "declare": "play"},
    {"player": "dee", "declare": "play"},
    {"player": "ana", "declare": "play"},
]
#: A whole deal in five events: everyone passes but the dealer, who takes the pot.
QUICK_DEAL = [
    DEAL,
    {"player": "ben", "declare": "pass"},
    {"player": "cy", "declare": "pass"},
    {"player": "dee", "declare": "pass"},
    {"player": "ana", "declare": "play"},
]
