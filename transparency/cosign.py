"""The log's side of C2SP tlog-witness: ask each witness to cosign a club's latest checkpoint
(``POST <witness>/add-checkpoint``, the old size it cosigned and a consistency proof from
it), check the cosignature it returns against its key, and keep it beside the checkpoint."""

from __future__ import annotations

import logging
import urllib.error
import urllib.request

from django.db.models import Max

from tlog import merkle
from tlog.note import NoteError, b64, parse_note, parse_vkey, signed_by
from transparency.checkpoints import latest_checkpoint
from transparency.models import Checkpoint, Cosignature, Witness
from transparency.store import tree_view

logger = logging.getLogger(__name__)
TIMEOUT = 10
SIZE_TYPE = "text/x.tlog.size"


class WitnessRefused(Exception):
    def __init__(self, status: int, body: str, content_type: str = "") -> None:
        super().__init__(f"HTTP {status}: {body.strip()[:300]}")
        self.status, self.body, self.content_type = status, body, content_type


def add_checkpoint_body(club_id: str, checkpoint: Checkpoint, old: int) -> bytes:
    size = checkpoint.size
    proof = tree_view(club_id).compute(lambda node: merkle.consistency_proof(node, old, size))
    lines = [f"old {old}", *(b64(h) for h in proof)]
    return ("\n".join(lines) + "\n\n" + checkpoint.note).encode()


def _post(url: str, body: bytes) -> str:
    request = urllib.request.Request(
        url.rstrip("/") + "/add-checkpoint",
        data=body,
        method="POST",
        headers={"Content-Type": "text/plain; charset=utf-8", "User-Agent": "bourre-tlog/1"},
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return str(response.read(1 << 16).decode("utf-8", "replace"))
    except urllib.error.HTTPError as error:
        text = error.read(1 << 16).decode("utf-8", "replace")
        raise WitnessRefused(error.code, text, error.headers.get("Content-Type", "")) from None


def witness_ask(witness: Witness, club_id: str, checkpoint: Checkpoint) -> Cosignature:
    """One witness's cosignature of ``checkpoint`` (raises `WitnessRefused`, `NoteError`)."""
    verifier = parse_vkey(witness.vkey)
    old = (
        Cosignature.objects.filter(club_id=club_id, witness=verifier.name).aggregate(
            size=Max("size")
        )["size"]
        or 0
    )
    try:
        answer = _post(
            witness.url, add_checkpoint_body(club_id, checkpoint, min(old, checkpoint.size))
        )
    except WitnessRefused as refusal:
        # 409 with the size it has: the witness knows this log at another size; once more.
        if refusal.status != 409 or not refusal.content_type.startswith(SIZE_TYPE):
            raise
        known = refusal.body.strip()
        if not (known.isascii() and known.isdigit()) or int(known) > checkpoint.size:
            raise
        answer = _post(witness.url, add_checkpoint_body(club_id, checkpoint, int(known)))
    note = parse_note(checkpoint.note.rstrip("\n") + "\n" + answer)
    signature = signed_by(note, verifier)
    if signature is None:
        raise NoteError(f"the witness answered no cosignature by {verifier.name}")
    row = Cosignature(
        club_id=club_id, size=checkpoint.size, witness=verifier.name, line=signature.line
    )
    Cosignature.objects.bulk_create([row], ignore_conflicts=True)
    return row


def witnesses_ask(*, club_id: str, size: int) -> list[str]:
    """Ask every witness for the club's checkpoint of ``size`` if it is still the latest;
    the witnesses' names that cosigned."""
    checkpoint = latest_checkpoint(club_id)
    if checkpoint is None or checkpoint.size != size:
        return []
    done = []
    for witness in Witness.objects.order_by("name"):
        try:
            witness_ask(witness, club_id, checkpoint)
        except (WitnessRefused, NoteError, OSError) as error:
            logger.warning("transparency: witness %s: %s", witness.name, error)
            Witness.objects.filter(pk=witness.pk).update(last_error=str(error)[:1000])
        else:
            Witness.objects.filter(pk=witness.pk).update(last_error="")
            done.append(witness.name)
    return done
