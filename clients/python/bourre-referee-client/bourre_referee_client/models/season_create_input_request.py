from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.points_rule_enum import PointsRuleEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeasonCreateInputRequest")


@_attrs_define
class SeasonCreateInputRequest:
    """
    Attributes:
        name (str): unique in the club, ignoring case
        first_night (datetime.date): the first club night, YYYY-MM-DD
        last_night (datetime.date): the last club night, YYYY-MM-DD (inclusive)
        points_rule (PointsRuleEnum | Unset): * `net_chips` - Net Chips
            * `places` - Places
            * `pots_won` - Pots Won Default: PointsRuleEnum.NET_CHIPS.
        points_table (list[int] | Unset): the points of the 1st, 2nd, ... place of a night (the `places` rule only,
            which needs it): whole numbers from 0 to 1000, at most 50 places
        minimum_nights (int | Unset): nights a player must have played to be ranked (0 to 366) Default: 0.
    """

    name: str
    first_night: datetime.date
    last_night: datetime.date
    points_rule: PointsRuleEnum | Unset = PointsRuleEnum.NET_CHIPS
    points_table: list[int] | Unset = UNSET
    minimum_nights: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        first_night = self.first_night.isoformat()

        last_night = self.last_night.isoformat()

        points_rule: str | Unset = UNSET
        if not isinstance(self.points_rule, Unset):
            points_rule = self.points_rule.value

        points_table: list[int] | Unset = UNSET
        if not isinstance(self.points_table, Unset):
            points_table = self.points_table

        minimum_nights = self.minimum_nights

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "first_night": first_night,
                "last_night": last_night,
            }
        )
        if points_rule is not UNSET:
            field_dict["points_rule"] = points_rule
        if points_table is not UNSET:
            field_dict["points_table"] = points_table
        if minimum_nights is not UNSET:
            field_dict["minimum_nights"] = minimum_nights

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        first_night = datetime.date.fromisoformat(d.pop("first_night"))

        last_night = datetime.date.fromisoformat(d.pop("last_night"))

        _points_rule = d.pop("points_rule", UNSET)
        points_rule: PointsRuleEnum | Unset
        if isinstance(_points_rule, Unset):
            points_rule = UNSET
        else:
            points_rule = PointsRuleEnum(_points_rule)

        points_table = cast(list[int], d.pop("points_table", UNSET))

        minimum_nights = d.pop("minimum_nights", UNSET)

        season_create_input_request = cls(
            name=name,
            first_night=first_night,
            last_night=last_night,
            points_rule=points_rule,
            points_table=points_table,
            minimum_nights=minimum_nights,
        )

        return season_create_input_request
