from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="EventUndoneData")


@_attrs_define
class EventUndoneData:
    """
    Attributes:
        reason (str):
        undone_version (int):
        undone_type (str):
        voided_versions (list[int]):
    """

    reason: str
    undone_version: int
    undone_type: str
    voided_versions: list[int]

    def to_dict(self) -> dict[str, Any]:
        reason = self.reason

        undone_version = self.undone_version

        undone_type = self.undone_type

        voided_versions = self.voided_versions

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
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
        reason = d.pop("reason")

        undone_version = d.pop("undone_version")

        undone_type = d.pop("undone_type")

        voided_versions = cast(list[int], d.pop("voided_versions"))

        event_undone_data = cls(
            reason=reason,
            undone_version=undone_version,
            undone_type=undone_type,
            voided_versions=voided_versions,
        )

        return event_undone_data
