"""The projectors: read models fed by the log, each an asynchronous subscription of the one
checkpointed framework (`followers.framework`: per-club checkpoints, one batch per
transaction under ``FOR UPDATE SKIP LOCKED``), under the projector's own name.

A projector's read model and its checkpoint are written in the same transaction, so a worker
killed at any point (SIGKILL included) leaves both as of the last committed batch: the next
run resumes from there and no event is lost or counted twice. Several workers may run, but
each projector generation is advanced by one at a time and the others simply skip. Read
models carry a generation so a rebuild can build a new one beside the live one
(`projectors.rebuild`).
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence

from eventlog import RecordedEvent
from eventlog.subscriptions import ASYNC, Subscription, projectors, subscription_register
from followers.framework import (
    DEFAULT_BATCH,
    BatchResult,
    RunResult,
    subscription_batch,
    subscription_run,
)

logger = logging.getLogger(__name__)

__all__ = ["DEFAULT_BATCH", "BatchResult", "Projector", "RunResult"]


class Projector(ABC):
    """A read model fed by the log. `handle` is called inside the batch's transaction with
    the batch's events (each club's in position order, club after club); every row it
    writes belongs to `generation`."""

    name: str

    @abstractmethod
    def handle(self, events: Sequence[RecordedEvent], *, generation: int) -> None: ...

    @abstractmethod
    def drop(self, *, generation: int) -> None:
        """Delete every read-model row of `generation` (after a swap or a failed rebuild)."""


def projector_register(projector: Projector, summary: str = "") -> None:
    """Register the projector in the one registry of the log's followers
    (`eventlog.subscriptions`): an asynchronous subscription that carries its projector."""
    subscription_register(Subscription(projector.name, ASYNC, summary, projector=projector))


def projectors_all() -> dict[str, Projector]:
    """The registry's asynchronous projectors, by name (a read of `eventlog.subscriptions`)."""
    return {name: p for name, p in projectors().items() if isinstance(p, Projector)}


def projector_get(*, name: str) -> Projector:
    """Raises `KeyError` for an unknown name."""
    return projectors_all()[name]


def projector_batch(
    *,
    name: str,
    generation: int | None = None,
    batch: int = DEFAULT_BATCH,
    until: Mapping[str, int] | None = None,
    wait: bool = False,
) -> BatchResult:
    """One batch of the projector (the live generation unless `generation` is given):
    `followers.framework.subscription_batch`."""
    return subscription_batch(
        projector_get(name=name),
        name=name,
        generation=generation,
        batch=batch,
        until=until,
        wait=wait,
    )


def projector_run(
    *,
    name: str,
    batch: int = DEFAULT_BATCH,
    max_batches: int | None = None,
    wait: bool = False,
) -> RunResult:
    """Advance the live read model batch by batch until it has caught up with the log
    (or `max_batches` were done). Returns at once, `skipped`, if another worker holds it;
    with `wait`, waits for that worker's batch and goes on after it (a caller that needs
    the read model now: a test, an operator's command)."""
    return subscription_run(
        projector_get(name=name), name=name, batch=batch, max_batches=max_batches, wait=wait
    )


def projectors_run_all(*, batch: int = DEFAULT_BATCH) -> list[RunResult]:
    results = []
    for name in sorted(projectors_all()):
        try:
            results.append(projector_run(name=name, batch=batch))
        except Exception:  # one broken projector must not starve the others
            logger.exception("projector %s failed", name)
    return results
