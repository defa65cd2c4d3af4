"""``manage.py export_audit_log FILE [--club ID] [--from P] [--to P]``: events with their
hashes as JSON Lines, one section per club's chain (``--club``: that club's alone),
checkable offline with ``tools/verify_audit_log.py``."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audits.auditlog import audit_log_export


class Command(BaseCommand):
    help = "Export the event log with its hash chain (JSON Lines) for offline verification."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="where to write ('-' for standard output)")
        parser.add_argument("--club", default=None, help="one club's log (its uuid)")
        parser.add_argument("--from", dest="from_position", type=int, default=1)
        parser.add_argument("--to", dest="to_position", type=int, default=None)

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if path == "-":
                summary = audit_log_export(
                    out=sys.stdout,
                    club=options["club"],
                    from_position=options["from_position"],
                    to_position=options["to_position"],
                )
            else:
                with open(path, "w", encoding="utf-8", newline="\n") as out:
                    summary = audit_log_export(
                        out=out,
                        club=options["club"],
                        from_position=options["from_position"],
                        to_position=options["to_position"],
                    )
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stderr.write(
            f"exported {summary.events} events of {summary.clubs} club(s) "
            f"(positions {summary.first}..{summary.last}); "
            f"verify with: python3 tools/verify_audit_log.py {path}"
        )
