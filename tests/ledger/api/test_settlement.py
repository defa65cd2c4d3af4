"""GET /tables/{id}/settlement: the statements from the ledger and the transfers once closed,
as JSON and as CSV."""

from __future__ import annotations

import csv
import io

import pytest

from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import case, import_case, log_events

pytestmark = pytest.mark.django_db

NAME = "sitting-01-louisiana-roster-close"


@pytest.fixture
def reader(club):
    return client_for(make_key(club, "auditor")[1])


def test_a_closed_sitting_shows_every_statement_and_the_transfers(club, reader):
    table_id = import_case(club, NAME)
    expected = case(NAME)["expected"]
    body = reader.get(f"/api/v1/tables/{table_id}/settlement").json()
    assert (body["closed"], body["pot"]) == (True, 0)
    assert [s["player"] for s in body["statements"]] == ["p1", "p2", "p3", "p4", "p5"]
    by_player = {s["player"]: s for s in body["statements"]}
    assert {p: s["net"] for p, s in by_player.items()} == expected["balances"]
    shares = expected["closing"]["shares"]
    assert {p: s["closing_share"] for p, s in by_player.items()} == {
        p: shares.get(p, 0) for p in by_player
    }
    # p2 anted 2 once (exempt in the last deal), paid two bourrés (8 and 14), won nothing.
    assert by_player["p2"] == {
        "player": "p2",
        "antes": 2,
        "fees": 0,
        "penalties": 22,
        "winnings": 0,
        "closing_share": 4,
        "net": -20,
    }
    for s in body["statements"]:
        assert s["net"] == (
            s["winnings"] + s["closing_share"] - s["antes"] - s["fees"] - s["penalties"]
        )
    assert body["transfers"] == expected["closing"]["transfers"]


def test_exchange_fees_have_their_own_column(club, reader):
    table_id = import_case(club, "sitting-03-ukrainian-close")
    body = reader.get(f"/api/v1/tables/{table_id}/settlement").json()
    p2 = next(s for s in body["statements"] if s["player"] == "p2")
    assert (p2["antes"], p2["fees"], p2["winnings"], p2["closing_share"], p2["net"]) == (
        2,
        1,
        4,
        2,
        3,
    )


def test_an_open_table_has_statements_and_no_transfers_yet(club, reader):
    table_id = import_case(club, NAME)
    log_events(club, table_id, [{"undo": {"reason": "not yet"}}])
    body = reader.get(f"/api/v1/tables/{table_id}/settlement").json()
    assert (body["closed"], body["pot"], body["transfers"]) == (False, 14, None)
    assert all(s["closing_share"] == 0 for s in body["statements"])
    assert sum(s["net"] for s in body["statements"]) + body["pot"] == 0


@pytest.mark.parametrize("how", [{"HTTP_ACCEPT": "text/csv"}, {"QUERY_STRING": "format=csv"}])
def test_the_csv_lists_statements_then_transfers(club, reader, how):
    table_id = import_case(club, "sitting-02-comtadine-close")
    response = reader.get(f"/api/v1/tables/{table_id}/settlement", **how)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows == [
        ["player", "antes", "fees", "penalties", "winnings", "closing_share", "net"],
        ["p1", "1", "0", "0", "2", "0", "1"],
        ["p2", "1", "0", "0", "0", "2", "1"],
        ["p3", "3", "0", "0", "0", "1", "-2"],
        [],
        ["from", "to", "amount"],
        ["p3", "p1", "1"],
        ["p3", "p2", "1"],
    ]


def test_another_clubs_table_is_not_found_in_either_form(club):
    table_id = import_case(club, NAME)
    outsider = client_for(make_key(make_club(), "admin")[1])
    assert outsider.get(f"/api/v1/tables/{table_id}/settlement").status_code == 404
    response = outsider.get(f"/api/v1/tables/{table_id}/settlement", HTTP_ACCEPT="text/csv")
    assert response.status_code == 404  # errors keep the JSON envelope
    assert response.json()["error"] == {
        "code": "not_found",
        "message": "no such table in this club",
        "request_id": response["X-Request-ID"],
    }
