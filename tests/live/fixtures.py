"""Fixtures of a real uvicorn serving the site (imported by the tests' conftest files)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

import pytest

from tests.live.server import AsgiServer, ServedSite

Server = TypeVar("Server", AsgiServer, ServedSite)


def _running(server: Server) -> Iterator[Server]:
    """The server started for the session, and stopped after it."""
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def asgi_server(
    test_db_name: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[AsgiServer]:
    yield from _running(AsgiServer(test_db_name, tmp_path_factory.mktemp("asgi-static")))


@pytest.fixture
def live_app(asgi_server: AsgiServer) -> AsgiServer:
    """The server, started again if a test stopped it."""
    if asgi_server.process is None or asgi_server.process.poll() is not None:
        asgi_server.start()
    return asgi_server


@pytest.fixture(scope="session")
def served_site(
    test_db_name: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServedSite]:
    """nginx, gunicorn and uvicorn, as `make run` serves (the browser tests' live site)."""
    yield from _running(ServedSite(test_db_name, tmp_path_factory.mktemp("served-static")))


@pytest.fixture
def served(served_site: ServedSite) -> ServedSite:
    """The served site, started again if a test stopped it."""
    if served_site.process is None or served_site.process.poll() is not None:
        served_site.start()
    return served_site
