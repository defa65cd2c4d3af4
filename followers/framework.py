"""The one checkpointed subscription mechanism: follow the log in batches, one per transaction.

Every asynchronous follower of the log (the projectors' read models, each webhook
endpoint) is a *subscription*: a name, a `Handler`, and a `SubscriptionCheckpoint` per
generation with one `SubscriptionClubCheckpoint` per club partition. A batch is one
transaction that

1. locks the checkpoint row with ``FOR UPDATE SKIP LOCKED`` (another worker holding it
   means this batch is `skipped`: each subscription is advanced by one worker at a time);
2. gives up at once while the checkpoint's `not_before` is ahead (a handler's backoff);
3. reads, through the store's read API (`eventlog`), the clubs whose head is past
   their checkpoint (all of them, or the subscription's `clubs`), sharing the batch between
   them, each club's events in its position order (gap-free and commit-ordered within a
   club, so nothing is skipped; events of different clubs have no order between them);
4. hands the batch's events (club by club) to the handler in one call, which may take
   them all or `Stop` partway:
   the checkpoint then rests after the last event it accepted, and the stop says whether
   to go on at once in a new transaction (`more`), not before a time (`not_before`), or
   not until woken again (neither);
   A table being imported is held back (a club's page ends before its first event: the
   club rests there until woken after the import's last chunk) and an abandoned import's
   events are never handed over but moved past (`eventlog.registry.streams_gated`, one
   look-up per batch; docs/projectors.md, "Imports");
5. moves the club checkpoints and commits them with whatever the handler wrote.

A worker killed at any point (SIGKILL included) rolls back its batch: the next run resumes
from the last commit, so nothing is lost or counted twice; a side effect the handler caused
outside the database (a webhook's POST) may be repeated once, which its docs say.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from eventlog import RecordedEvent, club_key, last_position, partitions_behind, read_all
from eventlog.subscriptions import HOLD, PASS_OVER, streams_gated
from followers.models import SubscriptionCheckpoint, SubscriptionClubCheckpoint

logger = logging.getLogger(__name__)

DEFAULT_BATCH = 500
# Test-only: seconds to sleep after a batch is handled and before it commits, so a test
# can kill a real worker mid-batch. Never set in production.
BATCH_DELAY_ENV = "BOURRE_PROJECTOR_TEST_BATCH_DELAY"
# A retry whose timer fires a hair early must not find its `not_before` ahead and stop:
# nothing would wake it again before the beat sweep.
EARLY_TOLERANCE = timedelta(milliseconds=250)

#: How a run ended.
CAUGHT_UP = "caught_up"  # nothing left to read
SKIPPED = "skipped"  # another worker holds the checkpoint
WAITING = "waiting"  # the checkpoint's `not_before` is ahead: nothing was tried
DEFERRED = "deferred"  # the handler stopped until `not_before` (it set it in this run)
STOPPED = "stopped"  # the handler stopped until woken again
MORE = "more"  # out of batches or time with work left: run again


@dataclass(frozen=True, slots=True)
class Stop:
    """A handler took the first `accepted` of the events it was given and ends the batch
    there. `more`: commit and go on at once; else `not_before`: go on no sooner (None:
    not until woken)."""

    accepted: int
    not_before: datetime | None = None
    more: bool = False


class Handler(Protocol):
    """Called inside the batch's transaction, once per batch, with the batch's events: each
    club's in its position order, one club after another (no order between clubs). Every
    row it writes commits with the checkpoint. None means it took them all; a `Stop` takes
    a prefix (the clubs before the cut whole, the cut club up to it, the rest not at all)."""

    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> Stop | None: ...


@dataclass(frozen=True, slots=True)
class BatchResult:
    processed: int
    position: int
    skipped: bool = False
    caught_up: bool = False
    stop: Stop | None = None
    waiting_until: datetime | None = None
    # Each club's position after the batch (for a last look at the heads).
    positions: Mapping[str, int] | None = None


@dataclass(frozen=True, slots=True)
class RunResult:
    name: str
    processed: int
    position: int
    skipped: bool
    state: str = CAUGHT_UP
    not_before: datetime | None = None


# Names whose live checkpoint this process has made sure of: no INSERT per batch.
_ensured: set[str] = set()


def checkpoint_ensure(*, name: str) -> None:
    """Create the live checkpoint (generation 1, at the start of the log) unless `name`
    has one."""
    SubscriptionCheckpoint.objects.bulk_create(
        [SubscriptionCheckpoint(name=name, generation=1, position=0, active=True)],
        ignore_conflicts=True,
    )
    _ensured.add(name)


def checkpoint_create(*, name: str, start: Mapping[str, int]) -> SubscriptionCheckpoint:
    """The live checkpoint of a new subscription that starts at `start[club]` of each club
    (what a webhook endpoint registered now has: the clubs' heads)."""
    checkpoint = SubscriptionCheckpoint.objects.create(
        name=name, generation=1, position=sum(start.values()), active=True
    )
    SubscriptionClubCheckpoint.objects.bulk_create(
        SubscriptionClubCheckpoint(checkpoint=checkpoint, club_id=club, position=position)
        for club, position in start.items()
    )
    return checkpoint


def checkpoint_next_generation(*, name: str) -> SubscriptionCheckpoint:
    """An inactive checkpoint for a fresh generation (what a rebuild builds into)."""
    checkpoint_ensure(name=name)
    with transaction.atomic():
        # Serialise generation numbering per subscription.
        list(SubscriptionCheckpoint.objects.select_for_update().filter(name=name))
        top = SubscriptionCheckpoint.objects.filter(name=name).aggregate(g=Max("generation"))
        return SubscriptionCheckpoint.objects.create(
            name=name, generation=(top["g"] or 0) + 1, position=0, active=False
        )


def checkpoint_lock(*, name: str) -> SubscriptionCheckpoint | None:
    """The live checkpoint, locked until the caller's transaction ends (waiting for a
    batch that holds it): for a write that moves it outside a batch."""
    return SubscriptionCheckpoint.objects.select_for_update().filter(name=name, active=True).first()


def checkpoint_advance(checkpoint: SubscriptionCheckpoint, *, club: object, position: int) -> None:
    """Move a (locked) checkpoint's club position forward to `position` (never back), and
    let it go on at once (an admin skipped what it was stopped on)."""
    club_id = club_key(club)
    done = club_positions(checkpoint).get(club_id, 0)
    if position > done:
        SubscriptionClubCheckpoint.objects.update_or_create(
            checkpoint=checkpoint, club_id=club_id, defaults={"position": position}
        )
        checkpoint.position += position - done
    checkpoint.not_before = None
    checkpoint.save(update_fields=["position", "not_before", "updated_at"])


def checkpoint_delete(*, name: str) -> None:
    SubscriptionCheckpoint.objects.filter(name=name).delete()
    _ensured.discard(name)


def club_positions(checkpoint: SubscriptionCheckpoint) -> dict[str, int]:
    """How far `checkpoint` has read each club's partition."""
    rows = SubscriptionClubCheckpoint.objects.filter(checkpoint=checkpoint)
    return {str(club): position for club, position in rows.values_list("club_id", "position")}


def _behind(done: Mapping[str, int], clubs: Collection[str] | None) -> dict[str, tuple[int, int]]:
    if clubs is None:
        return partitions_behind(done)
    behind = {}
    for club in clubs:
        head = last_position(club=club)
        if head > done.get(club, 0):
            behind[club] = (done.get(club, 0), head)
    return behind


class ReadAhead:
    """What a batch read of a club but its handler did not accept, kept for the next batch
    of the same run: a handler that stops after every few events (a webhook endpoint,
    one delivery per transaction) does not read the same page again for each of them.
    The events after a position never change (the log is append-only and gap-free), so
    the rest is valid whenever the checkpoint still rests where it was read from."""

    def __init__(self) -> None:
        self._rest: dict[str, tuple[int, list[RecordedEvent]]] = {}

    def read(self, club: str, after: int, head: int, limit: int) -> list[RecordedEvent]:
        rest = self._rest.pop(club, None)
        if rest is not None and rest[0] == after and rest[1]:
            return rest[1][:limit]
        return read_all(club=club, after=after, to_position=head, limit=limit, lazy=True)

    def keep(self, club: str, after: int, events: list[RecordedEvent]) -> None:
        if events:
            self._rest[club] = (after, events)


def checkpoint_project(
    handler: Handler,
    checkpoint: SubscriptionCheckpoint,
    *,
    batch: int = DEFAULT_BATCH,
    until: Mapping[str, int] | None = None,
    clubs: Collection[str] | None = None,
    ahead: ReadAhead | None = None,
) -> BatchResult:
    """The batch body, in the caller's transaction with `checkpoint` locked: read up to
    `batch` events after its club positions (at most `until`'s, when given), hand them
    to `handler` and advance the checkpoints."""
    if checkpoint.not_before is not None and checkpoint.not_before > (
        timezone.now() + EARLY_TOLERANCE
    ):
        return BatchResult(0, checkpoint.position, waiting_until=checkpoint.not_before)
    done = club_positions(checkpoint)
    behind = _behind(done, clubs)
    if until is not None:
        behind = {
            club: (after, min(head, until.get(club, 0)))
            for club, (after, head) in behind.items()
            if min(head, until.get(club, 0)) > after
        }
    # Read every club's page first, sharing the batch between the clubs still to read (a
    # busy club never starves the others), then hand them over in one call.
    pages: list[tuple[str, int, int, list[RecordedEvent]]] = []
    read, caught_up = 0, True
    order = sorted(behind)
    for index, club in enumerate(order):
        if read >= batch:
            caught_up = False
            break
        after, head = behind[club]
        share = max(1, (batch - read) // (len(order) - index))
        limit = min(share, head - after)
        if ahead is not None:
            events = ahead.read(club, after, head, limit)
        else:
            # Lazy: a handler decodes only the events it looks into (the statistics fold
            # reads a third of them, a card play's never).
            events = read_all(club=club, after=after, to_position=head, limit=limit, lazy=True)
        if events:
            pages.append((club, after, head, events))
            read += len(events)
    # Tables being imported are held back (the club's page ends before the first event of
    # one), abandoned imports passed over (eventlog.registry.streams_gated): one look-up
    # for the batch. A handler that takes the log as it is (`ungated`: the transparency
    # tree, whose leaves are every event in position order) sees every event.
    gated = (
        {}
        if getattr(handler, "ungated", False)
        else streams_gated({event.stream for *_, events in pages for event in events})
    )
    handed: list[list[RecordedEvent]] = []
    ends: list[int] = []  # how many of each page's events are before a held stream's
    for *_, events in pages:
        end = next((i for i, e in enumerate(events) if gated.get(e.stream) == HOLD), len(events))
        ends.append(end)
        handed.append([e for e in events[:end] if gated.get(e.stream) != PASS_OVER])
    stop = None
    given = [event for events in handed for event in events]
    if given:
        stop = handler.handle(given, generation=checkpoint.generation)
    # The handler took a prefix of what it was given: whole pages, then part of one. A page
    # it took whole is passed up to its end (passed-over events included), one it cut rests
    # after the last event it took.
    left = len(given) if stop is None else max(0, min(stop.accepted, len(given)))
    advanced, cut = 0, False  # cut: the handler's prefix ended before this page
    moved: list[SubscriptionClubCheckpoint] = []
    for (club, after, head, events), end, took in zip(pages, ends, handed, strict=True):
        if cut:
            rest = after
        else:
            accepted = min(left, len(took))
            left -= accepted
            if accepted == len(took):
                rest = events[end - 1].position if end else after
            else:
                rest = took[accepted - 1].position if accepted else after
            cut = stop is not None and left == 0
        if rest > after:
            advanced += rest - after
            moved.append(
                SubscriptionClubCheckpoint(checkpoint=checkpoint, club_id=club, position=rest)
            )
        # Not caught up when the handler stopped inside the page, or the club has more to
        # read; a club held back by an import is as far as it can go until woken.
        if rest < (events[end - 1].position if end else after) or (
            end == len(events) and events[-1].position < head
        ):
            caught_up = False
        if ahead is not None and rest < events[-1].position:
            ahead.keep(club, rest, [e for e in events if e.position > rest])
    processed = advanced
    not_before = stop.not_before if stop is not None else None
    positions = {**done, **{str(row.club_id): row.position for row in moved}}
    if not processed and not_before == checkpoint.not_before:
        return BatchResult(
            0, checkpoint.position, caught_up=caught_up, stop=stop, positions=positions
        )
    delay = float(os.environ.get(BATCH_DELAY_ENV) or 0)
    if delay:
        time.sleep(delay)
    if moved:
        SubscriptionClubCheckpoint.objects.bulk_create(
            moved,
            update_conflicts=True,
            unique_fields=["checkpoint", "club_id"],
            update_fields=["position"],
        )
    position = checkpoint.position + processed
    SubscriptionCheckpoint.objects.filter(pk=checkpoint.pk).update(
        position=position, not_before=not_before, updated_at=timezone.now()
    )
    checkpoint.position, checkpoint.not_before = position, not_before
    return BatchResult(processed, position, caught_up=caught_up, stop=stop, positions=positions)


def subscription_batch(
    handler: Handler,
    *,
    name: str,
    generation: int | None = None,
    batch: int = DEFAULT_BATCH,
    until: Mapping[str, int] | None = None,
    wait: bool = False,
    clubs: Collection[str] | None = None,
    create: bool = True,
    ahead: ReadAhead | None = None,
) -> BatchResult:
    """One transaction: lock the checkpoint (the live one unless `generation` is given;
    created at the start of the log if missing and `create`), handle the next page of at
    most `batch` events, advance the checkpoints, commit.
    Without `wait`, a checkpoint another worker holds is skipped (`skipped=True`)."""
    for attempt in (1, 2):
        if create and generation is None and name not in _ensured:
            checkpoint_ensure(name=name)
        with transaction.atomic():
            rows = SubscriptionCheckpoint.objects.filter(name=name)
            if generation is None:
                rows = rows.filter(active=True)
            else:
                rows = rows.filter(generation=generation)
            checkpoint = rows.select_for_update(skip_locked=not wait).first()
            if checkpoint is not None:
                return checkpoint_project(
                    handler, checkpoint, batch=batch, until=until, clubs=clubs, ahead=ahead
                )
        if attempt == 1 and name in _ensured:  # deleted since this process made it: again
            _ensured.discard(name)
            continue
        break
    return BatchResult(0, 0, skipped=True)


def subscription_run(
    handler: Handler,
    *,
    name: str,
    batch: int = DEFAULT_BATCH,
    max_batches: int | None = None,
    budget_seconds: float | None = None,
    clubs: Collection[str] | None = None,
    create: bool = True,
    wait: bool = False,
) -> RunResult:
    """Advance the live checkpoint batch by batch until caught up with the log, stopped by
    the handler, or out of `max_batches` or `budget_seconds` (state `MORE`). Returns at
    once, `skipped`, if another worker holds it.

    Once caught up after having read something, it looks at the heads once more (once per
    run: under a steady load it would otherwise chase the head a few events at a time): a
    wake for events committed while this run held the checkpoint found it held and gave up.
    What commits after that look has a wake of its own. With `wait`, a checkpoint another
    worker holds is waited for rather than skipped (a caller that needs the follower's
    state now: a test, an operator's command)."""
    deadline = None if budget_seconds is None else time.monotonic() + budget_seconds
    ahead = ReadAhead()
    processed = position = done = 0
    looked = False
    while True:
        result = subscription_batch(
            handler, name=name, batch=batch, clubs=clubs, create=create, ahead=ahead, wait=wait
        )
        if result.skipped:
            return RunResult(name, processed, position, skipped=processed == 0, state=SKIPPED)
        processed += result.processed
        position = result.position
        done += 1
        stop = result.stop
        if result.waiting_until is not None:
            return RunResult(name, processed, position, False, WAITING, result.waiting_until)
        if stop is not None and not stop.more:
            state = DEFERRED if stop.not_before is not None else STOPPED
            return RunResult(name, processed, position, False, state, stop.not_before)
        if result.caught_up:
            if looked or not processed or not _behind(result.positions or {}, clubs):
                return RunResult(name, processed, position, skipped=False)
            looked = True
        out_of_time = deadline is not None and time.monotonic() > deadline
        if out_of_time or (max_batches is not None and done >= max_batches):
            return RunResult(name, processed, position, skipped=False, state=MORE)
