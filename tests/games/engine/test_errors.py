"""`errors`: a rejection is not a ruling: a stable code, a message for people, and the
field, expected player or deal that explain it, read as the API's error body."""

from __future__ import annotations

from games.engine import Rejection


def test_a_rejection_reads_as_the_apis_error_body() -> None:
    full = Rejection("out_of_turn", "out of turn: expected b", expected="b", field="player", deal=2)
    assert full.as_dict() == {
        "code": "out_of_turn",
        "message": "out of turn: expected b",
        "expected_player": "b",
        "field": "player",
        "deal": 2,
    }
    assert Rejection("table_closed", "closed").as_dict() == {
        "code": "table_closed",
        "message": "closed",
    }
    assert repr(full) == "Rejection('out_of_turn', 'out of turn: expected b')"
    assert str(full) == "out of turn: expected b"
