"""`{% players_qr table %}`: the table screen's QR code and short code for the players'
phones (the table's newest good viewer link, drawn by the service), or the button that
makes one. A template tag, so that the table app's views never import the live views."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from games.models import Table
from live.qr import qr_svg
from live.selectors import viewers_of_table

register = template.Library()


@register.inclusion_tag("live/_players_qr.html", takes_context=True)
def players_qr(context: template.Context, table: Table) -> dict[str, Any]:
    request = context["request"]
    links = viewers_of_table(table=table)
    link = links[-1] if links else None
    url = request.build_absolute_uri(reverse("live:viewer", args=[link.token])) if link else ""
    return {
        "table": table,
        "viewer": link,
        "url": url,
        "qr": qr_svg(url) if link else "",
        "join_url": request.build_absolute_uri(reverse("live:join")),
        "can_log": context.get("can_log"),
        "csrf_token": context.get("csrf_token"),
    }
