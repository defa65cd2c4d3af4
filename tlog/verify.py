"""What the standalone verifier checks: a receipt's inclusion, a saved checkpoint's
consistency with the latest, every signature against the keys given. Each check returns
the sentences it can stand behind, or raises `Failed` with the index and the reason."""

from __future__ import annotations

from dataclasses import dataclass, field

from tlog import merkle
from tlog.client import TiledLog
from tlog.merkle import ProofError, leaf_hash
from tlog.note import (
    Checkpoint,
    Note,
    NoteError,
    Verifier,
    cosignature_time,
    open_checkpoint,
    signed_by,
)
from tlog.proof import parse_leaf, parse_proof


class Failed(Exception):
    """The log or the receipt does not check out: ``index`` (when one is to blame) and why."""

    def __init__(self, reason: str, index: int | None = None) -> None:
        super().__init__(reason if index is None else f"index {index}: {reason}")
        self.index = index
        self.reason = reason


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)

    def say(self, line: str) -> None:
        self.lines.append(line)


def cosigners(note: Note, witnesses: list[Verifier], report: Report) -> None:
    for witness in witnesses:
        try:
            signature = signed_by(note, witness)
        except NoteError as error:
            raise Failed(str(error)) from None
        if signature is None:
            report.say(f"not cosigned by {witness.name}")
        else:
            report.say(f"cosigned by witness {witness.name} (time {cosignature_time(signature)})")


def consistent(log: TiledLog, old: Checkpoint, new: Checkpoint) -> None:
    """``new`` extends ``old`` (a proof computed from the public tiles of ``new``)."""
    if new.size < old.size:
        raise Failed(
            f"the log shrank: its latest checkpoint has {new.size} entries, an earlier one "
            f"{old.size}; entries from index {new.size} on are gone",
            new.size,
        )
    if new.size == old.size:
        if new.root != old.root:
            raise Failed(f"two different trees of size {old.size} were signed: the log forked")
        return
    try:
        node = log.reader(new)
        proof = merkle.consistency_proof(node, old.size, new.size)
        merkle.verify_consistency(old.size, new.size, old.root, new.root, proof)
    except (ProofError, NoteError) as error:
        # Only the old root is known: the entries below its size are what changed.
        raise Failed(str(error)) from None


def check_receipt(
    raw: str | bytes, log: TiledLog, witnesses: list[Verifier], *, latest: bool = True
) -> Report:
    report = Report()
    try:
        proof = parse_proof(raw)
        checkpoint, note = open_checkpoint(proof.checkpoint, log.verifier)
    except NoteError as error:
        raise Failed(f"the receipt: {error}") from None
    report.say(
        f"the receipt's checkpoint is signed by the log's key {log.verifier.name}: "
        f"{checkpoint.size} entries"
    )
    if proof.extra is None:
        raise Failed("the receipt carries no event (its extra line is missing)", proof.index)
    try:
        leaf = parse_leaf(proof.extra)
    except NoteError as error:
        raise Failed(str(error), proof.index) from None
    if leaf.index != proof.index:
        raise Failed(f"the event's position {leaf.position} is not at this index", proof.index)
    try:
        merkle.verify_inclusion(
            leaf_hash(proof.extra), proof.index, checkpoint.size, proof.hashes, checkpoint.root
        )
    except ProofError as error:
        raise Failed(error.args[0].split(": ", 1)[-1], proof.index) from None
    report.say(
        f"event #{leaf.position} ({leaf.type} of {leaf.stream}, hash {leaf.hash[:16]}...) "
        f"is entry {proof.index} of the log as of checkpoint {checkpoint.size}"
    )
    cosigners(note, witnesses, report)
    if latest:
        try:
            newest, _newest_note = log.checkpoint()
        except NoteError as error:
            raise Failed(f"the log's latest checkpoint: {error}") from None
        consistent(log, checkpoint, newest)
        report.say(f"the log's latest checkpoint ({newest.size} entries) extends it")
    return report


def check_consistency(saved: str | bytes, log: TiledLog, witnesses: list[Verifier]) -> Report:
    report = Report()
    try:
        old, _ = open_checkpoint(saved, log.verifier)
    except NoteError as error:
        raise Failed(f"the saved checkpoint: {error}") from None
    try:
        new, note = log.checkpoint()
    except NoteError as error:
        raise Failed(f"the log's latest checkpoint: {error}") from None
    report.say(f"the latest checkpoint is signed by {log.verifier.name}: {new.size} entries")
    consistent(log, old, new)
    report.say(f"it extends the saved checkpoint of {old.size} entries")
    cosigners(note, witnesses, report)
    return report
