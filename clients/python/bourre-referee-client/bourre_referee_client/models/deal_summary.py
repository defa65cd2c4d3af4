from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.suit import Suit
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.all_passed_ruling import AllPassedRuling
    from ..models.bourre_ruling import BourreRuling
    from ..models.deal_summary_tricks_won import DealSummaryTricksWon
    from ..models.dealer_must_play_ruling import DealerMustPlayRuling
    from ..models.lone_player_ruling import LonePlayerRuling
    from ..models.next_deal_owes import NextDealOwes
    from ..models.pot_carried_ruling import PotCarriedRuling
    from ..models.pot_shared_ruling import PotSharedRuling
    from ..models.pot_split_ruling import PotSplitRuling
    from ..models.pot_won_ruling import PotWonRuling
    from ..models.renege_ruling import RenegeRuling
    from ..models.ruling_pot import RulingPot
    from ..models.trick import Trick


T = TypeVar("T", bound="DealSummary")


@_attrs_define
class DealSummary:
    """A deal's ruling (`bourre-ruling/1` `deals[]`)

    Attributes:
        trump_suit (None | Suit):
        active (list[str]): who played the deal, in seat order
        tricks (list[Trick]):
        tricks_won (DealSummaryTricksWon):
        rulings (list[AllPassedRuling | BourreRuling | DealerMustPlayRuling | LonePlayerRuling | PotCarriedRuling |
            PotSharedRuling | PotSplitRuling | PotWonRuling | RenegeRuling]):
        pot (RulingPot): A deal's pot: antes paid in, at the first lead, paid out, left
        next_ (NextDealOwes): What the next deal owes because of this one
        in_progress (bool | Unset): the deal still in play: what is known so far
    """

    trump_suit: None | Suit
    active: list[str]
    tricks: list[Trick]
    tricks_won: DealSummaryTricksWon
    rulings: list[
        AllPassedRuling
        | BourreRuling
        | DealerMustPlayRuling
        | LonePlayerRuling
        | PotCarriedRuling
        | PotSharedRuling
        | PotSplitRuling
        | PotWonRuling
        | RenegeRuling
    ]
    pot: RulingPot
    next_: NextDealOwes
    in_progress: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.bourre_ruling import BourreRuling  # noqa: PLC0415
        from ..models.dealer_must_play_ruling import DealerMustPlayRuling  # noqa: PLC0415
        from ..models.lone_player_ruling import LonePlayerRuling  # noqa: PLC0415
        from ..models.pot_carried_ruling import PotCarriedRuling  # noqa: PLC0415
        from ..models.pot_shared_ruling import PotSharedRuling  # noqa: PLC0415
        from ..models.pot_split_ruling import PotSplitRuling  # noqa: PLC0415
        from ..models.pot_won_ruling import PotWonRuling  # noqa: PLC0415
        from ..models.renege_ruling import RenegeRuling  # noqa: PLC0415

        trump_suit: None | str
        if isinstance(self.trump_suit, Suit):
            trump_suit = self.trump_suit.value
        else:
            trump_suit = self.trump_suit

        active = self.active

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        tricks_won = self.tricks_won.to_dict()

        rulings = []
        for rulings_item_data in self.rulings:
            rulings_item: dict[str, Any]
            if isinstance(rulings_item_data, RenegeRuling):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, BourreRuling):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, PotWonRuling):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, PotCarriedRuling):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, PotSplitRuling):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, PotSharedRuling):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, LonePlayerRuling):
                rulings_item = rulings_item_data.to_dict()
            elif isinstance(rulings_item_data, DealerMustPlayRuling):
                rulings_item = rulings_item_data.to_dict()
            else:
                rulings_item = rulings_item_data.to_dict()

            rulings.append(rulings_item)

        pot = self.pot.to_dict()

        next_ = self.next_.to_dict()

        in_progress = self.in_progress

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "trump_suit": trump_suit,
                "active": active,
                "tricks": tricks,
                "tricks_won": tricks_won,
                "rulings": rulings,
                "pot": pot,
                "next": next_,
            }
        )
        if in_progress is not UNSET:
            field_dict["in_progress"] = in_progress

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.all_passed_ruling import AllPassedRuling  # noqa: PLC0415
        from ..models.bourre_ruling import BourreRuling  # noqa: PLC0415
        from ..models.deal_summary_tricks_won import DealSummaryTricksWon  # noqa: PLC0415
        from ..models.dealer_must_play_ruling import DealerMustPlayRuling  # noqa: PLC0415
        from ..models.lone_player_ruling import LonePlayerRuling  # noqa: PLC0415
        from ..models.next_deal_owes import NextDealOwes  # noqa: PLC0415
        from ..models.pot_carried_ruling import PotCarriedRuling  # noqa: PLC0415
        from ..models.pot_shared_ruling import PotSharedRuling  # noqa: PLC0415
        from ..models.pot_split_ruling import PotSplitRuling  # noqa: PLC0415
        from ..models.pot_won_ruling import PotWonRuling  # noqa: PLC0415
        from ..models.renege_ruling import RenegeRuling  # noqa: PLC0415
        from ..models.ruling_pot import RulingPot  # noqa: PLC0415
        from ..models.trick import Trick  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_trump_suit(data: object) -> None | Suit:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trump_suit_type_0 = Suit(data)

                return trump_suit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Suit, data)

        trump_suit = _parse_trump_suit(d.pop("trump_suit"))

        active = cast(list[str], d.pop("active"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = Trick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        tricks_won = DealSummaryTricksWon.from_dict(d.pop("tricks_won"))

        rulings = []
        _rulings = d.pop("rulings")
        for rulings_item_data in _rulings:

            def _parse_rulings_item(
                data: object,
            ) -> (
                AllPassedRuling
                | BourreRuling
                | DealerMustPlayRuling
                | LonePlayerRuling
                | PotCarriedRuling
                | PotSharedRuling
                | PotSplitRuling
                | PotWonRuling
                | RenegeRuling
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deal_ruling_type_0 = RenegeRuling.from_dict(data)

                    return componentsschemas_deal_ruling_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deal_ruling_type_1 = BourreRuling.from_dict(data)

                    return componentsschemas_deal_ruling_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deal_ruling_type_2 = PotWonRuling.from_dict(data)

                    return componentsschemas_deal_ruling_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deal_ruling_type_3 = PotCarriedRuling.from_dict(data)

                    return componentsschemas_deal_ruling_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deal_ruling_type_4 = PotSplitRuling.from_dict(data)

                    return componentsschemas_deal_ruling_type_4
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deal_ruling_type_5 = PotSharedRuling.from_dict(data)

                    return componentsschemas_deal_ruling_type_5
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deal_ruling_type_6 = LonePlayerRuling.from_dict(data)

                    return componentsschemas_deal_ruling_type_6
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_deal_ruling_type_7 = DealerMustPlayRuling.from_dict(data)

                    return componentsschemas_deal_ruling_type_7
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_deal_ruling_type_8 = AllPassedRuling.from_dict(data)

                return componentsschemas_deal_ruling_type_8

            rulings_item = _parse_rulings_item(rulings_item_data)

            rulings.append(rulings_item)

        pot = RulingPot.from_dict(d.pop("pot"))

        next_ = NextDealOwes.from_dict(d.pop("next"))

        in_progress = d.pop("in_progress", UNSET)

        deal_summary = cls(
            trump_suit=trump_suit,
            active=active,
            tricks=tricks,
            tricks_won=tricks_won,
            rulings=rulings,
            pot=pot,
            next_=next_,
            in_progress=in_progress,
        )

        return deal_summary
