"""The table-state fold of a whole stream for a rebuild, without judging settled deals again.

`fold_events` runs every game event through the engine. A rebuild holds the whole stream,
so it knows which deals are long settled: a deal followed by two more deals is never seen
again by the row (the state holds the last deal, `deal_start` the state before it, with the
deal before that one in full), and its recorded `deal_settled` ruling replaces whatever the
engine would have concluded (`settled_as_recorded`). Such a deal is folded here from its
header (through the engine: the dealer, seats and antes are checked and the next header is
judged from it) and its recorded rulings only; its declarations and card plays, nine tenths
of a long sitting's log, are not replayed. The result equals `fold_events`' (a test compares
both on random sittings, and the rebuilt rows with the inline ones).

A deal is skipped only when nothing else could observe its inner state: no undo in it or in
the deal after it (an undo replays from the state before its deal), no change of the sitting
(join, leave, close) before the next deal, and exactly one `deal_settled` ruling of its own
index. Any other deal is folded event by event, as `fold_events` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventlog.types import RecordedEvent
from games.engine.state import evolve as engine_evolve
from games.sitting.aggregate import TableFold, evolve, settled_as_recorded
from table_stream import (
    CARD_PLAYED,
    CARD_RETRACTED,
    CARDS_EXCHANGED,
    DEAL_STARTED,
    EVENT_UNDONE,
    PLAYER_DECLARED,
    RULING_MADE,
    TURN_PASSED,
    RulingKind,
)

# What a skipped deal may hold after its header: the players' actions and the rulings.
_INSIDE_A_DEAL = frozenset(
    {PLAYER_DECLARED, CARDS_EXCHANGED, CARD_PLAYED, CARD_RETRACTED, TURN_PASSED, RULING_MADE}
)


def settled_deals(events: Sequence[RecordedEvent]) -> dict[int, int]:
    """The deals the fold may skip: {index of its `DealStarted` in `events`: index of the
    next `DealStarted`}."""
    starts = [i for i, event in enumerate(events) if event.type == DEAL_STARTED]
    bounds = [*starts, len(events)]
    segments = [(bounds[k], bounds[k + 1]) for k in range(len(starts))]
    undone = [any(events[i].type == EVENT_UNDONE for i in range(a, b)) for a, b in segments]
    skippable: dict[int, int] = {}
    for k, (begin, end) in enumerate(segments[:-2]):  # the last two deals are the row's
        if undone[k] or undone[k + 1]:
            continue
        inside = events[begin + 1 : end]
        if any(event.type not in _INSIDE_A_DEAL for event in inside):
            continue
        settled = [
            e
            for e in inside
            if e.type == RULING_MADE and e.data.get("kind") == RulingKind.DEAL_SETTLED
        ]
        if len(settled) == 1 and isinstance(settled[0].data.get("deal"), int):
            skippable[begin] = end
    return skippable


def fold_stream(events: Sequence[RecordedEvent]) -> TableFold:
    """`fold_events(events)`, the settled deals folded from their recorded rulings."""
    skippable = settled_deals(events)
    fold: TableFold | None = None
    postings: dict[int, list[Any]] = {}
    i = 0
    while i < len(events):
        end = skippable.get(i)
        if end is None or fold is None:
            fold = evolve(fold, events[i], postings)
            i += 1
            continue
        _settled_deal(fold, events[i:end], postings)
        i = end
    if fold is None:
        raise ValueError("an empty stream has no table")
    return fold


def _settled_deal(
    fold: TableFold, deal: Sequence[RecordedEvent], postings: dict[int, list[Any]]
) -> None:
    """Fold one settled deal: its header through the engine, then its recorded rulings."""
    header = deal[0]
    fold.game_event(header.type, header.data, header.version)
    state = fold.state
    for event in deal[1:]:
        fold.version = event.version
        if event.type != RULING_MADE:
            continue
        postings[event.version] = list(event.data.get("postings") or [])
        if event.data.get("kind") == RulingKind.DEAL_SETTLED:
            index = event.data.get("deal")
            if state.deal is None or index != state.deal.index:
                raise ValueError(
                    f"{event.stream}@{event.version}: deal {index} settled during deal "
                    f"{state.deal.index if state.deal else None}"
                )
            # The deal is over as recorded; its inner state is never read again (see above).
            state = engine_evolve(state, deal=engine_evolve(state.deal, over=True))
            state = settled_as_recorded(state, event.data, postings.values())
    fold.state = state
