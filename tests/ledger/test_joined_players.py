"""A player who joins a running table is in the ledger's player list (seat order) and has a
balance there from the start; an undone join takes them out again; a rebuild agrees."""

from __future__ import annotations

import pytest

from games.services.tables import table_create
from ledger.models import LedgerTable
from ledger.rebuild import ledger_rebuild
from ledger.selectors import ledger_balances
from tests.ledger.helpers import log_events, stream_of

pytestmark = pytest.mark.django_db


def _players(table_id):
    return LedgerTable.objects.get(table_id=table_id).players


def test_a_late_joiner_is_in_the_ledger_players_and_balances(club):
    table = table_create(club=club, name="night", variant="louisiana", players=["ana", "ben", "cy"])
    log_events(club, table.id, [{"join": {"player": "eve", "seat_after": "ana"}}])
    assert _players(table.id) == ["ana", "eve", "ben", "cy"]
    assert ledger_balances(table_id=table.id).balances == {"ana": 0, "eve": 0, "ben": 0, "cy": 0}
    log_events(club, table.id, [{"join": {"player": "dee", "seat_after": None}}])
    assert _players(table.id) == ["dee", "ana", "eve", "ben", "cy"]

    log_events(club, table.id, [{"undo": {"reason": "eve went home"}}])
    assert _players(table.id) == ["ana", "eve", "ben", "cy"]
    assert ledger_rebuild(stream=stream_of(table.id), verify=True).differences == ()
    ledger_rebuild(stream=stream_of(table.id))
    assert _players(table.id) == ["ana", "eve", "ben", "cy"]
