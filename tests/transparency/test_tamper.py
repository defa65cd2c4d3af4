"""Tampering caught: an event rewritten by a superuser after the tree took it in gets a
receipt that fails at its index (the tree, never changed, still holds the original), while
a receipt taken before still stands."""

from __future__ import annotations

import pytest

from tests.transparency.helpers import auditor_of, closed_night, rewrite_payload, verify_receipt
from tlog.merkle import ProofError

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_rewritten_event_gets_a_receipt_that_fails_at_its_index(superuser_dsn):
    club, table_id = closed_night()
    club_id = str(club.id)
    reader = auditor_of(club)
    before = reader.get(f"/api/v1/tables/{table_id}/receipt?event=5").json()
    verify_receipt(before["receipt"], club_id)
    position = before["position"]
    original = rewrite_payload(superuser_dsn, club_id, position, '{"tampered": true}')
    try:
        after = reader.get(f"/api/v1/tables/{table_id}/receipt?event=5").json()
        with pytest.raises(ProofError, match=f"index {position - 1}: the entry is not in the"):
            verify_receipt(after["receipt"], club_id)
        verify_receipt(before["receipt"], club_id)
    finally:
        rewrite_payload(superuser_dsn, club_id, position, original)
    verify_receipt(
        reader.get(f"/api/v1/tables/{table_id}/receipt?event=5").json()["receipt"], club_id
    )
