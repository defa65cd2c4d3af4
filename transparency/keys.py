"""The service's Ed25519 keys: the log's (one for the service, the club named in each
origin and so in each key name) and the witness's. The private keys never enter the
database: a base64 seed in the environment, or a file (0600) made on first use.

Rotation (docs/transparency.md): put a new key in place and publish its verifier keys;
checkpoints already issued keep the signatures of the old key, and stay verifiable with
the old verifier keys.
"""

from __future__ import annotations

import base64
import os
from functools import cache
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.conf import settings

from tlog.note import COSIGNATURE_V1, ED25519, vkey_of


def _load(seed: str, path: str) -> Ed25519PrivateKey:
    if seed:
        return Ed25519PrivateKey.from_private_bytes(base64.b64decode(seed))
    file = Path(path)
    if not file.exists():
        file.parent.mkdir(parents=True, exist_ok=True)
        fresh = base64.b64encode(os.urandom(32)) + b"\n"
        try:  # O_EXCL: two processes starting at once keep the first one's key
            fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as out:
                out.write(fresh)
    raw = base64.b64decode(file.read_text().strip())
    if len(raw) != 32:
        raise ValueError(f"{path}: not a base64 Ed25519 seed of 32 bytes")
    return Ed25519PrivateKey.from_private_bytes(raw)


@cache
def log_key() -> Ed25519PrivateKey:
    return _load(settings.TRANSPARENCY_KEY, settings.TRANSPARENCY_KEY_FILE)


@cache
def witness_key() -> Ed25519PrivateKey:
    return _load(settings.TRANSPARENCY_WITNESS_KEY, settings.TRANSPARENCY_WITNESS_KEY_FILE)


def origin(club_id: object) -> str:
    """The club's log's origin line, and its key's name: ``<host>/bourre/<club id>``."""
    return f"{settings.TRANSPARENCY_HOST}/bourre/{club_id}"


def log_vkey(club_id: object) -> str:
    return vkey_of(origin(club_id), log_key(), ED25519)


def witness_name() -> str:
    return f"{settings.TRANSPARENCY_HOST}/bourre-witness"


def witness_vkey() -> str:
    return vkey_of(witness_name(), witness_key(), COSIGNATURE_V1)
