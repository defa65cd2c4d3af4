from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.audit_table_difference_output import AuditTableDifferenceOutput


T = TypeVar("T", bound="AuditLedgerOutput")


@_attrs_define
class AuditLedgerOutput:
    """
    Attributes:
        ok (bool | None): your club's tables all match
        tables_checked (int): your club's tables
        differences (list[AuditTableDifferenceOutput]):
    """

    ok: bool | None
    tables_checked: int
    differences: list[AuditTableDifferenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ok: bool | None
        ok = self.ok

        tables_checked = self.tables_checked

        differences = []
        for differences_item_data in self.differences:
            differences_item = differences_item_data.to_dict()
            differences.append(differences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "tables_checked": tables_checked,
                "differences": differences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_table_difference_output import AuditTableDifferenceOutput  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_ok(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        ok = _parse_ok(d.pop("ok"))

        tables_checked = d.pop("tables_checked")

        differences = []
        _differences = d.pop("differences")
        for differences_item_data in _differences:
            differences_item = AuditTableDifferenceOutput.from_dict(differences_item_data)

            differences.append(differences_item)

        audit_ledger_output = cls(
            ok=ok,
            tables_checked=tables_checked,
            differences=differences,
        )

        audit_ledger_output.additional_properties = d
        return audit_ledger_output

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
