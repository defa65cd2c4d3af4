from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_status_enum import JobStatusEnum
from ..models.scope_enum import ScopeEnum

if TYPE_CHECKING:
    from ..models.audit_chain_output import AuditChainOutput
    from ..models.audit_ledger_output import AuditLedgerOutput


T = TypeVar("T", bound="AuditRunOutput")


@_attrs_define
class AuditRunOutput:
    """
    Attributes:
        id (UUID):
        status (JobStatusEnum): * `queued` - queued
            * `running` - running
            * `succeeded` - succeeded
            * `failed` - failed
        trigger (str):
        scope (ScopeEnum): * `club` - club
            * `log` - log
        ok (bool | None): your club's ledgers hold (and, for the operator, the chain); null until done
        created_at (datetime.datetime):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        chain (AuditChainOutput | None): the shared log's hash chain: the operator's key only
        ledger (AuditLedgerOutput):
        error (str):
    """

    id: UUID
    status: JobStatusEnum
    trigger: str
    scope: ScopeEnum
    ok: bool | None
    created_at: datetime.datetime
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    chain: AuditChainOutput | None
    ledger: AuditLedgerOutput
    error: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_chain_output import AuditChainOutput  # noqa: PLC0415

        id = str(self.id)

        status = self.status.value

        trigger = self.trigger

        scope = self.scope.value

        ok: bool | None
        ok = self.ok

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

        chain: dict[str, Any] | None
        if isinstance(self.chain, AuditChainOutput):
            chain = self.chain.to_dict()
        else:
            chain = self.chain

        ledger = self.ledger.to_dict()

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "trigger": trigger,
                "scope": scope,
                "ok": ok,
                "created_at": created_at,
                "started_at": started_at,
                "finished_at": finished_at,
                "chain": chain,
                "ledger": ledger,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_chain_output import AuditChainOutput  # noqa: PLC0415
        from ..models.audit_ledger_output import AuditLedgerOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        status = JobStatusEnum(d.pop("status"))

        trigger = d.pop("trigger")

        scope = ScopeEnum(d.pop("scope"))

        def _parse_ok(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        ok = _parse_ok(d.pop("ok"))

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

        def _parse_chain(data: object) -> AuditChainOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                chain_type_0 = AuditChainOutput.from_dict(data)

                return chain_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditChainOutput | None, data)

        chain = _parse_chain(d.pop("chain"))

        ledger = AuditLedgerOutput.from_dict(d.pop("ledger"))

        error = d.pop("error")

        audit_run_output = cls(
            id=id,
            status=status,
            trigger=trigger,
            scope=scope,
            ok=ok,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            chain=chain,
            ledger=ledger,
            error=error,
        )

        audit_run_output.additional_properties = d
        return audit_run_output

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
