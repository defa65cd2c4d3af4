from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deal_started_data_hands import DealStartedDataHands


T = TypeVar("T", bound="DealStartedData")


@_attrs_define
class DealStartedData:
    """
    Attributes:
        dealer (str):
        ante (int | Unset):
        seated (list[str] | Unset):
        hands (DealStartedDataHands | Unset):
        trump (str | Unset): a card: rank and suit (`TS`, `10h`, `Q♥` when posted; the canonical `TS` when read)
    """

    dealer: str
    ante: int | Unset = UNSET
    seated: list[str] | Unset = UNSET
    hands: DealStartedDataHands | Unset = UNSET
    trump: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        ante = self.ante

        seated: list[str] | Unset = UNSET
        if not isinstance(self.seated, Unset):
            seated = self.seated

        hands: dict[str, Any] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = self.hands.to_dict()

        trump = self.trump

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dealer": dealer,
            }
        )
        if ante is not UNSET:
            field_dict["ante"] = ante
        if seated is not UNSET:
            field_dict["seated"] = seated
        if hands is not UNSET:
            field_dict["hands"] = hands
        if trump is not UNSET:
            field_dict["trump"] = trump

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deal_started_data_hands import DealStartedDataHands  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        ante = d.pop("ante", UNSET)

        seated = cast(list[str], d.pop("seated", UNSET))

        _hands = d.pop("hands", UNSET)
        hands: DealStartedDataHands | Unset
        if isinstance(_hands, Unset):
            hands = UNSET
        else:
            hands = DealStartedDataHands.from_dict(_hands)

        trump = d.pop("trump", UNSET)

        deal_started_data = cls(
            dealer=dealer,
            ante=ante,
            seated=seated,
            hands=hands,
            trump=trump,
        )

        return deal_started_data
