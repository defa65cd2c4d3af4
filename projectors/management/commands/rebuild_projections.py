"""`manage.py rebuild_projections [--table ID] [--verify] [--only NAME]`: the older name of
`rebuild` for the inline projections (`--only` is `--projection`)."""

from __future__ import annotations

import uuid
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.subscriptions import rebuildables
from projectors.management.commands.rebuild import rebuild


class Command(BaseCommand):
    help = "Rebuild the inline projections from the event log (or --verify them): see rebuild."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--table", type=uuid.UUID, help="only this table's stream")
        parser.add_argument("--verify", action="store_true", help="compare, write nothing")
        parser.add_argument("--only", action="append", help="only the projection(s) named")

    def handle(self, *args: Any, **options: Any) -> None:
        rebuild(
            self.stdout,
            names=options["only"] or sorted(rebuildables()),
            table=options["table"],
            verify=options["verify"],
        )
