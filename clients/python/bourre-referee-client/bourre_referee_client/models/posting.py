from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.posting_kind import PostingKind

if TYPE_CHECKING:
    from ..models.posting_leg import PostingLeg


T = TypeVar("T", bound="Posting")


@_attrs_define
class Posting:
    """A double-entry movement of chips

    Attributes:
        kind (PostingKind):
        legs (list[PostingLeg]):
    """

    kind: PostingKind
    legs: list[PostingLeg]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        legs = []
        for legs_item_data in self.legs:
            legs_item = legs_item_data.to_dict()
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
        from ..models.posting_leg import PostingLeg  # noqa: PLC0415

        d = dict(src_dict)
        kind = PostingKind(d.pop("kind"))

        legs = []
        _legs = d.pop("legs")
        for legs_item_data in _legs:
            legs_item = PostingLeg.from_dict(legs_item_data)

            legs.append(legs_item)

        posting = cls(
            kind=kind,
            legs=legs,
        )

        return posting
