from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.export_format_enum import ExportFormatEnum
from ..models.export_kind_enum import ExportKindEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExportCreateInputRequest")


@_attrs_define
class ExportCreateInputRequest:
    """
    Attributes:
        kind (ExportKindEnum): * `transcripts` - Transcripts
            * `ledger` - Ledger
        format_ (ExportFormatEnum | Unset): * `json` - Json
            * `csv` - Csv Default: ExportFormatEnum.JSON.
        table (None | Unset | UUID): one table only
        from_ (datetime.date | None | Unset): first club night (the club's time zone; a night runs until 06:00)
        to (datetime.date | None | Unset): last club night, inclusive
    """

    kind: ExportKindEnum
    format_: ExportFormatEnum | Unset = ExportFormatEnum.JSON
    table: None | Unset | UUID = UNSET
    from_: datetime.date | None | Unset = UNSET
    to: datetime.date | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        table: None | str | Unset
        if isinstance(self.table, Unset):
            table = UNSET
        elif isinstance(self.table, UUID):
            table = str(self.table)
        else:
            table = self.table

        from_: None | str | Unset
        if isinstance(self.from_, Unset):
            from_ = UNSET
        elif isinstance(self.from_, datetime.date):
            from_ = self.from_.isoformat()
        else:
            from_ = self.from_

        to: None | str | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        elif isinstance(self.to, datetime.date):
            to = self.to.isoformat()
        else:
            to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if table is not UNSET:
            field_dict["table"] = table
        if from_ is not UNSET:
            field_dict["from"] = from_
        if to is not UNSET:
            field_dict["to"] = to

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = ExportKindEnum(d.pop("kind"))

        _format_ = d.pop("format", UNSET)
        format_: ExportFormatEnum | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = ExportFormatEnum(_format_)

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

        def _parse_from_(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                from_type_0 = datetime.date.fromisoformat(data)

                return from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        from_ = _parse_from_(d.pop("from", UNSET))

        def _parse_to(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_type_0 = datetime.date.fromisoformat(data)

                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        to = _parse_to(d.pop("to", UNSET))

        export_create_input_request = cls(
            kind=kind,
            format_=format_,
            table=table,
            from_=from_,
            to=to,
        )

        return export_create_input_request
