"""`words_of`: a refusal's words without its leading field, as the app shows them at the
field, in the request's language whatever its typography before the colon."""

from __future__ import annotations

from django.utils import translation

from games.engine import Rejection
from games.engine.errors import gettext_noop
from games.services import words_of

PLAY = Rejection(
    "card_already_played",
    gettext_noop("%(field)s: %(card)s has already been played this deal"),
    field="play",
    params={"field": "play", "card": "7H"},
)


def test_the_field_goes_in_english() -> None:
    with translation.override("en"):
        assert words_of(PLAY) == "7H has already been played this deal"


def test_the_field_goes_in_french_before_its_spaced_colon() -> None:
    with translation.override("fr"):
        assert PLAY.message.startswith("play\u00a0: ") or PLAY.message.startswith("play : ")
        assert words_of(PLAY) == "7H a déjà été jouée dans cette donne"


def test_a_refusal_without_a_field_keeps_its_words() -> None:
    closed = Rejection("deal_in_progress", "deal 1 is in progress")
    assert words_of(closed) == "deal 1 is in progress"
