from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.declaration import Declaration

T = TypeVar("T", bound="DeclareEvent")


@_attrs_define
class DeclareEvent:
    """A player stays in the deal (`play`) or drops out (`pass`)

    Attributes:
        player (str):
        declare (Declaration):
    """

    player: str
    declare: Declaration

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        declare = self.declare.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "declare": declare,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        declare = Declaration(d.pop("declare"))

        declare_event = cls(
            player=player,
            declare=declare,
        )

        return declare_event
