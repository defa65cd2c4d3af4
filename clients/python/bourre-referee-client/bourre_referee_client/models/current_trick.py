from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CurrentTrick")


@_attrs_define
class CurrentTrick:
    """The trick being played (1-based `number`)

    Attributes:
        number (int):
        leader (str):
        cards (list[list[str]]):
        winner (None | str):
    """

    number: int
    leader: str
    cards: list[list[str]]
    winner: None | str

    def to_dict(self) -> dict[str, Any]:
        number = self.number

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
                "number": number,
                "leader": leader,
                "cards": cards,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

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

        current_trick = cls(
            number=number,
            leader=leader,
            cards=cards,
            winner=winner,
        )

        return current_trick
