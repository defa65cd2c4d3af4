from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deal_header_hands_type_0 import DealHeaderHandsType0


T = TypeVar("T", bound="DealHeader")


@_attrs_define
class DealHeader:
    """A deal as `bourre-transcript/1` writes it, without its `actions`

    Attributes:
        dealer (str):
        ante (int | None | Unset): this deal's ordinary ante
        seated (list[str] | None | Unset): who plays this deal (default all)
        hands (DealHeaderHandsType0 | None | Unset): the cards dealt, for any of the players who are seated
        trump (None | str | Unset): the turned-up card (louisiana)
    """

    dealer: str
    ante: int | None | Unset = UNSET
    seated: list[str] | None | Unset = UNSET
    hands: DealHeaderHandsType0 | None | Unset = UNSET
    trump: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.deal_header_hands_type_0 import DealHeaderHandsType0  # noqa: PLC0415

        dealer = self.dealer

        ante: int | None | Unset
        if isinstance(self.ante, Unset):
            ante = UNSET
        else:
            ante = self.ante

        seated: list[str] | None | Unset
        if isinstance(self.seated, Unset):
            seated = UNSET
        elif isinstance(self.seated, list):
            seated = self.seated

        else:
            seated = self.seated

        hands: dict[str, Any] | None | Unset
        if isinstance(self.hands, Unset):
            hands = UNSET
        elif isinstance(self.hands, DealHeaderHandsType0):
            hands = self.hands.to_dict()
        else:
            hands = self.hands

        trump: None | str | Unset
        if isinstance(self.trump, Unset):
            trump = UNSET
        else:
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
        from ..models.deal_header_hands_type_0 import DealHeaderHandsType0  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        def _parse_ante(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ante = _parse_ante(d.pop("ante", UNSET))

        def _parse_seated(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                seated_type_0 = cast(list[str], data)

                return seated_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        seated = _parse_seated(d.pop("seated", UNSET))

        def _parse_hands(data: object) -> DealHeaderHandsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                hands_type_0 = DealHeaderHandsType0.from_dict(data)

                return hands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealHeaderHandsType0 | None | Unset, data)

        hands = _parse_hands(d.pop("hands", UNSET))

        def _parse_trump(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trump = _parse_trump(d.pop("trump", UNSET))

        deal_header = cls(
            dealer=dealer,
            ante=ante,
            seated=seated,
            hands=hands,
            trump=trump,
        )

        return deal_header
