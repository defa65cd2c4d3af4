from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookOutput")


@_attrs_define
class WebhookOutput:
    """
    Attributes:
        id (UUID):
        url (str):
        kinds (list[str]):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        checkpoint_position (int): every event up to this global position has been dealt with
        pending_position (int | None): the event being retried (or dead), if any
        next_attempt_at (datetime.datetime | None):
        blocked (bool): a delivery is dead: later events wait for an unblock
        description (str | Unset):
        active (bool | Unset):
    """

    id: UUID
    url: str
    kinds: list[str]
    created_at: datetime.datetime
    updated_at: datetime.datetime
    checkpoint_position: int
    pending_position: int | None
    next_attempt_at: datetime.datetime | None
    blocked: bool
    description: str | Unset = UNSET
    active: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        url = self.url

        kinds = self.kinds

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        checkpoint_position = self.checkpoint_position

        pending_position: int | None
        pending_position = self.pending_position

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        blocked = self.blocked

        description = self.description

        active = self.active

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "kinds": kinds,
                "created_at": created_at,
                "updated_at": updated_at,
                "checkpoint_position": checkpoint_position,
                "pending_position": pending_position,
                "next_attempt_at": next_attempt_at,
                "blocked": blocked,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if active is not UNSET:
            field_dict["active"] = active

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        kinds = cast(list[str], d.pop("kinds"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        checkpoint_position = d.pop("checkpoint_position")

        def _parse_pending_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pending_position = _parse_pending_position(d.pop("pending_position"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        blocked = d.pop("blocked")

        description = d.pop("description", UNSET)

        active = d.pop("active", UNSET)

        webhook_output = cls(
            id=id,
            url=url,
            kinds=kinds,
            created_at=created_at,
            updated_at=updated_at,
            checkpoint_position=checkpoint_position,
            pending_position=pending_position,
            next_attempt_at=next_attempt_at,
            blocked=blocked,
            description=description,
            active=active,
        )

        webhook_output.additional_properties = d
        return webhook_output

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
