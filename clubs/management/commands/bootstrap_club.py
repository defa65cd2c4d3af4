"""`python manage.py bootstrap_club NAME`: a new club and its first admin key (last line)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import IntegrityError

from clubs.services import club_bootstrap


class Command(BaseCommand):
    help = "Create a club and print a new admin API key for it as the last line of output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="the club's name (unique)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            club, key, raw = club_bootstrap(name=options["name"])
        except IntegrityError as exc:
            raise CommandError(f"a club named {options['name']!r} already exists") from exc
        self.stdout.write(f"club {club.name} ({club.id})")
        self.stdout.write(f"admin key {key.id}; store it now, it is not shown again:")
        self.stdout.write(raw)
