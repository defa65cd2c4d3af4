"""Playwright driving Debian's chromium (Playwright's own browser download cannot work
here): a browser per session, a fresh context (cookies, storage) per test."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("BOURRE_CHROMIUM", "/usr/bin/chromium")
TABLET = {"width": 768, "height": 1024}
PHONE = {"width": 390, "height": 844}
#: The display's screen, a 1080p TV (docs/screenshots/display.png).
TV = {"width": 1920, "height": 1080}
#: Set to a directory to have the browser tests save the README's screenshots there.
SCREENSHOTS = os.environ.get("BOURRE_SCREENSHOTS")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.fail(f"no chromium at {CHROMIUM}: scripts/browser.sh installs it (apt)")
    # Playwright's sync API runs an event loop in this thread; the ORM calls the tests
    # make between browser steps are still plain synchronous code.
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
            )
            try:
                yield chromium
            finally:
                chromium.close()
    finally:
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=TABLET)
    context.set_default_timeout(10_000)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


def screenshot(
    page: Any,
    name: str,
    *,
    full_page: bool = True,
    sizes: Mapping[str, dict[str, int]] | None = None,
) -> None:
    """The README's screenshot `<name><suffix>.png` at each of `sizes` (suffix: viewport),
    by default at the tablet width the README shows and at a phone's (`<name>-phone.png`).
    A page made for one screen (the display on a TV, the players' view on a phone) is shot
    at that screen's size alone: shot at 768 px, the display's 1080p picture was a tablet's."""
    if SCREENSHOTS:
        Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
        size = page.viewport_size
        for suffix, viewport in (sizes or {"": TABLET, "-phone": PHONE}).items():
            page.set_viewport_size(viewport)
            path = Path(SCREENSHOTS) / f"{name}{suffix}.png"
            page.screenshot(path=str(path), full_page=full_page)
        page.set_viewport_size(size)


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header (IHDR)."""
    header = path.read_bytes()[16:24]
    return int.from_bytes(header[:4], "big"), int.from_bytes(header[4:], "big")
