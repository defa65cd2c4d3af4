"""The one exception the referee raises: a refusal to record something.

A `Rejection` is not a ruling. It means the event cannot have happened under the
rules (a card twice, a play out of turn, ...) so nothing is recorded. The `code` is
stable and machine-readable; the message is for people.
"""

from __future__ import annotations


class Rejection(Exception):
    """An event the referee refuses to record.

    `code` is a stable identifier (``out_of_turn``, ``card_already_played``, ...);
    `expected` names the player whose turn it really was, when that is the reason;
    `field` names the offending field of the event, when there is one;
    `deal` the deal in progress, when that is why (nothing joins, leaves or closes then).
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        expected: str | None = None,
        field: str | None = None,
        deal: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.expected = expected
        self.field = field
        self.deal = deal

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"code": self.code, "message": self.message}
        if self.expected is not None:
            out["expected_player"] = self.expected
        if self.field is not None:
            out["field"] = self.field
        if self.deal is not None:
            out["deal"] = self.deal
        return out

    def __repr__(self) -> str:
        return f"Rejection({self.code!r}, {self.message!r})"
