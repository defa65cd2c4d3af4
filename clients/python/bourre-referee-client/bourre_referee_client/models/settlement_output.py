from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.settlement_statement_output import SettlementStatementOutput
    from ..models.settlement_transfer_output import SettlementTransferOutput


T = TypeVar("T", bound="SettlementOutput")


@_attrs_define
class SettlementOutput:
    """
    Attributes:
        table_id (UUID):
        closed (bool):
        pot (int): chips still in the pot (0 once closed)
        statements (list[SettlementStatementOutput]): in seat order
        transfers (list[SettlementTransferOutput] | None): once closed, who pays whom, in the order RULES.md §5 makes
            them; null while the table is open
    """

    table_id: UUID
    closed: bool
    pot: int
    statements: list[SettlementStatementOutput]
    transfers: list[SettlementTransferOutput] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table_id = str(self.table_id)

        closed = self.closed

        pot = self.pot

        statements = []
        for statements_item_data in self.statements:
            statements_item = statements_item_data.to_dict()
            statements.append(statements_item)

        transfers: list[dict[str, Any]] | None
        if isinstance(self.transfers, list):
            transfers = []
            for transfers_type_0_item_data in self.transfers:
                transfers_type_0_item = transfers_type_0_item_data.to_dict()
                transfers.append(transfers_type_0_item)

        else:
            transfers = self.transfers

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table_id": table_id,
                "closed": closed,
                "pot": pot,
                "statements": statements,
                "transfers": transfers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settlement_statement_output import SettlementStatementOutput  # noqa: PLC0415
        from ..models.settlement_transfer_output import SettlementTransferOutput  # noqa: PLC0415

        d = dict(src_dict)
        table_id = UUID(d.pop("table_id"))

        closed = d.pop("closed")

        pot = d.pop("pot")

        statements = []
        _statements = d.pop("statements")
        for statements_item_data in _statements:
            statements_item = SettlementStatementOutput.from_dict(statements_item_data)

            statements.append(statements_item)

        def _parse_transfers(data: object) -> list[SettlementTransferOutput] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                transfers_type_0 = []
                _transfers_type_0 = data
                for transfers_type_0_item_data in _transfers_type_0:
                    transfers_type_0_item = SettlementTransferOutput.from_dict(transfers_type_0_item_data)

                    transfers_type_0.append(transfers_type_0_item)

                return transfers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SettlementTransferOutput] | None, data)

        transfers = _parse_transfers(d.pop("transfers"))

        settlement_output = cls(
            table_id=table_id,
            closed=closed,
            pot=pot,
            statements=statements,
            transfers=transfers,
        )

        settlement_output.additional_properties = d
        return settlement_output

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
