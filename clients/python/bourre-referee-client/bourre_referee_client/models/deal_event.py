from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deal_header import DealHeader


T = TypeVar("T", bound="DealEvent")


@_attrs_define
class DealEvent:
    """A new deal

    Attributes:
        deal (DealHeader): A deal as `bourre-transcript/1` writes it, without its `actions`
    """

    deal: DealHeader

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_header import DealHeader  # noqa: PLC0415

        d = dict(src_dict)
        deal = DealHeader.from_dict(d.pop("deal"))

        deal_event = cls(
            deal=deal,
        )

        return deal_event
