"""The rules of each variant, in our own words (docs/rules.md) and the reader's language:
public, like a rules sheet on the table, so a players' view can link to them."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from app_common.labels import VARIANT_NAMES


def rules_index(request: HttpRequest) -> HttpResponse:
    variants = [(name, label) for name, label in VARIANT_NAMES.items()]
    return render(request, "tableapp/rules.html", {"variants": variants})


def rules_page(request: HttpRequest, variant: str) -> HttpResponse:
    if variant not in VARIANT_NAMES:
        raise Http404("no such variant")
    context = {
        "variant": variant,
        "variant_name": VARIANT_NAMES[variant],
        "variants": list(VARIANT_NAMES.items()),
    }
    return render(request, f"tableapp/rules_{variant}.html", context)
