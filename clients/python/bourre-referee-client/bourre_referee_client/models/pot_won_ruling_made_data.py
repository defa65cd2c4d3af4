from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.pot_won_ruling_data import PotWonRulingData
    from ..models.stored_posting import StoredPosting


T = TypeVar("T", bound="PotWonRulingMadeData")


@_attrs_define
class PotWonRulingMadeData:
    """A `pot_won` ruling, made by the referee

    Attributes:
        kind (Literal['pot_won']):
        ruling (PotWonRulingData): The pot is won
        postings (list[StoredPosting]):
        rules_version (str):
        cause_version (int): the event that caused it
        deal (int | None): the deal (0-based), null for a closing
    """

    kind: Literal["pot_won"]
    ruling: PotWonRulingData
    postings: list[StoredPosting]
    rules_version: str
    cause_version: int
    deal: int | None

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        ruling = self.ruling.to_dict()

        postings = []
        for postings_item_data in self.postings:
            postings_item = postings_item_data.to_dict()
            postings.append(postings_item)

        rules_version = self.rules_version

        cause_version = self.cause_version

        deal: int | None
        deal = self.deal

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "ruling": ruling,
                "postings": postings,
                "rules_version": rules_version,
                "cause_version": cause_version,
                "deal": deal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pot_won_ruling_data import PotWonRulingData  # noqa: PLC0415
        from ..models.stored_posting import StoredPosting  # noqa: PLC0415

        d = dict(src_dict)
        kind = cast(Literal["pot_won"], d.pop("kind"))
        if kind != "pot_won":
            raise ValueError(f"kind must match const 'pot_won', got '{kind}'")

        ruling = PotWonRulingData.from_dict(d.pop("ruling"))

        postings = []
        _postings = d.pop("postings")
        for postings_item_data in _postings:
            postings_item = StoredPosting.from_dict(postings_item_data)

            postings.append(postings_item)

        rules_version = d.pop("rules_version")

        cause_version = d.pop("cause_version")

        def _parse_deal(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deal = _parse_deal(d.pop("deal"))

        pot_won_ruling_made_data = cls(
            kind=kind,
            ruling=ruling,
            postings=postings,
            rules_version=rules_version,
            cause_version=cause_version,
            deal=deal,
        )

        return pot_won_ruling_made_data
