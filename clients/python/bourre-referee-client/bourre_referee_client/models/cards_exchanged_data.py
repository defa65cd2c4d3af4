from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CardsExchangedData")


@_attrs_define
class CardsExchangedData:
    """
    Attributes:
        player (str):
        exchange (int):
        discard (list[str] | Unset):
        draw (list[str] | Unset):
    """

    player: str
    exchange: int
    discard: list[str] | Unset = UNSET
    draw: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        exchange = self.exchange

        discard: list[str] | Unset = UNSET
        if not isinstance(self.discard, Unset):
            discard = self.discard

        draw: list[str] | Unset = UNSET
        if not isinstance(self.draw, Unset):
            draw = self.draw

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "exchange": exchange,
            }
        )
        if discard is not UNSET:
            field_dict["discard"] = discard
        if draw is not UNSET:
            field_dict["draw"] = draw

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        exchange = d.pop("exchange")

        discard = cast(list[str], d.pop("discard", UNSET))

        draw = cast(list[str], d.pop("draw", UNSET))

        cards_exchanged_data = cls(
            player=player,
            exchange=exchange,
            discard=discard,
            draw=draw,
        )

        return cards_exchanged_data
