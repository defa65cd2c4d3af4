"""The stream's version as ``eventstore_append`` version 5 finds it (games.0020): from the
club's last event when that event is the stream's own, otherwise looked up from the expected
version up; and the log's well-formedness rules as domains. Postgres only."""

import uuid

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction

from eventlog import NewEvent, VersionConflict, append, read_stream, verify_chain

pytestmark = pytest.mark.django_db


def played(card: str) -> NewEvent:
    return NewEvent(type="CardPlayed", data={"card": card})


def _append(club: str, stream: str, expected: int | None, *cards: str):
    return append(
        club=club, stream=stream, expected_version=expected, events=[played(c) for c in cards]
    )


def test_streams_interleaved_in_one_club_each_keep_their_own_versions(club):
    table, other = f"table-{uuid.uuid4().hex}", f"table-{uuid.uuid4().hex}"
    steps = [
        (table, 0, ["A♠"]),  # the club's first event
        (table, 1, ["K♠"]),  # the club's last event is this stream's
        (other, 0, ["Q♠"]),  # a new stream in a club with a log
        (table, 2, ["J♠", "10♠"]),  # the last event is the other stream's
        (other, None, ["9♠"]),  # no expected version, the last event another stream's
        (other, None, ["8♠"]),  # no expected version, the last event its own
        (table, 4, ["7♠"]),
    ]
    for stream, expected, cards in steps:
        result = _append(club, stream, expected, *cards)
        if expected is not None:
            assert result.first_version == expected + 1
    assert [(e.version, e.data["card"]) for e in read_stream(stream=table, club=club)] == [
        (1, "A♠"),
        (2, "K♠"),
        (3, "J♠"),
        (4, "10♠"),
        (5, "7♠"),
    ]
    assert [e.version for e in read_stream(stream=other, club=club)] == [1, 2, 3]
    assert verify_chain(club=club).ok


@pytest.mark.parametrize("last_event_of", ["the stream", "another stream"])
@pytest.mark.parametrize("expected", [0, 2, 4, 9])
def test_a_conflict_names_the_streams_version_above_or_below_the_expected_one(
    club, stream_id, last_event_of, expected
):
    _append(club, stream_id, 0, "A♠", "K♠", "Q♠")
    if last_event_of == "another stream":
        _append(club, f"table-{uuid.uuid4().hex}", 0, "2♣")
    with pytest.raises(VersionConflict) as raised:
        _append(club, stream_id, expected, "J♠")
    assert (raised.value.expected, raised.value.current) == (expected, 3)
    assert len(read_stream(stream=stream_id, club=club)) == 3


def test_the_same_stream_name_in_another_club_is_another_stream(stream_id):
    first, second = str(uuid.uuid4()), str(uuid.uuid4())
    _append(first, stream_id, 0, "A♠", "K♠")
    # The second club's last event is of another stream, then of this one.
    _append(second, f"table-{uuid.uuid4().hex}", 0, "2♣")
    assert _append(second, stream_id, 0, "Q♠").first_version == 1
    assert _append(second, stream_id, 1, "J♠").first_version == 2
    assert _append(first, stream_id, 2, "10♠").first_version == 3


def test_the_answer_keeps_the_out_parameters_names(club, stream_id):
    # games_table_save (v2) reads the answer by these names: a.r_first_position, ...
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT * FROM eventstore_append(%s::uuid, %s, 0, '{CardPlayed}', '{1}', "
            """'{"{\\"card\\":\\"A♠\\"}"}', '{}', %s, '{"\\"CardPlayed\\""}', NULL, NULL)""",
            [club, stream_id, f'"{stream_id}"'],
        )
        names = [column.name for column in cursor.description]
        row = cursor.fetchone()
    assert names == [
        "r_first_position",
        "r_last_position",
        "r_first_version",
        "r_recorded_at",
        "r_prev_hash",
        "r_hashes",
        "r_replayed",
    ]
    assert (row[0], row[1], row[2], row[4], row[6]) == (1, 1, 1, "0" * 64, False)
    assert verify_chain(club=club).ok


@pytest.mark.parametrize(
    ("position", "stream", "version", "type_", "schema_version"),
    [
        (0, "s", 1, "T", 1),
        (1, "", 1, "T", 1),
        (1, "s", 0, "T", 1),
        (1, "s", 1, "", 1),
        (1, "s", 1, "T", 0),
    ],
)
def test_a_malformed_row_is_refused_whoever_inserts_it(
    club, position, stream, version, type_, schema_version
):
    with pytest.raises(IntegrityError) as raised, transaction.atomic(), connection.cursor() as c:
        c.execute(
            "INSERT INTO eventstore_event VALUES (%s, %s, %s, %s, %s, %s, '{}', '{}', now(), "
            "%s, %s)",
            [club, position, stream, version, type_, schema_version, "0" * 64, "0" * 64],
        )
    assert isinstance(raised.value.__cause__, psycopg.errors.CheckViolation)
