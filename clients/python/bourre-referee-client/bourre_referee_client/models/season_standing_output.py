from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating_output import RatingOutput


T = TypeVar("T", bound="SeasonStandingOutput")


@_attrs_define
class SeasonStandingOutput:
    """
    Attributes:
        rank (int | None): null: fewer nights than the season's minimum
        player (str):
        nights (int): nights dealt in
        points (int):
        net_chips (int):
        pots_won (int):
        bourres (int):
        reneges (int):
        biggest_pot (int):
        rating (None | RatingOutput): the rating after the season's last night (or now)
    """

    rank: int | None
    player: str
    nights: int
    points: int
    net_chips: int
    pots_won: int
    bourres: int
    reneges: int
    biggest_pot: int
    rating: None | RatingOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rating_output import RatingOutput  # noqa: PLC0415

        rank: int | None
        rank = self.rank

        player = self.player

        nights = self.nights

        points = self.points

        net_chips = self.net_chips

        pots_won = self.pots_won

        bourres = self.bourres

        reneges = self.reneges

        biggest_pot = self.biggest_pot

        rating: dict[str, Any] | None
        if isinstance(self.rating, RatingOutput):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "player": player,
                "nights": nights,
                "points": points,
                "net_chips": net_chips,
                "pots_won": pots_won,
                "bourres": bourres,
                "reneges": reneges,
                "biggest_pot": biggest_pot,
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_output import RatingOutput  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        player = d.pop("player")

        nights = d.pop("nights")

        points = d.pop("points")

        net_chips = d.pop("net_chips")

        pots_won = d.pop("pots_won")

        bourres = d.pop("bourres")

        reneges = d.pop("reneges")

        biggest_pot = d.pop("biggest_pot")

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

        season_standing_output = cls(
            rank=rank,
            player=player,
            nights=nights,
            points=points,
            net_chips=net_chips,
            pots_won=pots_won,
            bourres=bourres,
            reneges=reneges,
            biggest_pot=biggest_pot,
            rating=rating,
        )

        season_standing_output.additional_properties = d
        return season_standing_output

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
