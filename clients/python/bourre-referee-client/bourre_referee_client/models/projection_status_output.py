from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.projection_status_output_kind_enum import ProjectionStatusOutputKindEnum

T = TypeVar("T", bound="ProjectionStatusOutput")


@_attrs_define
class ProjectionStatusOutput:
    """
    Attributes:
        name (str):
        kind (ProjectionStatusOutputKindEnum): * `async` - async
            * `inline` - inline
            * `live` - live
        checkpoint (int): the events it has read: its checkpoints summed over the club partitions
        last_position (int): the heads of the club partitions it follows, summed
        lag (int): events behind the head
        updated_at (datetime.datetime | None):
        rebuilding (bool):
    """

    name: str
    kind: ProjectionStatusOutputKindEnum
    checkpoint: int
    last_position: int
    lag: int
    updated_at: datetime.datetime | None
    rebuilding: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        kind = self.kind.value

        checkpoint = self.checkpoint

        last_position = self.last_position

        lag = self.lag

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        rebuilding = self.rebuilding

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "kind": kind,
                "checkpoint": checkpoint,
                "last_position": last_position,
                "lag": lag,
                "updated_at": updated_at,
                "rebuilding": rebuilding,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        kind = ProjectionStatusOutputKindEnum(d.pop("kind"))

        checkpoint = d.pop("checkpoint")

        last_position = d.pop("last_position")

        lag = d.pop("lag")

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        rebuilding = d.pop("rebuilding")

        projection_status_output = cls(
            name=name,
            kind=kind,
            checkpoint=checkpoint,
            last_position=last_position,
            lag=lag,
            updated_at=updated_at,
            rebuilding=rebuilding,
        )

        projection_status_output.additional_properties = d
        return projection_status_output

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
