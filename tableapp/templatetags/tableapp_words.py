"""The engine's machine names in the reader's language, for templates (app_common.labels)."""

from __future__ import annotations

from django import template

from app_common import labels

register = template.Library()


@register.filter
def variant_name(variant: str) -> str:
    """`louisiana` is "Louisiana bourré" (in French, « Bourré de Louisiane »)."""
    return labels.variant_name(str(variant))


@register.filter
def phase_words(phase: str) -> str:
    return labels.phase_words(str(phase))


@register.filter
def projection_kind(kind: str) -> str:
    """`inline` or `async`: how a projection follows the log."""
    return labels.projection_kind_words(str(kind))


@register.filter
def role_words(role: str) -> str:
    """A club role (`scorekeeper`) in words."""
    return labels.role_words(str(role))
