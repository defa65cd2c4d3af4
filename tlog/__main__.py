"""``python -m tlog``: the standalone verifier of a club's transparency log.

    python -m tlog receipt  --prefix URL --key VKEY [--witness VKEY]... RECEIPT|-
    python -m tlog consistency --prefix URL --key VKEY [--witness VKEY]... SAVED [--save FILE]
    python -m tlog checkpoint --prefix URL --key VKEY [--witness VKEY]... [--save FILE]

Exit 0: every check passed (each said in a line); 1: a check failed (the index and the
reason on standard error); 2: the input could not be read (a malformed receipt or key).
Needs only the standard library and ``cryptography``: no Django, no database.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tlog.client import FetchError, TiledLog
from tlog.note import NoteError, parse_vkey
from tlog.verify import Failed, Report, check_consistency, check_receipt, cosigners


def _read(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    return Path(name).read_bytes()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tlog", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["receipt", "consistency", "checkpoint"])
    parser.add_argument("file", nargs="?", help="the receipt or the saved checkpoint (- for stdin)")
    parser.add_argument("--prefix", required=True, help="the log's public prefix URL")
    parser.add_argument("--key", required=True, help="the log's verifier key")
    parser.add_argument("--witness", action="append", default=[], help="a witness's key")
    parser.add_argument("--save", help="write the latest checkpoint here once it checks out")
    args = parser.parse_intermixed_args(argv)
    try:
        log = TiledLog(args.prefix, parse_vkey(args.key))
        witnesses = [parse_vkey(w) for w in args.witness]
        if args.command != "checkpoint" and not args.file:
            parser.error(f"{args.command} needs a file")
        data = _read(args.file) if args.file else b""
    except (NoteError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    try:
        if args.command == "receipt":
            report = check_receipt(data, log, witnesses)
        elif args.command == "consistency":
            report = check_consistency(data, log, witnesses)
        else:
            report = Report()
            checkpoint, note = log.checkpoint()
            log.reader(checkpoint)
            report.say(
                f"the checkpoint is signed by {log.verifier.name}: {checkpoint.size} entries, "
                "and the public tiles give its root"
            )
            cosigners(note, witnesses, report)
        if args.save:
            _, note = log.checkpoint()
            Path(args.save).write_text(str(note), encoding="utf-8")
    except Failed as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    except (FetchError, NoteError) as error:
        print(f"FAILED: {error}", file=sys.stderr)
        return 1
    for line in report.lines:
        print(f"ok: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
