"""The generated clients drive a live server: uvicorn serving the whole site and the
streams (`tests.live.server`), over the test database."""

from tests.live.fixtures import asgi_server, live_app

__all__ = ["asgi_server", "live_app"]
