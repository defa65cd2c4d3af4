from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.obligation import Obligation

T = TypeVar("T", bound="RenegeRuling")


@_attrs_define
class RenegeRuling:
    """A renege: the card broke `obligation`

    Attributes:
        kind (Literal['renege']):
        player (str):
        trick (int): 1-based
        card (None | str): null in comtadine (a pass_turn)
        obligation (Obligation):
        proven_at (int): the 0-based action that made it provable
        amount (int): paid into the next pot (0 after the first)
    """

    kind: Literal["renege"]
    player: str
    trick: int
    card: None | str
    obligation: Obligation
    proven_at: int
    amount: int

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        player = self.player

        trick = self.trick

        card: None | str
        card = self.card

        obligation = self.obligation.value

        proven_at = self.proven_at

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "player": player,
                "trick": trick,
                "card": card,
                "obligation": obligation,
                "proven_at": proven_at,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["renege"], d.pop("kind"))
        if kind != "renege":
            raise ValueError(f"kind must match const 'renege', got '{kind}'")

        player = d.pop("player")

        trick = d.pop("trick")

        def _parse_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        card = _parse_card(d.pop("card"))

        obligation = Obligation(d.pop("obligation"))

        proven_at = d.pop("proven_at")

        amount = d.pop("amount")

        renege_ruling = cls(
            kind=kind,
            player=player,
            trick=trick,
            card=card,
            obligation=obligation,
            proven_at=proven_at,
            amount=amount,
        )

        return renege_ruling
