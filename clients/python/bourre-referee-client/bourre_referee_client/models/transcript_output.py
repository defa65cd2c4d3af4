from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.variant import Variant
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.comtadine_options_input import ComtadineOptionsInput
    from ..models.louisiana_options_input import LouisianaOptionsInput
    from ..models.occitan_options_input import OccitanOptionsInput
    from ..models.transcript_deal import TranscriptDeal
    from ..models.ukrainian_options_input import UkrainianOptionsInput


T = TypeVar("T", bound="TranscriptOutput")


@_attrs_define
class TranscriptOutput:
    """A `bourre-transcript/1` document (the engine checks it fully).

    Attributes:
        variant (Variant):
        players (list[str]): every seat ever taken, in seat order
        format_ (str | Unset):  Default: 'bourre-transcript/1'.
        options (ComtadineOptionsInput | LouisianaOptionsInput | OccitanOptionsInput | UkrainianOptionsInput | Unset):
            house options of the table's variant (RULES.md); any left out take their defaults
        deals (list[TranscriptDeal] | Unset):
        closed (bool | Unset): the sitting was closed after its last deal
    """

    variant: Variant
    players: list[str]
    format_: str | Unset = "bourre-transcript/1"
    options: ComtadineOptionsInput | LouisianaOptionsInput | OccitanOptionsInput | UkrainianOptionsInput | Unset = UNSET
    deals: list[TranscriptDeal] | Unset = UNSET
    closed: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.louisiana_options_input import LouisianaOptionsInput  # noqa: PLC0415
        from ..models.occitan_options_input import OccitanOptionsInput  # noqa: PLC0415
        from ..models.ukrainian_options_input import UkrainianOptionsInput  # noqa: PLC0415

        variant = self.variant.value

        players = self.players

        format_ = self.format_

        options: dict[str, Any] | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, LouisianaOptionsInput):
            options = self.options.to_dict()
        elif isinstance(self.options, UkrainianOptionsInput):
            options = self.options.to_dict()
        elif isinstance(self.options, OccitanOptionsInput):
            options = self.options.to_dict()
        else:
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
        from ..models.comtadine_options_input import ComtadineOptionsInput  # noqa: PLC0415
        from ..models.louisiana_options_input import LouisianaOptionsInput  # noqa: PLC0415
        from ..models.occitan_options_input import OccitanOptionsInput  # noqa: PLC0415
        from ..models.transcript_deal import TranscriptDeal  # noqa: PLC0415
        from ..models.ukrainian_options_input import UkrainianOptionsInput  # noqa: PLC0415

        d = dict(src_dict)
        variant = Variant(d.pop("variant"))

        players = cast(list[str], d.pop("players"))

        format_ = d.pop("format", UNSET)

        def _parse_options(
            data: object,
        ) -> ComtadineOptionsInput | LouisianaOptionsInput | OccitanOptionsInput | UkrainianOptionsInput | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_input_type_0 = LouisianaOptionsInput.from_dict(data)

                return componentsschemas_table_options_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_input_type_1 = UkrainianOptionsInput.from_dict(data)

                return componentsschemas_table_options_input_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_input_type_2 = OccitanOptionsInput.from_dict(data)

                return componentsschemas_table_options_input_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_table_options_input_type_3 = ComtadineOptionsInput.from_dict(data)

            return componentsschemas_table_options_input_type_3

        options = _parse_options(d.pop("options", UNSET))

        _deals = d.pop("deals", UNSET)
        deals: list[TranscriptDeal] | Unset = UNSET
        if _deals is not UNSET:
            deals = []
            for deals_item_data in _deals:
                deals_item = TranscriptDeal.from_dict(deals_item_data)

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
