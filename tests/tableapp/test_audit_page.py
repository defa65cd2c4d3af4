"""The auditor's page says what it shows in the reader's language: the events' types and
the seat changes in words (not `CardPlayed`, not "player eve, seat_after None"), what a
failed audit found as sentences (not a Python dict), and its times in the club's time
zone, named."""

from __future__ import annotations

import re
from datetime import UTC
from html import unescape
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import translation
from django.utils.formats import date_format

from clubs.models import Club
from games.models import Table
from games.services import table_create
from ledger.models import PostingLeg
from tests.clubs.helpers import make_club
from tests.games.api.sittings import EVENING
from tests.ledger.helpers import events_of, log_events
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db


def evening(club: Club) -> Table:
    """ana, ben and cy; dee arrives after cy, ben leaves, eve takes the first seat; the
    table closes."""
    table = table_create(
        club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"], options={}
    )
    for events in EVENING:
        log_events(club, table.id, events)
    return table


def reader(club: Club, language: str) -> Client:
    member = make_member(club, "auditor")
    member.language = language
    member.save(update_fields=["language"])
    return signed_in(member)


def cells(html: str, column: int) -> list[str]:
    """The text of one column of the page's events table."""
    table = re.search(r'<table class="[^"]*\bevents"', html)
    assert table is not None
    body = html[table.start() :]
    rows = re.findall(r'<tr id="event-\d+"[^>]*>(.*?)</tr>', body, re.S)
    return [
        unescape(re.sub(r"<[^>]+>", "", re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)[column]))
        for r in rows
    ]


def test_the_events_are_said_in_words_in_the_readers_language() -> None:
    club = make_club()
    table = evening(club)
    html = reader(club, "fr").get(f"/app/tables/{table.id}/audit").content.decode()

    types = cells(html, 1)
    assert not [t for t in types if re.fullmatch(r"[A-Z][a-z]+[A-Z]\w+", t)], types
    assert {"table créée", "donne commencée", "annonce", "décision rendue"} <= set(types)
    assert {"arrivée d'un joueur", "départ d'un joueur", "table fermée"} <= set(types)
    said = cells(html, 2)
    assert "dee rejoint la table, assis après cy" in said
    assert "eve rejoint la table à la première place" in said
    assert "ben quitte la table" in said
    assert not [s for s in said if "seat_after" in s], said

    uk = reader(club, "uk").get(f"/app/tables/{table.id}/audit").content.decode()
    assert {"стіл створено", "гравець сів за стіл", "стіл закрито"} <= set(cells(uk, 1))


def test_a_ledger_difference_is_a_sentence_naming_the_event_as_the_page_does() -> None:
    club = make_club()
    table = evening(club)
    leg = PostingLeg.objects.filter(table_id=table.id, kind="ante").order_by("position").first()
    PostingLeg.objects.filter(pk=leg.pk).update(amount=leg.amount - 1)
    client = reader(club, "fr")

    for path in ("audit", "audit/check"):
        html = unescape(client.get(f"/app/tables/{table.id}/{path}").content.decode())
        assert "'problem'" not in html
        assert (
            f"Événement #{leg.version}, écriture 1, ligne {leg.leg + 1}, montant\u00a0: "
            f"la comptabilité indique {leg.amount - 1}, les événements donnent {leg.amount}."
        ) in html, html[html.index('id="audit-result"') :][:2000]


def test_the_times_are_the_clubs_and_say_so() -> None:
    club = make_club()
    club.time_zone = "America/Chicago"
    club.save(update_fields=["time_zone"])
    table = evening(club)
    html = reader(club, "en").get(f"/app/tables/{table.id}/audit").content.decode()

    assert "Recorded (America/Chicago)" in html
    recorded = events_of(table.id)[0].recorded_at
    with translation.override("en"):
        there = date_format(
            recorded.astimezone(ZoneInfo("America/Chicago")), "SHORT_DATETIME_FORMAT"
        )
        utc = date_format(recorded.astimezone(UTC), "SHORT_DATETIME_FORMAT")
    assert there != utc
    assert cells(html, 4)[0] == there
    assert re.search(r"Checked \d\d:\d\d:\d\d \(America/Chicago\)", html)


def test_an_undone_event_and_the_rulings_it_caused_are_marked_with_their_undo() -> None:
    club = make_club()
    table = evening(club)
    log_events(club, table.id, [{"undo": {"reason": "closed by mistake"}}])  # the closing
    events = events_of(table.id)
    undo, closing = events[-1], next(e for e in events if e.type == "TableClosed")
    ruled = [e.version for e in events if e.data.get("cause_version") == closing.version]
    html = reader(club, "fr").get(f"/app/tables/{table.id}/audit").content.decode()

    undone = re.findall(r'<tr id="event-(\d+)" class="undone">.*?#(\d+)</a>', html, re.S)
    assert undone == [(str(v), str(undo.version)) for v in [closing.version, *ruled]]
    assert f"annulé par #{undo.version}" in html
    # The undo names what it took back by the same number ("#12", not "event 12").
    assert f"a annulé l&#x27;événement #{closing.version}" in html


@pytest.mark.django_db(transaction=True)
def test_a_broken_chain_names_the_event_as_the_page_does_and_says_why(superuser_dsn) -> None:
    from tests.ledger.test_audit import rewritten_payload

    club = make_club()
    table = evening(club)
    declared = next(e for e in events_of(table.id) if e.data.get("declare") == "play")
    client = reader(club, "fr")

    with rewritten_payload(superuser_dsn, declared, {**declared.data, "declare": "pass"}):
        html = unescape(client.get(f"/app/tables/{table.id}/audit").content.decode())

    assert (
        f"rompue à l'événement #{declared.version}, position {declared.position} "
        "(le contenu d'un événement ne correspond pas à son hachage)"
    ) in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "fr",
            "Les événements ne peuvent pas être comptabilisés\u00a0: événement #{event}\u00a0: la "
            "première écriture (pot gagné) ne s'équilibre pas (sa somme n'est pas nulle)",
        ),
        (
            "uk",
            "Події неможливо провести в облік: подія #{event}: перша проводка (виграний банк) "
            "не зводиться до нуля",
        ),
    ],
)
def test_a_ledger_that_cannot_be_booked_names_the_posting_in_words(
    superuser_dsn, language, said
) -> None:
    """It said "event 518: posting 0 (pot_won) does not sum to zero": the club's position,
    the posting's index from 0 and the kind's machine name."""
    from tests.ledger.test_audit import rewritten_payload

    club = make_club()
    table = evening(club)
    won = next(e for e in events_of(table.id) if e.data.get("kind") == "pot_won")
    [posting] = won.data["postings"]
    forged = {**won.data, "postings": [{**posting, "legs": [*posting["legs"], ["pot", 1]]}]}

    with rewritten_payload(superuser_dsn, won, forged):
        page = reader(club, language).get(f"/app/tables/{table.id}/audit")
    html = unescape(page.content.decode())

    assert said.format(event=won.version) in html
