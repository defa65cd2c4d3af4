"""This service as a witness (C2SP tlog-witness, ``POST /witness/add-checkpoint``): for each
log it was told to witness (origin and key), it keeps the latest checkpoint it cosigned and
cosigns (C2SP tlog-cosignature/v1, Ed25519) a new one only if a consistency proof shows it
extends that one. Statuses as the specification says: 400 malformed, 403 not signed by the
log's key, 404 unknown origin, 409 another old size (its size in the body) or a fork of one
size, 422 a proof that does not verify."""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.db import transaction

from tlog import merkle
from tlog.merkle import ProofError
from tlog.note import NoteError, cosign, parse_checkpoint, parse_note, parse_vkey, signed_by, unb64
from transparency.keys import witness_key, witness_name
from transparency.models import WitnessedLog

MAX_BODY = 64 * 1024
MAX_PROOF = 63


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    body: str
    content_type: str = "text/plain; charset=utf-8"


def _parse(body: bytes) -> tuple[int, list[bytes], str]:
    if len(body) > MAX_BODY:
        raise NoteError("the request is too large")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise NoteError("the request is not UTF-8") from None
    head, sep, note = text.partition("\n\n")
    if not sep:
        raise NoteError("no blank line before the checkpoint")
    lines = head.split("\n")
    old = lines[0]
    # ASCII digits only: `isdigit()` alone takes `²`, which `int()` then refuses (a 500).
    size = old[4:]
    if (
        not old.startswith("old ")
        or not (size.isascii() and size.isdigit())
        or (size != "0" and size[0] == "0")
    ):
        raise NoteError("the first line is not 'old <size>'")
    proof = [unb64(line, "a proof line") for line in lines[1:]]
    if len(proof) > MAX_PROOF or any(len(h) != 32 for h in proof):
        raise NoteError("the proof is not at most 63 hashes of 32 bytes")
    return int(old[4:]), proof, note


def add_checkpoint(body: bytes) -> Answer:
    try:
        old, proof, raw = _parse(body)
        note = parse_note(raw)
        checkpoint = parse_checkpoint(note.text)
    except NoteError as error:
        return Answer(400, f"{error}\n")
    log = WitnessedLog.objects.filter(origin=checkpoint.origin).first()
    if log is None:
        return Answer(404, f"this witness does not follow {checkpoint.origin}\n")
    try:
        if signed_by(note, parse_vkey(log.vkey)) is None:
            return Answer(403, "the checkpoint is not signed by the log's key\n")
    except NoteError as error:
        return Answer(403, f"{error}\n")
    if old > checkpoint.size:
        return Answer(400, f"old size {old} is beyond the checkpoint's {checkpoint.size}\n")
    with transaction.atomic():
        log = WitnessedLog.objects.select_for_update().get(pk=log.pk)
        if old != log.size:
            return Answer(409, f"{log.size}\n", "text/x.tlog.size")
        try:
            if old == checkpoint.size:
                if log.size and bytes(log.root) != checkpoint.root:
                    raise ProofError(
                        f"two different trees of size {old}: the log forked (this witness "
                        "cosigned the other)"
                    )
            else:
                merkle.verify_consistency(
                    old, checkpoint.size, bytes(log.root), checkpoint.root, proof
                )
        except ProofError as error:
            refusal = f"refused the checkpoint of size {checkpoint.size}: {error}"
            WitnessedLog.objects.filter(pk=log.pk).update(last_refusal=refusal)
            return Answer(409 if old == checkpoint.size else 422, f"{refusal}\n")
        log.size, log.root, log.note, log.last_refusal = (
            checkpoint.size,
            checkpoint.root,
            str(note),
            "",
        )
        log.save()
    signature = cosign(note.text, witness_name(), witness_key(), int(time.time()))
    return Answer(200, signature.line)


def witness_follow(*, vkey: str) -> WitnessedLog:
    """Witness the log whose key this is (its name is the log's origin)."""
    verifier = parse_vkey(vkey)
    log, _ = WitnessedLog.objects.update_or_create(origin=verifier.name, defaults={"vkey": vkey})
    return log
