from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.audit_table_difference_output_differences_item import AuditTableDifferenceOutputDifferencesItem
    from ..models.audit_table_difference_output_first_difference import AuditTableDifferenceOutputFirstDifference


T = TypeVar("T", bound="AuditTableDifferenceOutput")


@_attrs_define
class AuditTableDifferenceOutput:
    """
    Attributes:
        table_id (str):
        stream (str):
        first_difference (AuditTableDifferenceOutputFirstDifference): the ledger's own difference record: problem,
            position, field, expected, stored; an unbookable one has its code, params and message (in the request's
            language), as GET /tables/{id}/audit
        differences (list[AuditTableDifferenceOutputDifferencesItem]): the first 50
    """

    table_id: str
    stream: str
    first_difference: AuditTableDifferenceOutputFirstDifference
    differences: list[AuditTableDifferenceOutputDifferencesItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table_id = self.table_id

        stream = self.stream

        first_difference = self.first_difference.to_dict()

        differences = []
        for differences_item_data in self.differences:
            differences_item = differences_item_data.to_dict()
            differences.append(differences_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table_id": table_id,
                "stream": stream,
                "first_difference": first_difference,
                "differences": differences,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_table_difference_output_differences_item import AuditTableDifferenceOutputDifferencesItem  # noqa: PLC0415
        from ..models.audit_table_difference_output_first_difference import AuditTableDifferenceOutputFirstDifference  # noqa: PLC0415

        d = dict(src_dict)
        table_id = d.pop("table_id")

        stream = d.pop("stream")

        first_difference = AuditTableDifferenceOutputFirstDifference.from_dict(d.pop("first_difference"))

        differences = []
        _differences = d.pop("differences")
        for differences_item_data in _differences:
            differences_item = AuditTableDifferenceOutputDifferencesItem.from_dict(differences_item_data)

            differences.append(differences_item)

        audit_table_difference_output = cls(
            table_id=table_id,
            stream=stream,
            first_difference=first_difference,
            differences=differences,
        )

        audit_table_difference_output.additional_properties = d
        return audit_table_difference_output

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
