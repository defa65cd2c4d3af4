"""`export_audit_log` + the standalone `tools/verify_audit_log.py`: OK on an honest export,
the exact position of a flipped byte in the file or of an event tampered in the database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from audits.models import AuditStatus
from audits.services import audit_run
from eventlog import last_position
from tests.audits.helpers import run_verifier, sitting_table, stream_events, tampered_event
from tests.clubs.helpers import make_club

pytestmark = pytest.mark.django_db(transaction=True)


def export(path: Path, *args: str) -> list[dict]:
    call_command("export_audit_log", str(path), *args)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_an_honest_export_verifies_offline(tmp_path: Path) -> None:
    club = make_club()
    sitting_table(club, seed=11)
    path = tmp_path / "log.jsonl"
    lines = export(path, "--club", str(club.id))
    header, events = lines[0], lines[1:]
    assert header["format"] == "bourre-audit-log/2"
    assert header["hashing"]["scheme"] == "sha256-canonical-json/2"
    assert header["club"] == str(club.id)
    assert [e["position"] for e in events] == list(range(1, last_position(club=club.id) + 1))
    assert {e["club"] for e in events} == {str(club.id)}
    assert set(events[0]) >= {"stream", "version", "type", "schema_version", "data", "metadata"}

    result = run_verifier(path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"OK {len(events)} events of club {club.id}")


def test_the_whole_log_exports_as_one_section_per_club_and_verifies(tmp_path: Path) -> None:
    clubs = [make_club(), make_club()]
    for seed, club in enumerate(clubs, start=21):
        sitting_table(club, seed=seed)
    path = tmp_path / "all.jsonl"
    lines = export(path)
    headers = [line for line in lines if "hash" not in line]
    assert {h["club"] for h in headers} >= {str(c.id) for c in clubs}
    assert len(lines) - len(headers) == last_position()
    result = run_verifier(path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith(f"OK {last_position()} events in {len(headers)} club chains")


def test_an_event_moved_into_another_clubs_section_is_refused(tmp_path: Path) -> None:
    clubs = [make_club(), make_club()]
    for seed, club in enumerate(clubs, start=31):
        sitting_table(club, seed=seed)
    ours = export(tmp_path / "ours.jsonl", "--club", str(clubs[0].id))
    theirs = export(tmp_path / "theirs.jsonl", "--club", str(clubs[1].id))
    forged = [ours[0], *({**e, "club": str(clubs[0].id)} for e in theirs[1:])]
    forged[0] = {**forged[0], "to": len(forged) - 1}
    path = tmp_path / "forged.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in forged), encoding="utf-8")
    result = run_verifier(path)
    assert result.returncode == 1
    assert result.stdout.startswith(f"BROKEN at position 1 of club {clubs[0].id}: hash does not")


def test_a_range_is_anchored_to_the_event_before_it(tmp_path: Path) -> None:
    club = make_club()
    events = stream_events(sitting_table(club, seed=12))
    first, last = events[1].position, events[-1].position
    lines = export(
        tmp_path / "part.jsonl", "--club", str(club.id), "--from", str(first), "--to", str(last)
    )
    assert lines[0]["anchor"] == events[0].hash
    assert [e["position"] for e in lines[1:]] == list(range(first, last + 1))
    result = run_verifier(tmp_path / "part.jsonl")
    assert result.returncode == 0, result.stdout
    assert f"OK {last - first + 1} events" in result.stdout


def test_one_flipped_byte_in_a_payload_is_named(tmp_path: Path) -> None:
    club = make_club()
    events = stream_events(sitting_table(club, seed=13))
    target = next(e for e in events if e.type == "CardPlayed")
    path = tmp_path / "log.jsonl"
    export(path, "--club", str(club.id))
    raw = path.read_bytes().split(b"\n")
    index = next(
        i for i, line in enumerate(raw) if f'"position": {target.position},' in line.decode()
    )
    card = f'"play": "{target.data["play"]}"'.encode()
    at = raw[index].index(card) + len(card) - 2  # the card's suit letter
    line = bytearray(raw[index])
    line[at] ^= 0x01  # e.g. S (0x53) -> R (0x52): still valid JSON, another payload
    raw[index] = bytes(line)
    path.write_bytes(b"\n".join(raw))

    result = run_verifier(path)
    assert result.returncode == 1
    assert result.stdout.startswith(
        f"BROKEN at position {target.position} of club {club.id}: hash does not match"
    )


def test_a_truncated_file_is_refused(tmp_path: Path) -> None:
    club = make_club()
    events = stream_events(sitting_table(club, seed=14))
    path = tmp_path / "log.jsonl"
    export(path, "--club", str(club.id), "--to", str(events[-1].position))
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:-2]) + "\n", encoding="utf-8")
    result = run_verifier(path)
    assert result.returncode == 1
    assert f"BROKEN at position {events[-2].position} of club {club.id}: the file ends early" in (
        result.stdout
    )


def test_a_tampered_database_event_is_named_by_export_and_audit(
    tmp_path: Path, superuser_dsn: str
) -> None:
    club = make_club()
    events = stream_events(sitting_table(club, seed=15))
    target = next(e for e in events if e.type == "CardPlayed")
    with tampered_event(superuser_dsn, target, {"note": "edited"}):
        path = tmp_path / "log.jsonl"
        export(path, "--club", str(club.id))
        result = run_verifier(path)
        assert result.returncode == 1
        assert f"BROKEN at position {target.position} of club {club.id}: hash does not" in (
            result.stdout
        )

        run = audit_run()
        assert run.status == AuditStatus.SUCCEEDED
        assert run.ok is False
        assert run.chain_ok is False
        assert run.first_broken_position == target.position
        assert run.broken_reason == f"club {club.id}: hash does not match"
        assert run.checked_events >= target.position - 1
    assert audit_run().chain_ok is True


def test_a_byte_that_breaks_the_line_itself_is_named_too(tmp_path: Path) -> None:
    club = make_club()
    events = stream_events(sitting_table(club, seed=16))
    target = events[2]
    path = tmp_path / "log.jsonl"
    export(path, "--club", str(club.id))
    raw = path.read_bytes().split(b"\n")
    index = 1 + events.index(target)  # line 0 is the header
    raw[index] = raw[index].replace(b'"data": {', b'"data": \xff{', 1)  # not UTF-8 any more
    path.write_bytes(b"\n".join(raw))
    result = run_verifier(path)
    assert result.returncode == 1
    assert result.stdout.startswith(
        f"BROKEN at position {target.position} of club {club.id}: the line is not"
    )


def test_a_file_that_is_no_audit_log_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.jsonl"
    path.write_text('{"format": "something else"}\n', encoding="utf-8")
    result = run_verifier(path)
    assert result.returncode == 2
    assert "NOT AN AUDIT LOG" in result.stderr
