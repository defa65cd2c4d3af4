"""C2SP tlog-proof (``c2sp.org/tlog-proof@v1``) and the leaves of a club's log.

A leaf commits to one event of the club's log: its position, stream, type and canonical
hash (``eventlog.canonical``), as UTF-8 lines::

    bourre-event/1
    position 42
    stream table-6f1c...
    type TableClosed
    hash 9a3b...(64 hex)

and sits at index ``position - 1``. A receipt is a tlog-proof whose ``extra`` is those
leaf bytes: the verifier hashes them (RFC 6962 leaf) and checks their inclusion, so what
the receipt says about the event is proven, not merely claimed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tlog.merkle import HASH_SIZE
from tlog.note import NoteError, b64, unb64

HEADER = "c2sp.org/tlog-proof@v1"
LEAF_HEADER = "bourre-event/1"
MAX_PROOF_HASHES = 63
MAX_RECEIPT_BYTES = 64 * 1024

_LEAF = re.compile(
    r"\A" + re.escape(LEAF_HEADER) + r"\nposition ([1-9][0-9]*)\nstream ([^\s]+)\n"
    r"type ([A-Za-z0-9_]+)\nhash ([0-9a-f]{64})\n\Z"
)


@dataclass(frozen=True, slots=True)
class Leaf:
    position: int
    stream: str
    type: str
    hash: str

    @property
    def index(self) -> int:
        return self.position - 1

    def encode(self) -> bytes:
        return (
            f"{LEAF_HEADER}\nposition {self.position}\nstream {self.stream}\n"
            f"type {self.type}\nhash {self.hash}\n"
        ).encode()


def parse_leaf(data: bytes) -> Leaf:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise NoteError("the receipt's event is not UTF-8 text") from None
    found = _LEAF.match(text)
    if found is None:
        raise NoteError(f"the receipt's event is not a {LEAF_HEADER} leaf")
    return Leaf(int(found.group(1)), found.group(2), found.group(3), found.group(4))


@dataclass(frozen=True, slots=True)
class Proof:
    index: int
    hashes: tuple[bytes, ...]
    checkpoint: str  # the signed note, verbatim
    extra: bytes | None = None

    def __str__(self) -> str:
        lines = [HEADER]
        if self.extra is not None:
            lines.append(f"extra {b64(self.extra)}")
        lines.append(f"index {self.index}")
        lines.extend(b64(h) for h in self.hashes)
        return "\n".join(lines) + "\n\n" + self.checkpoint


def parse_proof(raw: str | bytes) -> Proof:
    """A tlog-proof; `NoteError` naming the line that is wrong (nothing is verified here)."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_RECEIPT_BYTES:
            raise NoteError("the receipt is too large")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise NoteError("the receipt is not UTF-8 text") from None
    if len(raw) > MAX_RECEIPT_BYTES:
        raise NoteError("the receipt is too large")
    raw = raw.replace("\r\n", "\n").lstrip("\ufeff")
    head, sep, checkpoint = raw.partition("\n\n")
    if not sep:
        raise NoteError("the receipt has no blank line before its checkpoint")
    lines = head.split("\n")
    if lines[0] != HEADER:
        raise NoteError(f"the receipt does not start with {HEADER}")
    rest = lines[1:]
    extra = None
    if rest and rest[0].startswith("extra "):
        extra = unb64(rest[0][6:], "the receipt's extra line")
        rest = rest[1:]
    if not rest or not rest[0].startswith("index "):
        raise NoteError("the receipt has no index line")
    number = rest[0][6:]
    if not number.isascii() or not number.isdigit() or (number != "0" and number[0] == "0"):
        raise NoteError("the receipt's index is not a decimal number")
    hashes = []
    for n, line in enumerate(rest[1:], 1):
        value = unb64(line, f"proof line {n}")
        if len(value) != HASH_SIZE:
            raise NoteError(f"proof line {n} is not a 32-byte hash")
        hashes.append(value)
    if len(hashes) > MAX_PROOF_HASHES:
        raise NoteError("the receipt's proof is too long")
    return Proof(int(number), tuple(hashes), checkpoint, extra)
