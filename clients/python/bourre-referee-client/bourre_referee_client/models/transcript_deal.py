from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.declare_event import DeclareEvent
    from ..models.exchange_event import ExchangeEvent
    from ..models.pass_turn_event import PassTurnEvent
    from ..models.play_event import PlayEvent
    from ..models.retract_event import RetractEvent
    from ..models.transcript_deal_hands_type_0 import TranscriptDealHandsType0


T = TypeVar("T", bound="TranscriptDeal")


@_attrs_define
class TranscriptDeal:
    """A deal of a `bourre-transcript/1` document: its header and its actions in the order they happened

    Attributes:
        dealer (str):
        ante (int | None | Unset): this deal's ordinary ante
        seated (list[str] | None | Unset): who plays this deal (default all)
        hands (None | TranscriptDealHandsType0 | Unset): the cards dealt, for any of the players who are seated
        trump (None | str | Unset): the turned-up card (louisiana)
        actions (list[DeclareEvent | ExchangeEvent | PassTurnEvent | PlayEvent | RetractEvent] | Unset):
    """

    dealer: str
    ante: int | None | Unset = UNSET
    seated: list[str] | None | Unset = UNSET
    hands: None | TranscriptDealHandsType0 | Unset = UNSET
    trump: None | str | Unset = UNSET
    actions: list[DeclareEvent | ExchangeEvent | PassTurnEvent | PlayEvent | RetractEvent] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.declare_event import DeclareEvent  # noqa: PLC0415
        from ..models.exchange_event import ExchangeEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.retract_event import RetractEvent  # noqa: PLC0415
        from ..models.transcript_deal_hands_type_0 import TranscriptDealHandsType0  # noqa: PLC0415

        dealer = self.dealer

        ante: int | None | Unset
        if isinstance(self.ante, Unset):
            ante = UNSET
        else:
            ante = self.ante

        seated: list[str] | None | Unset
        if isinstance(self.seated, Unset):
            seated = UNSET
        elif isinstance(self.seated, list):
            seated = self.seated

        else:
            seated = self.seated

        hands: dict[str, Any] | None | Unset
        if isinstance(self.hands, Unset):
            hands = UNSET
        elif isinstance(self.hands, TranscriptDealHandsType0):
            hands = self.hands.to_dict()
        else:
            hands = self.hands

        trump: None | str | Unset
        if isinstance(self.trump, Unset):
            trump = UNSET
        else:
            trump = self.trump

        actions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.actions, Unset):
            actions = []
            for actions_item_data in self.actions:
                actions_item: dict[str, Any]
                if isinstance(actions_item_data, DeclareEvent):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, ExchangeEvent):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, PlayEvent):
                    actions_item = actions_item_data.to_dict()
                elif isinstance(actions_item_data, RetractEvent):
                    actions_item = actions_item_data.to_dict()
                else:
                    actions_item = actions_item_data.to_dict()

                actions.append(actions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dealer": dealer,
            }
        )
        if ante is not UNSET:
            field_dict["ante"] = ante
        if seated is not UNSET:
            field_dict["seated"] = seated
        if hands is not UNSET:
            field_dict["hands"] = hands
        if trump is not UNSET:
            field_dict["trump"] = trump
        if actions is not UNSET:
            field_dict["actions"] = actions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.declare_event import DeclareEvent  # noqa: PLC0415
        from ..models.exchange_event import ExchangeEvent  # noqa: PLC0415
        from ..models.pass_turn_event import PassTurnEvent  # noqa: PLC0415
        from ..models.play_event import PlayEvent  # noqa: PLC0415
        from ..models.retract_event import RetractEvent  # noqa: PLC0415
        from ..models.transcript_deal_hands_type_0 import TranscriptDealHandsType0  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        def _parse_ante(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ante = _parse_ante(d.pop("ante", UNSET))

        def _parse_seated(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                seated_type_0 = cast(list[str], data)

                return seated_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        seated = _parse_seated(d.pop("seated", UNSET))

        def _parse_hands(data: object) -> None | TranscriptDealHandsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                hands_type_0 = TranscriptDealHandsType0.from_dict(data)

                return hands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TranscriptDealHandsType0 | Unset, data)

        hands = _parse_hands(d.pop("hands", UNSET))

        def _parse_trump(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        trump = _parse_trump(d.pop("trump", UNSET))

        _actions = d.pop("actions", UNSET)
        actions: list[DeclareEvent | ExchangeEvent | PassTurnEvent | PlayEvent | RetractEvent] | Unset = UNSET
        if _actions is not UNSET:
            actions = []
            for actions_item_data in _actions:

                def _parse_actions_item(
                    data: object,
                ) -> DeclareEvent | ExchangeEvent | PassTurnEvent | PlayEvent | RetractEvent:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_transcript_action_type_0 = DeclareEvent.from_dict(data)

                        return componentsschemas_transcript_action_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_transcript_action_type_1 = ExchangeEvent.from_dict(data)

                        return componentsschemas_transcript_action_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_transcript_action_type_2 = PlayEvent.from_dict(data)

                        return componentsschemas_transcript_action_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_transcript_action_type_3 = RetractEvent.from_dict(data)

                        return componentsschemas_transcript_action_type_3
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_transcript_action_type_4 = PassTurnEvent.from_dict(data)

                    return componentsschemas_transcript_action_type_4

                actions_item = _parse_actions_item(actions_item_data)

                actions.append(actions_item)

        transcript_deal = cls(
            dealer=dealer,
            ante=ante,
            seated=seated,
            hands=hands,
            trump=trump,
            actions=actions,
        )

        transcript_deal.additional_properties = d
        return transcript_deal

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
