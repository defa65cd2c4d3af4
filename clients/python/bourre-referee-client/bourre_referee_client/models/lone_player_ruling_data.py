from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LonePlayerRulingData")


@_attrs_define
class LonePlayerRulingData:
    """The only player left in: wins the pot (a `pot_won` follows)

    Attributes:
        player (str):
    """

    player: str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        lone_player_ruling_data = cls(
            player=player,
        )

        return lone_player_ruling_data
