from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.suit import Suit

if TYPE_CHECKING:
    from ..models.all_passed_ruling import AllPassedRuling
    from ..models.bourre_ruling import BourreRuling
    from ..models.current_trick import CurrentTrick
    from ..models.deal_pot import DealPot
    from ..models.deal_view_tricks_won import DealViewTricksWon
    from ..models.dealer_must_play_ruling import DealerMustPlayRuling
    from ..models.lone_player_ruling import LonePlayerRuling
    from ..models.pot_carried_ruling import PotCarriedRuling
    from ..models.pot_shared_ruling import PotSharedRuling
    from ..models.pot_split_ruling import PotSplitRuling
    from ..models.pot_won_ruling import PotWonRuling
    from ..models.renege_ruling import RenegeRuling
    from ..models.seat_view import SeatView
    from ..models.trick import Trick


T = TypeVar("T", bound="DealView")


@_attrs_define
class DealView:
    """The deal in progress, or the last one

    Attributes:
        index (int):
        dealer (str):
        ante (int):
        trump_card (None | str): a card: rank and suit (`TS`, `10h`, `Q♥` when posted; the canonical `TS` when read)
        trump_suit (None | Suit):
        over (bool):
        seats (list[SeatView]):
        current_trick (CurrentTrick | None):
        tricks (list[Trick]):
        tricks_won (DealViewTricksWon):
        pot (DealPot): The pot of a deal: carried in, antes, exchange fees, at the first lead
        rulings (list[AllPassedRuling | BourreRuling | DealerMustPlayRuling | LonePlayerRuling | PotCarriedRuling |
            PotSharedRuling | PotSplitRuling | PotWonRuling | RenegeRuling]):
        actions (int):
        can_retract (None | str): who may take back the last card, if anyone
    """

    index: int
    dealer: str
    ante: int
    trump_card: None | str
    trump_suit: None | Suit
    over: bool
    seats: list[SeatView]
    current_trick: CurrentTrick | None
    tricks: list[Trick]
    tricks_won: DealViewTricksWon
    pot: DealPot
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
    actions: int
    can_retract: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.bourre_ruling import BourreRuling  # noqa: PLC0415
        from ..models.current_trick import CurrentTrick  # noqa: PLC0415
        from ..models.dealer_must_play_ruling import DealerMustPlayRuling  # noqa: PLC0415
        from ..models.lone_player_ruling import LonePlayerRuling  # noqa: PLC0415
        from ..models.pot_carried_ruling import PotCarriedRuling  # noqa: PLC0415
        from ..models.pot_shared_ruling import PotSharedRuling  # noqa: PLC0415
        from ..models.pot_split_ruling import PotSplitRuling  # noqa: PLC0415
        from ..models.pot_won_ruling import PotWonRuling  # noqa: PLC0415
        from ..models.renege_ruling import RenegeRuling  # noqa: PLC0415

        index = self.index

        dealer = self.dealer

        ante = self.ante

        trump_card: None | str
        trump_card = self.trump_card

        trump_suit: None | str
        if isinstance(self.trump_suit, Suit):
            trump_suit = self.trump_suit.value
        else:
            trump_suit = self.trump_suit

        over = self.over

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        current_trick: dict[str, Any] | None
        if isinstance(self.current_trick, CurrentTrick):
            current_trick = self.current_trick.to_dict()
        else:
            current_trick = self.current_trick

        tricks = []
        for tricks_item_data in self.tricks:
            tricks_item = tricks_item_data.to_dict()
            tricks.append(tricks_item)

        tricks_won = self.tricks_won.to_dict()

        pot = self.pot.to_dict()

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

        actions = self.actions

        can_retract: None | str
        can_retract = self.can_retract

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "dealer": dealer,
                "ante": ante,
                "trump_card": trump_card,
                "trump_suit": trump_suit,
                "over": over,
                "seats": seats,
                "current_trick": current_trick,
                "tricks": tricks,
                "tricks_won": tricks_won,
                "pot": pot,
                "rulings": rulings,
                "actions": actions,
                "can_retract": can_retract,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.all_passed_ruling import AllPassedRuling  # noqa: PLC0415
        from ..models.bourre_ruling import BourreRuling  # noqa: PLC0415
        from ..models.current_trick import CurrentTrick  # noqa: PLC0415
        from ..models.deal_pot import DealPot  # noqa: PLC0415
        from ..models.deal_view_tricks_won import DealViewTricksWon  # noqa: PLC0415
        from ..models.dealer_must_play_ruling import DealerMustPlayRuling  # noqa: PLC0415
        from ..models.lone_player_ruling import LonePlayerRuling  # noqa: PLC0415
        from ..models.pot_carried_ruling import PotCarriedRuling  # noqa: PLC0415
        from ..models.pot_shared_ruling import PotSharedRuling  # noqa: PLC0415
        from ..models.pot_split_ruling import PotSplitRuling  # noqa: PLC0415
        from ..models.pot_won_ruling import PotWonRuling  # noqa: PLC0415
        from ..models.renege_ruling import RenegeRuling  # noqa: PLC0415
        from ..models.seat_view import SeatView  # noqa: PLC0415
        from ..models.trick import Trick  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        dealer = d.pop("dealer")

        ante = d.pop("ante")

        def _parse_trump_card(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        trump_card = _parse_trump_card(d.pop("trump_card"))

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

        over = d.pop("over")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = SeatView.from_dict(seats_item_data)

            seats.append(seats_item)

        def _parse_current_trick(data: object) -> CurrentTrick | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                current_trick_type_0 = CurrentTrick.from_dict(data)

                return current_trick_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CurrentTrick | None, data)

        current_trick = _parse_current_trick(d.pop("current_trick"))

        tricks = []
        _tricks = d.pop("tricks")
        for tricks_item_data in _tricks:
            tricks_item = Trick.from_dict(tricks_item_data)

            tricks.append(tricks_item)

        tricks_won = DealViewTricksWon.from_dict(d.pop("tricks_won"))

        pot = DealPot.from_dict(d.pop("pot"))

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

        actions = d.pop("actions")

        def _parse_can_retract(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        can_retract = _parse_can_retract(d.pop("can_retract"))

        deal_view = cls(
            index=index,
            dealer=dealer,
            ante=ante,
            trump_card=trump_card,
            trump_suit=trump_suit,
            over=over,
            seats=seats,
            current_trick=current_trick,
            tricks=tricks,
            tricks_won=tricks_won,
            pot=pot,
            rulings=rulings,
            actions=actions,
            can_retract=can_retract,
        )

        return deal_view
