"""The app's tests: static files collected once per session, as `make run` serves them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

# The browser fixtures, once for every module (a second session-scoped copy imported into
# another test module would start a second Playwright inside the first one's loop).
from tests.tableapp.browser import browser, page

__all__ = ["browser", "page"]


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """`collectstatic` into a temporary STATIC_ROOT, which WhiteNoise then serves (clients
    created after this point load the middleware with it)."""
    root = tmp_path_factory.mktemp("static")
    # override_settings also resets the static files storage, which caches its location.
    override = override_settings(STATIC_ROOT=str(root))
    override.enable()
    call_command("collectstatic", "--noinput", verbosity=0)
    try:
        yield root
    finally:
        override.disable()
