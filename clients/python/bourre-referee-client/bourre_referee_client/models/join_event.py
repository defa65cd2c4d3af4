from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.join_body import JoinBody


T = TypeVar("T", bound="JoinEvent")


@_attrs_define
class JoinEvent:
    """Between deals: a player sits

    Attributes:
        join (JoinBody): `seat_after`: the player to sit after, null for the first seat
    """

    join: JoinBody

    def to_dict(self) -> dict[str, Any]:
        join = self.join.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "join": join,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.join_body import JoinBody  # noqa: PLC0415

        d = dict(src_dict)
        join = JoinBody.from_dict(d.pop("join"))

        join_event = cls(
            join=join,
        )

        return join_event
