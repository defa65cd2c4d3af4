from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EventUndoneOutput")


@_attrs_define
class EventUndoneOutput:
    """
    Attributes:
        version (int):
        reason (str):
        undone_version (int):
        undone_type (str):
        voided_versions (list[int]):
    """

    version: int
    reason: str
    undone_version: int
    undone_type: str
    voided_versions: list[int]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        reason = self.reason

        undone_version = self.undone_version

        undone_type = self.undone_type

        voided_versions = self.voided_versions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "reason": reason,
                "undone_version": undone_version,
                "undone_type": undone_type,
                "voided_versions": voided_versions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        reason = d.pop("reason")

        undone_version = d.pop("undone_version")

        undone_type = d.pop("undone_type")

        voided_versions = cast(list[int], d.pop("voided_versions"))

        event_undone_output = cls(
            version=version,
            reason=reason,
            undone_version=undone_version,
            undone_type=undone_type,
            voided_versions=voided_versions,
        )

        event_undone_output.additional_properties = d
        return event_undone_output

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
