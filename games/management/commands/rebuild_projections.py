"""`python manage.py rebuild_projections [--table ID] [--verify] [--only NAME]`.

Rebuilds every registered projection (table state, ledger, ...) from the event log. With
`--verify` nothing is written: each projection is rebuilt aside and every difference with
the live rows is printed; the command then exits 1 if there was any.
"""

from __future__ import annotations

import sys
import uuid
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.projections.registry import rebuildables
from games.table import stream_name


class Command(BaseCommand):
    help = "Rebuild the projections from the event log (or --verify them)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--table", type=uuid.UUID, help="only this table's stream")
        parser.add_argument("--verify", action="store_true", help="compare, write nothing")
        parser.add_argument("--only", action="append", help="only the projection(s) named")

    def handle(self, *args: Any, **options: Any) -> None:
        stream = stream_name(options["table"]) if options["table"] else None
        chosen = rebuildables()
        if options["only"]:
            unknown = set(options["only"]) - set(chosen)
            if unknown:
                raise CommandError(f"no projection named {', '.join(sorted(unknown))}")
            chosen = {k: v for k, v in chosen.items() if k in options["only"]}
        differences = 0
        for name, item in sorted(chosen.items()):
            report = item.rebuild(stream=stream, verify=options["verify"])
            verb = "verified" if options["verify"] else "rebuilt"
            self.stdout.write(f"{name}: {verb} {report.streams} streams, {report.events} events")
            for difference in report.differences:
                self.stdout.write(f"  {name}: {difference}")
            differences += len(report.differences)
        if options["verify"]:
            self.stdout.write(f"{differences} differences")
            if differences:
                sys.exit(1)
