"""`python manage.py bootstrap_club NAME`: a new club, its first admin member (who signs in
to the app) and its first admin API key (the last line, for scripts)."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import IntegrityError

from clubs.nights import DEFAULT_TIME_ZONE, UnknownTimeZone
from clubs.services import MemberRefused, club_bootstrap


def app_url() -> str:
    host = os.environ.get("BOURRE_HOST") or "127.0.0.1"
    port = os.environ.get("BOURRE_PORT") or "8000"
    return os.environ.get("BOURRE_APP_URL") or f"http://{host}:{port}/app/"


class Command(BaseCommand):
    help = (
        "Create a club with a first admin member (prints the sign-in URL, user name and "
        "password) and a new admin API key, printed as the last line of output."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="the club's name (unique)")
        parser.add_argument(
            "--time-zone",
            default=DEFAULT_TIME_ZONE,
            help="where the club plays, an IANA name such as America/Chicago (default UTC): "
            "the standings count each deal for the club night it belongs to there",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            club, key, raw, member, password = club_bootstrap(
                name=options["name"], time_zone=options["time_zone"]
            )
        except UnknownTimeZone as exc:
            raise CommandError(f"--time-zone: {exc}") from exc
        except IntegrityError as exc:
            raise CommandError(f"a club named {options['name']!r} already exists") from exc
        except MemberRefused as exc:
            raise CommandError(f"cannot create the club's admin member: {exc}") from exc
        self.stdout.write(f"club {club.name} ({club.id}), nights in {club.time_zone}")
        self.stdout.write(f"sign in at {app_url()}")
        self.stdout.write(f"  user name {member.name}")
        self.stdout.write(f"  password  {password}")
        self.stdout.write(f"admin key {key.id}; store it now, it is not shown again:")
        self.stdout.write(raw)
