"""`manage.py rebuild [--projection NAME]... [--table ID] [--verify] [--batch N]`.

The one rebuild command, for every follower of the log in the one registry
(`games.subscriptions.subscriptions()`):

- those that rebuild **table by table** (the inline table state and ledger, and the
  webhooks' table-to-club index): `--table` rebuilds one table's stream; with `--verify`
  nothing is written, every difference with the live rows is printed and the command
  exits 1 if there was any. Those asked for at once share one read of the log
  (`rebuild_together`: each table's stream is read once and handed to each), with a
  progress bar over the whole log;
- the **asynchronous projectors** (`projectors.framework`: player statistics, ...),
  rebuilt into a fresh generation and swapped in without downtime, with a progress bar
  (the same rebuild as `POST /api/v1/projections/{name}/rebuild`). They are rebuilt whole:
  `--table` and `--verify` apply to the others only.

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

from games.subscriptions import rebuild_together, rebuildables, subscriptions
from games.table import stream_name
from projectors.framework import DEFAULT_BATCH, projectors_all
from projectors.rebuild import projection_rebuild


class Command(BaseCommand):
    help = "Rebuild read models from the event log (inline projections and async projectors)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--projection",
            action="append",
            help="a projection to rebuild (repeatable; default: all): "
            + ", ".join(sorted({*rebuildables(), *projectors_all()})),
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
    inline, asynchronous = rebuildables(), projectors_all()
    if names:
        folded = sorted(
            n for n in names if n in subscriptions() and n not in inline and n not in asynchronous
        )
        if folded:
            raise CommandError(
                f"{', '.join(folded)}: folded from the log on read, nothing to rebuild"
            )
        unknown = set(names) - set(inline) - set(asynchronous)
        if unknown:
            known = ", ".join(sorted({*inline, *asynchronous}))
            raise CommandError(f"no projection named {', '.join(sorted(unknown))}; known: {known}")
        whole = [n for n in names if n in asynchronous]
        if whole and (table or verify):
            raise CommandError(
                f"{', '.join(whole)}: an asynchronous projector is rebuilt whole "
                "(--table and --verify are for the table-by-table rebuilds)"
            )
        chosen_inline = sorted(n for n in names if n in inline)
        chosen_async = sorted(whole)
    else:
        chosen_inline = sorted(inline)
        chosen_async = [] if table or verify else sorted(asynchronous)
    stream = stream_name(table) if table else None
    differences = 0
    # One read of the log for all of them (each table's stream read once, handed to each).
    progress = _progress_bar(out) if chosen_inline and stream is None else None
    reports = rebuild_together(chosen_inline, stream=stream, verify=verify, progress=progress)
    if progress is not None and out.isatty():
        out.write("")
    for name, report in reports.items():
        verb = "verified" if verify else "rebuilt"
        out.write(f"{name}: {verb} {report.streams} streams, {report.events} events")
        for difference in report.differences:
            out.write(f"  {name}: {difference}")
        differences += len(report.differences)
    for name in chosen_async:
        _rebuild_async(out, name, batch)
    if verify:
        out.write(f"{differences} differences")
        if differences:
            sys.exit(1)


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


def _rebuild_async(out: OutputWrapper, name: str, batch: int) -> None:
    started = time.monotonic()
    result = projection_rebuild(name=name, batch=batch, progress=_progress_bar(out))
    if out.isatty():
        out.write("")
    out.write(
        f"{name}: generation {result.generation} live at position {result.position} "
        f"(replaced generation {result.replaced}) in {time.monotonic() - started:.1f}s"
    )
