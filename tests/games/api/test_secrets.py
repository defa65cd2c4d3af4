"""No credential in a page, a log line or an error body; DEBUG only when asked for."""

from __future__ import annotations

import os
import subprocess
import sys

from django.conf import settings
from django.test import RequestFactory
from django.views.debug import ExceptionReporter, get_default_exception_reporter_filter

from tests.conftest import ROOT


def _debug_under_local_settings(**env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "DJANGO_DEBUG"} | env
    environment["DJANGO_SETTINGS_MODULE"] = "bourre_site.settings.local"
    return subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.DEBUG)"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_make_run_settings_keep_debug_off_unless_asked() -> None:
    assert _debug_under_local_settings() == "False"
    assert _debug_under_local_settings(DJANGO_DEBUG="1") == "True"
    assert _debug_under_local_settings(DJANGO_DEBUG="0") == "False"


def _passwords() -> list[str]:
    found = [settings.APP_DATABASE["PASSWORD"], settings.OWNER_DATABASE["PASSWORD"], "bourre_owner"]
    return [p for p in found if p]


def test_error_reports_hide_database_urls_and_passwords() -> None:
    safe = repr(get_default_exception_reporter_filter().get_safe_settings())
    for password in _passwords():
        assert f":{password}@" not in safe
    assert "LOCAL_OWNER_URL" in safe  # listed, but masked


def test_a_debug_page_shows_no_password() -> None:
    request = RequestFactory().get("/somewhere")
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        page = ExceptionReporter(request, *sys.exc_info()).get_traceback_html()
    for password in _passwords():
        assert f":{password}@" not in page
