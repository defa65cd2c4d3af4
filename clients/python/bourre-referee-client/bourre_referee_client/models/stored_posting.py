from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.posting_kind import PostingKind

T = TypeVar("T", bound="StoredPosting")


@_attrs_define
class StoredPosting:
    """A posting as the log keeps it: each leg an `[account, amount]` pair

    Attributes:
        kind (PostingKind):
        legs (list[list[int | str]]):
    """

    kind: PostingKind
    legs: list[list[int | str]]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        legs = []
        for legs_item_data in self.legs:
            legs_item = []
            for legs_item_item_data in legs_item_data:
                legs_item_item: int | str
                legs_item_item = legs_item_item_data
                legs_item.append(legs_item_item)

            legs.append(legs_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "legs": legs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = PostingKind(d.pop("kind"))

        legs = []
        _legs = d.pop("legs")
        for legs_item_data in _legs:
            legs_item = []
            _legs_item = legs_item_data
            for legs_item_item_data in _legs_item:

                def _parse_legs_item_item(data: object) -> int | str:
                    return cast(int | str, data)

                legs_item_item = _parse_legs_item_item(legs_item_item_data)

                legs_item.append(legs_item_item)

            legs.append(legs_item)

        stored_posting = cls(
            kind=kind,
            legs=legs,
        )

        return stored_posting
