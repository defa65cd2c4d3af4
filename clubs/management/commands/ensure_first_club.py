"""`python manage.py ensure_first_club`: what `make run` calls so a newcomer can sign in.

With no club member yet, creates the club "My club" with its first admin (as
`bootstrap_club` does) and prints the sign-in URL and credentials; otherwise says how to
sign in (and how to reset a forgotten password). Never fails when a club exists.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from clubs.management.commands.bootstrap_club import app_url
from clubs.selectors import member_exists
from clubs.services import club_bootstrap


class Command(BaseCommand):
    help = "Create a first club and admin member when there is none; print how to sign in."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--name", default="My club", help="the first club's name")

    def handle(self, *args: Any, **options: Any) -> None:
        if member_exists():
            self.stdout.write(
                f"sign in at {app_url()} with your member's user name and password "
                "(forgot it? python manage.py set_member_password USERNAME)"
            )
            return
        club, _key, raw, member, password = club_bootstrap(name=options["name"])
        self.stdout.write(f"first club {club.name!r} created; sign in at {app_url()}")
        self.stdout.write(f"  user name {member.name}")
        self.stdout.write(f"  password  {password}")
        self.stdout.write(f"  admin API key (shown once): {raw}")
