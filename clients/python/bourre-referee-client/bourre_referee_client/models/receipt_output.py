from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ReceiptOutput")


@_attrs_define
class ReceiptOutput:
    """
    Attributes:
        table (UUID):
        event (int): the event's version in the table's stream
        position (int): the event's position in the club's log
        index (int): its leaf index in the tree (position - 1)
        checkpoint_size (int):
        receipt (str): a C2SP tlog-proof (`c2sp.org/tlog-proof@v1`): the event's leaf as `extra`, the inclusion proof
            and the signed checkpoint; save it as a `.tlog-proof` file
    """

    table: UUID
    event: int
    position: int
    index: int
    checkpoint_size: int
    receipt: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table = str(self.table)

        event = self.event

        position = self.position

        index = self.index

        checkpoint_size = self.checkpoint_size

        receipt = self.receipt

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table": table,
                "event": event,
                "position": position,
                "index": index,
                "checkpoint_size": checkpoint_size,
                "receipt": receipt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        table = UUID(d.pop("table"))

        event = d.pop("event")

        position = d.pop("position")

        index = d.pop("index")

        checkpoint_size = d.pop("checkpoint_size")

        receipt = d.pop("receipt")

        receipt_output = cls(
            table=table,
            event=event,
            position=position,
            index=index,
            checkpoint_size=checkpoint_size,
            receipt=receipt,
        )

        receipt_output.additional_properties = d
        return receipt_output

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
