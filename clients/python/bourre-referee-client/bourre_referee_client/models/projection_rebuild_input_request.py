from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProjectionRebuildInputRequest")


@_attrs_define
class ProjectionRebuildInputRequest:
    """What to rebuild of the projection (the body may be empty: all of it).

    Attributes:
        table (None | Unset | UUID): only this table's stream (table-by-table projections only)
        verify (bool | Unset): write nothing: the task lists every difference with the stored rows (table-by-table
            projections only) Default: False.
    """

    table: None | Unset | UUID = UNSET
    verify: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        table: None | str | Unset
        if isinstance(self.table, Unset):
            table = UNSET
        elif isinstance(self.table, UUID):
            table = str(self.table)
        else:
            table = self.table

        verify = self.verify

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if table is not UNSET:
            field_dict["table"] = table
        if verify is not UNSET:
            field_dict["verify"] = verify

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_table(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                table_type_0 = UUID(data)

                return table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        table = _parse_table(d.pop("table", UNSET))

        verify = d.pop("verify", UNSET)

        projection_rebuild_input_request = cls(
            table=table,
            verify=verify,
        )

        return projection_rebuild_input_request
