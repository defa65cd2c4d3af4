"""An undo is decided once (`ledger.folding.undo_changes`): the inline projector, which books
each append as it comes, and the fold of the whole stream (rebuild, audit) agree on the
seats, every leg with its void, and the pot after every step of a sitting full of undone
joins and undone rulings."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from eventlog import NewEvent
from games.services.tables import table_create
from ledger.folding import Leg, fold_table
from ledger.models import LedgerTable, PostingLeg
from ledger.rows import LEG_FIELDS, row_leg
from tests.ledger.helpers import (
    append_projected,
    events_of,
    log_events,
    ruling,
    stream_of,
    table_created,
)

pytestmark = pytest.mark.django_db

UNDO = {"undo": {"reason": "logged by mistake"}}
PLAYERS = ["ana", "ben", "cy", "dee"]


def _join(player: str, after: str | None) -> dict[str, Any]:
    return {"join": {"player": player, "seat_after": after}}


def _passes(*players: str) -> list[dict[str, Any]]:
    return [{"player": p, "declare": "pass"} for p in players]


def _rows(legs: list[Leg]) -> list[tuple[Any, ...]]:
    return [tuple(getattr(leg, name) for name in LEG_FIELDS) for leg in legs]


def assert_both_paths_agree(table_id: uuid.UUID) -> tuple[list[str], list[Leg]]:
    """The stored (inline) ledger is the fold of the stream; returns the seats and legs."""
    fold = fold_table(table_id, events_of(table_id))
    table = LedgerTable.objects.get(table_id=table_id)
    stored = [row_leg(row) for row in PostingLeg.objects.filter(table_id=table_id)]
    assert fold.info is not None
    assert table.players == list(fold.info.players) == list(fold.seats.players)
    assert _rows(stored) == _rows(fold.legs)
    assert table.pot == fold.pot
    assert table.last_position == fold.last_position
    return table.players, stored


def test_undone_joins_and_undone_rulings_give_one_ledger_inline_and_folded(club):
    table = table_create(club=club, name="night", variant="louisiana", players=PLAYERS)
    steps: list[tuple[list[Any], list[str] | None]] = [
        # A deal everyone passes: antes in, the pot carried.
        ([{"deal": {"dealer": "dee", "trump": "7S"}}, *_passes(*PLAYERS)], PLAYERS),
        ([_join("eve", "ben")], ["ana", "ben", "eve", "cy", "dee"]),
        ([_join("fay", None)], ["fay", "ana", "ben", "eve", "cy", "dee"]),
        # Undone last in first out: fay's join, then eve's (after a later join was undone).
        ([UNDO], ["ana", "ben", "eve", "cy", "dee"]),
        ([UNDO], PLAYERS),
        # Eve joins again, elsewhere; that join undone and made again in one append.
        ([_join("eve", "dee")], [*PLAYERS, "eve"]),
        ([UNDO, _join("eve", "ana")], ["ana", "eve", "ben", "cy", "dee"]),
        # Back into the settled deal: the join, then the last pass and its stored rulings.
        ([UNDO, UNDO], PLAYERS),
        (_passes("dee"), PLAYERS),
        ([_join("gus", "cy")], ["ana", "ben", "cy", "gus", "dee"]),
        # A join and its undo in one append (the projector reads the join it is appending).
        ([_join("hal", None), UNDO], ["ana", "ben", "cy", "gus", "dee"]),
        # A second deal whose last pass is undone in the append that logged it (its legs
        # are voided before they are stored), then logged again.
        ([{"deal": {"dealer": "ana", "trump": "9D"}}, *_passes("ben", "cy", "gus", "dee")], None),
        ([*_passes("ana"), UNDO], None),
        ([UNDO, UNDO], None),  # dee and gus: their stored rulings voided
        (_passes("gus", "dee", "ana"), ["ana", "ben", "cy", "gus", "dee"]),
    ]
    for events, seats in steps:
        log_events(club, table.id, events)
        players, legs = assert_both_paths_agree(table.id)
        if seats is not None:
            assert players == seats
    voided = [leg for leg in legs if leg.voided_by is not None]
    assert {leg.ruling for leg in voided} >= {"deal_settled"}
    # Voided both ways: legs already stored by an earlier append, and legs of the same append.
    by_position = {e.position: e for e in events_of(table.id)}
    assert any(by_position[leg.voided_by].version - leg.version > 2 for leg in voided)
    assert any(by_position[leg.voided_by].version - leg.version == 1 for leg in voided)


def test_hand_made_undos_agree_inline_and_folded(table_id):
    """Events the service would not write (a join undone while a later one stays, a ruling
    voided twice), appended in several appends: both paths still apply the one rule."""
    stream = stream_of(table_id)
    ante = ruling("deal_started", [("ante", [("player:ana", -2), ("player:ben", -2), ("pot", 4)])])

    def undo(undone: int, undone_type: str, voided: list[int]) -> NewEvent:
        return NewEvent(
            "EventUndone",
            {"reason": "r", "undone_version": undone, "undone_type": undone_type,
             "voided_versions": voided},
        )  # fmt: skip

    def joined(player: str, after: str | None) -> NewEvent:
        return NewEvent("PlayerJoined", {"player": player, "seat_after": after})

    append_projected(stream, [table_created(table_id), joined("cy", "ana")])  # v1, v2
    append_projected(stream, [joined("dee", "ben")])  # v3
    append_projected(stream, [undo(2, "PlayerJoined", [])])  # v4: cy's join, dee's stays
    assert assert_both_paths_agree(table_id)[0] == ["ana", "ben", "dee"]
    append_projected(stream, [joined("cy", None), ante])  # v5, v6
    append_projected(stream, [undo(5, "CardPlayed", [6])])  # v7: voids the stored antes
    append_projected(stream, [undo(5, "CardPlayed", [6])])  # v8: nothing left to void
    players, legs = assert_both_paths_agree(table_id)
    assert players == ["cy", "ana", "ben", "dee"]
    assert {leg.voided_by for leg in legs} == {
        next(e.position for e in events_of(table_id) if e.version == 7)
    }
    assert LedgerTable.objects.get(table_id=table_id).pot == 0
