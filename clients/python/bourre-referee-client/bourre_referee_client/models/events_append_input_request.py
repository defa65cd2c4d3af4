from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.close_event import CloseEvent
    from ..models.deal_event import DealEvent
    from ..models.declare_event import DeclareEvent
    from ..models.exchange_event import ExchangeEvent
    from ..models.join_event import JoinEvent
    from ..models.leave_event import LeaveEvent
    from ..models.pass_turn_event import PassTurnEvent
    from ..models.play_event import PlayEvent
    from ..models.retract_event import RetractEvent
    from ..models.undo_event import UndoEvent


T = TypeVar("T", bound="EventsAppendInputRequest")


@_attrs_define
class EventsAppendInputRequest:
    """
    Attributes:
        expected_version (int): the table's current version
        events (list[CloseEvent | DealEvent | DeclareEvent | ExchangeEvent | JoinEvent | LeaveEvent | PassTurnEvent |
            PlayEvent | RetractEvent | UndoEvent]): each {"deal": {...}}, a transcript action, {"undo": {"reason": ...}}, or
            between deals {"join": {"player", "seat_after"}}, {"leave": {"player"}}, {"close": {}}
    """

    expected_version: int
    events: list[
        CloseEvent
        | DealEvent
        | DeclareEvent
        | ExchangeEvent
        | JoinEvent
        | LeaveEvent
        | PassTurnEvent
        | PlayEvent
        | RetractEvent
        | UndoEvent
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.close_event import CloseEvent  # noqa: PLC0415
        from ..models.deal_event import DealEvent  # noqa: PLC0415
        from ..models.declare_event import DeclareEvent  # noqa: PLC0415
        from ..models.exchange_event import ExchangeEvent  # noqa: PLC0415
        from ..models.join_event import JoinEvent  # noqa: PLC0415
        from ..models.leave_event import LeaveEvent  # noqa: PLC0415
        from ..models.pass_turn_event import PassTurnEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.retract_event import RetractEvent  # noqa: PLC0415

        expected_version = self.expected_version

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if isinstance(events_item_data, DealEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, DeclareEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, ExchangeEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PlayEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, RetractEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, PassTurnEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, JoinEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, LeaveEvent):
                events_item = events_item_data.to_dict()
            elif isinstance(events_item_data, CloseEvent):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "expected_version": expected_version,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.close_event import CloseEvent  # noqa: PLC0415
        from ..models.deal_event import DealEvent  # noqa: PLC0415
        from ..models.declare_event import DeclareEvent  # noqa: PLC0415
        from ..models.exchange_event import ExchangeEvent  # noqa: PLC0415
        from ..models.join_event import JoinEvent  # noqa: PLC0415
        from ..models.leave_event import LeaveEvent  # noqa: PLC0415
        from ..models.pass_turn_event import PassTurnEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.retract_event import RetractEvent  # noqa: PLC0415
        from ..models.undo_event import UndoEvent  # noqa: PLC0415

        d = dict(src_dict)
        expected_version = d.pop("expected_version")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> (
                CloseEvent
                | DealEvent
                | DeclareEvent
                | ExchangeEvent
                | JoinEvent
                | LeaveEvent
                | PassTurnEvent
                | PlayEvent
                | RetractEvent
                | UndoEvent
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_0 = DealEvent.from_dict(data)

                    return componentsschemas_posted_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_1 = DeclareEvent.from_dict(data)

                    return componentsschemas_posted_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_2 = ExchangeEvent.from_dict(data)

                    return componentsschemas_posted_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_3 = PlayEvent.from_dict(data)

                    return componentsschemas_posted_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_4 = RetractEvent.from_dict(data)

                    return componentsschemas_posted_event_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_5 = PassTurnEvent.from_dict(data)

                    return componentsschemas_posted_event_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_6 = JoinEvent.from_dict(data)

                    return componentsschemas_posted_event_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_7 = LeaveEvent.from_dict(data)

                    return componentsschemas_posted_event_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_posted_event_type_8 = CloseEvent.from_dict(data)

                    return componentsschemas_posted_event_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_posted_event_type_9 = UndoEvent.from_dict(data)

                return componentsschemas_posted_event_type_9

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        events_append_input_request = cls(
            expected_version=expected_version,
            events=events,
        )

        return events_append_input_request
