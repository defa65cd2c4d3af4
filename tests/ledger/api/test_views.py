"""GET /tables/{id}/ledger, /balances and /audit: who may read, what they see, time travel."""

from __future__ import annotations

import pytest

from games.engine import rule_transcript
from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import a_deal_header, case, events_of, import_case, log_events

pytestmark = pytest.mark.django_db

NAME = "louisiana-02-tie-bourre-lone"


@pytest.fixture
def table_id(club):
    return import_case(club, NAME)


@pytest.fixture(params=["auditor", "scorekeeper", "admin"])
def reader(request, club):
    return client_for(make_key(club, request.param)[1])


@pytest.mark.parametrize("endpoint", ["ledger", "balances", "audit"])
def test_every_role_of_the_club_may_read(reader, table_id, endpoint):
    response = reader.get(f"/api/v1/tables/{table_id}/{endpoint}")
    assert response.status_code == 200, response.json()


@pytest.mark.parametrize("endpoint", ["ledger", "balances", "audit"])
def test_another_clubs_table_is_not_found(table_id, endpoint):
    outsider = client_for(make_key(make_club(), "admin")[1])
    response = outsider.get(f"/api/v1/tables/{table_id}/{endpoint}")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


@pytest.mark.parametrize("endpoint", ["ledger", "balances", "audit"])
def test_without_a_key_is_401(table_id, endpoint):
    assert client_for(None).get(f"/api/v1/tables/{table_id}/{endpoint}").status_code == 401


@pytest.mark.parametrize("endpoint", ["ledger", "balances"])
@pytest.mark.parametrize("at", ["-1", "soon", str(2**64)])
def test_a_bad_position_is_400(reader, table_id, endpoint, at):
    response = reader.get(f"/api/v1/tables/{table_id}/{endpoint}", {"at": at})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "at"


def test_balances_are_the_rulings(reader, table_id):
    expected = rule_transcript(case(NAME)["transcript"])
    body = reader.get(f"/api/v1/tables/{table_id}/balances").json()
    assert body["balances"] == expected["balances"]
    assert body["pot"] == expected["pot"]
    assert body["at"] is None


def test_the_ledger_lists_every_leg_with_its_cause_and_running_pot(reader, table_id):
    body = reader.get(f"/api/v1/tables/{table_id}/ledger").json()
    events = {e.position: e for e in events_of(table_id)}
    assert body["postings"]
    for leg in body["postings"]:
        assert events[leg["position"]].type == "RulingMade"
        assert events[leg["cause_position"]].version == leg["cause_version"]
        assert leg["pot_after"] >= 0
        assert leg["voided_by"] is None
    assert body["postings"][-1]["pot_after"] == body["pot"]
    assert sum(body["balances"].values()) + body["pot"] == 0


def test_time_travel_gives_the_ledger_as_it_stood(reader, table_id):
    """After the first deal settled (pot carried, bourre penalty paid in) and before the
    second deal's antes."""
    events = events_of(table_id)
    settled = next(e for e in events if e.data.get("kind") == "deal_settled")
    first = rule_transcript(
        {**case(NAME)["transcript"], "deals": case(NAME)["transcript"]["deals"][:1]}
    )
    ledger = reader.get(f"/api/v1/tables/{table_id}/ledger", {"at": settled.position}).json()
    assert ledger["at"] == settled.position
    assert ledger["balances"] == first["balances"]
    assert ledger["pot"] == first["pot"]
    assert max(leg["position"] for leg in ledger["postings"]) <= settled.position
    balances = reader.get(f"/api/v1/tables/{table_id}/balances", {"at": settled.position}).json()
    assert (balances["balances"], balances["pot"]) == (first["balances"], first["pot"])
    before = reader.get(f"/api/v1/tables/{table_id}/balances", {"at": events[0].position}).json()
    assert before["pot"] == 0
    assert set(before["balances"].values()) == {0}


def test_an_undone_deal_leaves_the_ledger_but_shows_as_voided(club, reader, table_id):
    before = reader.get(f"/api/v1/tables/{table_id}/ledger").json()
    log_events(club, table_id, [{"deal": a_deal_header(NAME)}])
    dealt = events_of(table_id)[-1].position
    log_events(club, table_id, [{"undo": {"reason": "wrong table"}}])
    undo = events_of(table_id)[-1].position

    now = reader.get(f"/api/v1/tables/{table_id}/ledger").json()
    assert (now["balances"], now["pot"], now["postings"]) == (
        before["balances"],
        before["pot"],
        before["postings"],
    )
    voided = reader.get(f"/api/v1/tables/{table_id}/ledger", {"include_voided": "true"}).json()
    extra = [leg for leg in voided["postings"] if leg["voided_by"] is not None]
    assert extra
    assert {leg["voided_by"] for leg in extra} == {undo}
    assert {leg["kind"] for leg in extra} == {"ante"}

    then = reader.get(f"/api/v1/tables/{table_id}/ledger", {"at": dealt}).json()
    assert then["pot"] > before["pot"]
    assert all(leg["voided_by"] is None for leg in then["postings"])


def test_the_audit_of_an_untouched_table_is_clean(reader, table_id):
    body = reader.get(f"/api/v1/tables/{table_id}/audit").json()
    events = events_of(table_id)
    assert body["ok"] is True
    assert body["chain"]["ok"] is True
    assert body["chain"]["events"] == len(events)
    assert body["chain"]["span"] == {
        "from_position": events[0].position,
        "to_position": events[-1].position,
    }
    assert body["ledger"] == {"ok": True, "postings": body["ledger"]["postings"], "differences": []}
    assert body["ledger"]["postings"] > 0
