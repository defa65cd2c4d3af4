from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.transcript_output_deals_item import TranscriptOutputDealsItem
    from ..models.transcript_output_options import TranscriptOutputOptions


T = TypeVar("T", bound="TranscriptOutput")


@_attrs_define
class TranscriptOutput:
    """A `bourre-transcript/1` document (the engine checks it fully).

    Attributes:
        variant (str):
        players (list[str]): every seat ever taken, in seat order
        format_ (str | Unset):  Default: 'bourre-transcript/1'.
        options (TranscriptOutputOptions | Unset):
        deals (list[TranscriptOutputDealsItem] | Unset):
        closed (bool | Unset): the sitting was closed after its last deal
    """

    variant: str
    players: list[str]
    format_: str | Unset = "bourre-transcript/1"
    options: TranscriptOutputOptions | Unset = UNSET
    deals: list[TranscriptOutputDealsItem] | Unset = UNSET
    closed: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        variant = self.variant

        players = self.players

        format_ = self.format_

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
                "variant": variant,
                "players": players,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if options is not UNSET:
            field_dict["options"] = options
        if deals is not UNSET:
            field_dict["deals"] = deals
        if closed is not UNSET:
            field_dict["closed"] = closed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.transcript_output_deals_item import TranscriptOutputDealsItem  # noqa: PLC0415
        from ..models.transcript_output_options import TranscriptOutputOptions  # noqa: PLC0415

        d = dict(src_dict)
        variant = d.pop("variant")

        players = cast(list[str], d.pop("players"))

        format_ = d.pop("format", UNSET)

        _options = d.pop("options", UNSET)
        options: TranscriptOutputOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = TranscriptOutputOptions.from_dict(_options)

        _deals = d.pop("deals", UNSET)
        deals: list[TranscriptOutputDealsItem] | Unset = UNSET
        if _deals is not UNSET:
            deals = []
            for deals_item_data in _deals:
                deals_item = TranscriptOutputDealsItem.from_dict(deals_item_data)

                deals.append(deals_item)

        closed = d.pop("closed", UNSET)

        transcript_output = cls(
            variant=variant,
            players=players,
            format_=format_,
            options=options,
            deals=deals,
            closed=closed,
        )

        transcript_output.additional_properties = d
        return transcript_output

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
