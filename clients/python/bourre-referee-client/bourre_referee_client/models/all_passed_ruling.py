from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AllPassedRuling")


@_attrs_define
class AllPassedRuling:
    """Everyone passed: the pot stays

    Attributes:
        kind (Literal['all_passed']):
    """

    kind: Literal["all_passed"]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = cast(Literal["all_passed"], d.pop("kind"))
        if kind != "all_passed":
            raise ValueError(f"kind must match const 'all_passed', got '{kind}'")

        all_passed_ruling = cls(
            kind=kind,
        )

        return all_passed_ruling
