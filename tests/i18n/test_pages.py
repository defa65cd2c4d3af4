"""The pages this work owns, in French and Ukrainian, with no English word of the
interface left on them; and the checker catches English when there is some."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.i18n.english import english_left, visible_text
from tests.tableapp.helpers import make_member, signed_in

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
