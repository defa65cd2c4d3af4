"""Signed notes, verifier keys and cosignatures, with the vectors of Go's sumdb/note."""

from __future__ import annotations

import base64

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from tlog import note
from tlog.note import NoteError

# golang.org/x/mod/sumdb/note's example (example_test.go).
GO_VKEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
GO_SKEY = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz"
GO_TEXT = (
    "If you think cryptography is the answer to your problem,\n"
    "then you don't know what your problem is.\n"
)
GO_SIGNED = (
    GO_TEXT + "\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXg"
    "KvqfqdngotpRZb6KE6RyyBwJnAM=\n"
)


def go_key() -> Ed25519PrivateKey:
    seed = base64.b64decode(GO_SKEY.split("+", 4)[4])[1:]
    return Ed25519PrivateKey.from_private_bytes(seed)


def test_go_vectors():
    key = go_key()
    assert note.vkey_of("PeterNeumann", key) == GO_VKEY
    signature = note.sign_note(GO_TEXT, "PeterNeumann", key)
    assert str(note.Note(GO_TEXT, (signature,))) == GO_SIGNED
    verifier = note.parse_vkey(GO_VKEY)
    assert note.signed_by(note.parse_note(GO_SIGNED), verifier) == signature


def test_a_changed_text_or_an_unknown_key():
    verifier = note.parse_vkey(GO_VKEY)
    with pytest.raises(NoteError, match="does not verify"):
        note.signed_by(note.parse_note(GO_SIGNED.replace("answer", "Answer")), verifier)
    other = note.parse_vkey(note.vkey_of("PeterNeumann", Ed25519PrivateKey.generate()))
    assert note.signed_by(note.parse_note(GO_SIGNED), other) is None


def test_checkpoint_and_cosignature_round_trip():
    log, witness = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()
    checkpoint = note.Checkpoint("example.com/bourre/1", 42, bytes(range(32)))
    signed = note.Note(checkpoint.text, (note.sign_note(checkpoint.text, checkpoint.origin, log),))
    cosig = note.cosign(checkpoint.text, "w.example/w1", witness, 1_700_000_000)
    both = note.parse_note(str(signed) + cosig.line)
    opened, _ = note.open_checkpoint(
        str(both), note.parse_vkey(note.vkey_of(checkpoint.origin, log))
    )
    assert opened == checkpoint
    wkey = note.parse_vkey(note.vkey_of("w.example/w1", witness, note.COSIGNATURE_V1))
    found = note.signed_by(both, wkey)
    assert found is not None
    assert note.cosignature_time(found) == 1_700_000_000


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("no signatures\n", "no blank line"),
        ("text\n\nnot a signature\n", "not a signature line"),
        ("text\n\n— name !!!!\n", "not base64"),
        ("te\x01xt\n\n— a AAAAAAA=\n", "control character"),
        (b"\xff\xfe\n\n", "UTF-8"),
    ],
)
def test_malformed_notes_are_named(raw, reason):
    with pytest.raises(NoteError, match=reason):
        note.parse_note(raw)


@pytest.mark.parametrize(
    "vkey",
    [
        "nothing",
        "a+b+c",
        "PeterNeumann+00000000+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
        "Peter Neumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",
    ],
)
def test_bad_verifier_keys(vkey):
    with pytest.raises(NoteError):
        note.parse_vkey(vkey)
