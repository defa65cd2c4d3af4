from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.points_rule_enum import PointsRuleEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedSeasonUpdateInputRequest")


@_attrs_define
class PatchedSeasonUpdateInputRequest:
    """Any of the settings; the others are kept.

    Attributes:
        name (str | Unset):
        first_night (datetime.date | Unset):
        last_night (datetime.date | Unset):
        points_rule (PointsRuleEnum | Unset): * `net_chips` - Net Chips
            * `places` - Places
            * `pots_won` - Pots Won
        points_table (list[int] | Unset): the points of the 1st, 2nd, ... place of a night (the `places` rule only,
            which needs it): whole numbers from 0 to 1000, at most 50 places; leaving the `places` rule drops it
        minimum_nights (int | Unset):
    """

    name: str | Unset = UNSET
    first_night: datetime.date | Unset = UNSET
    last_night: datetime.date | Unset = UNSET
    points_rule: PointsRuleEnum | Unset = UNSET
    points_table: list[int] | Unset = UNSET
    minimum_nights: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        first_night: str | Unset = UNSET
        if not isinstance(self.first_night, Unset):
            first_night = self.first_night.isoformat()

        last_night: str | Unset = UNSET
        if not isinstance(self.last_night, Unset):
            last_night = self.last_night.isoformat()

        points_rule: str | Unset = UNSET
        if not isinstance(self.points_rule, Unset):
            points_rule = self.points_rule.value

        points_table: list[int] | Unset = UNSET
        if not isinstance(self.points_table, Unset):
            points_table = self.points_table

        minimum_nights = self.minimum_nights

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if first_night is not UNSET:
            field_dict["first_night"] = first_night
        if last_night is not UNSET:
            field_dict["last_night"] = last_night
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
        name = d.pop("name", UNSET)

        _first_night = d.pop("first_night", UNSET)
        first_night: datetime.date | Unset
        if isinstance(_first_night, Unset):
            first_night = UNSET
        else:
            first_night = datetime.date.fromisoformat(_first_night)

        _last_night = d.pop("last_night", UNSET)
        last_night: datetime.date | Unset
        if isinstance(_last_night, Unset):
            last_night = UNSET
        else:
            last_night = datetime.date.fromisoformat(_last_night)

        _points_rule = d.pop("points_rule", UNSET)
        points_rule: PointsRuleEnum | Unset
        if isinstance(_points_rule, Unset):
            points_rule = UNSET
        else:
            points_rule = PointsRuleEnum(_points_rule)

        points_table = cast(list[int], d.pop("points_table", UNSET))

        minimum_nights = d.pop("minimum_nights", UNSET)

        patched_season_update_input_request = cls(
            name=name,
            first_night=first_night,
            last_night=last_night,
            points_rule=points_rule,
            points_table=points_table,
            minimum_nights=minimum_nights,
        )

        return patched_season_update_input_request
