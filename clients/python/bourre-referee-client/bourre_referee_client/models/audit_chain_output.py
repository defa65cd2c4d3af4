from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AuditChainOutput")


@_attrs_define
class AuditChainOutput:
    """
    Attributes:
        ok (bool | None): null until checked
        checked_events (int):
        head_position (int | None): log head at the start
        first_broken_position (int | None):
        club (None | str): the club whose chain broke
        code (None | str): why the chain broke, for scripts (null while it holds, and on runs stored before codes were):
            hash_mismatch, prev_hash_mismatch, position_missing, predecessor_missing, club_not_listed, chain_broken,
            version_missing
        reason (str): the club and why, in the request's language (a run stored before codes were: its English)
    """

    ok: bool | None
    checked_events: int
    head_position: int | None
    first_broken_position: int | None
    club: None | str
    code: None | str
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ok: bool | None
        ok = self.ok

        checked_events = self.checked_events

        head_position: int | None
        head_position = self.head_position

        first_broken_position: int | None
        first_broken_position = self.first_broken_position

        club: None | str
        club = self.club

        code: None | str
        code = self.code

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "checked_events": checked_events,
                "head_position": head_position,
                "first_broken_position": first_broken_position,
                "club": club,
                "code": code,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_ok(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        ok = _parse_ok(d.pop("ok"))

        checked_events = d.pop("checked_events")

        def _parse_head_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        head_position = _parse_head_position(d.pop("head_position"))

        def _parse_first_broken_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        first_broken_position = _parse_first_broken_position(d.pop("first_broken_position"))

        def _parse_club(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        club = _parse_club(d.pop("club"))

        def _parse_code(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        code = _parse_code(d.pop("code"))

        reason = d.pop("reason")

        audit_chain_output = cls(
            ok=ok,
            checked_events=checked_events,
            head_position=head_position,
            first_broken_position=first_broken_position,
            club=club,
            code=code,
            reason=reason,
        )

        audit_chain_output.additional_properties = d
        return audit_chain_output

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
