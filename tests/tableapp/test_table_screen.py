"""The table screen over plain HTTP (no browser): forms in, rulings in words out."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from clubs.models import Club
from tests.clubs.helpers import make_club
from tests.tableapp.helpers import make_member, signed_in, step_fields

pytestmark = pytest.mark.django_db
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"
FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


def case(name: str) -> dict[str, Any]:
    return json.loads((CASES / f"{name}.json").read_text())


def create_table(client: Client, **fields: str) -> str:
    body = {
        "name": "Table 1",
        "variant": "louisiana",
        "players": "ana\nben\ncy\ndee",
        "opt_louisiana_ante": "1",
        "opt_louisiana_max_exchange": "5",
        "opt_louisiana_cinch": "on",
        **fields,
    }
    response = client.post("/app/", body)
    assert response.status_code == 302, response.content.decode()[:2000]
    return re.search(r"/app/tables/([0-9a-f-]+)/", response["Location"])[1]


def step(client: Client, table: str, kind: str, key: str | None = None, **fields: str) -> Any:
    page = client.get(f"/app/tables/{table}/panel").content.decode()
    hidden = step_fields(page, kind)
    headers = {**FETCH, "HTTP_IDEMPOTENCY_KEY": key or hidden["idempotency_key"]}
    return client.post(
        f"/app/tables/{table}/step",
        {"expected_version": hidden["expected_version"], **fields},
        **headers,
    )


def log_action(client: Client, table: str, action: dict[str, Any]) -> Any:
    player = action["player"]
    if "declare" in action:
        return step(
            client, table, "declare", step="declare", player=player, declare=action["declare"]
        )
    return step(client, table, "play", step="play", player=player, card=action["play"])


@pytest.fixture
def club() -> Club:
    return make_club()


@pytest.fixture
def scorekeeper(club: Club) -> Client:
    return signed_in(make_member(club, "scorekeeper"))


def test_create_table_errors_are_shown_at_their_field(scorekeeper: Client) -> None:
    response = scorekeeper.post("/app/", {"name": "", "variant": "louisiana", "players": "ana"})
    assert response.status_code == 422
    assert 'data-field="name"' in response.content.decode()
    response = scorekeeper.post(
        "/app/",
        {
            "name": "T",
            "variant": "louisiana",
            "players": "ana",
            "opt_louisiana_ante": "1",
            "opt_louisiana_max_exchange": "5",
        },
    )
    assert response.status_code == 422
    assert 'data-field="players"' in response.content.decode()
    response = scorekeeper.post(
        "/app/",
        {
            "name": "T",
            "variant": "louisiana",
            "players": "ana,ben,cy",
            "opt_louisiana_ante": "1",
            "opt_louisiana_max_exchange": "9",
        },
    )
    assert response.status_code == 422
    html = response.content.decode()
    assert 'data-field="opt_louisiana_max_exchange"' in html
    assert "at most 5" in html


def test_a_whole_hidden_renege_deal_rules_as_the_conformance_case(scorekeeper: Client) -> None:
    expected = case("louisiana-01-hidden-renege")
    deal = expected["transcript"]["deals"][0]
    table = create_table(scorekeeper)
    response = step(
        scorekeeper, table, "start the deal", step="deal", dealer="dee", ante="1", trump="7S"
    )
    assert response.status_code == 200, response.content.decode()[:3000]
    for action in deal["actions"]:
        response = log_action(scorekeeper, table, action)
        assert response.status_code == 200, (action, response.content.decode()[:3000])
    html = response.content.decode()
    assert (
        "cy reneged in trick 3 with the 6♣: could follow suit, proven when cy showed the 9♥" in html
    )
    ruling = scorekeeper.get(f"/app/tables/{table}/ruling.json").json()
    assert ruling == expected["expected"]


def test_a_double_tap_logs_once(scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    key = str(uuid.uuid4())
    page = scorekeeper.get(f"/app/tables/{table}/panel").content.decode()
    version = step_fields(page, "start the deal")["expected_version"]
    body = {"expected_version": version, "step": "deal", "dealer": "dee", "trump": "7S"}
    first = scorekeeper.post(f"/app/tables/{table}/step", body, HTTP_IDEMPOTENCY_KEY=key, **FETCH)
    again = scorekeeper.post(f"/app/tables/{table}/step", body, HTTP_IDEMPOTENCY_KEY=key, **FETCH)
    assert first.status_code == again.status_code == 200
    assert "logged once" in again.content.decode()
    transcript = scorekeeper.get(f"/app/tables/{table}/transcript.json").json()
    assert len(transcript["deals"]) == 1


def test_a_stale_page_is_reloaded_and_says_so(scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    body = {"expected_version": "1", "step": "deal", "dealer": "dee", "trump": "7S"}
    assert scorekeeper.post(f"/app/tables/{table}/step", body, **FETCH).status_code == 200
    stale = {"expected_version": "1", "step": "deal", "dealer": "ana", "trump": "7S"}
    response = scorekeeper.post(f"/app/tables/{table}/step", stale, **FETCH)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Another device logged first" in html
    assert "ana: play or pass?" in html  # the state as it now is


def test_a_refused_step_names_the_field_and_logs_nothing(scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    response = step(scorekeeper, table, "start the deal", step="deal", dealer="dee", trump="ZZ")
    assert response.status_code == 422
    assert 'data-field="trump"' in response.content.decode()
    assert scorekeeper.get(f"/app/tables/{table}/transcript.json").json()["deals"] == []


def test_undo_takes_back_the_last_event(scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    step(scorekeeper, table, "start the deal", step="deal", dealer="dee", trump="7S")
    step(scorekeeper, table, "declare", step="declare", player="ana", declare="pass")
    response = step(scorekeeper, table, "undo", step="undo", reason="wrong button")
    assert response.status_code == 200
    assert "ana: play or pass?" in response.content.decode()


def test_auditors_read_but_never_log(club: Club, scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    auditor = signed_in(make_member(club, "auditor"))
    page = auditor.get(f"/app/tables/{table}/")
    assert page.status_code == 200
    assert '<form method="post" action="/app/tables' not in page.content.decode()
    body = {"expected_version": "1", "step": "deal", "dealer": "dee", "trump": "7S"}
    assert auditor.post(f"/app/tables/{table}/step", body).status_code == 403
    assert auditor.post("/app/", {"name": "x"}).status_code == 403
    audit = auditor.get(f"/app/tables/{table}/audit")
    assert audit.status_code == 200
    assert "<svg" in audit.content.decode()


def test_another_clubs_table_is_a_404(scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    outsider = signed_in(make_member(make_club(), "admin"))
    for path in ("", "panel", "ruling", "ruling.json", "transcript.json", "audit"):
        assert outsider.get(f"/app/tables/{table}/{path}").status_code == 404, path
    body = {"expected_version": "1", "step": "deal", "dealer": "dee"}
    assert outsider.post(f"/app/tables/{table}/step", body).status_code == 404
    assert table not in outsider.get("/app/").content.decode()


def test_pages_of_a_settled_table_render(scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    deal = case("louisiana-04-known-hands-renege")["transcript"]["deals"][0]
    hands = {f"hand_{p}": " ".join(cards) for p, cards in deal["hands"].items()}
    step(scorekeeper, table, "start the deal", step="deal", dealer="dee", trump="7S", **hands)
    for action in deal["actions"]:
        assert log_action(scorekeeper, table, action).status_code == 200
    for path in ("", "ruling", "audit", "audit/check"):
        assert scorekeeper.get(f"/app/tables/{table}/{path}").status_code == 200, path
    assert "intact" in scorekeeper.get(f"/app/tables/{table}/audit/check").content.decode()
    assert scorekeeper.get("/app/standings/").status_code == 200
    assert scorekeeper.get("/app/").status_code == 200


def test_standings_show_each_players_stats_and_no_operator_words(
    club: Club, scorekeeper: Client
) -> None:
    from projectors.framework import projectors_run_all

    table = create_table(scorekeeper)
    deal = case("louisiana-01-hidden-renege")["transcript"]["deals"][0]
    step(scorekeeper, table, "start the deal", step="deal", dealer="dee", trump="7S")
    for action in deal["actions"]:
        log_action(scorekeeper, table, action)
    lagging = scorekeeper.get("/app/standings/").content.decode()
    assert "No settled deals yet" in lagging
    projectors_run_all()  # the worker's catch-up, in process
    html = scorekeeper.get("/app/standings/").content.decode()
    rows = re.findall(
        r"<tr><td class=\"lead\"><span class=\"rank\">(\d+)\.</span> (\w+)</td>"
        r"<td class=\"num\"[^>]*>(-?\d+)</td>",
        html,
    )
    assert rows[0] == ("1", "ana", "3")
    assert ("4", "cy", "-5") in rows
    # The projections' lag is the operators' (issue 39.10): Django's admin shows it.
    for word in ("player_stats", "ledger", "table_state", "Projections"):
        assert word not in html


def test_without_scripts_a_step_answers_the_whole_page(scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    body = {"expected_version": "1", "step": "deal", "dealer": "dee", "trump": "7S",
            "idempotency_key": str(uuid.uuid4())}  # fmt: skip
    response = scorekeeper.post(f"/app/tables/{table}/step", body)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html
    assert "ana: play or pass?" in html
    again = scorekeeper.post(f"/app/tables/{table}/step", body)  # a resubmitted form
    assert "logged once" in again.content.decode()


def test_between_deals_players_join_and_leave(scorekeeper: Client) -> None:
    table = create_table(scorekeeper)
    response = step(scorekeeper, table, "join", step="join", player="eve", seat_after="dee")
    assert response.status_code == 200, response.content.decode()[:2000]
    response = step(scorekeeper, table, "leave", step="leave", player="ben")
    html = response.content.decode()
    assert 'data-player="eve"' in html
    assert re.search(r'data-player="ben">.*?left the table', html, re.S)
    deal_form = re.search(r'data-step="start the deal".*?</form>', html, re.S)[0]
    assert 'name="dealer" value="eve"' in deal_form
    assert 'name="dealer" value="ben"' not in deal_form
    refused = step(scorekeeper, table, "join", step="join", player="ANA", seat_after="")
    assert refused.status_code == 422  # a name differing from a player's only by case
    assert scorekeeper.get(f"/app/tables/{table}/transcript.json").json()["players"] == [
        "ana", "ben", "cy", "dee", "eve"
    ]  # fmt: skip


def test_the_projections_lag_is_the_operators_page(scorekeeper: Client) -> None:
    """Issue 39.10: moved off the club's standings to Django's admin, for staff only (the
    API shows it to the operator role alone: the log's positions are the whole service's)."""
    from django.contrib.auth import get_user_model

    assert scorekeeper.get("/admin/projections/").status_code == 302  # to the admin's sign-in
    operator = get_user_model().objects.create_superuser("operator-39", password="pw-39-pw")
    staff = Client()
    staff.force_login(operator)
    page = staff.get("/admin/projections/")
    assert page.status_code == 200
    assert "player_stats" in page.content.decode()
