"""The room's screens (issue 39), each finding a test in English, French and Ukrainian:
the TV display laid out as a table that fits the screen, every ruling shown, and the
tablet's last stumbles."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.clubs.helpers import make_club
from tests.tableapp.screens import (
    LANGUAGES,
    TV_720,
    TV_1080,
    display_url,
    in_language,
    layout_faults,
    night_table,
)

pytestmark = pytest.mark.django_db(transaction=True)
#: A directory to save a picture of each display the layout test checks.
SHOTS = os.environ.get("BOURRE_SCREENS_SHOTS")


@pytest.fixture
def tv(browser: Any) -> Any:
    context = browser.new_context(viewport=TV_1080)
    context.set_default_timeout(15_000)
    try:
        yield context
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_1_the_display_fits_a_tv_with_2_to_8_players_and_long_names(
    tv: Any, live_server: Any, language: str
) -> None:
    """At 1280x720 and 1920x1080, with 2, 5 and 8 players named with 40 characters,
    mid-trick, between deals and once closed: nothing outside the screen, no box over
    another (with 5 players the trick sat below the screen's edge, at 1280x720 off it)."""
    club = make_club()
    in_language(tv, live_server.url, language)
    page = tv.new_page()
    found: dict[str, list[str]] = {}
    for count in (2, 5, 8):
        for moment in ("trick", "between", "closed"):
            table = night_table(club, count, moment)
            url = display_url(live_server.url, club, table)
            for size in (TV_720, TV_1080):
                page.set_viewport_size(size)
                page.goto(url)
                page.locator("#board .felt").wait_for()
                where = f"{count} players, {moment}, {size['width']}x{size['height']}"
                if moment == "trick":
                    assert page.locator("#board .felt .played").count() >= 1, where
                faults = layout_faults(page)
                if faults:
                    found[where] = faults
                if SHOTS:
                    Path(SHOTS).mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=f"{SHOTS}/{language}-{count}-{moment}-{size['width']}.png")
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
