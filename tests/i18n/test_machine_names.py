"""The machine names a page shows a person have words in every language: each event type
of a table stream (the audit's events column showed `CardPlayed`) and each way a
projection follows the log (the standings page showed "live" in French)."""

from __future__ import annotations

import pytest
from django.utils import translation

from app_common.labels import event_type_words, projection_kind_words
from eventlog.registry import ASYNC, INLINE, LIVE
from table_stream import events

EVENT_TYPES = sorted(
    value
    for name, value in vars(events).items()
    if name.isupper() and isinstance(value, str) and value[:1].isupper() and value.isalpha()
)


def test_every_event_type_of_a_table_stream_is_known() -> None:
    assert {"CardPlayed", "RulingMade", "EventUndone", "PlayerJoined"} <= set(EVENT_TYPES)


@pytest.mark.parametrize("language", ["en", "fr", "uk"])
def test_every_event_type_is_said_in_words(language: str) -> None:
    with translation.override(language):
        said = {kind: event_type_words(kind) for kind in EVENT_TYPES}
    assert not [s for s in said.values() if s in EVENT_TYPES], said
    assert len(set(said.values())) == len(said), said  # no two said alike
    if language == "fr":
        assert said["CardPlayed"] == "carte jouée"
    if language == "uk":
        assert said["EventUndone"] == "скасування"


@pytest.mark.parametrize("language", ["fr", "uk"])
def test_every_projection_kind_is_said_in_words(language: str) -> None:
    with translation.override(language):
        said = {kind: projection_kind_words(kind) for kind in (INLINE, ASYNC, LIVE)}
    assert not [kind for kind, words in said.items() if words == kind], said
