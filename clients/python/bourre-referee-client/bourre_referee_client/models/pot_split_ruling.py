from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PotSplitRuling")


@_attrs_define
class PotSplitRuling:
    """The pot split between tied players

    Attributes:
        kind (Literal['pot_split']):
        players (list[str]):
        each (int):
        left (int):
    """

    kind: Literal["pot_split"]
    players: list[str]
    each: int
    left: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        players = self.players

        each = self.each

        left = self.left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "players": players,
                "each": each,
                "left": left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["pot_split"], d.pop("kind"))
        if kind != "pot_split":
            raise ValueError(f"kind must match const 'pot_split', got '{kind}'")

        players = cast(list[str], d.pop("players"))

        each = d.pop("each")

        left = d.pop("left")

        pot_split_ruling = cls(
            kind=kind,
            players=players,
            each=each,
            left=left,
        )

        return pot_split_ruling
