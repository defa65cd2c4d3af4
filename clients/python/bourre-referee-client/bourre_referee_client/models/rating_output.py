from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RatingOutput")


@_attrs_define
class RatingOutput:
    """A rating: the ordinal is mu - 3 sigma (to 3 places, as mu and sigma).

    Attributes:
        ordinal (float):
        mu (float):
        sigma (float): the rating's uncertainty
        deals (int): deals rated so far
    """

    ordinal: float
    mu: float
    sigma: float
    deals: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ordinal = self.ordinal

        mu = self.mu

        sigma = self.sigma

        deals = self.deals

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ordinal": ordinal,
                "mu": mu,
                "sigma": sigma,
                "deals": deals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ordinal = d.pop("ordinal")

        mu = d.pop("mu")

        sigma = d.pop("sigma")

        deals = d.pop("deals")

        rating_output = cls(
            ordinal=ordinal,
            mu=mu,
            sigma=sigma,
            deals=deals,
        )

        rating_output.additional_properties = d
        return rating_output

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
