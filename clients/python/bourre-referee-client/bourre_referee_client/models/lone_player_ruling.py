from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LonePlayerRuling")


@_attrs_define
class LonePlayerRuling:
    """The only player left in: wins the pot (a `pot_won` follows)

    Attributes:
        kind (Literal['lone_player']):
        player (str):
    """

    kind: Literal["lone_player"]
    player: str

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["lone_player"], d.pop("kind"))
        if kind != "lone_player":
            raise ValueError(f"kind must match const 'lone_player', got '{kind}'")

        player = d.pop("player")

        lone_player_ruling = cls(
            kind=kind,
            player=player,
        )

        return lone_player_ruling
