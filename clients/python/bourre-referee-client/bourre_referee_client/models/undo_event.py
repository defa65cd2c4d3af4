from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.undo_body import UndoBody


T = TypeVar("T", bound="UndoEvent")


@_attrs_define
class UndoEvent:
    """Takes back the last event of the deal still counting (and its rulings)

    Attributes:
        undo (UndoBody):
    """

    undo: UndoBody

    def to_dict(self) -> dict[str, Any]:
        undo = self.undo.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "undo": undo,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.undo_body import UndoBody  # noqa: PLC0415

        d = dict(src_dict)
        undo = UndoBody.from_dict(d.pop("undo"))

        undo_event = cls(
            undo=undo,
        )

        return undo_event
