"""Appending in transactions and through the Django model: Postgres only (the contract every
store keeps is in test_store_contract.py)."""

import pytest
from django.db import transaction

from games.eventstore import (
    AppendOnlyError,
    NewEvent,
    VersionConflict,
    append,
    read_stream,
    stream_version,
)
from games.models import Event

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
