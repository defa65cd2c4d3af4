from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.night_net_output import NightNetOutput
    from ..models.rating_output import RatingOutput


T = TypeVar("T", bound="PlayerProfileOutput")


@_attrs_define
class PlayerProfileOutput:
    """
    Attributes:
        player (str):
        tables (int): tables of the club the player sat at
        nights (int): club nights dealt in
        deals_played (int):
        deals_passed (int):
        pots_won (int):
        biggest_pot (int):
        bourres (int):
        bourre_rate (float): bourrés per deal played
        reneges (int):
        net_chips (int):
        rating (None | RatingOutput):
        recent_nights (list[NightNetOutput]): the last 100 nights played, oldest first
    """

    player: str
    tables: int
    nights: int
    deals_played: int
    deals_passed: int
    pots_won: int
    biggest_pot: int
    bourres: int
    bourre_rate: float
    reneges: int
    net_chips: int
    rating: None | RatingOutput
    recent_nights: list[NightNetOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_output import RatingOutput  # noqa: PLC0415

        player = self.player

        tables = self.tables

        nights = self.nights

        deals_played = self.deals_played

        deals_passed = self.deals_passed

        pots_won = self.pots_won

        biggest_pot = self.biggest_pot

        bourres = self.bourres

        bourre_rate = self.bourre_rate

        reneges = self.reneges

        net_chips = self.net_chips

        rating: dict[str, Any] | None
        if isinstance(self.rating, RatingOutput):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        recent_nights = []
        for recent_nights_item_data in self.recent_nights:
            recent_nights_item = recent_nights_item_data.to_dict()
            recent_nights.append(recent_nights_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "tables": tables,
                "nights": nights,
                "deals_played": deals_played,
                "deals_passed": deals_passed,
                "pots_won": pots_won,
                "biggest_pot": biggest_pot,
                "bourres": bourres,
                "bourre_rate": bourre_rate,
                "reneges": reneges,
                "net_chips": net_chips,
                "rating": rating,
                "recent_nights": recent_nights,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.night_net_output import NightNetOutput  # noqa: PLC0415
        from ..models.rating_output import RatingOutput  # noqa: PLC0415

        d = dict(src_dict)
        player = d.pop("player")

        tables = d.pop("tables")

        nights = d.pop("nights")

        deals_played = d.pop("deals_played")

        deals_passed = d.pop("deals_passed")

        pots_won = d.pop("pots_won")

        biggest_pot = d.pop("biggest_pot")

        bourres = d.pop("bourres")

        bourre_rate = d.pop("bourre_rate")

        reneges = d.pop("reneges")

        net_chips = d.pop("net_chips")

        def _parse_rating(data: object) -> None | RatingOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_type_0 = RatingOutput.from_dict(data)

                return rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RatingOutput, data)

        rating = _parse_rating(d.pop("rating"))

        recent_nights = []
        _recent_nights = d.pop("recent_nights")
        for recent_nights_item_data in _recent_nights:
            recent_nights_item = NightNetOutput.from_dict(recent_nights_item_data)

            recent_nights.append(recent_nights_item)

        player_profile_output = cls(
            player=player,
            tables=tables,
            nights=nights,
            deals_played=deals_played,
            deals_passed=deals_passed,
            pots_won=pots_won,
            biggest_pot=biggest_pot,
            bourres=bourres,
            bourre_rate=bourre_rate,
            reneges=reneges,
            net_chips=net_chips,
            rating=rating,
            recent_nights=recent_nights,
        )

        player_profile_output.additional_properties = d
        return player_profile_output

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
