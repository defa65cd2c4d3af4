"""The fold alone (no database): balanced postings, running pot, voiding by an undo."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from django.utils import translation

from eventlog import RecordedEvent
from ledger.folding import LedgerError, fold_table, undo_changes
from table_stream import table_id_of

TABLE = uuid.uuid4()
STREAM = f"table-{TABLE}"


def event(position: int, type_: str, data: dict) -> RecordedEvent:
    return RecordedEvent(
        position=position, stream=STREAM, version=position, type=type_, schema_version=1,
        data=data, metadata={}, recorded_at=datetime(2026, 1, 1, tzinfo=UTC), hash="", prev_hash="",
    )  # fmt: skip


def made(position: int, *postings: tuple[str, list], cause: int | None = None) -> RecordedEvent:
    data = {
        "kind": "k",
        "ruling": {},
        "postings": [{"kind": k, "legs": legs} for k, legs in postings],
        "cause_version": cause if cause is not None else position - 1,
        "deal": 0,
    }
    return event(position, "RulingMade", data)


ANTE = ("ante", [["player:a", -2], ["player:b", -2], ["pot", 4]])


def test_the_running_pot_follows_each_posting():
    fold = fold_table(TABLE, [
        event(1, "TableCreated", {"club_id": "c", "players": ["a", "b"]}),
        made(3, ANTE, cause=2),
        made(5, ("pot_won", [["pot", -4], ["player:a", 4]]), ("penalty", [["player:b", -4], ["pot", 4]])),  # noqa: E501
    ])  # fmt: skip
    assert [leg.pot_after for leg in fold.legs] == [4, 4, 4, 0, 0, 4, 4]
    assert fold.legs[0].cause_position == 2
    assert fold.pot == 4
    assert fold.info.players == ("a", "b")
    assert fold.last_position == 5


def test_a_carry_moves_the_pot_to_itself():
    fold = fold_table(TABLE, [made(2, ANTE), made(3, ("carry", [["pot", -4], ["pot", 4]]))])
    assert fold.pot == 4


def test_an_undo_voids_the_listed_rulings_and_gives_their_chips_back():
    undo = event(4, "EventUndone", {"voided_versions": [3], "undone_version": 2})
    fold = fold_table(TABLE, [made(3, ANTE), undo])
    assert fold.pot == 0
    assert {leg.voided_by for leg in fold.legs} == {4}


@pytest.mark.parametrize(
    ("postings", "code", "message"),
    [
        (
            [("ante", [["player:a", -1], ["pot", 2]])],
            "posting_unbalanced",
            "event 2: the first posting (ante) does not sum to zero",
        ),
        (
            [("pot_won", [["pot", -1], ["player:a", 1]])],
            "pot_below_zero",
            "event 2: the first posting (pot won) takes the pot to -1",
        ),
        (
            [("ante", [["player:a", -1.5], ["pot", 1.5]])],
            "amount_not_whole",
            "event 2: the first posting (ante) has an amount that is not a whole number",
        ),
    ],
)
def test_what_cannot_be_booked_is_refused(postings, code, message):
    with pytest.raises(LedgerError) as refused:
        fold_table(TABLE, [made(2, *postings)])
    assert (refused.value.code, str(refused.value)) == (code, message)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "event 2: the second posting (penalty) takes the pot to -3"),
        ("fr", "événement 2\u00a0: la deuxième écriture (pénalité) porte le pot à -3"),
        ("uk", "подія 2: друга проводка (штраф) робить банк рівним -3"),
    ],
)
def test_a_refusal_names_the_posting_by_its_place_and_its_kind_in_words(language, said):
    """It said "posting 1 (penalty)": the index from 0 and the kind's machine name."""
    ante, penalty = [["player:a", -1], ["pot", 1]], [["pot", -4], ["player:a", 4]]
    postings = [("ante", ante), ("penalty", penalty)]
    with pytest.raises(LedgerError) as refused:
        fold_table(TABLE, [made(2, *postings)])
    assert refused.value.params == {"position": 2, "posting": 1, "kind": "penalty", "pot": -3}
    with translation.override(language):
        assert refused.value.message == said


def test_only_table_streams_belong_to_the_ledger():
    assert table_id_of(STREAM) == TABLE
    assert table_id_of("table-nope") is None
    assert table_id_of(f"club-{TABLE}") is None


def _joined(position: int, player: str, after: str | None) -> RecordedEvent:
    return event(position, "PlayerJoined", {"player": player, "seat_after": after})


def _undone_join(position: int, version: int) -> RecordedEvent:
    data = {"undone_version": version, "undone_type": "PlayerJoined", "voided_versions": []}
    return event(position, "EventUndone", data)


def test_an_undone_join_reseats_from_the_joins_still_in_force():
    created = event(1, "TableCreated", {"players": ["a", "b"]})
    seats = fold_table(TABLE, [created, _joined(2, "c", "a"), _joined(3, "d", None)]).seats
    assert seats.players == ("d", "a", "c", "b")
    # The earlier join taken back while the later one stays; a re-join elsewhere after it.
    changes = undo_changes(_undone_join(4, 2), live=[], pot=0, seats=seats)
    assert changes.seats is not None
    assert changes.seats.players == ("d", "a", "b")
    again = fold_table(
        TABLE, [created, _joined(2, "c", "a"), _undone_join(3, 2), _joined(4, "c", "b")]
    )
    assert again.info is not None
    assert again.info.players == again.seats.players == ("a", "b", "c")


def test_an_undo_that_takes_back_no_join_leaves_the_seats_and_voids_only_live_legs():
    ruled = fold_table(TABLE, [made(1, ANTE)])
    undo = event(2, "EventUndone", {"undone_version": 0, "undone_type": "CardPlayed",
                                    "voided_versions": [1]})  # fmt: skip
    changes = undo_changes(undo, live=ruled.legs, pot=ruled.pot, seats=ruled.seats)
    assert (changes.pot, changes.seats, {leg.voided_by for leg in changes.voided}) == (0, None, {2})
    assert undo_changes(undo, live=changes.voided, pot=0, seats=None).voided == ()
