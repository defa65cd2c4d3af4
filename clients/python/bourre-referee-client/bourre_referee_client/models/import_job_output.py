from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_status_enum import JobStatusEnum

if TYPE_CHECKING:
    from ..models.import_problem_output import ImportProblemOutput
    from ..models.import_progress_output import ImportProgressOutput


T = TypeVar("T", bound="ImportJobOutput")


@_attrs_define
class ImportJobOutput:
    """
    Attributes:
        id (UUID):
        status (JobStatusEnum): * `queued` - queued
            * `running` - running
            * `succeeded` - succeeded
            * `failed` - failed
        name (str): the new table's name
        created_at (datetime.datetime):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        progress (ImportProgressOutput):
        table (None | UUID): the new table, once succeeded
        table_url (None | str): the new table, once succeeded
        error (ImportProblemOutput | None): why it failed: the refusal a 422 would have named
        url (str): this job: where to poll it
    """

    id: UUID
    status: JobStatusEnum
    name: str
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    progress: ImportProgressOutput
    table: None | UUID
    table_url: None | str
    error: ImportProblemOutput | None
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.import_problem_output import ImportProblemOutput  # noqa: PLC0415

        id = str(self.id)

        status = self.status.value

        name = self.name

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        progress = self.progress.to_dict()

        table: None | str
        if isinstance(self.table, UUID):
            table = str(self.table)
        else:
            table = self.table

        table_url: None | str
        table_url = self.table_url

        error: dict[str, Any] | None
        if isinstance(self.error, ImportProblemOutput):
            error = self.error.to_dict()
        else:
            error = self.error

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "name": name,
                "created_at": created_at,
                "started_at": started_at,
                "finished_at": finished_at,
                "progress": progress,
                "table": table,
                "table_url": table_url,
                "error": error,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_problem_output import ImportProblemOutput  # noqa: PLC0415
        from ..models.import_progress_output import ImportProgressOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = JobStatusEnum(d.pop("status"))

        name = d.pop("name")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

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

        progress = ImportProgressOutput.from_dict(d.pop("progress"))

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

        def _parse_table_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        table_url = _parse_table_url(d.pop("table_url"))

        def _parse_error(data: object) -> ImportProblemOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ImportProblemOutput.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ImportProblemOutput | None, data)

        error = _parse_error(d.pop("error"))

        url = d.pop("url")

        import_job_output = cls(
            id=id,
            status=status,
            name=name,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            progress=progress,
            table=table,
            table_url=table_url,
            error=error,
            url=url,
        )

        import_job_output.additional_properties = d
        return import_job_output

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
