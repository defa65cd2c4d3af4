# ruff: noqa: RUF001
"""A whole night in French and in Ukrainian, in a real browser whose language is set
(its Accept-Language): sign in, create a table, referee a deal with a renege, close and
settle up, with no English word of the interface on any page seen (tests/i18n/english.py
checks the page's text against every English source string). English is the control: the
checker sees its words there."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from clubs.services import member_create
from tests.clubs.helpers import make_club
from tests.i18n.english import english_left
from tests.tableapp.browser import TABLET
from tests.tableapp.helpers import PASSWORD
from tests.tableapp.test_browser import log_action, tap

pytestmark = pytest.mark.django_db(transaction=True)
CASES = Path(__file__).resolve().parent.parent / "conformance" / "cases"
HIDDEN_RENEGE = json.loads((CASES / "louisiana-01-hidden-renege.json").read_text())
#: What the browser asks for, and what the renege's ruling says in that language.
BROWSERS = {"fr": "fr-FR", "uk": "uk-UA", "en": "en-US"}
RENEGE = {
    "fr": "cy a fait une renonce au pli 3",
    "uk": "cy: порушення в хабарі 3",
    "en": "cy reneged in trick 3",
}


@pytest.fixture(params=["fr", "uk"])
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _device(browser: Any, language: str) -> Iterator[Any]:
    context = browser.new_context(viewport=TABLET, locale=BROWSERS[language])
    context.set_default_timeout(15_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def device(browser: Any, language: str) -> Iterator[Any]:
    yield from _device(browser, language)


def _no_english(page: Any, language: str, seen: list[str]) -> None:
    """The page is in `language` (its `lang`) and says no English source string."""
    assert page.get_attribute("html", "lang") == language, page.url
    left = english_left(page.inner_text("body"), language)
    assert left == [], f"{page.url}: {left}"
    seen.append(page.url)


def _sign_in_and_create(page: Any, base: str, language: str, seen: list[str]) -> str:
    # A user name that is no English word ("scorekeeper-1a2b" would be one).
    name = f"m-{uuid.uuid4().hex[:6]}"
    member = member_create(club=make_club(), username=name, password=PASSWORD, role="scorekeeper")
    page.goto(f"{base}/app/")
    page.wait_for_url("**/app/login/**")
    if language != "en":
        _no_english(page, language, seen)
    page.fill("input[name=username]", member.name)
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit].primary")
    page.wait_for_url(f"{base}/app/")
    if language != "en":
        _no_english(page, language, seen)
    page.fill("input[name=name]", "N° 7")  # no English in the name either
    page.fill("textarea[name=players]", "ana\nben\ncy\ndee")
    page.click("details.create form button[type=submit]")
    page.wait_for_url(re.compile(r"/app/tables/[0-9a-f-]+/$"))
    return str(page.url.rstrip("/").split("/")[-1])


def test_a_whole_night_in_the_browser_s_language(
    device: Any, live_server: Any, language: str
) -> None:
    page, base, seen = device, live_server.url, []
    table_id = _sign_in_and_create(page, base, language, seen)
    _no_english(page, language, seen)

    deal = HIDDEN_RENEGE["transcript"]["deals"][0]
    page.check(f"input[name=dealer][value={deal['dealer']}]")
    page.click(f".trump-picker label:has(input[value='{deal['trump']}'])")
    tap(page, "form[data-step='start the deal'] button[type=submit]")
    _no_english(page, language, seen)  # the declarations
    for action in deal["actions"][:5]:
        log_action(page, action)
    _no_english(page, language, seen)  # the card picker, the undo
    for action in deal["actions"][5:15]:
        log_action(page, action)
    assert page.locator(f".ruling:has-text('{RENEGE[language]}')").count() == 1
    _no_english(page, language, seen)  # the renege ruled in words
    for action in deal["actions"][15:]:
        log_action(page, action)
    _no_english(page, language, seen)  # the result, the next deal's form, the seats

    page.goto(f"{base}/app/tables/{table_id}/ruling")
    _no_english(page, language, seen)
    page.goto(f"{base}/app/tables/{table_id}/audit")
    _no_english(page, language, seen)
    page.goto(f"{base}/app/tables/{table_id}/close")
    _no_english(page, language, seen)  # the shares, before confirming
    page.click("form button[type=submit].danger")
    page.wait_for_url(f"**/app/tables/{table_id}/settle-up")
    assert page.locator(".settle-list .transfers li").count() > 0
    _no_english(page, language, seen)
    page.goto(f"{base}/app/tables/{table_id}/")
    _no_english(page, language, seen)  # the closed table
    page.goto(f"{base}/app/standings/?period=all")
    _no_english(page, language, seen)
    assert len(seen) == 13


def test_the_checker_sees_the_english_of_an_english_night(browser: Any, live_server: Any) -> None:
    """The control: the same pages in English are full of the source strings."""
    for page in _device(browser, "en"):
        _sign_in_and_create(page, live_server.url, "en", [])
        assert page.get_attribute("html", "lang") == "en"
        left = english_left(page.inner_text("body"), "fr")
        assert {"Start the deal", "Ante for this deal", "Sign out"} <= set(left)
