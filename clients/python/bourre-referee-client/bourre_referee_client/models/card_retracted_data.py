from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CardRetractedData")


@_attrs_define
class CardRetractedData:
    """
    Attributes:
        player (str):
        retract (bool):
    """

    player: str
    retract: bool

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        retract = self.retract

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "retract": retract,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        retract = d.pop("retract")

        card_retracted_data = cls(
            player=player,
            retract=retract,
        )

        return card_retracted_data
