"""The registry of variants, by the names transcripts use."""

from __future__ import annotations

from ..errors import Rejection, gettext_noop
from .base import DealFacts, Settlement, Variant
from .comtadine import Comtadine
from .louisiana import Louisiana
from .occitan import Occitan
from .ukrainian import Ukrainian

VARIANTS: dict[str, Variant] = {
    v.name: v for v in (Louisiana(), Ukrainian(), Occitan(), Comtadine())
}


def get_variant(name: object) -> Variant:
    if not isinstance(name, str) or name not in VARIANTS:
        raise Rejection(
            "unknown_variant",
            gettext_noop("variant must be one of %(variants)s"),
            field="variant",
            params={"variants": ", ".join(VARIANTS)},
        )
    return VARIANTS[name]


__all__ = ["VARIANTS", "DealFacts", "Settlement", "Variant", "get_variant"]
