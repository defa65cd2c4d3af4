from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.action_enum import ActionEnum

T = TypeVar("T", bound="WebhookUnblockInputRequest")


@_attrs_define
class WebhookUnblockInputRequest:
    """
    Attributes:
        action (ActionEnum): * `retry` - retry
            * `skip` - skip
    """

    action: ActionEnum

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = ActionEnum(d.pop("action"))

        webhook_unblock_input_request = cls(
            action=action,
        )

        return webhook_unblock_input_request
