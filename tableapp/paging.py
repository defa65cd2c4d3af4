"""Long tables a page of deals at a time: the ruling and the audit pages show DEALS_PER_PAGE
deals (a 1,000-deal table's pages used to be megabytes), the latest by default."""

from __future__ import annotations

from django.http import HttpRequest

from api_common.numbers import ascii_int

#: Deals on one ruling or audit page.
DEALS_PER_PAGE = 20


def first_deal_shown(request: HttpRequest, count: int) -> int:
    """The 0-based index of the page's first deal: `?from=N` (a deal's number, 1-based; out
    of range or not a number: the latest page)."""
    latest = max(0, count - DEALS_PER_PAGE)
    number = ascii_int(request.GET.get("from"), digits=9)
    if number is None:
        return latest
    first = number - 1
    return first if 0 <= first < count else latest
