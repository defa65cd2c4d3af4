"""`python manage.py issue_api_key CLUB [--role admin] [--name NAME]`: a new key for an
existing club (e.g. a new admin key when the first one is lost), the key as the last line."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Role
from clubs.selectors import club_find
from clubs.services import api_key_create


class Command(BaseCommand):
    help = (
        "Issue a new API key for an existing club (by name or id) and print it as the last "
        "line of output. The club's other keys stay valid; revoke a lost one with "
        "DELETE /api/v1/keys/{id}."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("club", help="the club's name or id")
        # The operator's keys are not a club's: `manage.py operator_key` issues those.
        club_roles = [role for role in Role.values if role != Role.OPERATOR]
        parser.add_argument("--role", choices=club_roles, default=Role.ADMIN)
        parser.add_argument("--name", help="the key's name (default: '<role> key (issued)')")

    def handle(self, *args: Any, **options: Any) -> None:
        club = club_find(name_or_id=options["club"])
        if club is None:
            raise CommandError(f"no club named {options['club']!r}: create it with bootstrap_club")
        role = options["role"]
        key, raw = api_key_create(
            club=club, name=options["name"] or f"{role} key (issued)", role=role
        )
        self.stdout.write(f"club {club.name} ({club.id})")
        self.stdout.write(f"{role} key {key.id}; store it now, it is not shown again:")
        self.stdout.write(raw)
