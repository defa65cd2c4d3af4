from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_status_enum import JobStatusEnum

T = TypeVar("T", bound="TaskRunAcceptedOutput")


@_attrs_define
class TaskRunAcceptedOutput:
    """
    Attributes:
        id (UUID):
        kind (str):
        target (str):
        status (JobStatusEnum): * `queued` - queued
            * `running` - running
            * `succeeded` - succeeded
            * `failed` - failed
        processed (int): events processed so far
        total (int): events to process (the log head)
        created_at (datetime.datetime):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        error (str):
        table (str): a rebuild of one table's stream: its id (else empty)
        verify (bool): a rebuild that compares and writes nothing
        differences (list[str]): what a verification found, `<projection>: <difference>` each
        url (str): where to poll the task (also the `Location` header)
    """

    id: UUID
    kind: str
    target: str
    status: JobStatusEnum
    processed: int
    total: int
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    error: str
    table: str
    verify: bool
    differences: list[str]
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        kind = self.kind

        target = self.target

        status = self.status.value

        processed = self.processed

        total = self.total

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

        error = self.error

        table = self.table

        verify = self.verify

        differences = self.differences

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "target": target,
                "status": status,
                "processed": processed,
                "total": total,
                "created_at": created_at,
                "started_at": started_at,
                "finished_at": finished_at,
                "error": error,
                "table": table,
                "verify": verify,
                "differences": differences,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = d.pop("kind")

        target = d.pop("target")

        status = JobStatusEnum(d.pop("status"))

        processed = d.pop("processed")

        total = d.pop("total")

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

        error = d.pop("error")

        table = d.pop("table")

        verify = d.pop("verify")

        differences = cast(list[str], d.pop("differences"))

        url = d.pop("url")

        task_run_accepted_output = cls(
            id=id,
            kind=kind,
            target=target,
            status=status,
            processed=processed,
            total=total,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            error=error,
            table=table,
            verify=verify,
            differences=differences,
            url=url,
        )

        task_run_accepted_output.additional_properties = d
        return task_run_accepted_output

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
