from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ClubOutput")


@_attrs_define
class ClubOutput:
    """
    Attributes:
        id (UUID):
        name (str):
        time_zone (str): where the club plays (IANA name): standings and exports count club nights in this zone
        night_turns_at (str): HH:MM: a club night runs until this hour the next morning
    """

    id: UUID
    name: str
    time_zone: str
    night_turns_at: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        time_zone = self.time_zone

        night_turns_at = self.night_turns_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "time_zone": time_zone,
                "night_turns_at": night_turns_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        time_zone = d.pop("time_zone")

        night_turns_at = d.pop("night_turns_at")

        club_output = cls(
            id=id,
            name=name,
            time_zone=time_zone,
            night_turns_at=night_turns_at,
        )

        club_output.additional_properties = d
        return club_output

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
