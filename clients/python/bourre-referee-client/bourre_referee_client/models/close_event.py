from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.close_body import CloseBody


T = TypeVar("T", bound="CloseEvent")


@_attrs_define
class CloseEvent:
    """Between deals: the sitting ends

    Attributes:
        close (CloseBody):
    """

    close: CloseBody

    def to_dict(self) -> dict[str, Any]:
        close = self.close.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "close": close,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.close_body import CloseBody  # noqa: PLC0415

        d = dict(src_dict)
        close = CloseBody.from_dict(d.pop("close"))

        close_event = cls(
            close=close,
        )

        return close_event
