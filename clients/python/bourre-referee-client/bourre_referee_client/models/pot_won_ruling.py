from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PotWonRuling")


@_attrs_define
class PotWonRuling:
    """The pot is won

    Attributes:
        kind (Literal['pot_won']):
        player (str):
        amount (int):
    """

    kind: Literal["pot_won"]
    player: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        player = self.player

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "player": player,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["pot_won"], d.pop("kind"))
        if kind != "pot_won":
            raise ValueError(f"kind must match const 'pot_won', got '{kind}'")

        player = d.pop("player")

        amount = d.pop("amount")

        pot_won_ruling = cls(
            kind=kind,
            player=player,
            amount=amount,
        )

        return pot_won_ruling
