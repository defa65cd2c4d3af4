#!/usr/bin/env python3
"""Verify an exported Bourré audit log offline, with nothing but the Python standard library.

    python3 verify_audit_log.py FILE        (FILE may be "-" for standard input)
    BOURRE_API_KEY=KEY python3 verify_audit_log.py --api URL
        (URL: the service's ``/api/v1/audits/log``; every page is fetched and checked)

The file is JSON Lines, as written by ``manage.py export_audit_log``: one section per
club's chain, each a header line (``{"format": "bourre-audit-log/2", "hashing": {...},
"club": C, "from": P, "to": Q, "anchor": H}``) then the club's events, one per line, in
position order. Each event's hash is the SHA-256 (hex) of the UTF-8 bytes of the JSON, with
sorted keys, no whitespace and non-ASCII characters kept as they are, of its ``club,
position, stream, version, type, schema_version, data, metadata, recorded_at, prev_hash``,
where ``recorded_at`` is UTC ISO-8601 with microseconds
(``2026-01-31T20:15:00.123456+00:00``). Positions count within the club; each
``prev_hash`` is the previous event's hash in the club; a club's first event links to 64
zeros, and an export starting later links to ``anchor``. Files of the first format
(``bourre-audit-log/1``: one global chain, no ``club``) are checked too.

A section that takes up a club's chain where the section before it (of the same club) ended
must be anchored at that section's last hash: the pages of ``GET /api/v1/audits/log`` (each a
section; the header's ``next`` is the next page's URL), saved one after another, check as one
chain.

Prints ``OK <count> events ...`` and exits 0, or names the first broken position (and its
club) and why and exits 1 (2 for a file that is not an audit log at all). This script
deliberately has no dependency on the service's code: it restates the hashing scheme so it
can be checked independently (keep it identical to ``eventlog/canonical.py``).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import sys
import urllib.request
from collections.abc import Iterator
from datetime import datetime, timezone

#: The fields the first format hashes; the second (one chain per club) hashes the club too.
V1_FIELDS = (
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

#: format -> (hashing scheme, the hashed fields)
FORMATS = {
    "bourre-audit-log/1": ("sha256-canonical-json/1", V1_FIELDS),
    "bourre-audit-log/2": ("sha256-canonical-json/2", ("club", *V1_FIELDS)),
}
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


def event_hash(event: dict, fields: tuple[str, ...] = HASHED_FIELDS) -> str:
    body = {name: event[name] for name in fields}
    body["recorded_at"] = iso_utc(event["recorded_at"])
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


class Broken(Exception):
    def __init__(self, position: int | None, reason: str, club: str | None = None) -> None:
        super().__init__(reason)
        self.position = position
        self.reason = reason
        self.club = club


def _header(line: bytes) -> dict:
    try:
        header = json.loads(line.decode("utf-8"))
    except ValueError as error:
        raise SystemExit(f"NOT AN AUDIT LOG: the header line is not JSON ({error})") from None
    if not isinstance(header, dict) or header.get("format") not in FORMATS:
        raise SystemExit(f"NOT AN AUDIT LOG: the header does not say one of {sorted(FORMATS)}")
    scheme = header.get("hashing", {}).get("scheme")
    if scheme != FORMATS[header["format"]][0]:
        raise SystemExit(f"NOT AN AUDIT LOG: unknown hashing scheme {scheme!r}")
    return header


def _is_header(line: bytes) -> bool:
    try:
        value = json.loads(line.decode("utf-8"))
    except ValueError:
        return False
    return isinstance(value, dict) and "format" in value and "hash" not in value


def verify(lines: object) -> tuple[int, list[dict], str]:
    """Returns (events checked, the section headers, last hash); raises ``Broken`` at the
    first bad event. Each section (a header, then its club's events) is one chain."""
    iterator = iter(lines)  # type: ignore[call-overload]
    first = next(iterator, None)
    if first is None:
        raise SystemExit("NOT AN AUDIT LOG: the file is empty")
    headers = [_header(first)]
    section = _Section(headers[0])
    checked = 0
    for line in iterator:
        if not line.strip():
            continue
        if headers[0]["format"] != "bourre-audit-log/1" and _is_header(line):
            section.close()
            header = _header(line)
            if header["format"] != headers[0]["format"]:
                raise SystemExit("NOT AN AUDIT LOG: sections of different formats")
            headers.append(header)
            section = _Section(header, after=section)
            continue
        section.check(line)
        checked += 1
    section.close()
    return checked, headers, section.expected_prev


class _Section:
    """One chain: a header's range, checked event by event."""

    def __init__(self, header: dict, after: _Section | None = None) -> None:
        self.fields = FORMATS[header["format"]][1]
        self.club = header.get("club")
        self.start, self.end = int(header["from"]), header.get("to")
        self.expected_prev = header.get("anchor", GENESIS_HASH)
        if self.start == 1 and self.expected_prev != GENESIS_HASH:
            raise Broken(1, "an export from position 1 must be anchored at the genesis hash")
        continues = (
            after is not None and after.club == self.club and after.expected_position == self.start
        )
        if continues and after is not None and after.expected_prev != self.expected_prev:
            raise self._broken(
                self.start, "the section's anchor is not the previous section's last hash"
            )
        self.expected_position = self.start

    def check(self, line: bytes) -> None:
        position = self.expected_position
        try:
            event = json.loads(line.decode("utf-8"))
            if not isinstance(event, dict):
                raise ValueError("not a JSON object")
            missing = [name for name in (*self.fields, "hash") if name not in event]
            if missing:
                raise ValueError(f"missing {', '.join(missing)}")
        except ValueError as error:
            raise self._broken(position, f"the line is not a readable event ({error})") from None
        if "club" in self.fields and event["club"] != self.club:
            raise self._broken(position, f"the event belongs to club {event['club']}")
        if event["position"] != position:
            raise self._broken(position, f"position missing (found {event['position']} instead)")
        if event["prev_hash"] != self.expected_prev:
            raise self._broken(position, "prev_hash does not link to the previous event's hash")
        try:
            recomputed = event_hash(event, self.fields)
        except (TypeError, ValueError) as error:
            raise self._broken(position, f"the event cannot be hashed ({error})") from None
        if recomputed != event["hash"]:
            raise self._broken(position, "hash does not match the event's content")
        self.expected_prev = event["hash"]
        self.expected_position += 1

    def close(self) -> None:
        if self.end is not None and self.expected_position <= int(self.end):
            raise self._broken(
                self.expected_position, f"the file ends early: the header promises up to {self.end}"
            )

    def _broken(self, position: int, reason: str) -> Broken:
        return Broken(position, reason, self.club)


def api_pages(url: str, key: str) -> Iterator[bytes]:
    """Every page of ``GET /api/v1/audits/log`` from ``url``, line by line (bytes): each
    page's header names the next page's URL (null on the last)."""
    while url:
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"})
        with urllib.request.urlopen(request, timeout=120) as answer:
            lines = answer.read().splitlines(keepends=True)
        url = json.loads(lines[0].decode("utf-8")).get("next") if lines else None
        yield from lines


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[1] == "--api":
        key = os.environ.get("BOURRE_API_KEY", "")
        if not key:
            print("--api needs the auditor's key in BOURRE_API_KEY", file=sys.stderr)
            return 2
        stream = api_pages(argv[2], key)
    elif len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    else:
        # Bytes, decoded line by line: a damaged byte is a broken event, not a crash.
        stream = sys.stdin.buffer if argv[1] == "-" else open(argv[1], "rb")  # noqa: SIM115
    try:
        checked, headers, last_hash = verify(stream)
    except Broken as broken:
        where = f" of club {broken.club}" if broken.club else ""
        print(f"BROKEN at position {broken.position}{where}: {broken.reason}")
        return 1
    except SystemExit as refused:
        print(refused, file=sys.stderr)
        return 2
    finally:
        if hasattr(stream, "close") and stream is not sys.stdin.buffer:
            stream.close()
    clubs = {header.get("club") for header in headers}
    if len(headers) == 1 or (len(clubs) == 1 and _contiguous(headers)):
        header = headers[0]
        last = header["from"] + checked - 1
        club = f" of club {header['club']}" if header.get("club") else ""
        print(
            f"OK {checked} events{club} (positions {header['from']}..{last}), last hash {last_hash}"
        )
    else:
        print(f"OK {checked} events in {len(headers)} club chains")
    return 0


def _contiguous(headers: list[dict]) -> bool:
    """The sections are pages of one club's chain, one after another."""
    return all(int(b["from"]) == int(a["to"]) + 1 for a, b in itertools.pairwise(headers))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
