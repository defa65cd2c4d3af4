from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.obligation import Obligation

T = TypeVar("T", bound="RefusedCard")


@_attrs_define
class RefusedCard:
    """
    Attributes:
        card (str): a card: rank and suit (`TS`, `10h`, `Q♥` when posted; the canonical `TS` when read)
        obligation (Obligation):
    """

    card: str
    obligation: Obligation

    def to_dict(self) -> dict[str, Any]:
        card = self.card

        obligation = self.obligation.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "obligation": obligation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = d.pop("card")

        obligation = Obligation(d.pop("obligation"))

        refused_card = cls(
            card=card,
            obligation=obligation,
        )

        return refused_card
