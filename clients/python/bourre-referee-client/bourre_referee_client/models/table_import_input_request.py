from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.transcript import Transcript


T = TypeVar("T", bound="TableImportInputRequest")


@_attrs_define
class TableImportInputRequest:
    """
    Attributes:
        name (str):
        transcript (Transcript): A `bourre-transcript/1` document (TRANSCRIPT.md)
    """

    name: str
    transcript: Transcript

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        transcript = self.transcript.to_dict()

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
        from ..models.transcript import Transcript  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        transcript = Transcript.from_dict(d.pop("transcript"))

        table_import_input_request = cls(
            name=name,
            transcript=transcript,
        )

        return table_import_input_request
