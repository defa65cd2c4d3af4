"""`python manage.py operator_key [--club NAME]`: a new operator key (last line).

The operator sees and runs what every club shares: the whole log's audits and rebuilds of
shared projections. The key belongs to its own club (default "operators", created if
missing), so no player club's data comes with it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from clubs.models import Club, Role
from clubs.services import api_key_create


class Command(BaseCommand):
    help = "Print a new operator API key as the last line of output."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--club", default="operators", help="the operators' own club")
        parser.add_argument("--name", default="operator", help="a label for the key")

    def handle(self, *args: Any, **options: Any) -> None:
        club, _ = Club.objects.get_or_create(name=options["club"])
        key, raw = api_key_create(club=club, name=options["name"], role=Role.OPERATOR)
        self.stdout.write(f"operator key {key.id} (club {club.name}); store it now:")
        self.stdout.write(raw)
