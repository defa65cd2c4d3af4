from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.points_rule_enum import PointsRuleEnum

T = TypeVar("T", bound="SeasonOutput")


@_attrs_define
class SeasonOutput:
    """
    Attributes:
        id (UUID):
        name (str):
        first_night (datetime.date):
        last_night (datetime.date):
        points_rule (PointsRuleEnum): * `net_chips` - Net Chips
            * `places` - Places
            * `pots_won` - Pots Won
        points_table (list[int]):
        minimum_nights (int):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: UUID
    name: str
    first_night: datetime.date
    last_night: datetime.date
    points_rule: PointsRuleEnum
    points_table: list[int]
    minimum_nights: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        first_night = self.first_night.isoformat()

        last_night = self.last_night.isoformat()

        points_rule = self.points_rule.value

        points_table = self.points_table

        minimum_nights = self.minimum_nights

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "first_night": first_night,
                "last_night": last_night,
                "points_rule": points_rule,
                "points_table": points_table,
                "minimum_nights": minimum_nights,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        first_night = datetime.date.fromisoformat(d.pop("first_night"))

        last_night = datetime.date.fromisoformat(d.pop("last_night"))

        points_rule = PointsRuleEnum(d.pop("points_rule"))

        points_table = cast(list[int], d.pop("points_table"))

        minimum_nights = d.pop("minimum_nights")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        season_output = cls(
            id=id,
            name=name,
            first_night=first_night,
            last_night=last_night,
            points_rule=points_rule,
            points_table=points_table,
            minimum_nights=minimum_nights,
            created_at=created_at,
            updated_at=updated_at,
        )

        season_output.additional_properties = d
        return season_output

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
