from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.phase import Phase
from ..models.variant import Variant

if TYPE_CHECKING:
    from ..models.closing import Closing
    from ..models.comtadine_options import ComtadineOptions
    from ..models.deal_view import DealView
    from ..models.legal_plays import LegalPlays
    from ..models.louisiana_options import LouisianaOptions
    from ..models.next_deal import NextDeal
    from ..models.occitan_options import OccitanOptions
    from ..models.owes_next_deal import OwesNextDeal
    from ..models.table_state_balances import TableStateBalances
    from ..models.ukrainian_options import UkrainianOptions


T = TypeVar("T", bound="TableState")


@_attrs_define
class TableState:
    """The table now, as a table app shows it

    Attributes:
        table_id (UUID):
        version (int):
        variant (Variant):
        options (ComtadineOptions | LouisianaOptions | OccitanOptions | UkrainianOptions): the table's house options,
            every one (the variant's)
        players (list[str]): every seat ever taken, in seat order
        seated (list[str]): at the table now
        left (list[str]): has left the table
        closed (bool):
        closing (Closing | None):
        phase (Phase):
        deals_settled (int):
        pot (int):
        balances (TableStateBalances):
        owes_next_deal (OwesNextDeal):
        deal (DealView | None):
        to_act (None | str):
        legal_plays (LegalPlays | None):
        next_deal (NextDeal | None):
    """

    table_id: UUID
    version: int
    variant: Variant
    options: ComtadineOptions | LouisianaOptions | OccitanOptions | UkrainianOptions
    players: list[str]
    seated: list[str]
    left: list[str]
    closed: bool
    closing: Closing | None
    phase: Phase
    deals_settled: int
    pot: int
    balances: TableStateBalances
    owes_next_deal: OwesNextDeal
    deal: DealView | None
    to_act: None | str
    legal_plays: LegalPlays | None
    next_deal: NextDeal | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.closing import Closing  # noqa: PLC0415
        from ..models.comtadine_options import ComtadineOptions  # noqa: PLC0415
        from ..models.deal_view import DealView  # noqa: PLC0415
        from ..models.legal_plays import LegalPlays  # noqa: PLC0415
        from ..models.louisiana_options import LouisianaOptions  # noqa: PLC0415
        from ..models.next_deal import NextDeal  # noqa: PLC0415
        from ..models.ukrainian_options import UkrainianOptions  # noqa: PLC0415

        table_id = str(self.table_id)

        version = self.version

        variant = self.variant.value

        options: dict[str, Any]
        if isinstance(self.options, LouisianaOptions):
            options = self.options.to_dict()
        elif isinstance(self.options, UkrainianOptions):
            options = self.options.to_dict()
        elif isinstance(self.options, ComtadineOptions):
            options = self.options.to_dict()
        else:
            options = self.options.to_dict()

        players = self.players

        seated = self.seated

        left = self.left

        closed = self.closed

        closing: dict[str, Any] | None
        if isinstance(self.closing, Closing):
            closing = self.closing.to_dict()
        else:
            closing = self.closing

        phase = self.phase.value

        deals_settled = self.deals_settled

        pot = self.pot

        balances = self.balances.to_dict()

        owes_next_deal = self.owes_next_deal.to_dict()

        deal: dict[str, Any] | None
        if isinstance(self.deal, DealView):
            deal = self.deal.to_dict()
        else:
            deal = self.deal

        to_act: None | str
        to_act = self.to_act

        legal_plays: dict[str, Any] | None
        if isinstance(self.legal_plays, LegalPlays):
            legal_plays = self.legal_plays.to_dict()
        else:
            legal_plays = self.legal_plays

        next_deal: dict[str, Any] | None
        if isinstance(self.next_deal, NextDeal):
            next_deal = self.next_deal.to_dict()
        else:
            next_deal = self.next_deal

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table_id": table_id,
                "version": version,
                "variant": variant,
                "options": options,
                "players": players,
                "seated": seated,
                "left": left,
                "closed": closed,
                "closing": closing,
                "phase": phase,
                "deals_settled": deals_settled,
                "pot": pot,
                "balances": balances,
                "owes_next_deal": owes_next_deal,
                "deal": deal,
                "to_act": to_act,
                "legal_plays": legal_plays,
                "next_deal": next_deal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.closing import Closing  # noqa: PLC0415
        from ..models.comtadine_options import ComtadineOptions  # noqa: PLC0415
        from ..models.deal_view import DealView  # noqa: PLC0415
        from ..models.legal_plays import LegalPlays  # noqa: PLC0415
        from ..models.louisiana_options import LouisianaOptions  # noqa: PLC0415
        from ..models.next_deal import NextDeal  # noqa: PLC0415
        from ..models.occitan_options import OccitanOptions  # noqa: PLC0415
        from ..models.owes_next_deal import OwesNextDeal  # noqa: PLC0415
        from ..models.table_state_balances import TableStateBalances  # noqa: PLC0415
        from ..models.ukrainian_options import UkrainianOptions  # noqa: PLC0415

        d = dict(src_dict)
        table_id = UUID(d.pop("table_id"))

        version = d.pop("version")

        variant = Variant(d.pop("variant"))

        def _parse_options(data: object) -> ComtadineOptions | LouisianaOptions | OccitanOptions | UkrainianOptions:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_type_0 = LouisianaOptions.from_dict(data)

                return componentsschemas_table_options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_type_1 = UkrainianOptions.from_dict(data)

                return componentsschemas_table_options_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_table_options_type_2 = ComtadineOptions.from_dict(data)

                return componentsschemas_table_options_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_table_options_type_3 = OccitanOptions.from_dict(data)

            return componentsschemas_table_options_type_3

        options = _parse_options(d.pop("options"))

        players = cast(list[str], d.pop("players"))

        seated = cast(list[str], d.pop("seated"))

        left = cast(list[str], d.pop("left"))

        closed = d.pop("closed")

        def _parse_closing(data: object) -> Closing | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                closing_type_0 = Closing.from_dict(data)

                return closing_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Closing | None, data)

        closing = _parse_closing(d.pop("closing"))

        phase = Phase(d.pop("phase"))

        deals_settled = d.pop("deals_settled")

        pot = d.pop("pot")

        balances = TableStateBalances.from_dict(d.pop("balances"))

        owes_next_deal = OwesNextDeal.from_dict(d.pop("owes_next_deal"))

        def _parse_deal(data: object) -> DealView | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deal_type_0 = DealView.from_dict(data)

                return deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DealView | None, data)

        deal = _parse_deal(d.pop("deal"))

        def _parse_to_act(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        to_act = _parse_to_act(d.pop("to_act"))

        def _parse_legal_plays(data: object) -> LegalPlays | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                legal_plays_type_0 = LegalPlays.from_dict(data)

                return legal_plays_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LegalPlays | None, data)

        legal_plays = _parse_legal_plays(d.pop("legal_plays"))

        def _parse_next_deal(data: object) -> NextDeal | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                next_deal_type_0 = NextDeal.from_dict(data)

                return next_deal_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NextDeal | None, data)

        next_deal = _parse_next_deal(d.pop("next_deal"))

        table_state = cls(
            table_id=table_id,
            version=version,
            variant=variant,
            options=options,
            players=players,
            seated=seated,
            left=left,
            closed=closed,
            closing=closing,
            phase=phase,
            deals_settled=deals_settled,
            pot=pot,
            balances=balances,
            owes_next_deal=owes_next_deal,
            deal=deal,
            to_act=to_act,
            legal_plays=legal_plays,
            next_deal=next_deal,
        )

        return table_state
