from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.variant import Variant
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.comtadine_options_input import ComtadineOptionsInput
    from ..models.louisiana_options_input import LouisianaOptionsInput
    from ..models.occitan_options_input import OccitanOptionsInput
    from ..models.ukrainian_options_input import UkrainianOptionsInput


T = TypeVar("T", bound="TableCreateInputRequest")


@_attrs_define
class TableCreateInputRequest:
    """The body's shape and types only: what the name, players and options may hold is
    `table_create`'s to say (`games.services.inputs`), as for the app's form.

        Attributes:
            name (str): at most 200 characters
            variant (Variant):
            players (list[str]): seat order; names of at most 100 characters are kept in NFC and must differ beyond case
            options (ComtadineOptionsInput | LouisianaOptionsInput | OccitanOptionsInput | UkrainianOptionsInput | Unset):
                house options of the table's variant (RULES.md); any left out take their defaults
    """

    name: str
    variant: Variant
    players: list[str]
    options: ComtadineOptionsInput | LouisianaOptionsInput | OccitanOptionsInput | UkrainianOptionsInput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.louisiana_options_input import LouisianaOptionsInput  # noqa: PLC0415
        from ..models.occitan_options_input import OccitanOptionsInput  # noqa: PLC0415
        from ..models.ukrainian_options_input import UkrainianOptionsInput  # noqa: PLC0415

        name = self.name

        variant = self.variant.value

        players = self.players

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "variant": variant,
                "players": players,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.comtadine_options_input import ComtadineOptionsInput  # noqa: PLC0415
        from ..models.louisiana_options_input import LouisianaOptionsInput  # noqa: PLC0415
        from ..models.occitan_options_input import OccitanOptionsInput  # noqa: PLC0415
        from ..models.ukrainian_options_input import UkrainianOptionsInput  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        variant = Variant(d.pop("variant"))

        players = cast(list[str], d.pop("players"))

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

        table_create_input_request = cls(
            name=name,
            variant=variant,
            players=players,
            options=options,
        )

        return table_create_input_request
