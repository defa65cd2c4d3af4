from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.webhook_output import WebhookOutput


T = TypeVar("T", bound="WebhookUnblockOutput")


@_attrs_define
class WebhookUnblockOutput:
    """
    Attributes:
        webhook (WebhookOutput):
        position (int | None): the dead delivery's event; null if it was not blocked
        action (str):
    """

    webhook: WebhookOutput
    position: int | None
    action: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        webhook = self.webhook.to_dict()

        position: int | None
        position = self.position

        action = self.action

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "webhook": webhook,
                "position": position,
                "action": action,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_output import WebhookOutput  # noqa: PLC0415

        d = dict(src_dict)
        webhook = WebhookOutput.from_dict(d.pop("webhook"))

        def _parse_position(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        position = _parse_position(d.pop("position"))

        action = d.pop("action")

        webhook_unblock_output = cls(
            webhook=webhook,
            position=position,
            action=action,
        )

        webhook_unblock_output.additional_properties = d
        return webhook_unblock_output

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
