"""The Content-Security-Policy (bourre_site/headers.py) in a real browser: no page of the
app, the docs or the admin makes chromium refuse anything it loads or runs, and the
scripts still work under it (htmx swaps the table panel, the options follow the variant)."""

from __future__ import annotations

from typing import Any

import pytest

from games.services.tables import table_import
from tests.ledger.helpers import case
from tests.tableapp.helpers import make_member
from tests.tableapp.test_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)
REDOC_LOGO = "https://cdn.redoc.ly/"


def test_no_page_breaks_the_policy(page: Any, live_server: Any) -> None:
    refused: list[str] = []

    def seen(message: Any) -> None:
        # ReDoc's bundle shows its makers' logo from their CDN: blocking that is the
        # policy's point (img-src), not a breakage.
        if "Content Security Policy" in message.text and REDOC_LOGO not in message.text:
            refused.append(f"{page.url}: {message.text}")

    page.on("console", seen)
    page.set_default_timeout(60_000)  # the docs' bundles are megabytes, on a busy machine
    base = live_server.url
    page.goto(f"{base}/api/docs/")
    page.wait_for_selector(".swagger-ui .info")  # Swagger UI ran and read the schema
    page.goto(f"{base}/api/redoc/")
    page.wait_for_selector(".api-content")  # ReDoc ran and read the schema
    page.goto(f"{base}/admin/login/")
    member = make_member(role="admin")
    transcript = case("sitting-01-louisiana-roster-close")["transcript"]
    table = table_import(club=member.club, name="Closed", transcript=transcript)
    sign_in(page, base, member)
    # htmx and tables.js run: choosing a variant shows its options only.
    page.check("input[name=variant][value=ukrainian]")
    assert page.is_hidden("fieldset.options[data-variant=louisiana]")
    for path in (
        f"/app/tables/{table.id}/",
        f"/app/tables/{table.id}/ruling",
        f"/app/tables/{table.id}/settle-up",
        f"/app/tables/{table.id}/audit",
        "/app/standings/",
        "/app/members/",
        "/verify",  # its scripts: verify.js, jsQR and verify-qr.js
    ):
        page.goto(f"{base}{path}")
        page.wait_for_load_state("networkidle")
    assert refused == []
