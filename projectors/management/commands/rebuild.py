"""`manage.py rebuild [--projection NAME]... [--table ID] [--verify] [--batch N]`.

The one rebuild command, for every follower of the log in the one registry
(`eventlog.subscriptions`: its names are `rebuild_names()`, what a rebuild does is
`rebuild_plan`), by the one rebuild (`projectors.rebuild.projections_rebuild`, which the
rebuild endpoint's job runs as well):

- those that rebuild **table by table** (the inline table state and ledger, and the
  webhooks' table-to-club index): `--table` rebuilds one table's stream; with `--verify`
  nothing is written, every difference with the live rows is printed and the command
  exits 1 if there was any. Those asked for at once share one read of the log
  (`rebuild_together`: each table's stream is read once and handed to each), with a
  progress bar over the whole log;
- the **asynchronous projectors** (`projectors.framework`: player statistics, ...),
  rebuilt into a fresh generation and swapped in without downtime, with a progress bar.
  They are rebuilt whole: `--table` and `--verify` apply to the others only.

A **live** follower is folded on read: it has nothing to rebuild. Without `--projection`,
everything is rebuilt (only the table-by-table ones with `--table` or `--verify`).
"""

from __future__ import annotations

import sys
import time
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser, OutputWrapper

from eventlog.subscriptions import RebuildRefused, rebuild_names
from projectors.framework import DEFAULT_BATCH
from projectors.rebuild import projections_rebuild


class Command(BaseCommand):
    help = "Rebuild read models from the event log (inline projections and async projectors)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--projection",
            action="append",
            help="a projection to rebuild (repeatable; default: all): "
            + ", ".join(rebuild_names()),
        )
        parser.add_argument("--table", type=uuid.UUID, help="only this table's stream")
        parser.add_argument("--verify", action="store_true", help="compare, write nothing")
        parser.add_argument("--batch", type=int, default=DEFAULT_BATCH)

    def handle(self, *args: Any, **options: Any) -> None:
        rebuild(
            self.stdout,
            names=options["projection"],
            table=options["table"],
            verify=options["verify"],
            batch=options["batch"],
        )


def rebuild(
    out: OutputWrapper,
    *,
    names: Sequence[str] | None,
    table: uuid.UUID | None = None,
    verify: bool = False,
    batch: int = DEFAULT_BATCH,
) -> None:
    bars = _Bars(out)
    try:
        outcome = projections_rebuild(
            names=names, table=table, verify=verify, batch=batch, progress_for=bars.new
        )
    except RebuildRefused as refused:
        raise CommandError(str(refused)) from refused
    bars.end()
    for name, report in outcome.reports.items():
        verb = "verified" if verify else "rebuilt"
        out.write(f"{name}: {verb} {report.streams} streams, {report.events} events")
        for difference in report.differences:
            out.write(f"  {name}: {difference}")
    for name, result in outcome.generations.items():
        out.write(
            f"{name}: generation {result.generation} live at position {result.position} "
            f"(replaced generation {result.replaced}) in {result.seconds:.1f}s"
        )
    if verify:
        out.write(f"{outcome.difference_count} differences")
        if outcome.difference_count:
            sys.exit(1)


class _Bars:
    """One progress bar per phase of the rebuild, each ended by a new line on a terminal."""

    def __init__(self, out: OutputWrapper) -> None:
        self.out, self.drawn = out, False

    def new(self, phase: str) -> Callable[[int, int], None]:
        self.end()
        self.drawn = True
        return _progress_bar(self.out)

    def end(self) -> None:
        if self.drawn and self.out.isatty():
            self.out.write("")
        self.drawn = False


def _progress_bar(out: OutputWrapper) -> Callable[[int, int], None]:
    """`progress(processed, total)` drawing a bar at most twice a second (and at the end)."""
    tty = out.isatty()
    last_shown = [0.0]

    def progress(processed: int, total: int) -> None:
        now = time.monotonic()
        if processed < total and now - last_shown[0] < 0.5:
            return
        last_shown[0] = now
        share = processed / total if total else 1.0
        bar = "#" * int(share * 30)
        line = f"[{bar:<30}] {processed}/{total} events ({share:.0%})"
        out.write(f"\r{line}" if tty else line, ending="" if tty else "\n")
        out.flush()

    return progress
