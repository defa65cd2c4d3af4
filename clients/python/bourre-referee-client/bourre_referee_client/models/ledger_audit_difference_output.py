from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.problem_enum import ProblemEnum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ledger_audit_difference_output_params import LedgerAuditDifferenceOutputParams


T = TypeVar("T", bound="LedgerAuditDifferenceOutput")


@_attrs_define
class LedgerAuditDifferenceOutput:
    """
    Attributes:
        problem (ProblemEnum): * `missing` - missing
            * `extra` - extra
            * `different` - different
            * `unbookable` - unbookable
        position (int | Unset):
        transaction (int | Unset):
        leg (int | Unset):
        field (str | Unset):
        expected (Any | Unset): what the events give
        stored (Any | Unset): what the ledger holds
        code (str | Unset): unbookable: what the ledger could not book, for scripts: amount_not_whole,
            posting_unbalanced, pot_below_zero, undo_pot_below_zero
        params (LedgerAuditDifferenceOutputParams | Unset): unbookable: the values the message says (`position`;
            `posting`, the posting's index from 0, and its `kind`; `pot`)
        message (str | Unset): unbookable: what was found, in the request's language
    """

    problem: ProblemEnum
    position: int | Unset = UNSET
    transaction: int | Unset = UNSET
    leg: int | Unset = UNSET
    field: str | Unset = UNSET
    expected: Any | Unset = UNSET
    stored: Any | Unset = UNSET
    code: str | Unset = UNSET
    params: LedgerAuditDifferenceOutputParams | Unset = UNSET
    message: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        problem = self.problem.value

        position = self.position

        transaction = self.transaction

        leg = self.leg

        field = self.field

        expected = self.expected

        stored = self.stored

        code = self.code

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "problem": problem,
            }
        )
        if position is not UNSET:
            field_dict["position"] = position
        if transaction is not UNSET:
            field_dict["transaction"] = transaction
        if leg is not UNSET:
            field_dict["leg"] = leg
        if field is not UNSET:
            field_dict["field"] = field
        if expected is not UNSET:
            field_dict["expected"] = expected
        if stored is not UNSET:
            field_dict["stored"] = stored
        if code is not UNSET:
            field_dict["code"] = code
        if params is not UNSET:
            field_dict["params"] = params
        if message is not UNSET:
            field_dict["message"] = message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_audit_difference_output_params import LedgerAuditDifferenceOutputParams  # noqa: PLC0415

        d = dict(src_dict)
        problem = ProblemEnum(d.pop("problem"))

        position = d.pop("position", UNSET)

        transaction = d.pop("transaction", UNSET)

        leg = d.pop("leg", UNSET)

        field = d.pop("field", UNSET)

        expected = d.pop("expected", UNSET)

        stored = d.pop("stored", UNSET)

        code = d.pop("code", UNSET)

        _params = d.pop("params", UNSET)
        params: LedgerAuditDifferenceOutputParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = LedgerAuditDifferenceOutputParams.from_dict(_params)

        message = d.pop("message", UNSET)

        ledger_audit_difference_output = cls(
            problem=problem,
            position=position,
            transaction=transaction,
            leg=leg,
            field=field,
            expected=expected,
            stored=stored,
            code=code,
            params=params,
            message=message,
        )

        ledger_audit_difference_output.additional_properties = d
        return ledger_audit_difference_output

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
