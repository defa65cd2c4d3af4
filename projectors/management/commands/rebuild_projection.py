"""`manage.py rebuild_projection NAME [--batch N]`: the older name of
`rebuild --projection NAME` for one asynchronous projector."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from projectors.framework import DEFAULT_BATCH, projectors_all
from projectors.management.commands.rebuild import rebuild


class Command(BaseCommand):
    help = "Rebuild an asynchronous projector's read model from the log: see rebuild."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help=f"one of: {', '.join(sorted(projectors_all()))}")
        parser.add_argument("--batch", type=int, default=DEFAULT_BATCH)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["name"] not in projectors_all():
            known = ", ".join(sorted(projectors_all()))
            raise CommandError(f"unknown projector {options['name']!r}; known: {known}")
        rebuild(self.stdout, names=[options["name"]], batch=options["batch"])
