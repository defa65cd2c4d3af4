"""`python manage.py set_member_password USERNAME [--password P]`: a new password for a
club member who forgot theirs (generated and printed unless given)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.selectors import member_by_username
from clubs.services import MemberRefused, member_set_password, password_generate


class Command(BaseCommand):
    help = "Set a new password for a club member; prints it when it was generated."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", help="the member's user name")
        parser.add_argument("--password", help="the new password (default: a generated one)")

    def handle(self, *args: Any, **options: Any) -> None:
        member = member_by_username(username=options["username"])
        if member is None:
            raise CommandError(f"no club member signs in as {options['username']!r}")
        password = options["password"] or password_generate()
        try:
            member_set_password(member=member, password=password)
        except MemberRefused as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"{member.name} ({member.role}, {member.club.name}): password set")
        if not options["password"]:
            self.stdout.write(f"  password  {password}")
