from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CardPlayedData")


@_attrs_define
class CardPlayedData:
    """
    Attributes:
        player (str):
        play (str): a card: rank and suit (`TS`, `10h`, `Q♥` when posted; the canonical `TS` when read)
    """

    player: str
    play: str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        play = self.play

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "play": play,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        play = d.pop("play")

        card_played_data = cls(
            player=player,
            play=play,
        )

        return card_played_data
