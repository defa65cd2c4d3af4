from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.card_played_data import CardPlayedData
    from ..models.event_metadata import EventMetadata


T = TypeVar("T", bound="CardPlayedEvent")


@_attrs_define
class CardPlayedEvent:
    """A `CardPlayed` event

    Attributes:
        position (int): the event's place in the whole log
        version (int): the event's place in its table's stream, from 1
        type_ (Literal['CardPlayed']):
        schema_version (int):
        metadata (EventMetadata): Who logged the event, from where (writers may add more)
        recorded_at (datetime.datetime):
        hash_ (str):
        prev_hash (str):
        data (CardPlayedData):
        undone_by (int | None | Unset): the version of the `EventUndone` that took it back; in the events list (the
            stream and a deal's events leave it out of the stream)
    """

    position: int
    version: int
    type_: Literal["CardPlayed"]
    schema_version: int
    metadata: EventMetadata
    recorded_at: datetime.datetime
    hash_: str
    prev_hash: str
    data: CardPlayedData
    undone_by: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        version = self.version

        type_ = self.type_

        schema_version = self.schema_version

        metadata = self.metadata.to_dict()

        recorded_at = self.recorded_at.isoformat()

        hash_ = self.hash_

        prev_hash = self.prev_hash

        data = self.data.to_dict()

        undone_by: int | None | Unset
        if isinstance(self.undone_by, Unset):
            undone_by = UNSET
        else:
            undone_by = self.undone_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "position": position,
                "version": version,
                "type": type_,
                "schema_version": schema_version,
                "metadata": metadata,
                "recorded_at": recorded_at,
                "hash": hash_,
                "prev_hash": prev_hash,
                "data": data,
            }
        )
        if undone_by is not UNSET:
            field_dict["undone_by"] = undone_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_played_data import CardPlayedData  # noqa: PLC0415
        from ..models.event_metadata import EventMetadata  # noqa: PLC0415

        d = dict(src_dict)
        position = d.pop("position")

        version = d.pop("version")

        type_ = cast(Literal["CardPlayed"], d.pop("type"))
        if type_ != "CardPlayed":
            raise ValueError(f"type must match const 'CardPlayed', got '{type_}'")

        schema_version = d.pop("schema_version")

        metadata = EventMetadata.from_dict(d.pop("metadata"))

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        hash_ = d.pop("hash")

        prev_hash = d.pop("prev_hash")

        data = CardPlayedData.from_dict(d.pop("data"))

        def _parse_undone_by(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        undone_by = _parse_undone_by(d.pop("undone_by", UNSET))

        card_played_event = cls(
            position=position,
            version=version,
            type_=type_,
            schema_version=schema_version,
            metadata=metadata,
            recorded_at=recorded_at,
            hash_=hash_,
            prev_hash=prev_hash,
            data=data,
            undone_by=undone_by,
        )

        return card_played_event
