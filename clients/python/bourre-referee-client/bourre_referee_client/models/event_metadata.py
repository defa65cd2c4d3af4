from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_metadata_actor import EventMetadataActor


T = TypeVar("T", bound="EventMetadata")


@_attrs_define
class EventMetadata:
    """Who logged the event, from where (writers may add more)

    Attributes:
        actor (EventMetadataActor | Unset):
        client (None | str | Unset): the User-Agent
        correlation_id (str | Unset): one per request
        idempotency_key (None | str | Unset):
    """

    actor: EventMetadataActor | Unset = UNSET
    client: None | str | Unset = UNSET
    correlation_id: str | Unset = UNSET
    idempotency_key: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        actor: dict[str, Any] | Unset = UNSET
        if not isinstance(self.actor, Unset):
            actor = self.actor.to_dict()

        client: None | str | Unset
        if isinstance(self.client, Unset):
            client = UNSET
        else:
            client = self.client

        correlation_id = self.correlation_id

        idempotency_key: None | str | Unset
        if isinstance(self.idempotency_key, Unset):
            idempotency_key = UNSET
        else:
            idempotency_key = self.idempotency_key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if actor is not UNSET:
            field_dict["actor"] = actor
        if client is not UNSET:
            field_dict["client"] = client
        if correlation_id is not UNSET:
            field_dict["correlation_id"] = correlation_id
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_metadata_actor import EventMetadataActor  # noqa: PLC0415

        d = dict(src_dict)
        _actor = d.pop("actor", UNSET)
        actor: EventMetadataActor | Unset
        if isinstance(_actor, Unset):
            actor = UNSET
        else:
            actor = EventMetadataActor.from_dict(_actor)

        def _parse_client(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client = _parse_client(d.pop("client", UNSET))

        correlation_id = d.pop("correlation_id", UNSET)

        def _parse_idempotency_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        idempotency_key = _parse_idempotency_key(d.pop("idempotency_key", UNSET))

        event_metadata = cls(
            actor=actor,
            client=client,
            correlation_id=correlation_id,
            idempotency_key=idempotency_key,
        )

        event_metadata.additional_properties = d
        return event_metadata

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
