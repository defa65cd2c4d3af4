from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LedgerAuditPageOutput")


@_attrs_define
class LedgerAuditPageOutput:
    """
    Attributes:
        first_deal (int | None): null: no deal yet
        last_deal (int | None):
        deals (int): the table's deals
        next_deal (int | None): null: the last page
        next_ (None | str): the next page's URL
        from_version (int):
        to_version (int | None):
        pot_before (int): the stored pot where the page starts (the previous page checks it)
    """

    first_deal: int | None
    last_deal: int | None
    deals: int
    next_deal: int | None
    next_: None | str
    from_version: int
    to_version: int | None
    pot_before: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        first_deal: int | None
        first_deal = self.first_deal

        last_deal: int | None
        last_deal = self.last_deal

        deals = self.deals

        next_deal: int | None
        next_deal = self.next_deal

        next_: None | str
        next_ = self.next_

        from_version = self.from_version

        to_version: int | None
        to_version = self.to_version

        pot_before = self.pot_before

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "first_deal": first_deal,
                "last_deal": last_deal,
                "deals": deals,
                "next_deal": next_deal,
                "next": next_,
                "from_version": from_version,
                "to_version": to_version,
                "pot_before": pot_before,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_first_deal(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        first_deal = _parse_first_deal(d.pop("first_deal"))

        def _parse_last_deal(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_deal = _parse_last_deal(d.pop("last_deal"))

        deals = d.pop("deals")

        def _parse_next_deal(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_deal = _parse_next_deal(d.pop("next_deal"))

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        from_version = d.pop("from_version")

        def _parse_to_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_version = _parse_to_version(d.pop("to_version"))

        pot_before = d.pop("pot_before")

        ledger_audit_page_output = cls(
            first_deal=first_deal,
            last_deal=last_deal,
            deals=deals,
            next_deal=next_deal,
            next_=next_,
            from_version=from_version,
            to_version=to_version,
            pot_before=pot_before,
        )

        ledger_audit_page_output.additional_properties = d
        return ledger_audit_page_output

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
