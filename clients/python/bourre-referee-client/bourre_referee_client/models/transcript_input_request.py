from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.transcript_format_enum import TranscriptFormatEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.transcript_input_request_deals_item import TranscriptInputRequestDealsItem
    from ..models.transcript_input_request_options import TranscriptInputRequestOptions


T = TypeVar("T", bound="TranscriptInputRequest")


@_attrs_define
class TranscriptInputRequest:
    """What `POST /referee` takes: the document must say what it is.

    Attributes:
        format_ (TranscriptFormatEnum): * `bourre-transcript/1` - bourre-transcript/1
        variant (str):
        players (list[str]): every seat ever taken, in seat order
        options (TranscriptInputRequestOptions | Unset):
        deals (list[TranscriptInputRequestDealsItem] | Unset):
        closed (bool | Unset): the sitting was closed after its last deal
    """

    format_: TranscriptFormatEnum
    variant: str
    players: list[str]
    options: TranscriptInputRequestOptions | Unset = UNSET
    deals: list[TranscriptInputRequestDealsItem] | Unset = UNSET
    closed: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_.value

        variant = self.variant

        players = self.players

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        deals: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.deals, Unset):
            deals = []
            for deals_item_data in self.deals:
                deals_item = deals_item_data.to_dict()
                deals.append(deals_item)

        closed = self.closed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
                "variant": variant,
                "players": players,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if deals is not UNSET:
            field_dict["deals"] = deals
        if closed is not UNSET:
            field_dict["closed"] = closed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.transcript_input_request_deals_item import TranscriptInputRequestDealsItem  # noqa: PLC0415
        from ..models.transcript_input_request_options import TranscriptInputRequestOptions  # noqa: PLC0415

        d = dict(src_dict)
        format_ = TranscriptFormatEnum(d.pop("format"))

        variant = d.pop("variant")

        players = cast(list[str], d.pop("players"))

        _options = d.pop("options", UNSET)
        options: TranscriptInputRequestOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = TranscriptInputRequestOptions.from_dict(_options)

        _deals = d.pop("deals", UNSET)
        deals: list[TranscriptInputRequestDealsItem] | Unset = UNSET
        if _deals is not UNSET:
            deals = []
            for deals_item_data in _deals:
                deals_item = TranscriptInputRequestDealsItem.from_dict(deals_item_data)

                deals.append(deals_item)

        closed = d.pop("closed", UNSET)

        transcript_input_request = cls(
            format_=format_,
            variant=variant,
            players=players,
            options=options,
            deals=deals,
            closed=closed,
        )

        transcript_input_request.additional_properties = d
        return transcript_input_request

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
