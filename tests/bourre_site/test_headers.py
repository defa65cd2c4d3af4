"""Headers (issue 25, 11): a Content-Security-Policy on every page that the app's own code
satisfies (no inline script, style or handler anywhere in its templates), `private,
no-store` on everything with club data, and `manage.py check --deploy` clean under the
production settings."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from games.services.tables import table_import
from live.services import viewer_create
from tests.clubs.helpers import client_for, make_key
from tests.ledger.helpers import case
from tests.tableapp.helpers import make_member, signed_in

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "tableapp" / "templates" / "tableapp"
#: Others' pages in our templates (ReDoc's page); the docs policy covers them.
DOCS_TEMPLATES = {"redoc.html"}
INLINE = {
    "inline script": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "inline handler": re.compile(r"\son[a-z]+\s*=", re.I),
    "style element": re.compile(r"<style\b", re.I),
    "style attribute": re.compile(r"\sstyle\s*=", re.I),
}


def _directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_no_template_of_the_app_has_inline_code() -> None:
    found = []
    for template in sorted(TEMPLATES.glob("*.html")):
        if template.name in DOCS_TEMPLATES:
            continue
        text = template.read_text()
        found += [f"{template.name}: {what}" for what, rx in INLINE.items() if rx.search(text)]
    assert found == []


@pytest.mark.django_db
def test_every_page_has_the_policy_and_club_data_is_never_stored() -> None:
    member = make_member(role="admin")
    club = member.club
    transcript = case("sitting-01-louisiana-roster-close")["transcript"]
    table = table_import(club=club, name="t", transcript=transcript)
    app = signed_in(member)
    api = client_for(make_key(club, "auditor")[1])
    viewer = viewer_create(club=club, table=table, created_by="test")
    private = {
        "/app/": app,
        f"/app/tables/{table.id}/": app,
        f"/app/tables/{table.id}/ruling": app,
        f"/app/tables/{table.id}/settle-up": app,
        f"/app/tables/{table.id}/settlement.csv": app,
        f"/app/tables/{table.id}/audit": app,
        "/app/standings/": app,
        "/app/standings.csv": app,
        "/app/members/": app,
        "/api/v1/tables": api,
        f"/api/v1/tables/{table.id}/settlement?format=csv": api,
        # The players' view: no account, but a link's token and the table (issue 40).
        f"/v/{viewer.token}": Client(),
        f"/v/{viewer.token}/board": Client(),
        f"/v/{viewer.token}/qr.svg": Client(),
        f"/join?code={viewer.code}": Client(),
    }
    for path, client in private.items():
        response = client.get(path)
        assert response.status_code in (200, 302), path
        assert response["Cache-Control"] == "private, no-store", path
        policy = _directives(response["Content-Security-Policy"])
        assert policy["script-src"] == ["'self'"], path
        assert policy["style-src"] == ["'self'"], path
        assert policy["frame-ancestors"] == ["'none'"], path
    for path in ("/app/login/", "/api/docs/", "/api/redoc/", "/admin/login/", "/health/"):
        response = Client().get(path)
        policy = _directives(response["Content-Security-Policy"])
        assert policy["script-src"] == ["'self'"], path  # never inline scripts, anywhere
        assert "'unsafe-eval'" not in response["Content-Security-Policy"], path
        assert policy["img-src"] == ["'self'", "data:"], path  # ReDoc's logo stays away


def test_check_deploy_is_clean_under_the_production_settings() -> None:
    env = dict(
        os.environ,
        DJANGO_SETTINGS_MODULE="bourre_site.settings.production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DATABASE_URL=os.environ.get("DATABASE_URL", "postgres://u:p@127.0.0.1:5433/bourre"),
        REDIS_URL=os.environ.get("REDIS_URL", "redis://127.0.0.1:6380/0"),
    )
    # DJANGO_ALLOW_ASYNC_UNSAFE: set by the browser tests' Playwright for this process only
    # (tests/tableapp/browser.py); a deployment never has it.
    for name in (
        "DJANGO_SECURE_SSL_REDIRECT",
        "DJANGO_HSTS_SECONDS",
        "DJANGO_SECURE_COOKIES",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    ):
        env.pop(name, None)
    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout + run.stderr
