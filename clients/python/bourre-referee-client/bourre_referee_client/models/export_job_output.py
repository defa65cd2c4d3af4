from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.export_format_enum import ExportFormatEnum
from ..models.export_job_output_status_enum import ExportJobOutputStatusEnum
from ..models.export_kind_enum import ExportKindEnum

T = TypeVar("T", bound="ExportJobOutput")


@_attrs_define
class ExportJobOutput:
    """
    Attributes:
        id (UUID):
        kind (ExportKindEnum): * `transcripts` - Transcripts
            * `ledger` - Ledger
        format_ (ExportFormatEnum): * `json` - Json
            * `csv` - Csv
        table (None | UUID):
        status (ExportJobOutputStatusEnum): * `queued` - Queued
            * `running` - Running
            * `succeeded` - Succeeded
            * `failed` - Failed
        created_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        tables (int | None): tables in the file
        size_bytes (int | None):
        content_type (str):
        error (str):
        download_url (None | str): set once ready
        url (str): this job: where to poll it
        from_ (datetime.date | None):
        to (datetime.date | None):
    """

    id: UUID
    kind: ExportKindEnum
    format_: ExportFormatEnum
    table: None | UUID
    status: ExportJobOutputStatusEnum
    created_at: datetime.datetime
    finished_at: datetime.datetime | None
    tables: int | None
    size_bytes: int | None
    content_type: str
    error: str
    download_url: None | str
    url: str
    from_: datetime.date | None
    to: datetime.date | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind.value

        format_ = self.format_.value

        table: None | str
        if isinstance(self.table, UUID):
            table = str(self.table)
        else:
            table = self.table

        status = self.status.value

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        tables: int | None
        tables = self.tables

        size_bytes: int | None
        size_bytes = self.size_bytes

        content_type = self.content_type

        error = self.error

        download_url: None | str
        download_url = self.download_url

        url = self.url

        from_: None | str
        if isinstance(self.from_, datetime.date):
            from_ = self.from_.isoformat()
        else:
            from_ = self.from_

        to: None | str
        if isinstance(self.to, datetime.date):
            to = self.to.isoformat()
        else:
            to = self.to

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "format": format_,
                "table": table,
                "status": status,
                "created_at": created_at,
                "finished_at": finished_at,
                "tables": tables,
                "size_bytes": size_bytes,
                "content_type": content_type,
                "error": error,
                "download_url": download_url,
                "url": url,
                "from": from_,
                "to": to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = ExportKindEnum(d.pop("kind"))

        format_ = ExportFormatEnum(d.pop("format"))

        def _parse_table(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                table_type_0 = UUID(data)

                return table_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        table = _parse_table(d.pop("table"))

        status = ExportJobOutputStatusEnum(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_tables(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        tables = _parse_tables(d.pop("tables"))

        def _parse_size_bytes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        size_bytes = _parse_size_bytes(d.pop("size_bytes"))

        content_type = d.pop("content_type")

        error = d.pop("error")

        def _parse_download_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        download_url = _parse_download_url(d.pop("download_url"))

        url = d.pop("url")

        def _parse_from_(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                from_type_0 = datetime.date.fromisoformat(data)

                return from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        from_ = _parse_from_(d.pop("from"))

        def _parse_to(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                to_type_0 = datetime.date.fromisoformat(data)

                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        to = _parse_to(d.pop("to"))

        export_job_output = cls(
            id=id,
            kind=kind,
            format_=format_,
            table=table,
            status=status,
            created_at=created_at,
            finished_at=finished_at,
            tables=tables,
            size_bytes=size_bytes,
            content_type=content_type,
            error=error,
            download_url=download_url,
            url=url,
            from_=from_,
            to=to,
        )

        export_job_output.additional_properties = d
        return export_job_output

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
