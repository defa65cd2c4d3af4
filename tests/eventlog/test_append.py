"""Appending in transactions and through the Django model: Postgres only (the contract every
store keeps is in test_store_contract.py)."""

import uuid

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from eventlog import (
    AppendOnlyError,
    NewEvent,
    VersionConflict,
    append,
    read_stream,
    stream_version,
    verify_chain,
)
from eventlog.models import Event

pytestmark = pytest.mark.django_db


def played(card: str) -> NewEvent:
    return NewEvent(type="CardPlayed", data={"card": card})


def test_a_conflict_inside_an_outer_transaction_leaves_it_usable(stream_id, club):
    with transaction.atomic():
        append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
        with pytest.raises(VersionConflict):
            append(club=club, stream=stream_id, expected_version=0, events=[played("K♠")])
        append(club=club, stream=stream_id, expected_version=1, events=[played("Q♠")])
    assert [e.data["card"] for e in read_stream(stream=stream_id)] == ["A♠", "Q♠"]


def test_a_rolled_back_outer_transaction_leaves_no_trace(stream_id, club):
    def append_then_fail():
        with transaction.atomic():
            append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
            raise RuntimeError("the projection update failed")

    with pytest.raises(RuntimeError):
        append_then_fail()
    assert stream_version(stream=stream_id) == 0


def test_the_django_model_can_neither_update_nor_delete(stream_id, club):
    append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    event = Event.objects.get(stream=stream_id)
    event.data = {"card": "2♣"}
    with pytest.raises(AppendOnlyError):
        event.save()
    with pytest.raises(AppendOnlyError):
        event.delete()
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(stream=stream_id).update(data={})
    with pytest.raises(AppendOnlyError):
        Event.objects.filter(stream=stream_id).delete()
    assert Event.objects.get(stream=stream_id).data == {"card": "A♠"}


def test_names_and_payloads_with_quotes_backslashes_and_braces_are_recorded_exactly(club):
    # The arrays travel as array literals: every character a literal treats specially.
    stream = f'test-{uuid.uuid4().hex} "quoted", \\back\\slashed\\ {{braced}} NULL'
    kinds = ['Type "A", {1}', "NULL", "Type \\B\\ é ♥", " spaced "]
    events = [NewEvent(type=kind, data={"text": kind, "n": n}) for n, kind in enumerate(kinds)]
    result = append(club=club, stream=stream, expected_version=0, events=events)
    stored = read_stream(stream=stream, club=club)
    assert [(e.type, e.data) for e in stored] == [(e.type, e.data) for e in events]
    assert stored == list(result.events)
    assert verify_chain(club=club).ok


def test_an_append_under_watched_queries_is_seen_and_records_the_same(stream_id, club):
    # Under DEBUG or CaptureQueriesContext the append goes through Django's cursor.
    first = append(club=club, stream=stream_id, expected_version=0, events=[played("A♠")])
    with CaptureQueriesContext(connection) as queries:
        second = append(
            club=club, stream=stream_id, expected_version=1, events=[played("K♠"), played("Q♠")]
        )
        with pytest.raises(VersionConflict):
            append(club=club, stream=stream_id, expected_version=1, events=[played("J♠")])
    assert sum("eventstore_append" in q["sql"] for q in queries.captured_queries) == 2
    assert read_stream(stream=stream_id, club=club) == [*first.events, *second.events]
    assert second.events[0].prev_hash == first.events[0].hash
    assert verify_chain(club=club).ok


def test_an_idempotent_replay_inside_a_transaction_returns_the_original_events(stream_id, club):
    events = [played("A♠"), played("K♠")]
    first = append(
        club=club, stream=stream_id, expected_version=0, events=events, idempotency_key="k"
    )
    with transaction.atomic():
        again = append(
            club=club, stream=stream_id, expected_version=0, events=events, idempotency_key="k"
        )
    assert again.replayed
    assert again.events == first.events
    assert (again.first_position, again.last_position) == (
        first.first_position,
        first.last_position,
    )
