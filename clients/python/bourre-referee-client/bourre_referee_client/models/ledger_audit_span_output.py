from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerAuditSpanOutput")


@_attrs_define
class LedgerAuditSpanOutput:
    """
    Attributes:
        from_position (int):
        to_position (int):
    """

    from_position: int
    to_position: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from_position = self.from_position

        to_position = self.to_position

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "from_position": from_position,
                "to_position": to_position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        from_position = d.pop("from_position")

        to_position = d.pop("to_position")

        ledger_audit_span_output = cls(
            from_position=from_position,
            to_position=to_position,
        )

        ledger_audit_span_output.additional_properties = d
        return ledger_audit_span_output

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
