"""Where read models subscribe to the log without `games` knowing them.

Inline projectors run inside the append's transaction (what a request needs now);
rebuildable projections can be rebuilt from the log by `manage.py rebuild`.
Other apps register in their `AppConfig.ready()`; `games` never imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.eventstore import RecordedEvent

InlineProjector = Callable[[Sequence[RecordedEvent]], None]


@dataclass(frozen=True, slots=True)
class RebuildReport:
    name: str
    streams: int
    events: int
    differences: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Rebuildable:
    """`rebuild(stream=None, verify=False)`: rebuild one table's stream or all; with
    `verify`, build into scratch space and report differences instead of replacing."""

    name: str
    rebuild: Callable[..., RebuildReport]


_inline: list[tuple[str, InlineProjector]] = []
_rebuildable: dict[str, Rebuildable] = {}


def register_inline(name: str, projector: InlineProjector) -> None:
    if all(existing != name for existing, _ in _inline):
        _inline.append((name, projector))


def project_inline(events: Sequence[RecordedEvent]) -> None:
    """Run every inline projector on freshly appended events (same transaction)."""
    for _, projector in _inline:
        projector(events)


def register_rebuildable(item: Rebuildable) -> None:
    _rebuildable[item.name] = item


def rebuildables() -> dict[str, Rebuildable]:
    return dict(_rebuildable)
