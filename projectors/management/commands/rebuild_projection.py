"""`manage.py rebuild_projection NAME`: rebuild an asynchronous projector and swap it in.

The same rebuild as `POST /api/v1/projections/{name}/rebuild`, run in this process with a
progress bar. (`rebuild_projections`, plural, rebuilds the inline projections of `games`.)
"""

from __future__ import annotations

import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from projectors.framework import DEFAULT_BATCH, projectors_all
from projectors.rebuild import projection_rebuild


class Command(BaseCommand):
    help = "Rebuild an asynchronous projector's read model from the log, without downtime."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help=f"one of: {', '.join(sorted(projectors_all()))}")
        parser.add_argument("--batch", type=int, default=DEFAULT_BATCH)

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["name"]
        if name not in projectors_all():
            raise CommandError(
                f"unknown projector {name!r}; known: {', '.join(sorted(projectors_all()))}"
            )
        started = time.monotonic()
        tty = sys.stdout.isatty()
        last_shown = [0.0]

        def progress(processed: int, total: int) -> None:
            now = time.monotonic()
            if processed < total and now - last_shown[0] < 0.5:
                return
            last_shown[0] = now
            share = processed / total if total else 1.0
            bar = "#" * int(share * 30)
            line = f"[{bar:<30}] {processed}/{total} events ({share:.0%})"
            self.stdout.write(f"\r{line}" if tty else line, ending="" if tty else "\n")
            self.stdout.flush()

        result = projection_rebuild(name=name, batch=options["batch"], progress=progress)
        if tty:
            self.stdout.write("")
        self.stdout.write(
            self.style.SUCCESS(
                f"{name}: generation {result.generation} live at position {result.position} "
                f"(replaced generation {result.replaced}) in {time.monotonic() - started:.1f}s"
            )
        )
