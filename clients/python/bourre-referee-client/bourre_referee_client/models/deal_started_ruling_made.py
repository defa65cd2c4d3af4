from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deal_started_ruling_data import DealStartedRulingData
    from ..models.posting import Posting


T = TypeVar("T", bound="DealStartedRulingMade")


@_attrs_define
class DealStartedRulingMade:
    """A `deal_started` ruling, made by the referee

    Attributes:
        version (int): the version of the RulingMade event
        kind (Literal['deal_started']):
        ruling (DealStartedRulingData): A deal began: the antes paid
        postings (list[Posting]):
        rules_version (str):
        cause_version (int): the event that caused it
        deal (int | None): the deal (0-based), null for a closing
    """

    version: int
    kind: Literal["deal_started"]
    ruling: DealStartedRulingData
    postings: list[Posting]
    rules_version: str
    cause_version: int
    deal: int | None

    def to_dict(self) -> dict[str, Any]:
        version = self.version

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
                "version": version,
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
        from ..models.deal_started_ruling_data import DealStartedRulingData  # noqa: PLC0415
        from ..models.posting import Posting  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        kind = cast(Literal["deal_started"], d.pop("kind"))
        if kind != "deal_started":
            raise ValueError(f"kind must match const 'deal_started', got '{kind}'")

        ruling = DealStartedRulingData.from_dict(d.pop("ruling"))

        postings = []
        _postings = d.pop("postings")
        for postings_item_data in _postings:
            postings_item = Posting.from_dict(postings_item_data)

            postings.append(postings_item)

        rules_version = d.pop("rules_version")

        cause_version = d.pop("cause_version")

        def _parse_deal(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deal = _parse_deal(d.pop("deal"))

        deal_started_ruling_made = cls(
            version=version,
            kind=kind,
            ruling=ruling,
            postings=postings,
            rules_version=rules_version,
            cause_version=cause_version,
            deal=deal,
        )

        return deal_started_ruling_made
