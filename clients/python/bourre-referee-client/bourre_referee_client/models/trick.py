from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Trick")


@_attrs_define
class Trick:
    """A trick: the cards in the order played (retracted ones left out)

    Attributes:
        leader (str):
        cards (list[list[str]]):
        winner (None | str): null: not won (yet), or dead
    """

    leader: str
    cards: list[list[str]]
    winner: None | str

    def to_dict(self) -> dict[str, Any]:
        leader = self.leader

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data

            cards.append(cards_item)

        winner: None | str
        winner = self.winner

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "leader": leader,
                "cards": cards,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        leader = d.pop("leader")

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = cast(list[str], cards_item_data)

            cards.append(cards_item)

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

        trick = cls(
            leader=leader,
            cards=cards,
            winner=winner,
        )

        return trick
