"""Members and signed-in clients for the app's tests."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

from django.test import Client

from clubs.models import Club, Member
from clubs.services import member_create
from games.models import Table
from games.services import table_create
from tests.clubs.helpers import make_club

PASSWORD = "correct horse"
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"


def case_table(club: Club, case: str, name: str) -> tuple[Table, dict[str, Any]]:
    """A table of `club` seated as the conformance case's transcript, and the transcript."""
    transcript = json.loads((CASES / f"{case}.json").read_text())["transcript"]
    table = table_create(
        club=club,
        name=name,
        variant=transcript["variant"],
        players=[*transcript["players"]],
        options=transcript.get("options", {}),
    )
    return table, transcript


def make_member(club: Club | None = None, role: str = "scorekeeper") -> Member:
    return member_create(
        club=club or make_club(),
        username=f"{role}-{uuid.uuid4().hex[:6]}",
        password=PASSWORD,
        role=role,
    )


def signed_in(member: Member) -> Client:
    client = Client()
    assert client.login(username=member.name, password=PASSWORD)
    return client


def step_fields(html: str, kind: str) -> dict[str, str]:
    """The hidden fields (version, idempotency key) of the panel's `kind` step form."""
    form = re.search(rf'<form[^>]*data-step="{re.escape(kind)}".*?</form>', html, re.S)
    assert form, f"no {kind} form on the page"
    fields = dict(re.findall(r'name="(expected_version|idempotency_key)" value="([^"]*)"', form[0]))
    return fields
