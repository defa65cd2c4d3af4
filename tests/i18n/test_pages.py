"""The pages this work owns, in French and Ukrainian, with no English word of the
interface left on them; and the checker catches English when there is some."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client

from clubs.services import member_create
from live.services import viewer_create
from tests.clubs.helpers import make_club
from tests.i18n.english import english_left, visible_text
from tests.live.helpers import DEAL, DECLARATIONS, live_table
from tests.tableapp.helpers import PASSWORD, make_member, signed_in

pytestmark = pytest.mark.django_db

PAGES = ["/app/rules/"] + [
    f"/app/rules/{variant}/" for variant in ("louisiana", "ukrainian", "occitan", "comtadine")
]


def _device(language: str) -> Client:
    device = Client()
    device.cookies["bourre_language"] = language
    return device


@pytest.mark.parametrize("language", ["fr", "uk"])
@pytest.mark.parametrize("path", PAGES)
def test_the_rules_pages_say_no_english(language: str, path: str) -> None:
    response = _device(language).get(path)
    assert response.status_code == 200
    assert response["Content-Language"] == language
    text = visible_text(response.content.decode())
    assert english_left(text, language) == []
    assert "English" in text  # the switch names each language in its own words


@pytest.mark.parametrize("language", ["fr", "uk"])
def test_the_club_language_section_says_no_english(club: object, language: str) -> None:
    admin = make_member(club, "admin")  # type: ignore[arg-type]
    admin.language = language
    admin.save()
    page = signed_in(admin).get("/app/members/").content.decode()
    start = page.index('id="club-language"')
    section = page[start : page.index("</section>", start)]
    assert english_left(visible_text(section), language) == []


def test_the_checker_finds_english_left_over() -> None:
    page = "<main><h2>Le pot et les pénalités</h2><p>ana takes the pot: 4</p><p>Rules</p></main>"
    left = english_left(visible_text(page), "fr")
    assert "%(player)s takes the pot: %(amount)d" in left
    assert "Rules" in left
    assert english_left("<p>Le pot et les pénalités</p>", "fr") == []


def test_the_rules_in_english_are_english() -> None:
    """A page shown in English is, of course, all msgids: the checker sees them."""
    text = visible_text(Client().get("/app/rules/louisiana/").content.decode())
    assert "Follow suit if you can." in english_left(text, "uk")


def test_an_unknown_variant_has_no_rules_page() -> None:
    assert Client().get("/app/rules/poker/").status_code == 404


def _member_in(language: str, role: str = "admin") -> Any:
    member = member_create(
        club=make_club(), username=f"m-{uuid.uuid4().hex[:6]}", password=PASSWORD, role=role
    )
    member.language = language
    member.save()
    return member


@pytest.mark.parametrize("language", ["fr", "uk"])
def test_the_club_s_pages_say_no_english(language: str) -> None:
    """The tables list with its new-table form, the members page and a member's, the
    standings."""
    member = _member_in(language)
    device = signed_in(member)
    member_page = f"/app/members/{member.pk}/"
    for path in ("/app/", "/app/members/", member_page, "/app/standings/?period=month"):
        response = device.get(path)
        assert response.status_code == 200, path
        assert english_left(visible_text(response.content.decode()), language) == [], path


@pytest.mark.parametrize("language", ["fr", "uk"])
def test_the_display_and_the_players_view_say_no_english(language: str) -> None:
    """The table display (TV), the viewer links page and a player's phone, mid-deal."""
    live = live_table(name="N° 7")
    live.log(DEAL, *DECLARATIONS)
    member = _member_in(language)
    member.club = live.club
    member.save()
    device = signed_in(member)
    viewer = viewer_create(club=live.club, table=live.table, created_by=member.name)
    phone = _device(language)
    pages = {
        f"/app/tables/{live.id}/display": device,
        f"/app/tables/{live.id}/viewers": device,
        f"/v/{viewer.token}": phone,
        "/join": phone,
    }
    for path, client in pages.items():
        response = client.get(path, follow=True)
        assert response.status_code == 200, path
        text = visible_text(response.content.decode())
        assert english_left(text, language) == [], path


def test_a_player_s_phone_follows_the_club_then_its_own_switch() -> None:
    """No account: the club's default language until the phone's switch chooses, which the
    phone keeps (its cookie)."""
    live = live_table()
    live.club.default_language = "uk"
    live.club.save()
    viewer = viewer_create(club=live.club, table=live.table, created_by="someone")
    phone = Client()
    page = phone.get(f"/v/{viewer.token}").content.decode()
    assert '<html lang="uk">' in page
    assert 'class="language-switch"' in page  # the switch, on the phone too
    phone.post("/app/language", {"language": "fr", "next": f"/v/{viewer.token}"})
    assert '<html lang="fr">' in phone.get(f"/v/{viewer.token}").content.decode()
