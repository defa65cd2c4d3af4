"""The event store's history is its SQL files (games/migrations/sql/), one per version of
each function, as Message DB keeps them: the database runs the newest file's function, and
the runtime's own statement (the one-event insert) hashes and locks as that function does.
A version written only in runtime code would let a later change rewrite what an old
migration made."""

from __future__ import annotations

import re

import pytest
from django.db import connection

from eventlog.schema import HASHED_TEXT, LOCK_CLASS, ONE_EVENT_INSERT
from games.migrations._sql import SQL, sql

pytestmark = pytest.mark.django_db


def _newest(function: str) -> str:
    """The name of the newest `sql/<function>_v<N>.sql`."""
    versions = [
        (int(match[1]), path.stem)
        for path in SQL.glob(f"{function}_v*.sql")
        if (match := re.fullmatch(rf"{function}_v(\d+)", path.stem))
    ]
    return max(versions)[1]


def _body(text: str) -> str:
    """A plpgsql function's body: between its dollar quotes."""
    return text.split("$$", 2)[1]


@pytest.mark.parametrize("function", ["eventstore_append", "games_table_save"])
def test_the_database_runs_the_newest_file_of_each_function(function: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT prosrc FROM pg_proc WHERE proname = %s", [function])
        (source,) = cursor.fetchone()
    newest = "table_save" if function == "games_table_save" else function
    assert source == _body(sql(_newest(newest))), _newest(newest)


def test_the_one_event_insert_hashes_and_locks_as_the_function_does() -> None:
    """Both write the same club's chain under the same lock: a hash made one way is
    verified against the other's (eventlog.canonical.verify_chain)."""
    function = sql(_newest("eventstore_append"))
    for statement in (function, ONE_EVENT_INSERT):
        assert f"'{HASHED_TEXT}'" in statement
        assert f"pg_try_advisory_xact_lock({LOCK_CLASS}," in statement
