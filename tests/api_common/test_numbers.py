"""Numbers a client sends are ASCII digits (issue 40, item 3): `²` passed `isdigit()` and
failed `int()` (a 500), `١٢` and `1_000` were read as numbers. Every header, query and
form number goes through `api_common.numbers.ascii_int`."""

from __future__ import annotations

import pytest

from api_common.numbers import ascii_int
from tests.clubs.helpers import client_for, make_club, make_key
from tests.live.helpers import live_table
from tests.tableapp.helpers import make_member, signed_in

NOT_NUMBERS = ["²", "\u0661\u0662", "1_000", " 7", "7 ", "+7", "0x1f", "", "٣", "7\n", "1e3", "Ⅻ"]


def test_only_ascii_digits_are_a_number() -> None:
    assert [ascii_int(text) for text in NOT_NUMBERS] == [None] * len(NOT_NUMBERS)
    assert ascii_int("0") == 0
    assert ascii_int("007") == 7
    assert ascii_int("-3") is None
    assert ascii_int("-3", signed=True) == -3
    assert ascii_int("1" * 19) is None  # more than 18 digits: never an int of a column
    assert ascii_int("9" * 5, digits=4) is None
    assert ascii_int(None) is None
    assert ascii_int(["1"]) is None


@pytest.mark.django_db
@pytest.mark.parametrize("odd", ["²", "\u0661", "1_0"])
def test_the_apps_page_numbers_are_ascii_or_the_first_page(odd: str) -> None:
    """`/app/?page=²` was a 500 (`isdigit()` then `int()`)."""
    table = live_table()
    app = signed_in(make_member(table.club, "auditor"))
    for url in ("/app/", f"/app/tables/{table.id}/ruling", f"/app/tables/{table.id}/audit"):
        answer = app.get(url, {"page": odd, "from": odd})
        assert answer.status_code == 200, (url, answer.status_code)


@pytest.mark.django_db
@pytest.mark.parametrize("odd", ["²", "\u0661\u0662", "1_0"])
def test_the_apis_query_numbers_are_ascii(odd: str) -> None:
    club = make_club()
    api = client_for(make_key(club, "admin")[1])
    for url, field in (
        ("/api/v1/tables", "limit"),
        ("/api/v1/audits/log", "from"),
    ):
        answer = api.get(url, {field: odd})
        assert answer.status_code == 400, (url, answer.status_code, answer.content[:200])
        error = answer.json()["error"]
        assert error["field"] == field, error


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("headers", "query", "field"),
    [
        ({"HTTP_LAST_EVENT_ID": "²"}, {}, "Last-Event-ID"),
        ({"HTTP_LAST_EVENT_ID": "\u0661"}, {}, "Last-Event-ID"),
        ({"HTTP_LAST_EVENT_ID": "x"}, {"after": "0"}, "Last-Event-ID"),
        ({}, {"after": "²"}, "after"),
    ],
)
def test_the_wsgi_stream_refuses_a_version_that_is_not_one_naming_it(
    headers: dict[str, str], query: dict[str, str], field: str
) -> None:
    """The same 400 as a malformed `?after=`, in the API's envelope (the ASGI app's:
    tests/live/test_stream_numbers.py)."""
    table = live_table()
    answer = client_for(table.auditor).get(f"/api/v1/tables/{table.id}/stream", query, **headers)
    assert answer.status_code == 400, answer.content[:300]
    error = answer.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_request", field)
