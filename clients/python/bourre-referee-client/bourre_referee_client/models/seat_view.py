from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.declaration import Declaration

T = TypeVar("T", bound="SeatView")


@_attrs_define
class SeatView:
    """
    Attributes:
        player (str):
        seated (bool):
        declared (Declaration | None):
        active (bool):
        exchanged (bool):
        cards_left (int):
        tricks_won (int):
        hand_logged (bool):
    """

    player: str
    seated: bool
    declared: Declaration | None
    active: bool
    exchanged: bool
    cards_left: int
    tricks_won: int
    hand_logged: bool

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        seated = self.seated

        declared: None | str
        if isinstance(self.declared, Declaration):
            declared = self.declared.value
        else:
            declared = self.declared

        active = self.active

        exchanged = self.exchanged

        cards_left = self.cards_left

        tricks_won = self.tricks_won

        hand_logged = self.hand_logged

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "seated": seated,
                "declared": declared,
                "active": active,
                "exchanged": exchanged,
                "cards_left": cards_left,
                "tricks_won": tricks_won,
                "hand_logged": hand_logged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        seated = d.pop("seated")

        def _parse_declared(data: object) -> Declaration | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                declared_type_0 = Declaration(data)

                return declared_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Declaration | None, data)

        declared = _parse_declared(d.pop("declared"))

        active = d.pop("active")

        exchanged = d.pop("exchanged")

        cards_left = d.pop("cards_left")

        tricks_won = d.pop("tricks_won")

        hand_logged = d.pop("hand_logged")

        seat_view = cls(
            player=player,
            seated=seated,
            declared=declared,
            active=active,
            exchanged=exchanged,
            cards_left=cards_left,
            tricks_won=tricks_won,
            hand_logged=hand_logged,
        )

        return seat_view
