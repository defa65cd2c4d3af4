from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.variant import Variant

if TYPE_CHECKING:
    from ..models.comtadine_options import ComtadineOptions
    from ..models.louisiana_options import LouisianaOptions
    from ..models.occitan_options import OccitanOptions
    from ..models.ukrainian_options import UkrainianOptions


T = TypeVar("T", bound="TableCreatedData")


@_attrs_define
class TableCreatedData:
    """
    Attributes:
        table_id (UUID):
        club_id (UUID):
        name (str):
        variant (Variant):
        options (ComtadineOptions | LouisianaOptions | OccitanOptions | UkrainianOptions): the table's house options,
            every one (the variant's)
        players (list[str]):
    """

    table_id: UUID
    club_id: UUID
    name: str
    variant: Variant
    options: ComtadineOptions | LouisianaOptions | OccitanOptions | UkrainianOptions
    players: list[str]

    def to_dict(self) -> dict[str, Any]:
        from ..models.comtadine_options import ComtadineOptions  # noqa: PLC0415
        from ..models.louisiana_options import LouisianaOptions  # noqa: PLC0415
        from ..models.ukrainian_options import UkrainianOptions  # noqa: PLC0415

        table_id = str(self.table_id)

        club_id = str(self.club_id)

        name = self.name

        variant = self.variant.value

        options: dict[str, Any]
        if isinstance(self.options, LouisianaOptions):
            options = self.options.to_dict()
        elif isinstance(self.options, UkrainianOptions):
            options = self.options.to_dict()
        elif isinstance(self.options, ComtadineOptions):
            options = self.options.to_dict()
        else:
            options = self.options.to_dict()

        players = self.players

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table_id": table_id,
                "club_id": club_id,
                "name": name,
                "variant": variant,
                "options": options,
                "players": players,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.comtadine_options import ComtadineOptions  # noqa: PLC0415
        from ..models.louisiana_options import LouisianaOptions  # noqa: PLC0415
        from ..models.occitan_options import OccitanOptions  # noqa: PLC0415
        from ..models.ukrainian_options import UkrainianOptions  # noqa: PLC0415

        d = dict(src_dict)
        table_id = UUID(d.pop("table_id"))

        club_id = UUID(d.pop("club_id"))

        name = d.pop("name")

        variant = Variant(d.pop("variant"))

        def _parse_options(data: object) -> ComtadineOptions | LouisianaOptions | OccitanOptions | UkrainianOptions:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_type_0 = LouisianaOptions.from_dict(data)

                return componentsschemas_table_options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_type_1 = UkrainianOptions.from_dict(data)

                return componentsschemas_table_options_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_type_2 = ComtadineOptions.from_dict(data)

                return componentsschemas_table_options_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_table_options_type_3 = OccitanOptions.from_dict(data)

            return componentsschemas_table_options_type_3

        options = _parse_options(d.pop("options"))

        players = cast(list[str], d.pop("players"))

        table_created_data = cls(
            table_id=table_id,
            club_id=club_id,
            name=name,
            variant=variant,
            options=options,
            players=players,
        )

        return table_created_data
