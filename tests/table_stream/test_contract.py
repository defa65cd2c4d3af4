"""The table stream's contract: one name per event type, and stream names that round-trip."""

from __future__ import annotations

import uuid

import table_stream as table
from games.engine import Close, Declare, Exchange, Join, Leave, PassTurn, Play, Retract, StartDeal
from games.sitting.decide import EVENT_TYPES


def test_every_engine_event_is_stored_under_a_contract_name() -> None:
    assert set(EVENT_TYPES) == {
        StartDeal,
        Declare,
        Exchange,
        Play,
        Retract,
        PassTurn,
        Join,
        Leave,
        Close,
    }
    assert frozenset(EVENT_TYPES.values()) == table.GAME_EVENT_TYPES


def test_stream_names_round_trip_and_other_streams_are_not_tables() -> None:
    table_id = uuid.uuid4()
    name = table.stream_name(table_id)
    assert name == f"table-{table_id}"
    assert table.is_table_stream(name)
    assert table.table_id_of(name) == table_id
    assert table.table_id_of(f"club-{table_id}") is None
    assert table.table_id_of("table-not-a-uuid") is None
    assert not table.is_table_stream("bench")


def test_the_stored_names_never_change() -> None:
    # Renaming one would orphan every event already in the log under the old name.
    assert (
        table.TABLE_CREATED,
        table.DEAL_STARTED,
        table.PLAYER_DECLARED,
        table.CARDS_EXCHANGED,
        table.CARD_PLAYED,
        table.CARD_RETRACTED,
        table.TURN_PASSED,
        table.PLAYER_JOINED,
        table.PLAYER_LEFT,
        table.TABLE_CLOSED,
        table.RULING_MADE,
        table.EVENT_UNDONE,
    ) == (
        "TableCreated",
        "DealStarted",
        "PlayerDeclared",
        "CardsExchanged",
        "CardPlayed",
        "CardRetracted",
        "TurnPassed",
        "PlayerJoined",
        "PlayerLeft",
        "TableClosed",
        "RulingMade",
        "EventUndone",
    )


def test_the_stored_ruling_and_posting_kinds_never_change() -> None:
    # The same reason: every `RulingMade` already in the log carries these words.
    assert {
        "deal_started",
        "dealer_must_play",
        "exchange_fee",
        "trick_won",
        "trick_dead",
        "trick_reopened",
        "card_retracted",
        "renege",
        "lone_player",
        "all_passed",
        "pot_won",
        "pot_split",
        "pot_shared",
        "pot_carried",
        "bourre",
        "deal_settled",
        "table_closed",
    } == table.RULING_KINDS
    assert table.POSTING_KINDS == (
        "ante",
        "exchange_fee",
        "pot_won",
        "split",
        "share",
        "penalty",
        "carry",
        "closing_share",
    )
