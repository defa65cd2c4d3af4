from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedClubUpdateInputRequest")


@_attrs_define
class PatchedClubUpdateInputRequest:
    """
    Attributes:
        time_zone (str | Unset): an IANA time zone name, e.g. America/Chicago
    """

    time_zone: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        time_zone = d.pop("time_zone", UNSET)

        patched_club_update_input_request = cls(
            time_zone=time_zone,
        )

        return patched_club_update_input_request
