"""The live views' tests run against a real uvicorn (`tests.live.server`)."""

from tests.live.fixtures import asgi_server, live_app

__all__ = ["asgi_server", "live_app"]
