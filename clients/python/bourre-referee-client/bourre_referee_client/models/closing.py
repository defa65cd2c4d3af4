from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.closing_shares import ClosingShares
    from ..models.transfer import Transfer


T = TypeVar("T", bound="Closing")


@_attrs_define
class Closing:
    """The pot shared out at closing and the settling-up transfers

    Attributes:
        pot (int):
        shares (ClosingShares):
        transfers (list[Transfer]):
    """

    pot: int
    shares: ClosingShares
    transfers: list[Transfer]

    def to_dict(self) -> dict[str, Any]:
        pot = self.pot

        shares = self.shares.to_dict()

        transfers = []
        for transfers_item_data in self.transfers:
            transfers_item = transfers_item_data.to_dict()
            transfers.append(transfers_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pot": pot,
                "shares": shares,
                "transfers": transfers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.closing_shares import ClosingShares  # noqa: PLC0415
        from ..models.transfer import Transfer  # noqa: PLC0415

        d = dict(src_dict)
        pot = d.pop("pot")

        shares = ClosingShares.from_dict(d.pop("shares"))

        transfers = []
        _transfers = d.pop("transfers")
        for transfers_item_data in _transfers:
            transfers_item = Transfer.from_dict(transfers_item_data)

            transfers.append(transfers_item)

        closing = cls(
            pot=pot,
            shares=shares,
            transfers=transfers,
        )

        return closing
