"""The log as a player's machine sees it, through a live server: the standalone verifier
(``python -m tlog``), Go's sumdb/note and sumdb/tlog, and a witness served by a second
server; a forged history and a truncation refused by the verifier and the witness."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from django.core.management import call_command

from table_stream import stream_name
from tests.live.server import AsgiServer
from tests.transparency.helpers import (
    checkpoints_drop_above,
    closed_night,
    restore_history,
    rewrite_history,
)
from tlog.note import Note, parse_checkpoint, parse_note, parse_vkey, signed_by
from transparency.checkpoints import latest_checkpoint
from transparency.cosign import witnesses_ask
from transparency.follower import tree_catch_up
from transparency.keys import log_vkey, origin
from transparency.models import Witness, WitnessedLog
from transparency.selectors import receipt_for_table

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
GO_SOURCE = Path(__file__).resolve().parent / "gocheck"
WITNESS = "witness.test/bourre-witness"


def tlog(*args: str) -> subprocess.CompletedProcess[str]:
    """The standalone verifier, in a process with no Django settings at all."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO", "DATABASE"))}
    return subprocess.run(
        [sys.executable, "-m", "tlog", *args], cwd=ROOT, env=env, capture_output=True,
        text=True, timeout=60,
    )  # fmt: skip


@pytest.fixture(scope="session")
def gocheck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Go checker, built offline from Debian's golang-golang-x-mod-dev."""
    out = tmp_path_factory.mktemp("go") / "gocheck"
    env = {
        **os.environ,
        "GO111MODULE": "off",
        "GOPATH": "/usr/share/gocode",
        "GOFLAGS": "",
        "GOCACHE": str(out.parent / "cache"),
    }
    subprocess.run(["go", "build", "-o", str(out), "."], cwd=GO_SOURCE, env=env, check=True)
    return out


def _receipt(club_id: str, table_id, tmp_path: Path, name: str = "night.tlog-proof") -> Path:
    path = tmp_path / name
    path.write_text(str(receipt_for_table(club_id=club_id, stream=stream_name(table_id)).proof))
    return path


def test_the_standalone_verifier_and_go_agree(live_server, tmp_path, gocheck):
    club, table_id = closed_night()
    club_id = str(club.id)
    prefix, vkey = f"{live_server.url}/bourre/{club_id}", log_vkey(club_id)
    receipt = _receipt(club_id, table_id, tmp_path)
    saved = tmp_path / "checkpoint"
    done = tlog("checkpoint", "--prefix", prefix, "--key", vkey, "--save", str(saved))
    assert done.returncode == 0, done.stderr
    checked = tlog("receipt", "--prefix", prefix, "--key", vkey, str(receipt))
    assert checked.returncode == 0, checked.stderr
    assert "TableClosed" in checked.stdout or "RulingMade" in checked.stdout
    # The club grows: a second night; the saved checkpoint is extended, not rewritten.
    closed_night(club)
    grown = tlog("consistency", "--prefix", prefix, "--key", vkey, str(saved))
    assert grown.returncode == 0, grown.stderr
    assert "extends the saved checkpoint" in grown.stdout
    go = subprocess.run(
        [str(gocheck), "-prefix", prefix, "-key", vkey, "-receipt", str(receipt),
         "-old", str(saved)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert go.returncode == 0, go.stdout + go.stderr
    assert "ok tlog.CheckRecord for every one" in go.stdout
    assert "ok receipt: tlog.CheckRecord" in go.stdout
    assert "ok tlog.CheckTree" in go.stdout


MALFORMED = [
    ("nonsense\n\nx", "does not start with c2sp.org/tlog-proof@v1"),
    ("c2sp.org/tlog-proof@v1\nindex 1\n!!!\n\nx\n", "proof line 1 is not base64"),
    ("c2sp.org/tlog-proof@v1\nindex x\n\n", "index is not a decimal"),
    ("", "no blank line"),
    ("c2sp.org/tlog-proof@v1\nindex 0\n\nnot a note\n", "no blank line before its signatures"),
]


def test_a_malformed_receipt_is_said_in_words(live_server, tmp_path):
    club, _ = closed_night()
    for n, (text, words) in enumerate(MALFORMED):
        path = tmp_path / f"bad-{n}.tlog-proof"
        path.write_text(text)
        done = tlog(
            "receipt", "--prefix", f"{live_server.url}/bourre/{club.id}", "--key",
            log_vkey(str(club.id)), str(path),
        )  # fmt: skip
        assert done.returncode == 1, text
        assert words in done.stderr, (text, done.stderr)
        assert "Traceback" not in done.stderr


@pytest.fixture
def witness_server(test_db_name, tmp_path_factory):
    """A second service, witness of the first: its own host name and witness key."""
    server = AsgiServer(test_db_name, tmp_path_factory.mktemp("witness-static"))
    server.env.update(
        BOURRE_TLOG_HOST="witness.test",
        BOURRE_TLOG_WITNESS_KEY_FILE=str(tmp_path_factory.mktemp("witness") / "witness.key"),
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _manage(server: AsgiServer, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=server.env, capture_output=True,
        text=True, timeout=120, check=True,
    )  # fmt: skip
    return done.stdout.strip()


def _witnessed(witness_server: AsgiServer, vkey: str) -> str:
    """The second service follows the club's log; the first asks it to cosign."""
    witness_key = _manage(witness_server, "transparency_witness", "key")
    assert witness_key.startswith("witness.test/bourre-witness+")
    _manage(witness_server, "transparency_witness", "follow", vkey)
    call_command("transparency_add_witness", f"{witness_server.url}/witness", witness_key)
    return witness_key


def _served(prefix: str) -> Note:
    return parse_note(httpx.get(f"{prefix}/checkpoint", timeout=10).text)


def test_a_witness_cosigns_and_refuses_a_forged_history(
    live_server, witness_server, tmp_path, superuser_dsn
):
    club, table_id = closed_night()
    club_id = str(club.id)
    prefix, vkey = f"{live_server.url}/bourre/{club_id}", log_vkey(club_id)
    witness_key = _witnessed(witness_server, vkey)
    size = latest_checkpoint(club_id).size
    assert witnesses_ask(club_id=club_id, size=size) == [WITNESS]
    note = _served(prefix)
    assert signed_by(note, parse_vkey(witness_key)) is not None
    checked = tlog(
        "receipt", "--prefix", prefix, "--key", vkey, "--witness", witness_key,
        str(_receipt(club_id, table_id, tmp_path)),
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    assert f"cosigned by witness {WITNESS}" in checked.stdout
    saved = tmp_path / "checkpoint"
    saved.write_text(str(note))

    # A forger rewrites event 5 and the chain after it (verify_chain would pass) and grows
    # the tree again: one size, two roots.
    rows = rewrite_history(superuser_dsn, club_id, 5)
    try:
        tree_catch_up(clubs=[club_id], wait=True)
        forged = latest_checkpoint(club_id)
        assert forged.size == size
        assert bytes(forged.root) != parse_checkpoint(note.text).root
        assert witnesses_ask(club_id=club_id, size=size) == []
        refusal = WitnessedLog.objects.get(origin=origin(club_id)).last_refusal
        assert f"two different trees of size {size}: the log forked" in refusal
        assert "forked" in Witness.objects.get(name=WITNESS).last_error
        done = tlog("consistency", "--prefix", prefix, "--key", vkey, str(saved))
        assert done.returncode == 1
        assert f"two different trees of size {size} were signed: the log forked" in done.stderr
    finally:
        restore_history(superuser_dsn, club_id, rows)


def test_a_witness_and_the_verifier_refuse_a_truncation(
    live_server, witness_server, tmp_path, superuser_dsn
):
    club, _ = closed_night()
    club_id = str(club.id)
    prefix, vkey = f"{live_server.url}/bourre/{club_id}", log_vkey(club_id)
    _witnessed(witness_server, vkey)
    first = latest_checkpoint(club_id).size
    assert witnesses_ask(club_id=club_id, size=first) == [WITNESS]
    closed_night(club)
    second = latest_checkpoint(club_id).size
    assert witnesses_ask(club_id=club_id, size=second) == [WITNESS]
    saved = tmp_path / "checkpoint"
    saved.write_text(str(_served(prefix)))

    checkpoints_drop_above(superuser_dsn, club_id, first)
    done = tlog("consistency", "--prefix", prefix, "--key", vkey, str(saved))
    assert done.returncode == 1
    assert f"index {first}: the log shrank" in done.stderr
    assert f"entries from index {first} on are gone" in done.stderr
    # The witness holds the longer tree: it cosigns nothing shorter.
    assert witnesses_ask(club_id=club_id, size=first) == []
    assert "409" in Witness.objects.get(name=WITNESS).last_error
    old = latest_checkpoint(club_id)
    answer = httpx.post(
        f"{witness_server.url}/witness/add-checkpoint",
        content=f"old {first}\n\n{old.note}".encode(),
        timeout=10,
    )
    assert (answer.status_code, answer.text) == (409, f"{second}\n")
    assert answer.headers["content-type"].startswith("text/x.tlog.size")
