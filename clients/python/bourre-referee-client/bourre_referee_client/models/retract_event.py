from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RetractEvent")


@_attrs_define
class RetractEvent:
    """The player takes back their last card, before anyone plays after it

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

        retract_event = cls(
            player=player,
            retract=retract,
        )

        return retract_event
