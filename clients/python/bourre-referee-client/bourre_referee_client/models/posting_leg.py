from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostingLeg")


@_attrs_define
class PostingLeg:
    """
    Attributes:
        account (str): `pot` or `player:<name>`
        amount (int): signed: a posting's legs sum to 0
    """

    account: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        account = self.account

        amount = self.amount

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account": account,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account = d.pop("account")

        amount = d.pop("amount")

        posting_leg = cls(
            account=account,
            amount=amount,
        )

        return posting_leg
