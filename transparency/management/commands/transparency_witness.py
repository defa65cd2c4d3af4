"""Run this service as a witness (C2SP tlog-witness at ``/witness/add-checkpoint``):
``key`` prints its cosigner key (give it to the logs' operators), ``follow VKEY`` witnesses
the log whose verifier key that is, ``list`` shows what it witnesses and its last refusals."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tlog.note import ED25519, NoteError, parse_vkey
from transparency.keys import witness_vkey
from transparency.models import WitnessedLog
from transparency.witness import witness_follow


class Command(BaseCommand):
    help = "This service as a witness: print its key, follow a log, list the logs it follows."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["key", "follow", "list"])
        parser.add_argument("vkey", nargs="?", help="follow: the log's verifier key")

    def handle(self, *args: Any, action: str, vkey: str | None, **options: Any) -> None:
        if action == "key":
            self.stdout.write(witness_vkey())
            return
        if action == "list":
            for log in WitnessedLog.objects.order_by("origin"):
                refused = f"; last refused: {log.last_refusal}" if log.last_refusal else ""
                self.stdout.write(f"{log.origin}: cosigned up to {log.size}{refused}")
            return
        if not vkey:
            raise CommandError("follow needs the log's verifier key")
        try:
            if parse_vkey(vkey).kind != ED25519:
                raise CommandError("a log's key is an Ed25519 note key (type 0x01)")
        except NoteError as error:
            raise CommandError(str(error)) from None
        log = witness_follow(vkey=vkey)
        self.stdout.write(f"witnessing {log.origin}")
