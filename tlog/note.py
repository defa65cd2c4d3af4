"""C2SP signed-note (Ed25519, type 0x01), tlog-checkpoint and tlog-cosignature/v1 (Ed25519,
type 0x04).

A verifier key is ``<name>+<key ID, 8 hex>+<base64(type byte || 32-byte public key)>``
(the vkey of Go's ``golang.org/x/mod/sumdb/note``); the key ID is
``SHA-256(name || "\\n" || type || public key)[:4]``. Only ``cryptography``'s Ed25519
besides the standard library.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from dataclasses import dataclass, field

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

ED25519 = 0x01
COSIGNATURE_V1 = 0x04
DASH = "\u2014"
MAX_SIGNATURES = 100
MAX_NOTE_BYTES = 1 << 20


class NoteError(ValueError):
    """A note, key or checkpoint that is malformed or does not verify; the message says why."""


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def unb64(text: str, what: str) -> bytes:
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise NoteError(f"{what} is not base64") from None


def _check_name(name: str) -> None:
    if not name or any(c.isspace() or c == "+" for c in name):
        raise NoteError(f"key name {name!r} is empty or has a space or a plus sign")


def key_id(name: str, kind: int, public: bytes) -> bytes:
    return hashlib.sha256(name.encode() + b"\n" + bytes([kind]) + public).digest()[:4]


def public_bytes(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


@dataclass(frozen=True, slots=True)
class Verifier:
    name: str
    kind: int
    public: bytes

    @property
    def id(self) -> bytes:
        return key_id(self.name, self.kind, self.public)

    @property
    def vkey(self) -> str:
        return f"{self.name}+{self.id.hex()}+{b64(bytes([self.kind]) + self.public)}"


def vkey_of(name: str, key: Ed25519PrivateKey, kind: int = ED25519) -> str:
    _check_name(name)
    return Verifier(name, kind, public_bytes(key)).vkey


def parse_vkey(vkey: str) -> Verifier:
    """A verifier key; `NoteError` naming what is wrong."""
    parts = vkey.strip().split("+", 2)
    if len(parts) != 3:
        raise NoteError("a verifier key is <name>+<key id>+<key>")
    name, hexid, key = parts
    _check_name(name)
    raw = unb64(key, "the verifier key")
    if len(raw) != 33 or raw[0] not in (ED25519, COSIGNATURE_V1):
        raise NoteError("the verifier key is not an Ed25519 key (type 0x01 or 0x04)")
    verifier = Verifier(name, raw[0], raw[1:])
    if len(hexid) != 8 or hexid.lower() != verifier.id.hex():
        raise NoteError("the verifier key's id does not match its name and key")
    return verifier


@dataclass(frozen=True, slots=True)
class Signature:
    name: str
    id: bytes
    data: bytes  # after the key ID

    @property
    def line(self) -> str:
        return f"{DASH} {self.name} {b64(self.id + self.data)}\n"


@dataclass(frozen=True, slots=True)
class Note:
    text: str  # ends in a newline
    signatures: tuple[Signature, ...] = field(default=())

    def __str__(self) -> str:
        return self.text + "\n" + "".join(s.line for s in self.signatures)


def parse_note(raw: str | bytes) -> Note:
    """A signed note's text and signature lines (nothing verified yet)."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_NOTE_BYTES:
            raise NoteError("the note is too large")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise NoteError("the note is not UTF-8") from None
    if len(raw) > MAX_NOTE_BYTES:
        raise NoteError("the note is too large")
    if any(ord(c) < 0x20 and c != "\n" for c in raw):
        raise NoteError("the note has a control character")
    cut = raw.rfind("\n\n")
    if cut < 0 or not raw.endswith("\n"):
        raise NoteError("the note has no blank line before its signatures")
    text, block = raw[: cut + 1], raw[cut + 2 :]
    signatures = []
    for line in block.splitlines():
        if not line.startswith(DASH + " "):
            raise NoteError(f"not a signature line: {line[:40]!r}")
        parts = line[2:].split(" ")
        if len(parts) != 2:
            raise NoteError(f"not a signature line: {line[:40]!r}")
        name, sig = parts
        _check_name(name)
        data = unb64(sig, f"the signature of {name}")
        if len(data) < 5:
            raise NoteError(f"the signature of {name} is too short")
        signatures.append(Signature(name, data[:4], data[4:]))
    if not signatures:
        raise NoteError("the note has no signature")
    if len(signatures) > MAX_SIGNATURES:
        raise NoteError("the note has too many signatures")
    return Note(text, tuple(signatures))


def sign_note(text: str, name: str, key: Ed25519PrivateKey) -> Signature:
    if not text.endswith("\n"):
        raise NoteError("a note's text ends with a newline")
    public = public_bytes(key)
    return Signature(name, key_id(name, ED25519, public), key.sign(text.encode()))


def cosign(text: str, name: str, key: Ed25519PrivateKey, timestamp: int) -> Signature:
    """A tlog-cosignature/v1 over a checkpoint's text, as of ``timestamp`` (POSIX seconds)."""
    message = f"cosignature/v1\ntime {timestamp}\n{text}".encode()
    public = public_bytes(key)
    return Signature(
        name, key_id(name, COSIGNATURE_V1, public), struct.pack(">Q", timestamp) + key.sign(message)
    )


def signature_valid(text: str, signature: Signature, verifier: Verifier) -> bool:
    """Whether a signature by this verifier's key (its name and ID) checks out over ``text``."""
    public = Ed25519PublicKey.from_public_bytes(verifier.public)
    if verifier.kind == ED25519:
        message, raw = text.encode(), signature.data
    else:
        if len(signature.data) != 8 + 64:
            return False
        (timestamp,) = struct.unpack(">Q", signature.data[:8])
        if timestamp >= 1 << 63:
            return False
        message = f"cosignature/v1\ntime {timestamp}\n{text}".encode()
        raw = signature.data[8:]
    try:
        public.verify(raw, message)
    except InvalidSignature:
        return False
    return True


def signed_by(note: Note, verifier: Verifier) -> Signature | None:
    """The note's signature by ``verifier`` if it has one and it verifies; `NoteError` if it
    has one that does not verify (signed-note: reject the whole note)."""
    for signature in note.signatures:
        if signature.name == verifier.name and signature.id == verifier.id:
            if not signature_valid(note.text, signature, verifier):
                raise NoteError(f"the signature of {verifier.name} does not verify")
            return signature
    return None


@dataclass(frozen=True, slots=True)
class Checkpoint:
    origin: str
    size: int
    root: bytes
    extensions: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return "".join(f"{line}\n" for line in (self.origin, self.size, b64(self.root),
                                               *self.extensions))  # fmt: skip


def parse_checkpoint(text: str) -> Checkpoint:
    lines = text.split("\n")
    if len(lines) < 4 or lines[-1] != "" or any(not line for line in lines[:-1]):
        raise NoteError("a checkpoint is at least three non-empty lines")
    origin, size, root = lines[0], lines[1], lines[2]
    if not size.isascii() or not size.isdigit() or (size != "0" and size.startswith("0")):
        raise NoteError("the checkpoint's size is not a decimal number")
    raw_root = unb64(root, "the checkpoint's root hash")
    if len(raw_root) != 32:
        raise NoteError("the checkpoint's root hash is not 32 bytes")
    return Checkpoint(origin, int(size), raw_root, tuple(lines[3:-1]))


def open_checkpoint(raw: str | bytes, verifier: Verifier) -> tuple[Checkpoint, Note]:
    """A checkpoint signed by the log's key (the origin must be the key's name)."""
    note = parse_note(raw)
    if signed_by(note, verifier) is None:
        raise NoteError(f"the checkpoint is not signed by {verifier.name}")
    checkpoint = parse_checkpoint(note.text)
    if checkpoint.origin != verifier.name:
        raise NoteError(f"the checkpoint's origin {checkpoint.origin!r} is not the log's")
    return checkpoint, note


def cosignature_time(signature: Signature) -> int:
    return struct.unpack(">Q", signature.data[:8])[0] if len(signature.data) >= 8 else 0
