from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.card_played_event import CardPlayedEvent
    from ..models.card_retracted_event import CardRetractedEvent
    from ..models.cards_exchanged_event import CardsExchangedEvent
    from ..models.deal_started_event import DealStartedEvent
    from ..models.event_undone_event import EventUndoneEvent
    from ..models.player_declared_event import PlayerDeclaredEvent
    from ..models.player_joined_event import PlayerJoinedEvent
    from ..models.player_left_event import PlayerLeftEvent
    from ..models.ruling_made_event import RulingMadeEvent
    from ..models.table_closed_event import TableClosedEvent
    from ..models.table_created_event import TableCreatedEvent
    from ..models.turn_passed_event import TurnPassedEvent


T = TypeVar("T", bound="EventPageOutput")


@_attrs_define
class EventPageOutput:
    """A page of the log: each event by its `type` (the `Event` schema), with `undone_by`.

    Attributes:
        events (list[CardPlayedEvent | CardRetractedEvent | CardsExchangedEvent | DealStartedEvent | EventUndoneEvent |
            PlayerDeclaredEvent | PlayerJoinedEvent | PlayerLeftEvent | RulingMadeEvent | TableClosedEvent |
            TableCreatedEvent | TurnPassedEvent]):
        next_ (None | str): the next page (same query, a new cursor); null at the end
    """

    events: list[
        CardPlayedEvent
        | CardRetractedEvent
        | CardsExchangedEvent
        | DealStartedEvent
        | EventUndoneEvent
        | PlayerDeclaredEvent
        | PlayerJoinedEvent
        | PlayerLeftEvent
        | RulingMadeEvent
        | TableClosedEvent
        | TableCreatedEvent
        | TurnPassedEvent
    ]
    next_: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.card_played_event import CardPlayedEvent  # noqa: PLC0415
        from ..models.card_retracted_event import CardRetractedEvent  # noqa: PLC0415
        from ..models.cards_exchanged_event import CardsExchangedEvent  # noqa: PLC0415
        from ..models.deal_started_event import DealStartedEvent  # noqa: PLC0415
        from ..models.event_undone_event import EventUndoneEvent  # noqa: PLC0415
        from ..models.player_declared_event import PlayerDeclaredEvent  # noqa: PLC0415
        from ..models.player_joined_event import PlayerJoinedEvent  # noqa: PLC0415
        from ..models.player_left_event import PlayerLeftEvent  # noqa: PLC0415
        from ..models.table_closed_event import TableClosedEvent  # noqa: PLC0415
        from ..models.table_created_event import TableCreatedEvent  # noqa: PLC0415
        from ..models.turn_passed_event import TurnPassedEvent  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, TableCreatedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DealStartedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerDeclaredEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardsExchangedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardPlayedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CardRetractedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TurnPassedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerJoinedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayerLeftEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, TableClosedEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, EventUndoneEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        next_: None | str
        next_ = self.next_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "events": events,
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.card_played_event import CardPlayedEvent  # noqa: PLC0415
        from ..models.card_retracted_event import CardRetractedEvent  # noqa: PLC0415
        from ..models.cards_exchanged_event import CardsExchangedEvent  # noqa: PLC0415
        from ..models.deal_started_event import DealStartedEvent  # noqa: PLC0415
        from ..models.event_undone_event import EventUndoneEvent  # noqa: PLC0415
        from ..models.player_declared_event import PlayerDeclaredEvent  # noqa: PLC0415
        from ..models.player_joined_event import PlayerJoinedEvent  # noqa: PLC0415
        from ..models.player_left_event import PlayerLeftEvent  # noqa: PLC0415
        from ..models.ruling_made_event import RulingMadeEvent  # noqa: PLC0415
        from ..models.table_closed_event import TableClosedEvent  # noqa: PLC0415
        from ..models.table_created_event import TableCreatedEvent  # noqa: PLC0415
        from ..models.turn_passed_event import TurnPassedEvent  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                CardPlayedEvent
                | CardRetractedEvent
                | CardsExchangedEvent
                | DealStartedEvent
                | EventUndoneEvent
                | PlayerDeclaredEvent
                | PlayerJoinedEvent
                | PlayerLeftEvent
                | RulingMadeEvent
                | TableClosedEvent
                | TableCreatedEvent
                | TurnPassedEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = TableCreatedEvent.from_dict(data)

                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = DealStartedEvent.from_dict(data)

                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = PlayerDeclaredEvent.from_dict(data)

                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = CardsExchangedEvent.from_dict(data)

                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_4 = CardPlayedEvent.from_dict(data)

                    return componentsschemas_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_5 = CardRetractedEvent.from_dict(data)

                    return componentsschemas_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_6 = TurnPassedEvent.from_dict(data)

                    return componentsschemas_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_7 = PlayerJoinedEvent.from_dict(data)

                    return componentsschemas_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_8 = PlayerLeftEvent.from_dict(data)

                    return componentsschemas_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_9 = TableClosedEvent.from_dict(data)

                    return componentsschemas_event_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_10 = EventUndoneEvent.from_dict(data)

                    return componentsschemas_event_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_11 = RulingMadeEvent.from_dict(data)

                return componentsschemas_event_type_11

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        event_page_output = cls(
            events=events,
            next_=next_,
        )

        event_page_output.additional_properties = d
        return event_page_output

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
