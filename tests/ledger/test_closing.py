"""Closing a table in the ledger: the pot goes to the players of the last deal in one
`closing_share` posting, tied to the `TableClosed` event; an undo of the close voids it,
and the audit and a rebuild agree with what was booked live."""

from __future__ import annotations

import pytest

from games.engine import rule_transcript
from ledger.audit import ledger_audit
from ledger.models import LedgerTable, PostingLeg
from ledger.rebuild import ledger_rebuild
from ledger.selectors import ledger_balances
from tests.ledger.helpers import case, events_of, import_case, log_events, stream_of

pytestmark = pytest.mark.django_db

SITTINGS = [
    "sitting-01-louisiana-roster-close",
    "sitting-02-comtadine-close",
    "sitting-03-ukrainian-close",
]


@pytest.mark.parametrize("name", SITTINGS)
def test_the_closing_shares_are_booked_against_the_close_event(club, name):
    table_id = import_case(club, name)
    closing = case(name)["expected"]["closing"]
    by_position = {e.position: e for e in events_of(table_id)}
    legs = list(PostingLeg.objects.filter(table_id=table_id, kind="closing_share"))
    assert {leg.account: leg.amount for leg in legs} == {
        "pot": -closing["pot"],
        **{f"player:{p}": n for p, n in closing["shares"].items() if n},
    }
    for leg in legs:
        assert by_position[leg.cause_position].type == "TableClosed"
        assert (leg.ruling, leg.deal) == ("table_closed", None)
    assert legs[-1].pot_after == 0
    assert LedgerTable.objects.get(table_id=table_id).pot == 0
    assert ledger_audit(table_id=table_id)["ok"]


def test_undoing_the_close_voids_its_shares_and_the_rebuild_agrees(club):
    name = "sitting-01-louisiana-roster-close"
    table_id = import_case(club, name)
    open_sitting = rule_transcript({**case(name)["transcript"], "closed": False})
    log_events(club, table_id, [{"undo": {"reason": "one more deal"}}])
    balances = ledger_balances(table_id=table_id)
    assert balances.pot == open_sitting["pot"] == 14
    assert balances.balances == open_sitting["balances"]
    voided = list(PostingLeg.objects.filter(table_id=table_id, kind="closing_share"))
    assert voided
    assert all(leg.voided_by is not None for leg in voided)
    assert ledger_audit(table_id=table_id)["ok"]
    assert ledger_rebuild(stream=stream_of(table_id), verify=True).differences == ()
    # Closed again: booked anew, the voided shares kept for the audit.
    log_events(club, table_id, [{"close": {}}])
    assert ledger_balances(table_id=table_id).balances == case(name)["expected"]["balances"]
    assert PostingLeg.objects.filter(table_id=table_id, kind="closing_share").count() == 2 * len(
        voided
    )
    assert ledger_rebuild(stream=stream_of(table_id), verify=True).differences == ()
