from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.all_passed_ruling_made_data import AllPassedRulingMadeData
    from ..models.bourre_ruling_made_data import BourreRulingMadeData
    from ..models.card_retracted_ruling_made_data import CardRetractedRulingMadeData
    from ..models.deal_settled_ruling_made_data import DealSettledRulingMadeData
    from ..models.deal_started_ruling_made_data import DealStartedRulingMadeData
    from ..models.dealer_must_play_ruling_made_data import DealerMustPlayRulingMadeData
    from ..models.event_metadata import EventMetadata
    from ..models.exchange_fee_ruling_made_data import ExchangeFeeRulingMadeData
    from ..models.lone_player_ruling_made_data import LonePlayerRulingMadeData
    from ..models.pot_carried_ruling_made_data import PotCarriedRulingMadeData
    from ..models.pot_shared_ruling_made_data import PotSharedRulingMadeData
    from ..models.pot_split_ruling_made_data import PotSplitRulingMadeData
    from ..models.pot_won_ruling_made_data import PotWonRulingMadeData
    from ..models.renege_ruling_made_data import RenegeRulingMadeData
    from ..models.table_closed_ruling_made_data import TableClosedRulingMadeData
    from ..models.trick_dead_ruling_made_data import TrickDeadRulingMadeData
    from ..models.trick_reopened_ruling_made_data import TrickReopenedRulingMadeData
    from ..models.trick_won_ruling_made_data import TrickWonRulingMadeData


T = TypeVar("T", bound="RulingMadeEvent")


@_attrs_define
class RulingMadeEvent:
    """A `RulingMade` event

    Attributes:
        position (int): the event's place in the whole log
        version (int): the event's place in its table's stream, from 1
        type_ (Literal['RulingMade']):
        schema_version (int):
        metadata (EventMetadata): Who logged the event, from where (writers may add more)
        recorded_at (datetime.datetime):
        hash_ (str):
        prev_hash (str):
        data (AllPassedRulingMadeData | BourreRulingMadeData | CardRetractedRulingMadeData |
            DealerMustPlayRulingMadeData | DealSettledRulingMadeData | DealStartedRulingMadeData | ExchangeFeeRulingMadeData
            | LonePlayerRulingMadeData | PotCarriedRulingMadeData | PotSharedRulingMadeData | PotSplitRulingMadeData |
            PotWonRulingMadeData | RenegeRulingMadeData | TableClosedRulingMadeData | TrickDeadRulingMadeData |
            TrickReopenedRulingMadeData | TrickWonRulingMadeData): A ruling the referee made, by its `kind`
        undone_by (int | None | Unset): the version of the `EventUndone` that took it back; in the events list (the
            stream and a deal's events leave it out of the stream)
    """

    position: int
    version: int
    type_: Literal["RulingMade"]
    schema_version: int
    metadata: EventMetadata
    recorded_at: datetime.datetime
    hash_: str
    prev_hash: str
    data: (
        AllPassedRulingMadeData
        | BourreRulingMadeData
        | CardRetractedRulingMadeData
        | DealerMustPlayRulingMadeData
        | DealSettledRulingMadeData
        | DealStartedRulingMadeData
        | ExchangeFeeRulingMadeData
        | LonePlayerRulingMadeData
        | PotCarriedRulingMadeData
        | PotSharedRulingMadeData
        | PotSplitRulingMadeData
        | PotWonRulingMadeData
        | RenegeRulingMadeData
        | TableClosedRulingMadeData
        | TrickDeadRulingMadeData
        | TrickReopenedRulingMadeData
        | TrickWonRulingMadeData
    )
    undone_by: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.all_passed_ruling_made_data import AllPassedRulingMadeData  # noqa: PLC0415
        from ..models.bourre_ruling_made_data import BourreRulingMadeData  # noqa: PLC0415
        from ..models.card_retracted_ruling_made_data import CardRetractedRulingMadeData  # noqa: PLC0415
        from ..models.deal_settled_ruling_made_data import DealSettledRulingMadeData  # noqa: PLC0415
        from ..models.deal_started_ruling_made_data import DealStartedRulingMadeData  # noqa: PLC0415
        from ..models.dealer_must_play_ruling_made_data import DealerMustPlayRulingMadeData  # noqa: PLC0415
        from ..models.exchange_fee_ruling_made_data import ExchangeFeeRulingMadeData  # noqa: PLC0415
        from ..models.lone_player_ruling_made_data import LonePlayerRulingMadeData  # noqa: PLC0415
        from ..models.pot_carried_ruling_made_data import PotCarriedRulingMadeData  # noqa: PLC0415
        from ..models.pot_shared_ruling_made_data import PotSharedRulingMadeData  # noqa: PLC0415
        from ..models.pot_split_ruling_made_data import PotSplitRulingMadeData  # noqa: PLC0415
        from ..models.pot_won_ruling_made_data import PotWonRulingMadeData  # noqa: PLC0415
        from ..models.renege_ruling_made_data import RenegeRulingMadeData  # noqa: PLC0415
        from ..models.table_closed_ruling_made_data import TableClosedRulingMadeData  # noqa: PLC0415
        from ..models.trick_dead_ruling_made_data import TrickDeadRulingMadeData  # noqa: PLC0415
        from ..models.trick_reopened_ruling_made_data import TrickReopenedRulingMadeData  # noqa: PLC0415

        position = self.position

        version = self.version

        type_ = self.type_

        schema_version = self.schema_version

        metadata = self.metadata.to_dict()

        recorded_at = self.recorded_at.isoformat()

        hash_ = self.hash_

        prev_hash = self.prev_hash

        data: dict[str, Any]
        if isinstance(self.data, AllPassedRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, BourreRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, CardRetractedRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, DealSettledRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, DealStartedRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, DealerMustPlayRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, ExchangeFeeRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, LonePlayerRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, PotCarriedRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, PotSharedRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, PotSplitRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, PotWonRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, RenegeRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, TableClosedRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, TrickDeadRulingMadeData):
            data = self.data.to_dict()
        elif isinstance(self.data, TrickReopenedRulingMadeData):
            data = self.data.to_dict()
        else:
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
        from ..models.all_passed_ruling_made_data import AllPassedRulingMadeData  # noqa: PLC0415
        from ..models.bourre_ruling_made_data import BourreRulingMadeData  # noqa: PLC0415
        from ..models.card_retracted_ruling_made_data import CardRetractedRulingMadeData  # noqa: PLC0415
        from ..models.deal_settled_ruling_made_data import DealSettledRulingMadeData  # noqa: PLC0415
        from ..models.deal_started_ruling_made_data import DealStartedRulingMadeData  # noqa: PLC0415
        from ..models.dealer_must_play_ruling_made_data import DealerMustPlayRulingMadeData  # noqa: PLC0415
        from ..models.event_metadata import EventMetadata  # noqa: PLC0415
        from ..models.exchange_fee_ruling_made_data import ExchangeFeeRulingMadeData  # noqa: PLC0415
        from ..models.lone_player_ruling_made_data import LonePlayerRulingMadeData  # noqa: PLC0415
        from ..models.pot_carried_ruling_made_data import PotCarriedRulingMadeData  # noqa: PLC0415
        from ..models.pot_shared_ruling_made_data import PotSharedRulingMadeData  # noqa: PLC0415
        from ..models.pot_split_ruling_made_data import PotSplitRulingMadeData  # noqa: PLC0415
        from ..models.pot_won_ruling_made_data import PotWonRulingMadeData  # noqa: PLC0415
        from ..models.renege_ruling_made_data import RenegeRulingMadeData  # noqa: PLC0415
        from ..models.table_closed_ruling_made_data import TableClosedRulingMadeData  # noqa: PLC0415
        from ..models.trick_dead_ruling_made_data import TrickDeadRulingMadeData  # noqa: PLC0415
        from ..models.trick_reopened_ruling_made_data import TrickReopenedRulingMadeData  # noqa: PLC0415
        from ..models.trick_won_ruling_made_data import TrickWonRulingMadeData  # noqa: PLC0415

        d = dict(src_dict)
        position = d.pop("position")

        version = d.pop("version")

        type_ = cast(Literal["RulingMade"], d.pop("type"))
        if type_ != "RulingMade":
            raise ValueError(f"type must match const 'RulingMade', got '{type_}'")

        schema_version = d.pop("schema_version")

        metadata = EventMetadata.from_dict(d.pop("metadata"))

        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        hash_ = d.pop("hash")

        prev_hash = d.pop("prev_hash")

        def _parse_data(
            data: object,
        ) -> (
            AllPassedRulingMadeData
            | BourreRulingMadeData
            | CardRetractedRulingMadeData
            | DealerMustPlayRulingMadeData
            | DealSettledRulingMadeData
            | DealStartedRulingMadeData
            | ExchangeFeeRulingMadeData
            | LonePlayerRulingMadeData
            | PotCarriedRulingMadeData
            | PotSharedRulingMadeData
            | PotSplitRulingMadeData
            | PotWonRulingMadeData
            | RenegeRulingMadeData
            | TableClosedRulingMadeData
            | TrickDeadRulingMadeData
            | TrickReopenedRulingMadeData
            | TrickWonRulingMadeData
        ):
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_0 = AllPassedRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_1 = BourreRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_2 = CardRetractedRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_3 = DealSettledRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_4 = DealStartedRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_4
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_5 = DealerMustPlayRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_5
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_6 = ExchangeFeeRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_6
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_7 = LonePlayerRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_7
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_8 = PotCarriedRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_8
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_9 = PotSharedRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_9
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_10 = PotSplitRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_10
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_11 = PotWonRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_11
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_12 = RenegeRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_12
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_13 = TableClosedRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_13
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_14 = TrickDeadRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_14
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruling_made_data_type_15 = TrickReopenedRulingMadeData.from_dict(data)

                return componentsschemas_ruling_made_data_type_15
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_ruling_made_data_type_16 = TrickWonRulingMadeData.from_dict(data)

            return componentsschemas_ruling_made_data_type_16

        data = _parse_data(d.pop("data"))

        def _parse_undone_by(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        undone_by = _parse_undone_by(d.pop("undone_by", UNSET))

        ruling_made_event = cls(
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

        return ruling_made_event
