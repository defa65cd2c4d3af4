"""`audit_run` as a service: a clean table, a tampered ledger row, a ledger that cannot be
rebuilt; each table's differences are the ledger app's own records."""

from __future__ import annotations

import pytest

from audits.models import AuditStatus
from audits.services import audit_run
from tests.audits.helpers import sitting_table, tamper_ledger_leg
from tests.clubs.helpers import make_club

pytestmark = pytest.mark.django_db(transaction=True)


def differences_of(run, table) -> list[dict]:  # type: ignore[no-untyped-def]
    return [d for d in run.ledger_differences if d["table_id"] == str(table.id)]


def test_an_untouched_table_has_no_differences() -> None:
    club = make_club()
    table = sitting_table(club, seed=41)
    run = audit_run()
    assert run.status == AuditStatus.SUCCEEDED
    assert run.chain_ok is True
    assert run.checked_events == run.head_position
    assert run.tables_by_club[str(club.id)] == 1
    assert differences_of(run, table) == []


def test_a_tampered_ledger_amount_is_the_first_difference(owner_dsn: str) -> None:
    club = make_club()
    table = sitting_table(club, seed=42)
    leg = tamper_ledger_leg(owner_dsn, table_id=str(table.id), add=-1)
    run = audit_run()
    assert run.status == AuditStatus.SUCCEEDED
    assert run.ledger_ok is False
    assert run.ok is False
    [entry] = differences_of(run, table)
    assert entry["club_id"] == str(club.id)
    assert entry["stream"] == f"table-{table.id}"
    first = entry["first_difference"]
    assert (first["position"], first["transaction"], first["leg"]) == leg["key"]
    assert (first["field"], first["expected"], first["stored"]) == (
        "amount",
        leg["amount"],
        leg["amount"] - 1,
    )
    assert run.chain_ok is True  # the log itself is intact: only the read model lies


def test_a_deleted_ledger_row_is_reported_missing(owner_dsn: str) -> None:
    import psycopg

    table = sitting_table(make_club(), seed=43)
    with psycopg.connect(owner_dsn) as conn:
        conn.execute(
            "DELETE FROM ledger_posting_leg WHERE id = (SELECT max(id) FROM ledger_posting_leg "
            "WHERE table_id = %s)",
            [str(table.id)],
        )
    [entry] = differences_of(audit_run(), table)
    assert entry["first_difference"]["problem"] == "missing"
