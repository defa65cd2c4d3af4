"""The live app served for real in tests: uvicorn running `bourre_site.asgi` (the whole
site, streams included) in a subprocess on the test database, as the application role,
publishing and listening on this session's Redis channel. It can be stopped and started
again on the same port (a restart the browsers reconnect through)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class AsgiServer:
    def __init__(self, test_db_name: str, static_root: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = settings.APP_DATABASE
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bourre_site.settings.local",
            "DJANGO_DEBUG": "0",
            "DATABASE_URL": (
                f"postgres://{app['USER']}:{app['PASSWORD']}@{app['HOST']}:{app['PORT']}"
                f"/{test_db_name}"
            ),
            "CELERY_TASK_DEFAULT_QUEUE": settings.CELERY_TASK_DEFAULT_QUEUE,
            "STATIC_ROOT": str(static_root),
        }
        self.env.pop("DATABASE_OWNER_URL", None)
        self.process: subprocess.Popen[bytes] | None = None
        # The assets the pages load (live.js, htmx), as `make run` collects them.
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=ROOT, env=self.env, check=True,
        )  # fmt: skip

    def start(self, timeout: float = 60) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "bourre_site.asgi:application",
             "--host", "127.0.0.1", "--port", str(self.port), "--lifespan", "off",
             "--no-access-log", "--log-level", "warning", "--timeout-graceful-shutdown", "2"],
            cwd=ROOT,
            env=self.env,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError("uvicorn exited during start-up")
            try:
                if httpx.get(f"{self.url}/health/", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"uvicorn did not answer within {timeout}s")
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
