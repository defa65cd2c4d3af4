#!/usr/bin/env python3
"""Verify an exported Bourré audit log offline, with nothing but the Python standard library.

    python3 verify_audit_log.py FILE        (FILE may be "-" for standard input)

The file is JSON Lines, as written by ``manage.py export_audit_log``: a header line
(``{"format": "bourre-audit-log/1", "hashing": {...}, "from": P, "to": Q, "anchor": H}``)
then one event per line, in position order. Each event's hash is the SHA-256 (hex) of the
UTF-8 bytes of the JSON, with sorted keys, no whitespace and non-ASCII characters kept as
they are, of its ``position, stream, version, type, schema_version, data, metadata,
recorded_at, prev_hash``, where ``recorded_at`` is UTC ISO-8601 with microseconds
(``2026-01-31T20:15:00.123456+00:00``). Each ``prev_hash`` is the previous event's hash; the
first event of the log links to 64 zeros, and an export starting later links to ``anchor``.

Prints ``OK <count> events ...`` and exits 0, or names the first broken position and why and
exits 1 (2 for a file that is not an audit log at all). This script deliberately has no
dependency on the service's code: it restates the hashing scheme so it can be checked
independently (keep it identical to ``games/eventstore/canonical.py``).
"""

from __future__ import annotations

import hashlib
import json
import sys
from datetime import datetime, timezone

FORMAT = "bourre-audit-log/1"
SCHEME = "sha256-canonical-json/1"
GENESIS_HASH = "0" * 64
HASHED_FIELDS = (
    "position",
    "stream",
    "version",
    "type",
    "schema_version",
    "data",
    "metadata",
    "recorded_at",
    "prev_hash",
)


def canonical_json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def iso_utc(text: str) -> str:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError("recorded_at has no time zone")
    # timezone.utc, not datetime.UTC: the script also runs on an auditor's older Python.
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")  # noqa: UP017


def event_hash(event: dict) -> str:
    body = {name: event[name] for name in HASHED_FIELDS}
    body["recorded_at"] = iso_utc(event["recorded_at"])
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


class Broken(Exception):
    def __init__(self, position: int | None, reason: str) -> None:
        super().__init__(reason)
        self.position = position
        self.reason = reason


def _header(line: bytes) -> dict:
    try:
        header = json.loads(line.decode("utf-8"))
    except ValueError as error:
        raise SystemExit(f"NOT AN AUDIT LOG: the header line is not JSON ({error})") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SystemExit(f"NOT AN AUDIT LOG: the header does not say format {FORMAT!r}")
    scheme = header.get("hashing", {}).get("scheme")
    if scheme != SCHEME:
        raise SystemExit(f"NOT AN AUDIT LOG: unknown hashing scheme {scheme!r}")
    return header


def verify(lines: object) -> tuple[int, dict, str]:
    """Returns (events checked, header, last hash); raises ``Broken`` at the first bad event."""
    iterator = iter(lines)  # type: ignore[call-overload]
    first = next(iterator, None)
    if first is None:
        raise SystemExit("NOT AN AUDIT LOG: the file is empty")
    header = _header(first)
    start, end = int(header["from"]), header.get("to")
    expected_prev = header.get("anchor", GENESIS_HASH)
    if start == 1 and expected_prev != GENESIS_HASH:
        raise Broken(1, "an export from position 1 must be anchored at the genesis hash")
    expected_position = start
    checked = 0
    for line in iterator:
        if not line.strip():
            continue
        try:
            event = json.loads(line.decode("utf-8"))
            if not isinstance(event, dict):
                raise ValueError("not a JSON object")
            missing = [name for name in (*HASHED_FIELDS, "hash") if name not in event]
            if missing:
                raise ValueError(f"missing {', '.join(missing)}")
        except ValueError as error:
            raise Broken(expected_position, f"the line is not a readable event ({error})") from None
        position = event["position"]
        if position != expected_position:
            raise Broken(expected_position, f"position missing (found {position} instead)")
        if event["prev_hash"] != expected_prev:
            raise Broken(position, "prev_hash does not link to the previous event's hash")
        try:
            recomputed = event_hash(event)
        except (TypeError, ValueError) as error:
            raise Broken(position, f"the event cannot be hashed ({error})") from None
        if recomputed != event["hash"]:
            raise Broken(position, "hash does not match the event's content")
        expected_prev = event["hash"]
        expected_position += 1
        checked += 1
    if end is not None and expected_position <= int(end):
        raise Broken(expected_position, f"the file ends early: the header promises up to {end}")
    return checked, header, expected_prev


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    path = argv[1]
    # Bytes, decoded line by line: a damaged byte is a broken event, not a crash.
    stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    try:
        checked, header, last_hash = verify(stream)
    except Broken as broken:
        print(f"BROKEN at position {broken.position}: {broken.reason}")
        return 1
    except SystemExit as refused:
        print(refused, file=sys.stderr)
        return 2
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    last = header["from"] + checked - 1
    print(f"OK {checked} events (positions {header['from']}..{last}), last hash {last_hash}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
