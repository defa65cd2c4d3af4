from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.pot_shared_ruling_shares import PotSharedRulingShares


T = TypeVar("T", bound="PotSharedRuling")


@_attrs_define
class PotSharedRuling:
    """occitan: the pot shared

    Attributes:
        kind (Literal['pot_shared']):
        shares (PotSharedRulingShares):
    """

    kind: Literal["pot_shared"]
    shares: PotSharedRulingShares

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        shares = self.shares.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "shares": shares,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pot_shared_ruling_shares import PotSharedRulingShares  # noqa: PLC0415

        d = dict(src_dict)
        kind = cast(Literal["pot_shared"], d.pop("kind"))
        if kind != "pot_shared":
            raise ValueError(f"kind must match const 'pot_shared', got '{kind}'")

        shares = PotSharedRulingShares.from_dict(d.pop("shares"))

        pot_shared_ruling = cls(
            kind=kind,
            shares=shares,
        )

        return pot_shared_ruling
