"""A rebuild under newer rules reproduces the recorded history: the settled deals' recorded
`RulingMade` events are the truth, not today's engine."""

from __future__ import annotations

import random
from dataclasses import replace
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from games.engine import rule_transcript
from games.engine.simulate import random_sitting
from games.engine.variants.louisiana import Louisiana
from games.models import Table
from games.selectors import table_ruling, table_state, table_transcript
from games.services import table_import
from ledger.models import LedgerTable, PostingLeg
from tests.clubs.helpers import make_club

pytestmark = pytest.mark.django_db


def _newer_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules change: a bourré now pays twice what it owes into the next pot."""
    original = Louisiana.settle

    def settle(self: Louisiana, facts: Any, options: Any) -> Any:
        result = original(self, facts, options)
        return replace(result, penalties={p: 2 * n for p, n in result.penalties.items()})

    monkeypatch.setattr(Louisiana, "settle", settle)


def _table_with_a_bourre(monkeypatch: pytest.MonkeyPatch) -> tuple[Table, dict[str, Any]]:
    club = make_club()
    for seed in range(40):
        transcript = random_sitting(random.Random(seed), "louisiana", 4, 4).transcript
        with monkeypatch.context() as patched:
            _newer_rules(patched)
            rejudged = rule_transcript(transcript)
        if rejudged != rule_transcript(transcript):  # the change matters to this sitting
            return table_import(club=club, name=f"sitting {seed}", transcript=transcript), rejudged
    raise AssertionError("no sitting with a bourré in 40 seeds")


def _snapshot(table: Table) -> tuple[Any, ...]:
    table = Table.objects.select_related("snapshot").get(id=table.id)
    legs = list(
        PostingLeg.objects.filter(table_id=table.id)
        .order_by("position", "transaction", "leg")
        .values_list("position", "kind", "account", "amount", "voided_by")
    )
    pot = LedgerTable.objects.get(table_id=table.id).pot
    return table_state(table=table), table_ruling(table=table), legs, pot


def test_a_rebuild_under_newer_rules_keeps_the_recorded_rulings_and_ledger(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table, rejudged = _table_with_a_bourre(monkeypatch)
    recorded = _snapshot(table)
    assert recorded[1] != rejudged  # today's engine alone would rule otherwise

    _newer_rules(monkeypatch)
    out = StringIO()
    call_command("rebuild", "--table", str(table.id), stdout=out)
    assert _snapshot(table) == recorded
    call_command("rebuild", "--table", str(table.id), "--verify", stdout=out)
    assert out.getvalue().strip().endswith("0 differences"), out.getvalue()
    # The transcript is the same facts, and the engine under the new rules still re-judges
    # it differently: only the recorded rulings make the rebuild reproduce history.
    assert rule_transcript(table_transcript(table=table)) == rejudged
