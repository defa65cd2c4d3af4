from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_audit_difference_output import LedgerAuditDifferenceOutput


T = TypeVar("T", bound="LedgerAuditLedgerOutput")


@_attrs_define
class LedgerAuditLedgerOutput:
    """
    Attributes:
        ok (bool):
        postings (int): legs stored for the page's events
        differences (list[LedgerAuditDifferenceOutput]):
    """

    ok: bool
    postings: int
    differences: list[LedgerAuditDifferenceOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        postings = self.postings

        differences = []
        for differences_item_data in self.differences:
            differences_item = differences_item_data.to_dict()
            differences.append(differences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "postings": postings,
                "differences": differences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_audit_difference_output import LedgerAuditDifferenceOutput  # noqa: PLC0415

        d = dict(src_dict)
        ok = d.pop("ok")

        postings = d.pop("postings")

        differences = []
        _differences = d.pop("differences")
        for differences_item_data in _differences:
            differences_item = LedgerAuditDifferenceOutput.from_dict(differences_item_data)

            differences.append(differences_item)

        ledger_audit_ledger_output = cls(
            ok=ok,
            postings=postings,
            differences=differences,
        )

        ledger_audit_ledger_output.additional_properties = d
        return ledger_audit_ledger_output

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
