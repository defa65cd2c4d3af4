# ruff: noqa: RUF001
"""The new-table form's refusals name the house option and the variant as the form shows
them, in the reader's language: "Mise doit être un nombre entier" beside the field labelled
"mise", not the engine's `ante`; "Bourré de Louisiane", not `louisiana`."""

from __future__ import annotations

import html
import re

import pytest

from tests.clubs.helpers import make_club
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db

#: What the form says for its ante and its variant, per language.
WORDS = {
    "en": ("ante", "Louisiana bourré"),
    "fr": ("mise", "Bourré de Louisiane"),
    "uk": ("внесок", "Луїзіанське буре"),
}


def _error(page: str, field: str) -> str:
    found = re.search(rf'<span class="error" data-field="{field}">(.*?)</span>', page, re.S)
    assert found, f"no error at {field}"
    return html.unescape(found[1])


@pytest.mark.parametrize("language", ["en", "fr", "uk"])
def test_a_refusal_names_the_option_and_the_variant_as_the_form_does(language: str) -> None:
    app = signed_in(make_member(make_club(), "scorekeeper"))
    form = {
        "name": "N° 3",
        "variant": "louisiana",
        "players": "ana",  # one player: too few
        "opt_louisiana_ante": "",  # a required number left blank
        "opt_louisiana_max_exchange": "5",
    }
    page = app.post("/app/", form, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    ante, variant = WORDS[language]
    ante_error = _error(page, "opt_louisiana_ante")
    assert re.match(rf"{ante.capitalize()}\b", ante_error), ante_error  # a sentence
    players_error = _error(page, "players")
    assert variant in players_error, players_error
    assert "louisiana" not in players_error
