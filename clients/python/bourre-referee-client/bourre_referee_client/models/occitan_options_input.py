from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OccitanOptionsInput")


@_attrs_define
class OccitanOptionsInput:
    """Occitan's house options (RULES.md); missing ones take defaults

    Attributes:
        ante (int | Unset): the ordinary ante
    """

    ante: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ante = self.ante

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if ante is not UNSET:
            field_dict["ante"] = ante

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ante = d.pop("ante", UNSET)

        occitan_options_input = cls(
            ante=ante,
        )

        return occitan_options_input
