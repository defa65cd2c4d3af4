"""The engine's refusals are said in the request's language, though the engine imports no
Django: it keeps a marked template and its values, and `message` translates when read."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.engine import Rejection, apply, new_sitting, parse_action
from games.engine.events import StartDeal


def _refusal(action: object) -> Rejection:
    state = new_sitting(variant="louisiana", players=["ana", "ben", "cy"])
    state, _ = apply(state, StartDeal(dealer="cy", trump="7S"))
    with pytest.raises(Rejection) as refused:
        apply(state, parse_action(action))
    return refused.value


def _parse_refusal(action: object) -> Rejection:
    with pytest.raises(Rejection) as refused:
        parse_action(action)
    return refused.value


def test_a_refusal_is_translated_when_read() -> None:
    refusal = _refusal({"player": "ben", "declare": "play"})  # ana declares first
    with translation.override("fr"):
        assert refusal.message == "pas son tour\u00a0: c'est à ana d'annoncer"
        assert refusal.english == "out of turn: expected ana to declare"
        assert str(refusal) == "out of turn: expected ana to declare"
    with translation.override("uk"):
        assert refusal.message == "не за чергою: оголошувати має ana"
        assert refusal.as_dict()["message"] == "не за чергою: оголошувати має ana"
    assert refusal.message == "out of turn: expected ana to declare"
    assert refusal.code == "out_of_turn"


def test_a_phrase_inside_a_refusal_is_translated_with_its_values() -> None:
    refusal = _parse_refusal({"player": "ana", "play": ["AS"]})
    with translation.override("uk"):
        assert refusal.message == "play: має бути картою"
    refusal = _parse_refusal({"player": "ana", "declare": "maybe"})
    with translation.override("fr"):
        assert refusal.message == "declare\u00a0: doit être 'play' ou 'pass'"


def test_a_sentence_written_as_plain_text_stays_english() -> None:
    refusal = Rejection("invalid_event", "undo.reason: must be text", field="undo.reason")
    with translation.override("fr"):
        assert refusal.message == "undo.reason: must be text"
