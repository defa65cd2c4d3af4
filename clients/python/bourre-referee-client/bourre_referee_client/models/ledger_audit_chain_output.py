from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ledger_audit_span_output import LedgerAuditSpanOutput


T = TypeVar("T", bound="LedgerAuditChainOutput")


@_attrs_define
class LedgerAuditChainOutput:
    """
    Attributes:
        ok (bool):
        events (int): the page's events
        span (LedgerAuditSpanOutput | None): the club's positions checked: from the one after the previous page's last
            event (the table's first event on the first page) to the page's last event
        checked (int): events of the span whose chain held
        first_broken (int | None):
        code (None | str): why the chain broke, for scripts (null while it holds): hash_mismatch, prev_hash_mismatch,
            position_missing, predecessor_missing, club_not_listed, chain_broken, version_missing
        reason (None | str): why the chain broke, in the request's language
    """

    ok: bool
    events: int
    span: LedgerAuditSpanOutput | None
    checked: int
    first_broken: int | None
    code: None | str
    reason: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ledger_audit_span_output import LedgerAuditSpanOutput  # noqa: PLC0415

        ok = self.ok

        events = self.events

        span: dict[str, Any] | None
        if isinstance(self.span, LedgerAuditSpanOutput):
            span = self.span.to_dict()
        else:
            span = self.span

        checked = self.checked

        first_broken: int | None
        first_broken = self.first_broken

        code: None | str
        code = self.code

        reason: None | str
        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "events": events,
                "span": span,
                "checked": checked,
                "first_broken": first_broken,
                "code": code,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_audit_span_output import LedgerAuditSpanOutput  # noqa: PLC0415

        d = dict(src_dict)
        ok = d.pop("ok")

        events = d.pop("events")

        def _parse_span(data: object) -> LedgerAuditSpanOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                span_type_0 = LedgerAuditSpanOutput.from_dict(data)

                return span_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LedgerAuditSpanOutput | None, data)

        span = _parse_span(d.pop("span"))

        checked = d.pop("checked")

        def _parse_first_broken(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        first_broken = _parse_first_broken(d.pop("first_broken"))

        def _parse_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        code = _parse_code(d.pop("code"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        ledger_audit_chain_output = cls(
            ok=ok,
            events=events,
            span=span,
            checked=checked,
            first_broken=first_broken,
            code=code,
            reason=reason,
        )

        ledger_audit_chain_output.additional_properties = d
        return ledger_audit_chain_output

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
