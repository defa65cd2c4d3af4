from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.refused_card import RefusedCard


T = TypeVar("T", bound="LegalPlays")


@_attrs_define
class LegalPlays:
    """The cards the player to act may play (their hand logged)

    Attributes:
        player (str):
        hand_known (bool): false: the hand was not logged, nothing can be said in advance
        allowed (list[str]): the cards the player may play
        refused (list[RefusedCard]): each other card of the hand with the obligation it breaks
        may_pass (bool): comtadine: passing is allowed
    """

    player: str
    hand_known: bool
    allowed: list[str]
    refused: list[RefusedCard]
    may_pass: bool

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        hand_known = self.hand_known

        allowed = self.allowed

        refused = []
        for refused_item_data in self.refused:
            refused_item = refused_item_data.to_dict()
            refused.append(refused_item)

        may_pass = self.may_pass

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "hand_known": hand_known,
                "allowed": allowed,
                "refused": refused,
                "may_pass": may_pass,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.refused_card import RefusedCard  # noqa: PLC0415

        d = dict(src_dict)
        player = d.pop("player")

        hand_known = d.pop("hand_known")

        allowed = cast(list[str], d.pop("allowed"))

        refused = []
        _refused = d.pop("refused")
        for refused_item_data in _refused:
            refused_item = RefusedCard.from_dict(refused_item_data)

            refused.append(refused_item)

        may_pass = d.pop("may_pass")

        legal_plays = cls(
            player=player,
            hand_known=hand_known,
            allowed=allowed,
            refused=refused,
            may_pass=may_pass,
        )

        return legal_plays
