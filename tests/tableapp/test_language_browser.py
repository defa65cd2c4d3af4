# ruff: noqa: RUF001
"""The language switch in a real browser, on a device without an account (as the table
display and the players' view will be): one tap, the page in that language with no
English word of the interface left (tests/i18n/english.py), kept after a reload."""

from __future__ import annotations

from typing import Any

import pytest

from tests.i18n.english import english_left

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_switch_changes_the_language_and_keeps_it(page: Any, live_server: Any) -> None:
    page.goto(f"{live_server.url}/app/rules/louisiana/")
    assert page.locator("h1").inner_text() == "Louisiana bourré"
    assert page.get_attribute("html", "lang") == "en"

    page.click(".language-switch button[lang=fr]")
    page.wait_for_selector("html[lang=fr]")
    assert page.locator("h1").inner_text() == "Bourré de Louisiane"
    assert english_left(page.inner_text("body"), "fr") == []

    page.reload()
    assert page.get_attribute("html", "lang") == "fr"
    assert page.get_attribute(".language-switch button[lang=fr]", "aria-pressed") == "true"

    page.click(".language-switch button[lang=uk]")
    page.wait_for_selector("html[lang=uk]")
    assert page.locator("h1").inner_text() == "Луїзіанське буре"
    assert english_left(page.inner_text("body"), "uk") == []
    assert page.url.endswith("/app/rules/louisiana/")  # back where the switch was tapped
