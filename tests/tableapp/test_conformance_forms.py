"""Every accepted conformance case, logged through the table screen's own forms (each
step only where the screen offers it), rules exactly as the case expects."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tableapp.forms import variant_options
from tests.tableapp.helpers import make_member, signed_in, step_fields

pytestmark = pytest.mark.django_db
CASES = sorted(
    p
    for p in (Path(__file__).resolve().parent.parent / "conformance" / "cases").glob("*.json")
    if not p.name.startswith("reject-")
)
FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


def create_form(transcript: dict[str, Any]) -> dict[str, str]:
    variant = transcript["variant"]
    form = {"name": "case", "variant": variant, "players": "\n".join(transcript["players"])}
    chosen = transcript.get("options") or {}
    for option in variant_options()[variant]:
        value = chosen.get(option.name, option.default)
        if option.kind == "bool":
            if value:
                form[option.field] = "on"
        else:
            form[option.field] = "" if value is None else str(value)
    return form


def action_form(action: dict[str, Any]) -> tuple[str, dict[str, str]]:
    """The form the screen shows for `action` (its data-step) and the fields posted."""
    player = action["player"]
    if "declare" in action:
        return "declare", {"step": "declare", "player": player, "declare": action["declare"]}
    if "exchange" in action:
        fields = {"step": "exchange", "player": player, "count": str(action["exchange"])}
        for key in ("discard", "draw"):
            if key in action:
                fields[key] = " ".join(action[key])
        return f"exchange {player}", fields
    if "play" in action:
        return "play", {"step": "play", "player": player, "card": action["play"]}
    if action.get("retract"):
        return "retract", {"step": "retract", "player": player}
    return "pass", {"step": "pass_turn", "player": player}


def post(client: Client, table: str, kind: str, fields: dict[str, Any]) -> None:
    panel = client.get(f"/app/tables/{table}/panel").content.decode()
    hidden = step_fields(panel, kind)  # fails when the screen does not offer this step
    response = client.post(
        f"/app/tables/{table}/step",
        {"expected_version": hidden["expected_version"], **fields},
        HTTP_IDEMPOTENCY_KEY=hidden["idempotency_key"],
        **FETCH,
    )
    assert response.status_code == 200, (kind, fields, response.content.decode()[:1500])


def close(client: Client, table: str, closing: dict[str, Any]) -> None:
    """Through the confirmation page: the shares it shows before anything is logged are
    the case's closing shares; the confirmation logs the close and goes to the settle-up."""
    page = client.get(f"/app/tables/{table}/close").content.decode()
    for player, share in closing["shares"].items():
        assert f'<li data-player="{player}">{player} gets {share}</li>' in page
    hidden = dict(re.findall(r'name="(expected_version|idempotency_key)" value="([^"]*)"', page))
    response = client.post(f"/app/tables/{table}/close", hidden)
    assert response.status_code == 302, response.content.decode()[:1500]
    assert response["Location"].endswith(f"/app/tables/{table}/settle-up")


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_the_case_logged_through_the_screen_rules_as_expected(path: Path) -> None:
    case = json.loads(path.read_text())
    transcript = case["transcript"]
    client = signed_in(make_member(role="scorekeeper"))
    created = client.post("/app/", create_form(transcript))
    assert created.status_code == 302, created.content.decode()[:1500]
    table = re.search(r"/app/tables/([0-9a-f-]+)/", created["Location"])[1]
    for deal in transcript["deals"]:
        fields: dict[str, Any] = {"step": "deal", "dealer": deal["dealer"]}
        if "ante" in deal:
            fields["ante"] = str(deal["ante"])
        if "trump" in deal:
            fields["trump"] = deal["trump"]
        for player, cards in (deal.get("hands") or {}).items():
            fields[f"hand_{player}"] = " ".join(cards)
        fields["seated_offered"] = "1"  # the dealt-in boxes, as the browser posts them
        fields["seated"] = deal.get("seated", transcript["players"])
        post(client, table, "start the deal", fields)
        for action in deal["actions"]:
            post(client, table, *action_form(action))
    if transcript.get("closed"):
        close(client, table, case["expected"]["closing"])
    assert client.get(f"/app/tables/{table}/ruling.json").json() == case["expected"]
    if transcript.get("closed"):
        panel = client.get(f"/app/tables/{table}/panel").content.decode()
        assert "The table is closed" in panel
        for transfer in case["expected"]["closing"]["transfers"]:
            assert f"{transfer['from']} pays {transfer['to']} {transfer['amount']}" in panel
        assert 'data-step="start the deal"' not in panel
        settle = client.get(f"/app/tables/{table}/settle-up").content.decode()
        for transfer in case["expected"]["closing"]["transfers"]:
            assert (
                f"<li>{transfer['from']} pays {transfer['to']} {transfer['amount']}</li>" in settle
            )
    assert client.get(f"/app/tables/{table}/ruling").status_code == 200
