"""A table created with an idempotency key: a retry whose answer was lost gets the table
the first request made, not a second one; the key with another body is refused; a key is
the club's own. The same service on both stores (memory: no database; PostgreSQL: with two
retries racing)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from clubs.models import Club
from eventlog import read_stream
from games.selectors import table_list
from games.services import IdempotencyKeyReused, table_create
from games.sitting.memory import MemoryTables
from tests.clubs.helpers import make_club
from tests.together import at_once

BODY: dict[str, Any] = {
    "name": "N° 3",
    "variant": "louisiana",
    "players": ["ana", "ben", "cy"],
    "options": {"ante": 2},
}


def test_a_retry_gets_the_first_table_and_writes_nothing() -> None:
    tables = MemoryTables()
    club = Club(id=uuid.uuid4(), name="fast")
    first = table_create(club=club, tables=tables, idempotency_key="tablet-7", **BODY)
    again = table_create(club=club, tables=tables, idempotency_key="tablet-7", **BODY)
    assert (first.replayed, again.replayed) == (False, True)
    assert again.id == first.id
    assert (again.name, again.options, again.created_at) == (
        first.name,
        first.options,
        first.created_at,
    )
    assert list(tables.tables) == [first.id]
    assert len(tables.store.read_stream(stream=first.stream)) == 1


def test_the_key_with_another_body_is_refused_and_writes_nothing() -> None:
    tables = MemoryTables()
    club = Club(id=uuid.uuid4(), name="fast")
    first = table_create(club=club, tables=tables, idempotency_key="tablet-7", **BODY)
    for change in ({"name": "N° 4"}, {"options": {"ante": 3}}, {"players": ["ana", "ben"]}):
        with pytest.raises(IdempotencyKeyReused):
            table_create(club=club, tables=tables, idempotency_key="tablet-7", **{**BODY, **change})
    assert list(tables.tables) == [first.id]


def test_a_key_is_the_club_s_own_and_no_key_is_a_new_table_each_time() -> None:
    tables = MemoryTables()
    ours, theirs = (Club(id=uuid.uuid4(), name=n) for n in ("ours", "theirs"))
    made = {
        table_create(club=club, tables=tables, idempotency_key="tablet-7", **BODY).id
        for club in (ours, theirs)
    }
    made |= {table_create(club=ours, tables=tables, **BODY).id for _ in range(2)}
    assert len(made) == len(tables.tables) == 4


@pytest.mark.django_db
def test_on_postgres_a_retry_is_the_same_table_and_another_body_a_refusal() -> None:
    club = make_club()
    first = table_create(club=club, idempotency_key="tablet-7", **BODY)
    again = table_create(club=club, idempotency_key="tablet-7", **BODY)
    assert (again.id, again.replayed, again.created_at) == (first.id, True, first.created_at)
    with pytest.raises(IdempotencyKeyReused):
        table_create(club=club, idempotency_key="tablet-7", **{**BODY, "name": "N° 4"})
    assert [t.id for t in table_list(club=club, closed=False)] == [first.id]
    (created,) = read_stream(stream=first.stream, club=club.id)
    assert created.metadata["idempotency_key"] == "tables:tablet-7"


@pytest.mark.django_db(transaction=True)
def test_two_retries_racing_make_one_table() -> None:
    for _ in range(4):  # the race is decided differently each time
        club = make_club()
        made, errors = at_once(
            *[lambda club=club: table_create(club=club, idempotency_key="tap", **BODY)] * 2
        )
        assert not errors, errors
        assert sorted(t.replayed for t in made) == [False, True]
        assert made[0].id == made[1].id
        assert [t.id for t in table_list(club=club, closed=False)] == [made[0].id]
        assert len(read_stream(stream=made[0].stream, club=club.id)) == 1
