from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.all_passed_ruling_made import AllPassedRulingMade
    from ..models.bourre_ruling_made import BourreRulingMade
    from ..models.card_retracted_ruling_made import CardRetractedRulingMade
    from ..models.deal_settled_ruling_made import DealSettledRulingMade
    from ..models.deal_started_ruling_made import DealStartedRulingMade
    from ..models.dealer_must_play_ruling_made import DealerMustPlayRulingMade
    from ..models.event_undone_output import EventUndoneOutput
    from ..models.exchange_fee_ruling_made import ExchangeFeeRulingMade
    from ..models.lone_player_ruling_made import LonePlayerRulingMade
    from ..models.pot_carried_ruling_made import PotCarriedRulingMade
    from ..models.pot_shared_ruling_made import PotSharedRulingMade
    from ..models.pot_split_ruling_made import PotSplitRulingMade
    from ..models.pot_won_ruling_made import PotWonRulingMade
    from ..models.renege_ruling_made import RenegeRulingMade
    from ..models.table_closed_ruling_made import TableClosedRulingMade
    from ..models.table_state import TableState
    from ..models.trick_dead_ruling_made import TrickDeadRulingMade
    from ..models.trick_reopened_ruling_made import TrickReopenedRulingMade
    from ..models.trick_won_ruling_made import TrickWonRulingMade


T = TypeVar("T", bound="EventsAppendOutput")


@_attrs_define
class EventsAppendOutput:
    """
    Attributes:
        table_id (UUID):
        version (int):
        rulings (list[AllPassedRulingMade | BourreRulingMade | CardRetractedRulingMade | DealerMustPlayRulingMade |
            DealSettledRulingMade | DealStartedRulingMade | ExchangeFeeRulingMade | LonePlayerRulingMade |
            PotCarriedRulingMade | PotSharedRulingMade | PotSplitRulingMade | PotWonRulingMade | RenegeRulingMade |
            TableClosedRulingMade | TrickDeadRulingMade | TrickReopenedRulingMade | TrickWonRulingMade]):
        undone (list[EventUndoneOutput]):
        state (TableState | Unset): The table now, as a table app shows it
    """

    table_id: UUID
    version: int
    rulings: list[
        AllPassedRulingMade
        | BourreRulingMade
        | CardRetractedRulingMade
        | DealerMustPlayRulingMade
        | DealSettledRulingMade
        | DealStartedRulingMade
        | ExchangeFeeRulingMade
        | LonePlayerRulingMade
        | PotCarriedRulingMade
        | PotSharedRulingMade
        | PotSplitRulingMade
        | PotWonRulingMade
        | RenegeRulingMade
        | TableClosedRulingMade
        | TrickDeadRulingMade
        | TrickReopenedRulingMade
        | TrickWonRulingMade
    ]
    undone: list[EventUndoneOutput]
    state: TableState | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.all_passed_ruling_made import AllPassedRulingMade  # noqa: PLC0415
        from ..models.bourre_ruling_made import BourreRulingMade  # noqa: PLC0415
        from ..models.card_retracted_ruling_made import CardRetractedRulingMade  # noqa: PLC0415
        from ..models.deal_settled_ruling_made import DealSettledRulingMade  # noqa: PLC0415
        from ..models.deal_started_ruling_made import DealStartedRulingMade  # noqa: PLC0415
        from ..models.dealer_must_play_ruling_made import DealerMustPlayRulingMade  # noqa: PLC0415
        from ..models.exchange_fee_ruling_made import ExchangeFeeRulingMade  # noqa: PLC0415
        from ..models.lone_player_ruling_made import LonePlayerRulingMade  # noqa: PLC0415
        from ..models.pot_carried_ruling_made import PotCarriedRulingMade  # noqa: PLC0415
        from ..models.pot_shared_ruling_made import PotSharedRulingMade  # noqa: PLC0415
        from ..models.pot_split_ruling_made import PotSplitRulingMade  # noqa: PLC0415
        from ..models.pot_won_ruling_made import PotWonRulingMade  # noqa: PLC0415
        from ..models.renege_ruling_made import RenegeRulingMade  # noqa: PLC0415
        from ..models.table_closed_ruling_made import TableClosedRulingMade  # noqa: PLC0415
        from ..models.trick_dead_ruling_made import TrickDeadRulingMade  # noqa: PLC0415
        from ..models.trick_reopened_ruling_made import TrickReopenedRulingMade  # noqa: PLC0415

        table_id = str(self.table_id)

        version = self.version

        rulings = []
        for rulings_item_data in self.rulings:
            rulings_item: dict[str, Any]
            if isinstance(rulings_item_data, AllPassedRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, BourreRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, CardRetractedRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, DealSettledRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, DealStartedRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, DealerMustPlayRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, ExchangeFeeRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, LonePlayerRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, PotCarriedRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, PotSharedRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, PotSplitRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, PotWonRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, RenegeRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, TableClosedRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, TrickDeadRulingMade):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, TrickReopenedRulingMade):
                rulings_item = rulings_item_data.to_dict()
            else:
                rulings_item = rulings_item_data.to_dict()

            rulings.append(rulings_item)

        undone = []
        for undone_item_data in self.undone:
            undone_item = undone_item_data.to_dict()
            undone.append(undone_item)

        state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "table_id": table_id,
                "version": version,
                "rulings": rulings,
                "undone": undone,
            }
        )
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.all_passed_ruling_made import AllPassedRulingMade  # noqa: PLC0415
        from ..models.bourre_ruling_made import BourreRulingMade  # noqa: PLC0415
        from ..models.card_retracted_ruling_made import CardRetractedRulingMade  # noqa: PLC0415
        from ..models.deal_settled_ruling_made import DealSettledRulingMade  # noqa: PLC0415
        from ..models.deal_started_ruling_made import DealStartedRulingMade  # noqa: PLC0415
        from ..models.dealer_must_play_ruling_made import DealerMustPlayRulingMade  # noqa: PLC0415
        from ..models.event_undone_output import EventUndoneOutput  # noqa: PLC0415
        from ..models.exchange_fee_ruling_made import ExchangeFeeRulingMade  # noqa: PLC0415
        from ..models.lone_player_ruling_made import LonePlayerRulingMade  # noqa: PLC0415
        from ..models.pot_carried_ruling_made import PotCarriedRulingMade  # noqa: PLC0415
        from ..models.pot_shared_ruling_made import PotSharedRulingMade  # noqa: PLC0415
        from ..models.pot_split_ruling_made import PotSplitRulingMade  # noqa: PLC0415
        from ..models.pot_won_ruling_made import PotWonRulingMade  # noqa: PLC0415
        from ..models.renege_ruling_made import RenegeRulingMade  # noqa: PLC0415
        from ..models.table_closed_ruling_made import TableClosedRulingMade  # noqa: PLC0415
        from ..models.table_state import TableState  # noqa: PLC0415
        from ..models.trick_dead_ruling_made import TrickDeadRulingMade  # noqa: PLC0415
        from ..models.trick_reopened_ruling_made import TrickReopenedRulingMade  # noqa: PLC0415
        from ..models.trick_won_ruling_made import TrickWonRulingMade  # noqa: PLC0415

        d = dict(src_dict)
        table_id = UUID(d.pop("table_id"))

        version = d.pop("version")

        rulings = []
        _rulings = d.pop("rulings")
        for rulings_item_data in _rulings:

            def _parse_rulings_item(
                data: object,
            ) -> (
                AllPassedRulingMade
                | BourreRulingMade
                | CardRetractedRulingMade
                | DealerMustPlayRulingMade
                | DealSettledRulingMade
                | DealStartedRulingMade
                | ExchangeFeeRulingMade
                | LonePlayerRulingMade
                | PotCarriedRulingMade
                | PotSharedRulingMade
                | PotSplitRulingMade
                | PotWonRulingMade
                | RenegeRulingMade
                | TableClosedRulingMade
                | TrickDeadRulingMade
                | TrickReopenedRulingMade
                | TrickWonRulingMade
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_0 = AllPassedRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_1 = BourreRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_2 = CardRetractedRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_3 = DealSettledRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_4 = DealStartedRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_5 = DealerMustPlayRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_6 = ExchangeFeeRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_7 = LonePlayerRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_8 = PotCarriedRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_8
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_9 = PotSharedRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_9
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_10 = PotSplitRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_10
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_11 = PotWonRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_11
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_12 = RenegeRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_12
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_13 = TableClosedRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_13
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_14 = TrickDeadRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_14
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_ruling_made_type_15 = TrickReopenedRulingMade.from_dict(data)

                    return componentsschemas_ruling_made_type_15
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_type_16 = TrickWonRulingMade.from_dict(data)

                return componentsschemas_ruling_made_type_16

            rulings_item = _parse_rulings_item(rulings_item_data)

            rulings.append(rulings_item)

        undone = []
        _undone = d.pop("undone")
        for undone_item_data in _undone:
            undone_item = EventUndoneOutput.from_dict(undone_item_data)

            undone.append(undone_item)

        _state = d.pop("state", UNSET)
        state: TableState | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = TableState.from_dict(_state)

        events_append_output = cls(
            table_id=table_id,
            version=version,
            rulings=rulings,
            undone=undone,
            state=state,
        )

        events_append_output.additional_properties = d
        return events_append_output

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
