"""`rebuild` for the ledger: the rebuild equals what was projected live, and
`--verify` reports differences without touching the live rows."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from eventlog.registry import rebuildables
from ledger.models import LedgerTable, PostingLeg
from ledger.rebuild import ledger_rebuild
from tests.ledger.helpers import RULED, a_deal_header, case, import_case, log_events, stream_of

pytestmark = pytest.mark.django_db


def snapshot(table_id):
    legs = PostingLeg.objects.filter(table_id=table_id).order_by("position", "transaction", "leg")
    fields = ("position", "kind", "account", "amount", "pot_after", "voided_by", "cause_position")
    table = LedgerTable.objects.get(table_id=table_id)
    meta = (table.club_id, table.name, table.players, table.pot, table.last_position)
    return meta, [tuple(getattr(leg, f) for f in fields) for leg in legs]


def test_the_ledger_is_registered_for_rebuild():
    assert rebuildables()["ledger"].rebuild is ledger_rebuild


@pytest.mark.parametrize("name", RULED)
def test_a_rebuilt_table_equals_the_live_one(club, name):
    table_id = import_case(club, name)
    events = [{"deal": a_deal_header(name)}, {"undo": {"reason": "oops"}}]
    if case(name)["transcript"].get("closed"):  # reopen it first: its closing is voided
        events.insert(0, {"undo": {"reason": "one more deal"}})
    log_events(club, table_id, events)
    live = snapshot(table_id)
    assert ledger_rebuild(stream=stream_of(table_id), verify=True).differences == ()

    report = ledger_rebuild(stream=stream_of(table_id))

    assert (report.name, report.streams, report.differences) == ("ledger", 1, ())
    assert snapshot(table_id) == live


def test_verify_lists_differences_and_leaves_them_for_the_rebuild_to_fix(club):
    table_id = import_case(club, "ukrainian-01-split")
    live = snapshot(table_id)
    leg = PostingLeg.objects.filter(table_id=table_id).last()
    PostingLeg.objects.filter(pk=leg.pk).update(amount=leg.amount + 5)
    LedgerTable.objects.filter(table_id=table_id).update(pot=1000)
    tampered = snapshot(table_id)

    report = ledger_rebuild(stream=str(table_id), verify=True)

    assert len(report.differences) == 2
    assert any("field=amount" in d and f"position={leg.position}" in d for d in report.differences)
    assert any("field=pot" in d for d in report.differences)
    assert snapshot(table_id) == tampered

    ledger_rebuild(stream=str(table_id))
    assert snapshot(table_id) == live


def test_a_full_rebuild_restores_a_lost_table_and_drops_rows_the_log_never_held(club):
    table_id = import_case(club, "occitan-01-share")
    live = snapshot(table_id)
    PostingLeg.objects.filter(table_id=table_id).delete()
    LedgerTable.objects.filter(table_id=table_id).delete()
    orphan = LedgerTable.objects.create(
        table_id="00000000-0000-4000-8000-000000000000", club_id=club.id
    )

    assert any(str(orphan.table_id) in d for d in ledger_rebuild(verify=True).differences)
    ledger_rebuild()

    assert snapshot(table_id) == live
    assert not LedgerTable.objects.filter(table_id=orphan.table_id).exists()
    assert ledger_rebuild(verify=True).differences == ()


def test_the_command_verifies_one_table(club, capsys):
    table_id = import_case(club, "louisiana-05-all-pass-then-ace")
    call_command("rebuild", "--table", str(table_id), "--verify", "--projection", "ledger")
    out = capsys.readouterr().out
    assert "ledger: verified 1 streams" in out
    assert "0 differences" in out
