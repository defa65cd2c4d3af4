from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.role_enum import RoleEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="ApiKeyCreatedOutput")


@_attrs_define
class ApiKeyCreatedOutput:
    """
    Attributes:
        id (UUID):
        name (str):
        role (RoleEnum): * `auditor` - Auditor (read only)
            * `scorekeeper` - Scorekeeper (creates tables, logs events)
            * `admin` - Admin (also manages keys)
            * `operator` - Operator (the whole service)
        prefix (str):
        created_at (datetime.datetime):
        key (None | str): the key itself: shown only in this response (null in an idempotent replay: a secret is never
            kept; revoke the key and make another)
        revoked_at (datetime.datetime | None | Unset):
    """

    id: UUID
    name: str
    role: RoleEnum
    prefix: str
    created_at: datetime.datetime
    key: None | str
    revoked_at: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        role = self.role.value

        prefix = self.prefix

        created_at = self.created_at.isoformat()

        key: None | str
        key = self.key

        revoked_at: None | str | Unset
        if isinstance(self.revoked_at, Unset):
            revoked_at = UNSET
        elif isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "role": role,
                "prefix": prefix,
                "created_at": created_at,
                "key": key,
            }
        )
        if revoked_at is not UNSET:
            field_dict["revoked_at"] = revoked_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        role = RoleEnum(d.pop("role"))

        prefix = d.pop("prefix")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key = _parse_key(d.pop("key"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at", UNSET))

        api_key_created_output = cls(
            id=id,
            name=name,
            role=role,
            prefix=prefix,
            created_at=created_at,
            key=key,
            revoked_at=revoked_at,
        )

        api_key_created_output.additional_properties = d
        return api_key_created_output

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
