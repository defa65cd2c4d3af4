"""Whole transcripts: `bourre-transcript/1` in, `bourre-ruling/1` out."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .errors import Rejection, gettext_noop
from .events import Close, Event, parse_action, parse_deal
from .key_order import ruling_ordered
from .reducer import apply, new_sitting
from .state import Sitting

TRANSCRIPT_FORMAT = "bourre-transcript/1"
RULING_FORMAT = "bourre-ruling/1"


class TranscriptRejected(Exception):
    """A transcript the referee refuses, located as TRANSCRIPT.md says: the deal index
    and the action index (0-based; None when the fault is not in one)."""

    def __init__(self, deal: int | None, action: int | None, rejection: Rejection) -> None:
        super().__init__(rejection.message)
        self.deal = deal
        self.action = action
        self.rejection = rejection

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"deal": self.deal, "action": self.action}
        out.update((k, v) for k, v in self.rejection.as_dict().items() if k != "deal")
        return out


def open_transcript(doc: object) -> tuple[Sitting, list[Any]]:
    """The empty sitting a transcript describes, and its list of deals."""
    if not isinstance(doc, Mapping):
        raise TranscriptRejected(
            None,
            None,
            Rejection("invalid_transcript", gettext_noop("a transcript is a JSON object")),
        )
    if doc.get("format", TRANSCRIPT_FORMAT) != TRANSCRIPT_FORMAT:
        raise TranscriptRejected(
            None,
            None,
            Rejection(
                "invalid_transcript",
                gettext_noop("format: expected %(format)r"),
                field="format",
                params={"format": TRANSCRIPT_FORMAT},
            ),
        )
    try:
        # new_sitting checks the types of what the document holds.
        fields: dict[str, Any] = {k: doc.get(k) for k in ("variant", "players", "options")}
        sitting = new_sitting(**fields)
    except Rejection as r:
        raise TranscriptRejected(None, None, r) from None
    deals = doc.get("deals", [])
    if not isinstance(deals, list):
        raise TranscriptRejected(
            None,
            None,
            Rejection("invalid_transcript", gettext_noop("deals: must be a list"), field="deals"),
        )
    return sitting, deals


def transcript_closed(doc: Mapping[str, Any]) -> bool:
    """The transcript's `closed` flag (RULES.md §5): the sitting was closed after its last deal."""
    closed = doc.get("closed", False)
    if not isinstance(closed, bool):
        raise TranscriptRejected(
            None,
            None,
            Rejection(
                "invalid_transcript", gettext_noop("closed: must be true or false"), field="closed"
            ),
        )
    return closed


def transcript_events(
    deals: list[Any], closed: bool = False
) -> Iterator[tuple[int | None, int | None, Event]]:
    """(deal index, action index or None for the deal itself, event), in order; a closed
    transcript ends with the closing, located at its last deal (None when it has none)."""
    yield from _deal_events(deals)
    if closed:
        yield (len(deals) - 1 if deals else None), None, Close()


def _deal_events(deals: list[Any]) -> Iterator[tuple[int | None, int | None, Event]]:
    for i, deal in enumerate(deals):
        try:
            header = parse_deal(deal)
        except Rejection as r:
            raise TranscriptRejected(i, None, r) from None
        yield i, None, header
        actions = deal.get("actions", [])
        if not isinstance(actions, list):
            raise TranscriptRejected(
                i,
                None,
                Rejection(
                    "invalid_transcript", gettext_noop("actions: must be a list"), field="actions"
                ),
            )
        for j, action in enumerate(actions):
            try:
                event = parse_action(action)
            except Rejection as r:
                raise TranscriptRejected(i, j, r) from None
            yield i, j, event


def rule_transcript(doc: object) -> dict[str, Any]:
    """The ruling of a whole transcript; raises `TranscriptRejected`."""
    sitting, deals = open_transcript(doc)
    assert isinstance(doc, Mapping)  # open_transcript refuses anything else
    for i, j, event in transcript_events(deals, transcript_closed(doc)):
        try:
            sitting, _ = apply(sitting, event)
        except Rejection as r:
            raise TranscriptRejected(i, j, r) from None
    return ruling_document(sitting)


def ruling_document(sitting: Sitting) -> dict[str, Any]:
    """The sitting so far as a `bourre-ruling/1` document (a deal still in play is
    included with what is known so far and `"in_progress": true`)."""
    deals = [dict(d) for d in sitting.deals]
    deal = sitting.deal
    if deal is not None and not deal.over:
        active = deal.active or tuple(p for p in deal.order if deal.declared.get(p))
        deals.append(
            {
                "trump_suit": deal.trump_suit,
                "active": [p for p in deal.seated if p in active],
                "tricks": [t.as_dict() for t in deal.tricks],
                "tricks_won": dict(deal.tricks_won),
                "rulings": list(deal.rulings),
                "pot": {
                    "antes": deal.antes,
                    "start": deal.start,
                    "paid_out": 0,
                    "left": deal.start,
                },
                "next": {"penalties": {}, "exempt": [], "double": []},
                "in_progress": True,
            }
        )
    doc: dict[str, Any] = {
        "format": RULING_FORMAT,
        "deals": deals,
        "balances": dict(sitting.balances),
        "pot": sitting.pot,
    }
    if sitting.closing is not None:
        doc["closing"] = dict(sitting.closing)
    # Settled deals may come back from storage with their keys reordered: put the
    # format's order back (TRANSCRIPT.md), so the document reads the same however made.
    return ruling_ordered(doc)
