from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DealerMustPlayRuling")


@_attrs_define
class DealerMustPlayRuling:
    """louisiana: the upcard is the ace of trumps

    Attributes:
        kind (Literal['dealer_must_play']):
    """

    kind: Literal["dealer_must_play"]

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
        kind = cast(Literal["dealer_must_play"], d.pop("kind"))
        if kind != "dealer_must_play":
            raise ValueError(f"kind must match const 'dealer_must_play', got '{kind}'")

        dealer_must_play_ruling = cls(
            kind=kind,
        )

        return dealer_must_play_ruling
