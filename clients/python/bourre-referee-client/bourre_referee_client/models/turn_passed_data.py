from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnPassedData")


@_attrs_define
class TurnPassedData:
    """
    Attributes:
        player (str):
        pass_turn (bool):
    """

    player: str
    pass_turn: bool

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        pass_turn = self.pass_turn

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "pass_turn": pass_turn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        pass_turn = d.pop("pass_turn")

        turn_passed_data = cls(
            player=player,
            pass_turn=pass_turn,
        )

        return turn_passed_data
