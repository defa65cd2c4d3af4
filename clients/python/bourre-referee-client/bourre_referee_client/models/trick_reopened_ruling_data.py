from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TrickReopenedRulingData")


@_attrs_define
class TrickReopenedRulingData:
    """A retract reopened the trick just won

    Attributes:
        trick (int):
    """

    trick: int

    def to_dict(self) -> dict[str, Any]:
        trick = self.trick

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "trick": trick,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trick = d.pop("trick")

        trick_reopened_ruling_data = cls(
            trick=trick,
        )

        return trick_reopened_ruling_data
