from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NightNetOutput")


@_attrs_define
class NightNetOutput:
    """
    Attributes:
        night (datetime.date):
        net_chips (int):
        running (int): the net over every night up to this one
    """

    night: datetime.date
    net_chips: int
    running: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        night = self.night.isoformat()

        net_chips = self.net_chips

        running = self.running

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "night": night,
                "net_chips": net_chips,
                "running": running,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        night = datetime.date.fromisoformat(d.pop("night"))

        net_chips = d.pop("net_chips")

        running = d.pop("running")

        night_net_output = cls(
            night=night,
            net_chips=net_chips,
            running=running,
        )

        night_net_output.additional_properties = d
        return night_net_output

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
