"""The request examples the schema shows (Swagger UI's "Try it out" starts from them).

Without them a client generated from the schema, or a developer in Swagger UI, saw an
event as `{}`: the only example it offered was refused. These are one sitting's steps at
the table `TABLE_EXAMPLE` creates, each at the version the one before leaves
(tests/games/api/test_examples.py posts them)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample

HANDS = {
    "ana": ["AS", "KS", "QH", "2D", "3C"],
    "ben": ["2S", "3S", "5S", "6S", "8S"],
    "cy": ["4S", "JH", "9H", "5D", "6C"],
    "dee": ["7S", "8H", "TD", "4C", "2H"],
}

TABLE_EXAMPLE: dict[str, Any] = {
    "name": "Table 1",
    "variant": "louisiana",
    "options": {"ante": 1},
    "players": ["ana", "ben", "cy", "dee"],
}

#: (title, description, body), in the order a sitting logs them.
EVENT_EXAMPLES: list[tuple[str, str, dict[str, Any]]] = [
    (
        "A deal and its declarations",
        "The deal (its dealer, the turned-up card, the hands if known), then each "
        "player's `play` or `pass`; the batch is all or nothing.",
        {
            "expected_version": 1,
            "events": [
                {"deal": {"dealer": "dee", "trump": "7S", "hands": HANDS}},
                {"player": "ana", "declare": "play"},
                {"player": "ben", "declare": "pass"},
                {"player": "cy", "declare": "play"},
                {"player": "dee", "declare": "play"},
            ],
        },
    ),
    (
        "An exchange",
        'The cards named (`discard`, `draw`) when known; `{"player": "cy", '
        '"exchange": 2}` when only the count is.',
        {
            "expected_version": 7,
            "events": [{"player": "ana", "exchange": 1, "discard": ["3C"], "draw": ["9S"]}],
        },
    ),
    (
        "A card played",
        "One card, as a table app logs each tap; `10h`, `as` and `Q♥` are read too.",
        {"expected_version": 8, "events": [{"player": "ana", "play": "AS"}]},
    ),
    (
        "An undo",
        "Takes back the last event of the deal (here the card), with a reason.",
        {"expected_version": 9, "events": [{"undo": {"reason": "wrong card tapped"}}]},
    ),
    (
        "Between deals: a join and a leave",
        "After a settled deal (`expected_version` is then the table's version).",
        {
            "expected_version": 34,
            "events": [
                {"join": {"player": "eve", "seat_after": "ben"}},
                {"leave": {"player": "cy"}},
            ],
        },
    ),
    (
        "Closing the table",
        "After a settled deal: the pot is shared out and the balances settled up.",
        {"expected_version": 36, "events": [{"close": {}}]},
    ),
]


def table_examples() -> list[OpenApiExample]:
    return [OpenApiExample("A louisiana table", value=TABLE_EXAMPLE, request_only=True)]


def event_examples() -> list[OpenApiExample]:
    return [
        OpenApiExample(title, value=body, description=description, request_only=True)
        for title, description, body in EVENT_EXAMPLES
    ]
