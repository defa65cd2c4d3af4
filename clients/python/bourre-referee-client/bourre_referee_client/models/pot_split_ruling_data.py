from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PotSplitRulingData")


@_attrs_define
class PotSplitRulingData:
    """The pot split between tied players

    Attributes:
        players (list[str]):
        each (int):
        left (int):
    """

    players: list[str]
    each: int
    left: int

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        each = self.each

        left = self.left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "each": each,
                "left": left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        each = d.pop("each")

        left = d.pop("left")

        pot_split_ruling_data = cls(
            players=players,
            each=each,
            left=left,
        )

        return pot_split_ruling_data
