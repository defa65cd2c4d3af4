"""Undo, differentially: random sittings from the reference's strategies are posted to a
table one event at a time through the services, with some events posted, undone and
posted again; the table's ruling must be the reference's ruling of the transcript (an
undone event is as if it had never been logged)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.models import Table
from games.selectors import table_ruling
from games.services import commands_parse, table_create, table_events_append
from tests.clubs.helpers import make_club
from tests.reference.referee import Refused, referee
from tests.reference.transcripts import SIZES, Sim, sittings

pytestmark = pytest.mark.django_db


def _events(doc: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for deal in doc["deals"]:
        out.append({"deal": {k: v for k, v in deal.items() if k != "actions"}})
        out.extend(deal["actions"])
    return out


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(sim=st.sampled_from(sorted(SIZES)).flatmap(sittings), undo=st.data())
def test_undone_events_are_as_if_never_logged(sim: Sim, undo: Any) -> None:
    doc = {k: v for k, v in sim.transcript.items() if k != "closed"}
    try:
        expected = referee(doc)
    except Refused:
        assume(False)
    club = make_club()
    table: Table = table_create(
        club=club, name="t", variant=doc["variant"], players=doc["players"],
        options=doc["options"],
    )  # fmt: skip
    version = 1
    events = _events(doc)
    undone = 0
    for n, event in enumerate(events):
        # An action (not a deal: a settled deal is final once the next one starts) may
        # be posted, undone, and posted again.
        again = "deal" not in event and undo.draw(st.integers(0, 4), label=f"undo {n}") == 0
        posts = (
            [[event], [{"undo": {"reason": "tapped by mistake"}}], [event]] if again else [[event]]
        )
        for batch in posts:
            outcome = table_events_append(
                table_id=table.id,
                club=club,
                expected_version=version,
                commands=commands_parse(batch),
            )
            version = outcome.body["version"]
        undone += again
    table.refresh_from_db()
    assert table_ruling(table=Table.objects.select_related("snapshot").get(id=table.id)) == expected
