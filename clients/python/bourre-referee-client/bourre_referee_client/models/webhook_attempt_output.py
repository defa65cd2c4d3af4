from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_status_enum import DeliveryStatusEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookAttemptOutput")


@_attrs_define
class WebhookAttemptOutput:
    """
    Attributes:
        id (int):
        delivery_id (str):
        position (int):
        kind (str):
        table_id (UUID):
        attempt (int):
        succeeded (bool):
        duration_ms (int):
        started_at (datetime.datetime):
        finished_at (datetime.datetime):
        delivery_status (DeliveryStatusEnum): * `queued` - Queued (will be retried)
            * `succeeded` - Delivered (the receiver answered 2xx)
            * `failed` - Failed (out of attempts: the endpoint is blocked until unblocked)
            * `skipped` - Skipped by an admin after it died
        status_code (int | None | Unset):
        error (str | Unset):
        next_retry_at (datetime.datetime | None | Unset):
    """

    id: int
    delivery_id: str
    position: int
    kind: str
    table_id: UUID
    attempt: int
    succeeded: bool
    duration_ms: int
    started_at: datetime.datetime
    finished_at: datetime.datetime
    delivery_status: DeliveryStatusEnum
    status_code: int | None | Unset = UNSET
    error: str | Unset = UNSET
    next_retry_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        delivery_id = self.delivery_id

        position = self.position

        kind = self.kind

        table_id = str(self.table_id)

        attempt = self.attempt

        succeeded = self.succeeded

        duration_ms = self.duration_ms

        started_at = self.started_at.isoformat()

        finished_at = self.finished_at.isoformat()

        delivery_status = self.delivery_status.value

        status_code: int | None | Unset
        if isinstance(self.status_code, Unset):
            status_code = UNSET
        else:
            status_code = self.status_code

        error = self.error

        next_retry_at: None | str | Unset
        if isinstance(self.next_retry_at, Unset):
            next_retry_at = UNSET
        elif isinstance(self.next_retry_at, datetime.datetime):
            next_retry_at = self.next_retry_at.isoformat()
        else:
            next_retry_at = self.next_retry_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "delivery_id": delivery_id,
                "position": position,
                "kind": kind,
                "table_id": table_id,
                "attempt": attempt,
                "succeeded": succeeded,
                "duration_ms": duration_ms,
                "started_at": started_at,
                "finished_at": finished_at,
                "delivery_status": delivery_status,
            }
        )
        if status_code is not UNSET:
            field_dict["status_code"] = status_code
        if error is not UNSET:
            field_dict["error"] = error
        if next_retry_at is not UNSET:
            field_dict["next_retry_at"] = next_retry_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        delivery_id = d.pop("delivery_id")

        position = d.pop("position")

        kind = d.pop("kind")

        table_id = UUID(d.pop("table_id"))

        attempt = d.pop("attempt")

        succeeded = d.pop("succeeded")

        duration_ms = d.pop("duration_ms")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        finished_at = datetime.datetime.fromisoformat(d.pop("finished_at"))

        delivery_status = DeliveryStatusEnum(d.pop("delivery_status"))

        def _parse_status_code(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        status_code = _parse_status_code(d.pop("status_code", UNSET))

        error = d.pop("error", UNSET)

        def _parse_next_retry_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_retry_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_retry_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        next_retry_at = _parse_next_retry_at(d.pop("next_retry_at", UNSET))

        webhook_attempt_output = cls(
            id=id,
            delivery_id=delivery_id,
            position=position,
            kind=kind,
            table_id=table_id,
            attempt=attempt,
            succeeded=succeeded,
            duration_ms=duration_ms,
            started_at=started_at,
            finished_at=finished_at,
            delivery_status=delivery_status,
            status_code=status_code,
            error=error,
            next_retry_at=next_retry_at,
        )

        webhook_attempt_output.additional_properties = d
        return webhook_attempt_output

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
