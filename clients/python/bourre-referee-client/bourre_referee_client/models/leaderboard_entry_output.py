from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LeaderboardEntryOutput")


@_attrs_define
class LeaderboardEntryOutput:
    """
    Attributes:
        player (str):
        tables (int): tables of the club the player sat at
        deals_played (int):
        deals_passed (int):
        pots_won (int): pots won, split or shared (count)
        pot_chips (int): chips taken from pots
        biggest_pot (int): most chips taken from one deal's pot
        bourres (int):
        reneges (int):
        net_chips (int): the player's ledger balance over all tables
        rank (int):
    """

    player: str
    tables: int
    deals_played: int
    deals_passed: int
    pots_won: int
    pot_chips: int
    biggest_pot: int
    bourres: int
    reneges: int
    net_chips: int
    rank: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        tables = self.tables

        deals_played = self.deals_played

        deals_passed = self.deals_passed

        pots_won = self.pots_won

        pot_chips = self.pot_chips

        biggest_pot = self.biggest_pot

        bourres = self.bourres

        reneges = self.reneges

        net_chips = self.net_chips

        rank = self.rank

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "tables": tables,
                "deals_played": deals_played,
                "deals_passed": deals_passed,
                "pots_won": pots_won,
                "pot_chips": pot_chips,
                "biggest_pot": biggest_pot,
                "bourres": bourres,
                "reneges": reneges,
                "net_chips": net_chips,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        player = d.pop("player")

        tables = d.pop("tables")

        deals_played = d.pop("deals_played")

        deals_passed = d.pop("deals_passed")

        pots_won = d.pop("pots_won")

        pot_chips = d.pop("pot_chips")

        biggest_pot = d.pop("biggest_pot")

        bourres = d.pop("bourres")

        reneges = d.pop("reneges")

        net_chips = d.pop("net_chips")

        rank = d.pop("rank")

        leaderboard_entry_output = cls(
            player=player,
            tables=tables,
            deals_played=deals_played,
            deals_passed=deals_passed,
            pots_won=pots_won,
            pot_chips=pot_chips,
            biggest_pot=biggest_pot,
            bourres=bourres,
            reneges=reneges,
            net_chips=net_chips,
            rank=rank,
        )

        leaderboard_entry_output.additional_properties = d
        return leaderboard_entry_output

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
