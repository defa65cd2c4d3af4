from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.pot_shared_ruling_data_shares import PotSharedRulingDataShares


T = TypeVar("T", bound="PotSharedRulingData")


@_attrs_define
class PotSharedRulingData:
    """occitan: the pot shared

    Attributes:
        shares (PotSharedRulingDataShares):
    """

    shares: PotSharedRulingDataShares

    def to_dict(self) -> dict[str, Any]:
        shares = self.shares.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "shares": shares,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pot_shared_ruling_data_shares import PotSharedRulingDataShares  # noqa: PLC0415

        d = dict(src_dict)
        shares = PotSharedRulingDataShares.from_dict(d.pop("shares"))

        pot_shared_ruling_data = cls(
            shares=shares,
        )

        return pot_shared_ruling_data
