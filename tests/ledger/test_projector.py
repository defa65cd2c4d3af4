"""The inline projector books every ruling's postings as the games service appends them."""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from eventlog.registry import project_inline
from games.engine import rule_transcript
from ledger import rows
from ledger.folding import LedgerError
from ledger.models import LedgerTable, PostingLeg
from ledger.selectors import ledger_balances
from tests.ledger.helpers import (
    RULED,
    a_deal_header,
    append_projected,
    case,
    events_of,
    import_case,
    log_events,
    ruling,
    stream_of,
    table_created,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", RULED)
def test_balances_and_pot_are_the_engines_ruling(club, name):
    table_id = import_case(club, name)
    expected = rule_transcript(case(name)["transcript"])
    balances = ledger_balances(table_id=table_id)
    assert balances.balances == expected["balances"]
    assert balances.pot == expected["pot"]
    assert sum(balances.balances.values()) + balances.pot == 0


@pytest.mark.parametrize("name", RULED)
def test_every_transaction_sums_to_zero_and_the_pot_never_dips(club, name):
    table_id = import_case(club, name)
    sums: dict[tuple[int, int], int] = defaultdict(int)
    for leg in PostingLeg.objects.filter(table_id=table_id):
        sums[(leg.position, leg.transaction)] += leg.amount
        assert leg.pot_after >= 0
    assert sums
    assert set(sums.values()) == {0}


def test_each_leg_names_the_ruling_and_the_game_event_that_caused_it(club):
    table_id = import_case(club, "louisiana-02-tie-bourre-lone")
    by_position = {e.position: e for e in events_of(table_id)}
    legs = list(PostingLeg.objects.filter(table_id=table_id))
    kinds = {leg.kind for leg in legs}
    assert {"ante", "penalty", "carry", "pot_won"} <= kinds
    for leg in legs:
        made = by_position[leg.position]
        assert made.type == "RulingMade"
        assert by_position[leg.cause_position].version == made.data["cause_version"]
        assert by_position[leg.cause_position].type != "RulingMade"
        assert leg.deal == made.data["deal"]


def test_the_table_row_knows_club_players_and_pot(club):
    table_id = import_case(club, "ukrainian-01-split")
    table = LedgerTable.objects.get(table_id=table_id)
    expected = rule_transcript(case("ukrainian-01-split")["transcript"])
    assert table.club_id == club.id
    assert table.players == list(case("ukrainian-01-split")["transcript"]["players"])
    assert table.pot == expected["pot"]
    assert table.last_position == max(
        leg.position for leg in PostingLeg.objects.filter(table_id=table_id)
    )


def test_a_card_play_that_moves_no_chips_costs_the_ledger_no_query(club, table_id):
    stream = stream_of(table_id)
    append_projected(stream, [table_created(table_id)])
    with CaptureQueriesContext(connection) as queries:
        append_projected(stream, [ruling("trick_won", [])])
    assert not [q for q in queries.captured_queries if "ledger_" in q["sql"]]


@pytest.mark.parametrize("distributed", [False, True])
def test_a_ruling_that_moves_chips_costs_one_statement(club, table_id, monkeypatch, distributed):
    """One statement (`rulings_book`); where the ledger's tables are distributed (Citus), the
    long way's three (lock the row, insert the legs, move the pot), booking the same."""
    if distributed:
        monkeypatch.setattr(rows, "distributed", lambda: True)
    stream = stream_of(table_id)
    append_projected(stream, [table_created(table_id)])
    with CaptureQueriesContext(connection) as queries:
        append_projected(
            stream,
            [
                ruling(
                    "deal_started", [("ante", [("player:ana", -1), ("player:ben", -1), ("pot", 2)])]
                )
            ],
        )
    sent = [q for q in queries.captured_queries if "ledger_" in q["sql"]]
    assert len(sent) == (3 if rows.distributed() else 1), sent
    assert LedgerTable.objects.get(table_id=table_id).pot == 2
    assert ledger_balances(table_id=table_id).balances == {"ana": -1, "ben": -1}


def test_one_statement_of_one_text_whatever_the_number_of_legs(club, table_id):
    """The legs go as one JSON parameter: the statement's text and its few parameters are
    the same for two legs as for five, so psycopg parses it once (a VALUES list of 16
    parameters a leg was parsed again at every play), and the legs it books are each
    posting's, at the table's pot, with the ruling's time to the microsecond."""
    stream = stream_of(table_id)
    append_projected(stream, [table_created(table_id)])
    postings = [
        [("ante", [("player:ana", -1), ("player:ben", -1), ("pot", 2)])],
        [("pot", [("pot", -2), ("player:ana", 2)]), ("fee", [("player:ben", -3), ("pot", 3)])],
    ]
    sent: list[tuple[str, int]] = []

    def noted(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        if "ledger_" in sql:
            sent.append((sql, len(params)))
        return execute(sql, params, many, context)

    events = []
    with connection.execute_wrapper(noted):
        for kind, legs in zip(("deal_started", "pot_won"), postings, strict=True):
            events += append_projected(stream, [ruling(kind, legs)])
    if not rows.distributed():  # on Citus the long way's statements (the test above)
        assert len(sent) == 2
        assert sent[0] == sent[1]  # the same text, the same 9 parameters
        assert sent[0][1] <= 50
    assert LedgerTable.objects.get(table_id=table_id).pot == 3
    booked = PostingLeg.objects.filter(table_id=table_id).order_by("position", "transaction", "leg")
    assert [(leg.account, leg.amount, leg.pot_after) for leg in booked] == [
        ("player:ana", -1, 2), ("player:ben", -1, 2), ("pot", 2, 2),
        ("pot", -2, 0), ("player:ana", 2, 0), ("player:ben", -3, 3), ("pot", 3, 3),
    ]  # fmt: skip
    times = {e.position: e.recorded_at for e in events}
    assert all(leg.recorded_at == times[leg.position] for leg in booked)
    assert ledger_balances(table_id=table_id).balances == {"ana": 1, "ben": -4}


def test_a_posting_that_would_empty_the_pot_below_zero_is_refused_with_its_append(table_id):
    stream = stream_of(table_id)
    append_projected(
        stream,
        [
            table_created(table_id),
            ruling("deal_started", [("ante", [("player:ana", -1), ("pot", 1)])]),
        ],
    )
    with pytest.raises(LedgerError, match="pot to -1"):
        append_projected(
            stream, [ruling("pot_won", [("pot_won", [("pot", -2), ("player:ben", 2)])])]
        )
    assert len(events_of(table_id)) == 2
    assert LedgerTable.objects.get(table_id=table_id).pot == 1
    assert ledger_balances(table_id=table_id).balances == {"ana": -1, "ben": 0}


def test_a_posting_that_does_not_balance_is_refused_with_its_append(table_id):
    stream = stream_of(table_id)
    append_projected(stream, [table_created(table_id)])
    with pytest.raises(LedgerError, match="does not sum to zero"):
        append_projected(
            stream, [ruling("deal_started", [("ante", [("player:ana", -1), ("pot", 2)])])]
        )
    assert len(events_of(table_id)) == 1
    assert not PostingLeg.objects.filter(table_id=table_id).exists()


def test_players_may_owe_chips(club):
    table_id = import_case(club, "louisiana-02-tie-bourre-lone")
    assert min(ledger_balances(table_id=table_id).balances.values()) < 0


def test_an_undo_voids_the_postings_of_the_rulings_it_takes_back(club):
    table_id = import_case(club, "occitan-01-share")
    before = ledger_balances(table_id=table_id)
    log_events(club, table_id, [{"deal": a_deal_header("occitan-01-share")}])
    antes = ledger_balances(table_id=table_id)
    assert antes.pot > before.pot
    body = log_events(club, table_id, [{"undo": {"reason": "logged a deal too many"}}])
    undo_position = events_of(table_id)[-1].position
    assert ledger_balances(table_id=table_id) == before
    voided = PostingLeg.objects.filter(table_id=table_id, voided_by__isnull=False)
    assert voided.exists()
    assert {leg.voided_by for leg in voided} == {undo_position}
    assert {leg.kind for leg in voided} == {"ante"}
    assert LedgerTable.objects.get(table_id=table_id).pot == before.pot
    assert body["undone"]


def test_events_handed_over_twice_are_booked_once(table_id):
    stream = stream_of(table_id)
    ante = ruling("deal_started", [("ante", [("player:ana", -1), ("player:ben", -1), ("pot", 2)])])
    _created, made = append_projected(stream, [table_created(table_id), ante])
    project_inline([made])
    assert PostingLeg.objects.filter(table_id=table_id).count() == 3
    assert LedgerTable.objects.get(table_id=table_id).pot == 2
