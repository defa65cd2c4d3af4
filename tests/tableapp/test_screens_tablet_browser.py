"""The tablet's last stumbles (issue 39), each finding a test in English, French and
Ukrainian: the card picker in view with eight seats, long names inside their seats, the
conflict notice that names what the other tablet logged, the undo before the take-back,
a viewer link revoked only once confirmed, the cards and words in the reader's language."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.clubs.helpers import make_club
from tests.tableapp.helpers import make_member
from tests.tableapp.screens import LANGUAGES, night_table
from tests.tableapp.test_overflow_sweep import _sign_in

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("BOURRE_SCREENS_SHOTS")
PORTRAIT = {"width": 768, "height": 1024}
LANDSCAPE = {"width": 1024, "height": 768}


def _speaking(member: Any, language: str) -> Any:
    member.language = language
    member.save(update_fields=["language"])
    return member


@pytest.mark.parametrize("language", LANGUAGES)
def test_5_the_card_picker_is_in_view_mid_deal_with_eight_seats(
    page: Any, live_server: Any, language: str
) -> None:
    """Portrait (768x1024) and landscape (1024x768): every card of the picker on screen
    without scrolling (at most the first row was, portrait; none to two rows, landscape)."""
    club = make_club()
    table = night_table(club, 8, "trick", hands=False)
    _sign_in(page, live_server.url, _speaking(make_member(club, "scorekeeper"), language))
    for viewport in (PORTRAIT, LANDSCAPE):
        page.set_viewport_size(viewport)
        page.goto(f"{live_server.url}/app/tables/{table.id}/")
        cards = page.locator("form[data-step=play] button.cardbtn")
        assert cards.count() == 52
        boxes = cards.evaluate_all("bs => bs.map(b => b.getBoundingClientRect().bottom)")
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{SHOTS}/tablet-{language}-{viewport['width']}.png")
        assert max(boxes) <= viewport["height"], (viewport, max(boxes))
        assert page.evaluate("window.scrollY") == 0
