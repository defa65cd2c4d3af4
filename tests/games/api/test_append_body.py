"""The card play's body read without building the serializer (games/api/events.py
`_append_body`) takes exactly what `EventsAppendInputSerializer` takes, and leaves every
refusal to it."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from rest_framework.exceptions import ValidationError

from games.api.events import _append_body
from games.api.serializers import EventsAppendInputSerializer

ZOE = unicodedata.normalize("NFD", "Zoé")  # decomposed: both must store it composed

TAKEN = [
    {"expected_version": 0, "events": [{"player": "ana", "play": "AS"}]},
    {"expected_version": 7, "events": [{"player": ZOE, "play": "10h"}]},
    {"expected_version": 2**31 - 1, "events": [{"deal": {"dealer": "cy", "hands": {}}}]},
    {"expected_version": 3, "events": [{"undo": {"reason": ZOE}}, {"close": {}}]},
    {"expected_version": 3, "events": [{"x": [1, 2**53, None, True, {"y": ZOE}]}]},
]
REFUSED = [
    {"expected_version": True, "events": [{}]},
    {"expected_version": -1, "events": [{}]},
    {"expected_version": 2**31, "events": [{}]},
    {"expected_version": "3", "events": [{}]},
    {"expected_version": 1, "events": []},
    {"expected_version": 1, "events": {}},
    {"expected_version": 1, "events": [{}] * 1001},
    {"expected_version": 1, "events": [{"n": 2**53 + 1}]},
    {"events": [{}]},
    [],
    {"expected_version": 7, "events": [{"player": "ana", "play": "AS"}], "extra": 1},
]


def _serializer(body: Any) -> tuple[int, list[Any]]:
    serializer = EventsAppendInputSerializer(data=body)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data["expected_version"], serializer.validated_data["events"]


@pytest.mark.parametrize("body", TAKEN)
def test_a_well_formed_body_is_read_as_the_serializer_reads_it(body: Any) -> None:
    assert _append_body(body) == _serializer(body)
    assert ZOE not in repr(_append_body(body))  # NFC, as the serializer stores names


@pytest.mark.parametrize("body", REFUSED)
def test_a_refused_body_gets_the_serializers_own_error(body: Any) -> None:
    with pytest.raises(ValidationError) as ours:
        _append_body(body)
    with pytest.raises(ValidationError) as theirs:
        _serializer(body)
    assert ours.value.detail == theirs.value.detail


def _outcome(read: Any, body: Any) -> Any:
    try:
        return read(body)
    except ValidationError as error:
        return error.detail


@pytest.mark.parametrize("event", [None, "play", 3, ["a"]])
def test_an_event_that_is_not_an_object_goes_to_the_serializer(event: Any) -> None:
    body = {"expected_version": 1, "events": [event]}
    assert _outcome(_append_body, body) == _outcome(_serializer, body)
