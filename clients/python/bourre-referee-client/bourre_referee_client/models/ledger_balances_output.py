from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_balances_output_balances import LedgerBalancesOutputBalances


T = TypeVar("T", bound="LedgerBalancesOutput")


@_attrs_define
class LedgerBalancesOutput:
    """
    Attributes:
        table_id (UUID):
        at (int | None): null: as of now
        balances (LedgerBalancesOutputBalances): chips each player is up (or owes, < 0)
        pot (int): chips in the pot; balances and pot sum to 0
    """

    table_id: UUID
    at: int | None
    balances: LedgerBalancesOutputBalances
    pot: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table_id = str(self.table_id)

        at: int | None
        at = self.at

        balances = self.balances.to_dict()

        pot = self.pot

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table_id": table_id,
                "at": at,
                "balances": balances,
                "pot": pot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_balances_output_balances import LedgerBalancesOutputBalances  # noqa: PLC0415

        d = dict(src_dict)
        table_id = UUID(d.pop("table_id"))

        def _parse_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        at = _parse_at(d.pop("at"))

        balances = LedgerBalancesOutputBalances.from_dict(d.pop("balances"))

        pot = d.pop("pot")

        ledger_balances_output = cls(
            table_id=table_id,
            at=at,
            balances=balances,
            pot=pot,
        )

        ledger_balances_output.additional_properties = d
        return ledger_balances_output

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
