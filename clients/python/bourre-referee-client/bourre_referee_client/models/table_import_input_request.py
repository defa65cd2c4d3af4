from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TableImportInputRequest")


@_attrs_define
class TableImportInputRequest:
    """
    Attributes:
        name (str):
        transcript (Any): a bourre-transcript/1 document
    """

    name: str
    transcript: Any

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        transcript = self.transcript

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "transcript": transcript,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        transcript = d.pop("transcript")

        table_import_input_request = cls(
            name=name,
            transcript=transcript,
        )

        return table_import_input_request
