from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_output_balances import LedgerOutputBalances
    from ..models.ledger_posting_output import LedgerPostingOutput


T = TypeVar("T", bound="LedgerOutput")


@_attrs_define
class LedgerOutput:
    """
    Attributes:
        table_id (UUID):
        at (int | None): null: as of now
        balances (LedgerOutputBalances): chips each player is up (or owes, < 0)
        pot (int): chips in the pot; balances and pot sum to 0
        postings (list[LedgerPostingOutput]): one entry per leg, in order
    """

    table_id: UUID
    at: int | None
    balances: LedgerOutputBalances
    pot: int
    postings: list[LedgerPostingOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        table_id = str(self.table_id)

        at: int | None
        at = self.at

        balances = self.balances.to_dict()

        pot = self.pot

        postings = []
        for postings_item_data in self.postings:
            postings_item = postings_item_data.to_dict()
            postings.append(postings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table_id": table_id,
                "at": at,
                "balances": balances,
                "pot": pot,
                "postings": postings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_output_balances import LedgerOutputBalances  # noqa: PLC0415
        from ..models.ledger_posting_output import LedgerPostingOutput  # noqa: PLC0415

        d = dict(src_dict)
        table_id = UUID(d.pop("table_id"))

        def _parse_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        at = _parse_at(d.pop("at"))

        balances = LedgerOutputBalances.from_dict(d.pop("balances"))

        pot = d.pop("pot")

        postings = []
        _postings = d.pop("postings")
        for postings_item_data in _postings:
            postings_item = LedgerPostingOutput.from_dict(postings_item_data)

            postings.append(postings_item)

        ledger_output = cls(
            table_id=table_id,
            at=at,
            balances=balances,
            pot=pot,
            postings=postings,
        )

        ledger_output.additional_properties = d
        return ledger_output

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
