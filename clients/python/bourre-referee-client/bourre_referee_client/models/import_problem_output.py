from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ImportProblemOutput")


@_attrs_define
class ImportProblemOutput:
    """
    Attributes:
        code (str): a code of the error catalogue, as a 422 says it
        message (str): for people, in the reader's language (`Accept-Language`), whoever posted
        field (str | Unset):
        expected_player (str | Unset): whose turn it was
        deal (int | Unset): 0-based, in the transcript
        action (int | Unset): 0-based, in the deal
    """

    code: str
    message: str
    field: str | Unset = UNSET
    expected_player: str | Unset = UNSET
    deal: int | Unset = UNSET
    action: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        field = self.field

        expected_player = self.expected_player

        deal = self.deal

        action = self.action

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if field is not UNSET:
            field_dict["field"] = field
        if expected_player is not UNSET:
            field_dict["expected_player"] = expected_player
        if deal is not UNSET:
            field_dict["deal"] = deal
        if action is not UNSET:
            field_dict["action"] = action

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        field = d.pop("field", UNSET)

        expected_player = d.pop("expected_player", UNSET)

        deal = d.pop("deal", UNSET)

        action = d.pop("action", UNSET)

        import_problem_output = cls(
            code=code,
            message=message,
            field=field,
            expected_player=expected_player,
            deal=deal,
            action=action,
        )

        import_problem_output.additional_properties = d
        return import_problem_output

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
