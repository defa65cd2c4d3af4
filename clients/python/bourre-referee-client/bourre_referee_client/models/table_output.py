from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.variant import Variant

if TYPE_CHECKING:
    from ..models.comtadine_options import ComtadineOptions
    from ..models.louisiana_options import LouisianaOptions
    from ..models.occitan_options import OccitanOptions
    from ..models.ukrainian_options import UkrainianOptions


T = TypeVar("T", bound="TableOutput")


@_attrs_define
class TableOutput:
    """A table, with who sits there (from the `table_seating` selector).

    Attributes:
        id (UUID):
        name (str):
        variant (Variant):
        options (ComtadineOptions | LouisianaOptions | OccitanOptions | UkrainianOptions): the table's house options,
            every one (the variant's)
        players (list[str]): every seat ever taken at the table, in seat order
        seated (list[str]): who sits there now
        left (list[str]): who has left
        closed (bool): closed: nothing more is logged
        version (int):
        created_at (datetime.datetime):
    """

    id: UUID
    name: str
    variant: Variant
    options: ComtadineOptions | LouisianaOptions | OccitanOptions | UkrainianOptions
    players: list[str]
    seated: list[str]
    left: list[str]
    closed: bool
    version: int
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.comtadine_options import ComtadineOptions  # noqa: PLC0415
        from ..models.louisiana_options import LouisianaOptions  # noqa: PLC0415
        from ..models.ukrainian_options import UkrainianOptions  # noqa: PLC0415

        id = str(self.id)

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

        seated = self.seated

        left = self.left

        closed = self.closed

        version = self.version

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "variant": variant,
                "options": options,
                "players": players,
                "seated": seated,
                "left": left,
                "closed": closed,
                "version": version,
                "created_at": created_at,
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
        id = UUID(d.pop("id"))

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

        seated = cast(list[str], d.pop("seated"))

        left = cast(list[str], d.pop("left"))

        closed = d.pop("closed")

        version = d.pop("version")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        table_output = cls(
            id=id,
            name=name,
            variant=variant,
            options=options,
            players=players,
            seated=seated,
            left=left,
            closed=closed,
            version=version,
            created_at=created_at,
        )

        table_output.additional_properties = d
        return table_output

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
