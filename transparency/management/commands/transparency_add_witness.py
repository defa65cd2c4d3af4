"""Ask a witness to cosign every club's checkpoints: its tlog-witness submission prefix (the
URL its ``add-checkpoint`` is under) and its cosigner key (vkey, type 0x04)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tlog.note import COSIGNATURE_V1, NoteError, parse_vkey
from transparency.models import Witness


class Command(BaseCommand):
    help = "Add (or update) a witness: its submission prefix URL and its cosigner key."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("url", help="e.g. https://other.example/witness")
        parser.add_argument("vkey", help="the witness's key, <name>+<id>+<key>")

    def handle(self, *args: Any, url: str, vkey: str, **options: Any) -> None:
        try:
            verifier = parse_vkey(vkey)
        except NoteError as error:
            raise CommandError(str(error)) from None
        if verifier.kind != COSIGNATURE_V1:
            raise CommandError("a witness's key is a cosigner key (type 0x04)")
        if not url.startswith(("http://", "https://")):
            raise CommandError("the witness's prefix is an http(s) URL")
        Witness.objects.update_or_create(
            name=verifier.name, defaults={"url": url.rstrip("/"), "vkey": vkey}
        )
        self.stdout.write(f"witness {verifier.name} at {url}: asked for every new checkpoint")
