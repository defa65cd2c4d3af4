from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CardRetractedRulingData")


@_attrs_define
class CardRetractedRulingData:
    """A card taken back

    Attributes:
        player (str):
        card (str): a card: rank and suit (`TS`, `10h`, `Q♥` when posted; the canonical `TS` when read)
    """

    player: str
    card: str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        card = d.pop("card")

        card_retracted_ruling_data = cls(
            player=player,
            card=card,
        )

        return card_retracted_ruling_data
