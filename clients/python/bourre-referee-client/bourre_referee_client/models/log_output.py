from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LogOutput")


@_attrs_define
class LogOutput:
    """
    Attributes:
        origin (str): the checkpoints' origin line, `<host>/bourre/<club id>`
        verifier_key (str): the log's key in the signed-note vkey form `<name>+<key id>+<key>`
        prefix (str): the public tlog-tiles prefix URL (no key needed)
        size (int): entries in the tree now (the club's events)
        checkpoint (None | str): the latest checkpoint as served, with its cosignatures
        halted_at (int | None): the position the tree refused (its chain broken), if any
        halted_reason (str):
    """

    origin: str
    verifier_key: str
    prefix: str
    size: int
    checkpoint: None | str
    halted_at: int | None
    halted_reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        origin = self.origin

        verifier_key = self.verifier_key

        prefix = self.prefix

        size = self.size

        checkpoint: None | str
        checkpoint = self.checkpoint

        halted_at: int | None
        halted_at = self.halted_at

        halted_reason = self.halted_reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "origin": origin,
                "verifier_key": verifier_key,
                "prefix": prefix,
                "size": size,
                "checkpoint": checkpoint,
                "halted_at": halted_at,
                "halted_reason": halted_reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        origin = d.pop("origin")

        verifier_key = d.pop("verifier_key")

        prefix = d.pop("prefix")

        size = d.pop("size")

        def _parse_checkpoint(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        checkpoint = _parse_checkpoint(d.pop("checkpoint"))

        def _parse_halted_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        halted_at = _parse_halted_at(d.pop("halted_at"))

        halted_reason = d.pop("halted_reason")

        log_output = cls(
            origin=origin,
            verifier_key=verifier_key,
            prefix=prefix,
            size=size,
            checkpoint=checkpoint,
            halted_at=halted_at,
            halted_reason=halted_reason,
        )

        log_output.additional_properties = d
        return log_output

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
