from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="JoinBody")


@_attrs_define
class JoinBody:
    """`seat_after`: the player to sit after, null for the first seat

    Attributes:
        player (str):
        seat_after (None | str):
    """

    player: str
    seat_after: None | str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        seat_after: None | str
        seat_after = self.seat_after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "seat_after": seat_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        def _parse_seat_after(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seat_after = _parse_seat_after(d.pop("seat_after"))

        join_body = cls(
            player=player,
            seat_after=seat_after,
        )

        return join_body
