"""Idempotency keys at the service: a refused request leaves its key unused, and two
concurrent requests with one key store the events once and answer the same."""

from __future__ import annotations

from typing import Any

import pytest

from eventlog import read_stream
from games.models import Table
from games.services import EventRejected, commands_parse, table_create, table_events_append
from tests.clubs.helpers import make_club
from tests.together import at_once

DEAL = {"deal": {"dealer": "cy", "trump": "7S"}}
OUT_OF_TURN = [DEAL, {"player": "cy", "declare": "play"}]  # ana declares first


def _table() -> tuple[Any, Table]:
    club = make_club()
    return club, table_create(
        club=club, name="t", variant="louisiana", players=["ana", "ben", "cy"]
    )


@pytest.mark.django_db
def test_a_refused_request_leaves_its_key_unused() -> None:
    club, table = _table()
    for _ in range(2):  # a retry of the refused request is ruled again, not replayed
        with pytest.raises(EventRejected) as refused:
            table_events_append(
                table_id=table.id,
                club=club,
                expected_version=1,
                commands=commands_parse(OUT_OF_TURN),
                idempotency_key="tap-1",
            )
        assert (refused.value.index, refused.value.rejection.code) == (1, "out_of_turn")
    assert [e.type for e in read_stream(stream=table.stream)] == ["TableCreated"]
    # The corrected request may use the same key: nothing was recorded under it.
    fixed = [DEAL, {"player": "ana", "declare": "play"}]
    first = table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        commands=commands_parse(fixed),
        idempotency_key="tap-1",
    )
    assert (first.status_code, first.replayed) == (201, False)
    assert first.body["version"] == len(read_stream(stream=table.stream)) > 1
    again = table_events_append(
        table_id=table.id,
        club=club,
        expected_version=1,
        commands=commands_parse(fixed),
        idempotency_key="tap-1",
    )
    assert again.replayed
    assert again.body == first.body
    assert len(read_stream(stream=table.stream)) == first.body["version"]


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_requests_with_one_key_store_once_and_answer_alike() -> None:
    for _ in range(5):  # a few rounds: the race is decided differently each time
        club, table = _table()

        def post(club: Any = club, table: Table = table) -> Any:
            return table_events_append(
                table_id=table.id,
                club=club,
                expected_version=1,
                commands=commands_parse([DEAL]),
                idempotency_key="tap-1",
            )

        outcomes, errors = at_once(post, post)
        assert not errors, errors
        assert sorted(o.replayed for o in outcomes) == [False, True]
        assert outcomes[0].status_code == outcomes[1].status_code == 201
        assert outcomes[0].body == outcomes[1].body
        log = read_stream(stream=table.stream)
        assert len(log) == outcomes[0].body["version"]
        assert [e.type for e in log].count("DealStarted") == 1
