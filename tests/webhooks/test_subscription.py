"""Webhooks are an asynchronous subscription in the one registry of the log's followers:
listed with their lag in `/projections`, rebuilt (their table-to-club index, never a
re-send) by `manage.py rebuild` and the rebuild endpoint."""

from __future__ import annotations

import uuid
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs.models import Club
from eventlog import last_position
from eventlog.subscriptions import ASYNC, INLINE, LIVE, subscriptions
from table_stream import table_id_of
from tests.clubs.helpers import client_for, make_key
from tests.webhooks.conftest import create_webhook, play_sitting
from webhooks.models import WebhookTableClub

pytestmark = pytest.mark.django_db


def _rebuild(*args: str) -> str:
    out = StringIO()
    call_command("rebuild", *args, stdout=out)
    return out.getvalue()


def test_every_follower_of_the_log_is_in_one_registry_with_its_lifecycle() -> None:
    lifecycles = {name: s.lifecycle for name, s in subscriptions().items()}
    assert lifecycles == {
        "table_state": INLINE,
        "ledger": INLINE,
        "player_stats": ASYNC,
        "ratings": ASYNC,
        "transparency": ASYNC,
        "webhooks": ASYNC,
        "table_transcript": LIVE,
    }
    assert all(s.summary for s in subscriptions().values())


def test_rebuild_verifies_and_repairs_the_webhooks_table_index(club: Club) -> None:
    table_id = table_id_of(play_sitting(club, seed=3, deals=1)[0].stream)
    wrong = uuid.uuid4()
    WebhookTableClub.objects.update_or_create(table_id=table_id, defaults={"club_id": wrong})
    with pytest.raises(SystemExit) as exited:
        _rebuild("--projection", "webhooks", "--verify")
    assert exited.value.code == 1
    report = _rebuild("--projection", "webhooks", "--table", str(table_id))
    assert "webhooks: rebuilt 1 streams" in report
    assert WebhookTableClub.objects.get(table_id=table_id).club_id == club.id
    assert _rebuild("--projection", "webhooks", "--verify").endswith("0 differences\n")


def test_a_live_follower_is_folded_on_read_and_has_nothing_to_rebuild() -> None:
    with pytest.raises(CommandError, match="table_transcript: folded from the log on read"):
        _rebuild("--projection", "table_transcript")


def test_projections_list_the_webhooks_lag_and_every_lifecycle(club: Club, admin) -> None:
    play_sitting(club, seed=4, deals=1)
    create_webhook(admin, "http://127.0.0.1:9/hook", ["deal_settled"])
    operator = client_for(make_key(club, "operator")[1])
    body = operator.get("/api/v1/projections?limit=50").json()["projections"]
    by_name = {p["name"]: p for p in body}
    assert {n: p["kind"] for n, p in by_name.items()} == {
        "player_stats": "async",
        "ratings": "async",
        "transparency": "async",
        "webhooks": "async",
        "ledger": "inline",
        "table_state": "inline",
        "table_transcript": "live",
    }
    hooks = by_name["webhooks"]
    # The new endpoint starts at its club's head: nothing behind yet.
    club_head = last_position(club=club.id)
    assert (hooks["checkpoint"], hooks["last_position"], hooks["lag"]) == (club_head, club_head, 0)
    play_sitting(club, seed=5, deals=1)
    hooks = next(
        p
        for p in operator.get("/api/v1/projections?limit=50").json()["projections"]
        if p["name"] == "webhooks"
    )
    assert hooks["lag"] == last_position(club=club.id) - club_head > 0


def test_the_rebuild_endpoint_takes_the_webhooks_but_not_a_live_follower(club: Club) -> None:
    operator = client_for(make_key(club, "operator")[1])
    started = operator.post("/api/v1/projections/webhooks/rebuild")
    assert started.status_code == 202, started.json()
    assert started.json()["target"] == "webhooks"
    live = operator.post("/api/v1/projections/table_transcript/rebuild")
    assert live.status_code == 400
    assert live.json()["error"]["field"] == "name"
    assert operator.post("/api/v1/projections/ledger/rebuild").status_code == 202
