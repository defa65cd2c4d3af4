from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.kinds_enum import KindsEnum
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCreateInputRequest")


@_attrs_define
class WebhookCreateInputRequest:
    """
    Attributes:
        url (str): where the events are POSTed
        kinds (list[KindsEnum]): the event kinds to deliver. `deal_settled`: RulingMade deal_settled: a deal is over
            (summary in bourre-ruling/1); `renege_ruled`: RulingMade renege: a renege was proven and penalised;
            `pot_carried`: RulingMade pot_carried: the pot stays for the next deal; `pot_won`: RulingMade pot_won;
            `pot_split`: RulingMade pot_split; `pot_shared`: RulingMade pot_shared; `bourre`: RulingMade bourre: a player
            who played took no trick; `table_created`: TableCreated: a table was opened (its players and options);
            `event_undone`: EventUndone: an event was undone (its rulings voided); `table_closed`: TableClosed: the sitting
            is over (the pot shared out, balances settled up)
        description (str | Unset):
    """

    url: str
    kinds: list[KindsEnum]
    description: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        kinds = []
        for kinds_item_data in self.kinds:
            kinds_item = kinds_item_data.value
            kinds.append(kinds_item)

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "kinds": kinds,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        kinds = []
        _kinds = d.pop("kinds")
        for kinds_item_data in _kinds:
            kinds_item = KindsEnum(kinds_item_data)

            kinds.append(kinds_item)

        description = d.pop("description", UNSET)

        webhook_create_input_request = cls(
            url=url,
            kinds=kinds,
            description=description,
        )

        return webhook_create_input_request
