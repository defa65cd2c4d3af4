"""One read of the log for every table-by-table rebuild asked for at once.

Each projection's rebuild used to read the whole log by itself, so rebuilding the table
state and the ledger read it twice. `rebuild_together` reads each table's stream once
(`read_stream`, table by table in the order the tables began, so memory holds one table at a
time however long the log) and hands it to every projection's `TablePass`; each pass keeps
its own contract: what it writes per table and in which transaction, its `verify`, what it
does once every table is done. A projection without `open_pass` is rebuilt by its own
`rebuild` after the shared read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from eventlog import (
    RecordedEvent,
    last_position,
    partition_heads,
    read_stream,
    stream_names,
)
from eventlog.registry import RebuildReport, TablePass, rebuildables

#: `progress(events read, events in the log)`, after each table and once at the end.
Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class RebuiltStreams:
    """The streams a table-by-table rebuild reads, one at a time: the prefix of their names,
    and `name_of`, which makes a name someone typed (a stream's name, or the id the stream is
    named after) a stream's name, or raises ValueError. Registered by the app that owns them
    (games: the table streams, `table-<uuid>`), so the log names no stream of its own."""

    prefix: str
    name_of: Callable[[str], str]


_rebuilt: list[RebuiltStreams] = []


def register_rebuilt_streams(streams: RebuiltStreams) -> None:
    """The one family of streams the table-by-table rebuilds read (a later one replaces it)."""
    _rebuilt[:] = [streams]


def rebuilt_streams() -> RebuiltStreams:
    if not _rebuilt:
        raise LookupError("no app has registered the streams a rebuild reads")
    return _rebuilt[0]


def table_stream_name(stream: str) -> str:
    """The stream's name for a name or id someone typed; ValueError for anything else."""
    return rebuilt_streams().name_of(stream)


def table_streams(stream: str | None = None) -> Iterator[tuple[str, list[RecordedEvent]]]:
    """(name, events) of the one table stream named, or of every table stream (club by
    club, in the order they began), each read whole and in its club (one shard when
    distributed by club). Decoded lazily: the passes read few of the payloads (a settled
    deal is folded from its rulings, its plays skipped) and no metadata."""
    if stream is not None:
        name = table_stream_name(stream)
        yield name, read_stream(stream=name, lazy=True)
        return
    for club in partition_heads():  # club by club: only the names are held, not events
        for name in stream_names(prefix=rebuilt_streams().prefix, club=club):
            yield name, read_stream(stream=name, club=club, lazy=True)


def replay(
    passes: Sequence[TablePass], *, stream: str | None = None, progress: Progress | None = None
) -> list[RebuildReport]:
    """Feed every table's stream (or the one named) to each pass, then finish each; an
    error of one pass's `finish` is raised once every other pass has finished."""
    total = 0 if stream is not None else last_position()
    read = 0
    for name, events in table_streams(stream):
        for table_pass in passes:
            table_pass.table(name, events)
        read += len(events)
        if progress is not None:
            progress(read, max(read, total))
    if progress is not None:  # the events of streams that are no table's are passed too
        progress(max(read, total), max(read, total))
    reports: list[RebuildReport] = []
    failed: list[Exception] = []
    for table_pass in passes:
        try:
            reports.append(table_pass.finish())
        except Exception as error:  # the other passes still finish
            failed.append(error)
    if failed:
        raise failed[0]
    return reports


def rebuild_together(
    names: Sequence[str],
    *,
    stream: str | None = None,
    verify: bool = False,
    progress: Progress | None = None,
) -> dict[str, RebuildReport]:
    """Rebuild (or `verify`) the named table-by-table projections, those with a pass on one
    shared read of the log; reports by name, in the order of `names`."""
    items = rebuildables()
    opened = {
        name: open_pass(stream=stream, verify=verify)
        for name in names
        if (open_pass := items[name].open_pass) is not None
    }
    done = replay(list(opened.values()), stream=stream, progress=progress) if opened else []
    reports = dict(zip(opened, done, strict=True))
    for name in names:
        if name not in reports:
            reports[name] = items[name].rebuild(stream=stream, verify=verify)
    return {name: reports[name] for name in names}


def rebuild_one(
    open_pass: Callable[..., TablePass], *, stream: str | None, verify: bool
) -> RebuildReport:
    """A projection's own `rebuild`, on a read of its own."""
    return replay([open_pass(stream=stream, verify=verify)], stream=stream)[0]
