"""The one registry of the log's followers, without `games` knowing them.

Every follower is a `Subscription` with a lifecycle (as Marten names them):

- **inline**: kept in the append's transaction (what a request needs now: the table
  state, the ledger); `project(events)` runs on every append (`project_inline`);
- **async**: a checkpointed subscription on Celery, eventually consistent, of the one
  subscription framework (`followers.framework`: per-club checkpoints, batches under
  ``FOR UPDATE SKIP LOCKED``): the player statistics, and webhook deliveries (one
  subscription per endpoint, listed here once as `webhooks`); its wake hook
  (`register_wake`) asks for a catch-up: every hook runs after the append commits, in the
  background waker, on the events committed (`project_inline` asks `eventlog.wakeup` for
  that one wake-up once per transaction; it coalesces them);
- **live**: folded from the stream on read, nothing stored (a table's transcript).

A follower whose read model can be rebuilt table by table from the log has `rebuild`
(`rebuild(stream=None, verify=False) -> RebuildReport`); with `open_pass` as well it can
share one read of the log with the others (`eventlog.replay`: `manage.py rebuild`
of several reads each table's stream once for all of them); the asynchronous projectors
rebuild into a new generation (`projectors.rebuild`). Webhook deliveries are never
rebuilt: `webhooks`' rebuild rebuilds its table-to-club index only, and never re-sends.
`manage.py rebuild`, the `/projections` listing and its rebuild endpoint read this
registry. Other apps register
in their `AppConfig.ready()` through `eventlog.subscriptions`; `games` never imports them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Protocol

from django.utils.translation import gettext

from eventlog import RecordedEvent
from eventlog.wakeup import wake_after_commit

logger = logging.getLogger(__name__)

InlineProjector = Callable[[Sequence[RecordedEvent]], None]
#: How far an asynchronous subscription has read: (checkpoint, last position, updated_at),
#: positions summed over the club partitions it follows (for its lag).
Progress = Callable[[], tuple[int, int, datetime | None]]

INLINE, ASYNC, LIVE = "inline", "async", "live"
LIFECYCLES = (INLINE, ASYNC, LIVE)


@dataclass(frozen=True, slots=True)
class RebuildReport:
    name: str
    streams: int
    events: int
    differences: tuple[str, ...] = ()


class TablePass(Protocol):
    """One projection's part of a rebuild that reads the log once for several: `table` is
    handed each table's whole stream in turn (and writes that table's rows, or with
    `verify` compares them), `finish` ends the rebuild (what is not per table) and reports.
    `open_pass(stream=None, verify=False)` opens one."""

    def table(self, stream: str, events: Sequence[RecordedEvent]) -> None: ...

    def finish(self) -> RebuildReport: ...


@dataclass(frozen=True, slots=True)
class Rebuildable:
    """`rebuild(stream=None, verify=False)`: rebuild one table's stream or all; with
    `verify`, build into scratch space and report differences instead of replacing.
    `open_pass`, when given, is the same rebuild fed by a shared read (`TablePass`)."""

    name: str
    rebuild: Callable[..., RebuildReport]
    open_pass: Callable[..., TablePass] | None = None


@dataclass(frozen=True, slots=True)
class Subscription:
    """One follower of the log: its `name`, `lifecycle` and what it is (`summary`)."""

    name: str
    lifecycle: str
    summary: str = ""
    project: InlineProjector | None = None  # inline: in the append's transaction
    # inline: whether `project` writes (or may refuse) anything for an event of this type
    # and data; None: it may for any event. Lets an append that no inline projection
    # touches be one statement in its own transaction (`inline_writes`).
    books: Callable[[str, Mapping[str, Any]], bool] | None = None
    rebuild: Callable[..., RebuildReport] | None = None  # table by table, or None
    open_pass: Callable[..., TablePass] | None = None  # its rebuild on a shared read
    progress: Progress | None = None  # async: how far it has read
    # async: its implementation, rebuilt whole into a new generation (a
    # `projectors.framework.Projector`; `games` never imports it, so typed loosely here).
    projector: object | None = None

    def __post_init__(self) -> None:
        if self.lifecycle not in LIFECYCLES:
            raise ValueError(f"{self.name}: lifecycle must be one of {LIFECYCLES}")
        if self.project is not None and self.lifecycle != INLINE:
            raise ValueError(f"{self.name}: only an inline subscription projects on append")
        if self.projector is not None and self.lifecycle != ASYNC:
            raise ValueError(f"{self.name}: only an asynchronous subscription has a projector")


_subscriptions: dict[str, Subscription] = {}
# Wake hooks of the asynchronous subscriptions (and the live views), run after commit.
_wakes: dict[str, InlineProjector] = {}
#: The one wake-up of the followers an append asks for (`eventlog.wakeup`'s kind).
FOLLOWERS_WAKE = "followers"


def subscription_register(subscription: Subscription) -> None:
    """Register (or, by the same name, replace) a follower; the order of first
    registration is the order inline projections run in."""
    _subscriptions[subscription.name] = subscription


def subscriptions() -> dict[str, Subscription]:
    """Every follower by name, in the order registered."""
    return dict(_subscriptions)


def inline_writes(events: Iterable[tuple[str, Mapping[str, Any]]]) -> bool:
    """Whether any inline projection may write (or refuse) for these events (type, data)
    about to be appended: an append for which none does needs no transaction of its own."""
    projecting = [s for s in _subscriptions.values() if s.project is not None]
    if any(s.books is None for s in projecting):
        return True
    return any(s.books(type_, data) for type_, data in events for s in projecting if s.books)


def register_wake(name: str, hook: InlineProjector) -> None:
    """`hook(events)` runs after every append's commit, in the background waker (never on
    the request's path), on the events committed since it last ran: it wakes an
    asynchronous subscription (not a read model of its own). The events of a rolled-back
    append never reach it."""
    _wakes.setdefault(name, hook)


# Streams the asynchronous followers must not read yet, or ever: a table being imported is
# written over several transactions (games.services.tables.table_import) and is whole only
# with its last chunk; an import that failed midway left chunks in the append-only log that
# no follower should count. The owner of those streams (games) answers, for the streams of
# a page, which to HOLD (stop before their first event, read again when woken) and which to
# PASS_OVER (move past without handing them over); streams it does not name are read.
HOLD, PASS_OVER = "hold", "pass_over"
#: `gate(stream names)` -> {stream: HOLD or PASS_OVER} for those not to hand over now.
StreamGate = Callable[[Collection[str]], Mapping[str, str]]
_gates: dict[str, StreamGate] = {}


def register_gate(name: str, gate: StreamGate) -> None:
    """`gate` says which streams the checkpointed followers hold back or pass over."""
    _gates[name] = gate


def streams_gated(streams: Collection[str]) -> dict[str, str]:
    """What every registered gate says of `streams` (HOLD wins over PASS_OVER)."""
    gated: dict[str, str] = {}
    if not streams:
        return gated
    for gate in list(_gates.values()):
        for stream, verdict in gate(streams).items():
            if gated.get(stream) != HOLD:
                gated[stream] = verdict
    return gated


def register_inline(name: str, projector: InlineProjector) -> None:
    """An inline subscription that projects on every append."""
    known = _subscriptions.get(name)
    if known is None:
        subscription_register(Subscription(name, INLINE, project=projector))
    elif known.project is None:
        subscription_register(replace(known, project=projector))


def register_rebuildable(item: Rebuildable) -> None:
    """Give a follower (an inline one unless registered otherwise) its table-by-table
    rebuild."""
    known = _subscriptions.get(item.name) or Subscription(item.name, INLINE)
    subscription_register(replace(known, rebuild=item.rebuild, open_pass=item.open_pass))


def project_inline(events: Sequence[RecordedEvent]) -> None:
    """Run every inline projection on freshly appended events (in the append's
    transaction), then ask for the followers' wake-up after commit: one per transaction,
    for every wake hook, so the request's path enters no follower's wake code."""
    for subscription in list(_subscriptions.values()):
        if subscription.project is not None:
            subscription.project(events)
    if _wakes:
        wake_followers(events)


def wake_followers(events: Sequence[RecordedEvent]) -> None:
    """After the current transaction commits, every wake hook runs on `events` (in the
    background waker; asked for once per transaction, coalesced with other commits)."""
    wake_after_commit(FOLLOWERS_WAKE, wakes_run, events)


def wakes_run(events: Sequence[RecordedEvent]) -> None:
    """Every wake hook on the committed `events`, in the order registered (in the
    background waker: a hook that fails is logged and the others still run)."""
    for name, hook in list(_wakes.items()):
        try:
            hook(events)
        except Exception:  # the hook's periodic sweep catches up
            logger.warning("the %s wake hook failed", name, exc_info=True)


def projectors() -> dict[str, object]:
    """The asynchronous subscriptions rebuilt whole by generation: name -> projector."""
    return {name: s.projector for name, s in _subscriptions.items() if s.projector is not None}


class RebuildRefused(ValueError):
    """What was asked cannot be rebuilt; `field` names the part: ``name``, ``table``,
    ``verify``."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, slots=True)
class RebuildPlan:
    """What one rebuild does: `by_table`, the table-by-table rebuilds (on one shared read
    of the log), then `whole`, the asynchronous projectors (each into a new generation)."""

    by_table: tuple[str, ...]
    whole: tuple[str, ...]


def rebuild_names() -> list[str]:
    """Every projection a rebuild accepts (`manage.py rebuild`, the rebuild endpoint)."""
    return sorted({*rebuildables(), *projectors()})


def rebuild_plan(
    names: Sequence[str] | None, *, table: bool = False, verify: bool = False
) -> RebuildPlan:
    """The rebuild of `names` (all of them when empty), for one table's stream or with
    `verify` if asked; `RebuildRefused` naming the field for what cannot be done."""
    by_table, whole = rebuildables(), projectors()
    if not names:
        return RebuildPlan(tuple(sorted(by_table)), () if table or verify else tuple(sorted(whole)))
    folded = sorted(n for n in names if n in _subscriptions and n not in {*by_table, *whole})
    if folded:
        raise RebuildRefused(
            "name",
            gettext("%(names)s: folded from the log on read, nothing to rebuild")
            % {"names": ", ".join(folded)},
        )
    unknown = sorted(set(names) - set(by_table) - set(whole))
    if unknown:
        known = ", ".join(rebuild_names())
        raise RebuildRefused(
            "name",
            gettext("no projection named %(name)s; known: %(known)s")
            % {"name": ", ".join(unknown), "known": known},
        )
    chosen_whole = tuple(sorted({n for n in names if n in whole}))
    if chosen_whole and (table or verify):
        raise RebuildRefused(
            "table" if table else "verify",
            gettext(
                "%(names)s: an asynchronous projector is rebuilt whole "
                "(a table and verify are for the table-by-table rebuilds)"
            )
            % {"names": ", ".join(chosen_whole)},
        )
    return RebuildPlan(tuple(sorted({n for n in names if n in by_table})), chosen_whole)


def rebuildables() -> dict[str, Rebuildable]:
    """The followers that rebuild table by table (`manage.py rebuild --table/--verify`)."""
    return {
        name: Rebuildable(name, s.rebuild, s.open_pass)
        for name, s in _subscriptions.items()
        if s.rebuild is not None
    }
