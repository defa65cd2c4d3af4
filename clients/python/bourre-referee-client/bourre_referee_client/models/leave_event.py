from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.leave_body import LeaveBody


T = TypeVar("T", bound="LeaveEvent")


@_attrs_define
class LeaveEvent:
    """Between deals: one leaves

    Attributes:
        leave (LeaveBody):
    """

    leave: LeaveBody

    def to_dict(self) -> dict[str, Any]:
        leave = self.leave.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "leave": leave,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leave_body import LeaveBody  # noqa: PLC0415

        d = dict(src_dict)
        leave = LeaveBody.from_dict(d.pop("leave"))

        leave_event = cls(
            leave=leave,
        )

        return leave_event
