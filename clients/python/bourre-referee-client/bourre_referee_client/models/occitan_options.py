from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OccitanOptions")


@_attrs_define
class OccitanOptions:
    """Occitan's house options

    Attributes:
        ante (int): the ordinary ante
    """

    ante: int

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ante": ante,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ante = d.pop("ante")

        occitan_options = cls(
            ante=ante,
        )

        return occitan_options
