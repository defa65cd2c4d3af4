from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TrickWonRulingData")


@_attrs_define
class TrickWonRulingData:
    """A trick is won

    Attributes:
        trick (int):
        leader (str):
        cards (list[list[str]]):
        winner (str):
    """

    trick: int
    leader: str
    cards: list[list[str]]
    winner: str

    def to_dict(self) -> dict[str, Any]:
        trick = self.trick

        leader = self.leader

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data

            cards.append(cards_item)

        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "trick": trick,
                "leader": leader,
                "cards": cards,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trick = d.pop("trick")

        leader = d.pop("leader")

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = cast(list[str], cards_item_data)

            cards.append(cards_item)

        winner = d.pop("winner")

        trick_won_ruling_data = cls(
            trick=trick,
            leader=leader,
            cards=cards,
            winner=winner,
        )

        return trick_won_ruling_data
