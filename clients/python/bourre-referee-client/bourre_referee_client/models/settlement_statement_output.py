from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SettlementStatementOutput")


@_attrs_define
class SettlementStatementOutput:
    """
    Attributes:
        player (str):
        antes (int): ordinary antes paid in
        fees (int): exchange fees paid in (ukrainian)
        penalties (int): bourré and renege penalties paid in
        winnings (int): pots won, split or shared
        closing_share (int): the share of the pot at closing
        net (int): winnings + closing_share - antes - fees - penalties: the balance
    """

    player: str
    antes: int
    fees: int
    penalties: int
    winnings: int
    closing_share: int
    net: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        antes = self.antes

        fees = self.fees

        penalties = self.penalties

        winnings = self.winnings

        closing_share = self.closing_share

        net = self.net

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "antes": antes,
                "fees": fees,
                "penalties": penalties,
                "winnings": winnings,
                "closing_share": closing_share,
                "net": net,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        antes = d.pop("antes")

        fees = d.pop("fees")

        penalties = d.pop("penalties")

        winnings = d.pop("winnings")

        closing_share = d.pop("closing_share")

        net = d.pop("net")

        settlement_statement_output = cls(
            player=player,
            antes=antes,
            fees=fees,
            penalties=penalties,
            winnings=winnings,
            closing_share=closing_share,
            net=net,
        )

        settlement_statement_output.additional_properties = d
        return settlement_statement_output

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
