from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.api_key_create_input_role_enum import ApiKeyCreateInputRoleEnum

T = TypeVar("T", bound="ApiKeyCreateInputRequest")


@_attrs_define
class ApiKeyCreateInputRequest:
    """
    Attributes:
        name (str): at most 200 characters
        role (ApiKeyCreateInputRoleEnum): * `auditor` - Auditor (read only)
            * `scorekeeper` - Scorekeeper (creates tables, logs events)
            * `admin` - Admin (also manages keys)
    """

    name: str
    role: ApiKeyCreateInputRoleEnum

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        role = ApiKeyCreateInputRoleEnum(d.pop("role"))

        api_key_create_input_request = cls(
            name=name,
            role=role,
        )

        return api_key_create_input_request
