# ruff: noqa: RUF001  (Ukrainian words are Cyrillic on purpose)
"""Which language the app speaks: the member's own choice, else the device's (the switch's
cookie, then Accept-Language), else the club's default (docs/i18n.md)."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import Club, Member
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db

RULES = "/app/rules/louisiana/"
TITLES = {"en": "Louisiana bourré", "fr": "Bourré de Louisiane", "uk": "Луїзіанське буре"}


def _language(response: object) -> str:
    return response["Content-Language"]  # type: ignore[index]


@pytest.fixture
def member(club: Club) -> Member:
    return make_member(club)


def test_the_browser_language_when_nobody_chose(member: Member) -> None:
    client = signed_in(member)
    assert _language(client.get("/app/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.8")) == "fr"
    assert _language(client.get("/app/", HTTP_ACCEPT_LANGUAGE="uk-UA")) == "uk"
    assert _language(client.get("/app/", HTTP_ACCEPT_LANGUAGE="en-GB")) == "en"


def test_the_club_default_when_the_browser_asks_for_none_of_ours(
    club: Club, member: Member
) -> None:
    club.default_language = "uk"
    club.save()
    client = signed_in(member)
    assert _language(client.get("/app/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")) == "uk"
    assert _language(client.get("/app/")) == "uk"
    assert _language(client.get("/app/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


def test_the_members_own_choice_wins_over_the_browser(club: Club, member: Member) -> None:
    client = signed_in(member)
    response = client.post("/app/language", {"language": "uk", "next": RULES})
    assert response.status_code == 302
    assert response["Location"] == RULES
    member.refresh_from_db()
    assert member.language == "uk"
    # Another device of the same member (no cookie), with a French browser.
    other = signed_in(member)
    page = other.get(RULES, HTTP_ACCEPT_LANGUAGE="fr")
    assert _language(page) == "uk"
    assert TITLES["uk"] in page.content.decode()


def test_a_device_without_an_account_keeps_the_switch(db: None) -> None:
    device = Client()
    assert TITLES["en"] in device.get(RULES, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    response = device.post("/app/language", {"language": "fr", "next": RULES})
    assert response.cookies["bourre_language"].value == "fr"
    assert response.cookies["bourre_language"]["max-age"] == 365 * 24 * 3600
    page = device.get(RULES, HTTP_ACCEPT_LANGUAGE="uk")  # the cookie wins over the browser
    assert _language(page) == "fr"
    html = page.content.decode()
    assert TITLES["fr"] in html
    assert '<html lang="fr">' in html
    assert 'aria-pressed="true">Français</button>' in html


def test_the_switch_refuses_what_it_does_not_offer(db: None) -> None:
    device = Client()
    response = device.post("/app/language", {"language": "de", "next": "https://evil.test/"})
    assert response.status_code == 302
    assert response["Location"] == "/app/"
    assert "bourre_language" not in response.cookies


def test_an_admin_sets_the_club_default(club: Club) -> None:
    admin = signed_in(make_member(club, "admin"))
    page = admin.get("/app/members/").content.decode()
    assert 'id="club-language"' in page
    response = admin.post("/app/club/language", {"language": "fr"})
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.default_language == "fr"
    admin.post("/app/club/language", {"language": "xx"})
    club.refresh_from_db()
    assert club.default_language == "fr"


def test_only_an_admin_sets_the_club_default(club: Club, member: Member) -> None:
    response = signed_in(member).post("/app/club/language", {"language": "uk"})
    assert response.status_code == 403
    club.refresh_from_db()
    assert club.default_language == "en"


def test_dates_follow_the_language(db: None) -> None:
    from datetime import date

    from django.template import engines
    from django.utils import translation

    template = engines["django"].from_string('{{ day|date:"DATE_FORMAT" }}')
    said = {}
    for language in ("en", "fr", "uk"):
        with translation.override(language):
            said[language] = template.render({"day": date(2026, 12, 1)})
    assert said["en"] == "Dec. 1, 2026"
    assert said["fr"] == "1 décembre 2026"
    assert said["uk"] == "01 грудня 2026 р."  # the genitive month


def test_a_display_without_an_account_falls_back_on_its_clubs_language(club: Club) -> None:
    """What the table display and the players' view call, knowing their table's club."""
    from django.test import RequestFactory

    from clubs.language import club_language

    club.default_language = "uk"
    factory = RequestFactory()
    assert club_language(club, factory.get("/live/x", HTTP_ACCEPT_LANGUAGE="de")) == "uk"
    assert club_language(club, factory.get("/live/x", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"
    chosen = factory.get("/live/x", HTTP_ACCEPT_LANGUAGE="fr")
    chosen.COOKIES["bourre_language"] = "en"
    assert club_language(club, chosen) == "en"
