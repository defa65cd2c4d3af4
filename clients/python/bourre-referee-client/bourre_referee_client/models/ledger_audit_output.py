from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_audit_chain_output import LedgerAuditChainOutput
    from ..models.ledger_audit_ledger_output import LedgerAuditLedgerOutput
    from ..models.ledger_audit_page_output import LedgerAuditPageOutput


T = TypeVar("T", bound="LedgerAuditOutput")


@_attrs_define
class LedgerAuditOutput:
    """
    Attributes:
        table_id (UUID):
        ok (bool): the page's verdict
        page (LedgerAuditPageOutput):
        chain (LedgerAuditChainOutput):
        ledger (LedgerAuditLedgerOutput):
    """

    table_id: UUID
    ok: bool
    page: LedgerAuditPageOutput
    chain: LedgerAuditChainOutput
    ledger: LedgerAuditLedgerOutput
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table_id = str(self.table_id)

        ok = self.ok

        page = self.page.to_dict()

        chain = self.chain.to_dict()

        ledger = self.ledger.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table_id": table_id,
                "ok": ok,
                "page": page,
                "chain": chain,
                "ledger": ledger,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_audit_chain_output import LedgerAuditChainOutput  # noqa: PLC0415
        from ..models.ledger_audit_ledger_output import LedgerAuditLedgerOutput  # noqa: PLC0415
        from ..models.ledger_audit_page_output import LedgerAuditPageOutput  # noqa: PLC0415

        d = dict(src_dict)
        table_id = UUID(d.pop("table_id"))

        ok = d.pop("ok")

        page = LedgerAuditPageOutput.from_dict(d.pop("page"))

        chain = LedgerAuditChainOutput.from_dict(d.pop("chain"))

        ledger = LedgerAuditLedgerOutput.from_dict(d.pop("ledger"))

        ledger_audit_output = cls(
            table_id=table_id,
            ok=ok,
            page=page,
            chain=chain,
            ledger=ledger,
        )

        ledger_audit_output.additional_properties = d
        return ledger_audit_output

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
