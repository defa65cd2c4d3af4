from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExchangeEvent")


@_attrs_define
class ExchangeEvent:
    """A player exchanges `exchange` cards (the cards themselves when known)

    Attributes:
        player (str):
        exchange (int): at most the house's
        discard (list[str] | None | Unset):
        draw (list[str] | None | Unset):
    """

    player: str
    exchange: int
    discard: list[str] | None | Unset = UNSET
    draw: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        exchange = self.exchange

        discard: list[str] | None | Unset
        if isinstance(self.discard, Unset):
            discard = UNSET
        elif isinstance(self.discard, list):
            discard = self.discard

        else:
            discard = self.discard

        draw: list[str] | None | Unset
        if isinstance(self.draw, Unset):
            draw = UNSET
        elif isinstance(self.draw, list):
            draw = self.draw

        else:
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

        def _parse_discard(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                discard_type_0 = cast(list[str], data)

                return discard_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        discard = _parse_discard(d.pop("discard", UNSET))

        def _parse_draw(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                draw_type_0 = cast(list[str], data)

                return draw_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        draw = _parse_draw(d.pop("draw", UNSET))

        exchange_event = cls(
            player=player,
            exchange=exchange,
            discard=discard,
            draw=draw,
        )

        return exchange_event
