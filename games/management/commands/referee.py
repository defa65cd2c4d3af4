"""`python manage.py referee FILE...`: rule transcripts offline, one ruling per line.

No database is touched. A rejected transcript prints
``{"error": {"deal": i, "action": j, "code": ..., "message": ...}}`` on its line and
the command exits 1 once every file has been ruled.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine import TranscriptRejected, rule_transcript


def rule_text(text: str) -> tuple[dict[str, Any], bool]:
    """The line to print for one transcript's text, and whether it was ruled."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        error = {
            "deal": None,
            "action": None,
            "code": "invalid_json",
            "message": f"not JSON: {exc}",
        }
        return {"error": error}, False
    try:
        return rule_transcript(doc), True
    except TranscriptRejected as rejected:
        return {"error": rejected.as_dict()}, False


class Command(BaseCommand):
    help = (
        "Rule bourre-transcript/1 files ('-' reads standard input); "
        "prints one bourre-ruling/1 JSON per line."
    )
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files", nargs="+", metavar="FILE", help="transcript files, or - for standard input"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        all_ruled = True
        for name in options["files"]:
            try:
                if name == "-":
                    text = sys.stdin.read()
                else:
                    with open(name, encoding="utf-8") as fh:
                        text = fh.read()
            except OSError as exc:
                raise CommandError(f"cannot read {name}: {exc.strerror}") from exc
            line, ruled = rule_text(text)
            all_ruled = all_ruled and ruled
            self.stdout.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
        if not all_ruled:
            sys.exit(1)
