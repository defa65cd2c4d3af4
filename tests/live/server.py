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


class ServedSite(AsgiServer):
    """The site as `make run` serves it (scripts/serve.sh): nginx on the port, in front of
    gunicorn (the pages and the API, on a unix socket) and uvicorn (the streams of /live/
    and /api/v1/tables/{id}/stream, on another), the nginx configuration rendered from the
    same template. `stop` and `start` restart all three."""

    def __init__(self, test_db_name: str, static_root: Path) -> None:
        super().__init__(test_db_name, static_root)
        self.run_dir = ROOT / "var" / "run" / f"test-served-{self.port}"
        self.gunicorn_socket = self.run_dir / "gunicorn.sock"
        self.asgi_socket = self.run_dir / "asgi.sock"
        self.others: list[subprocess.Popen[bytes]] = []
        rendered = subprocess.run(
            [str(ROOT / "scripts" / "nginx.sh"), "render", str(self.run_dir),
             f"127.0.0.1:{self.port}", f"unix:{self.gunicorn_socket}",
             f"unix:{self.asgi_socket}"],
            cwd=ROOT, env=self.env, check=True, capture_output=True, text=True,
        )  # fmt: skip
        self.nginx_conf = rendered.stdout.strip().splitlines()[-1]

    def start(self, timeout: float = 90) -> None:
        for socket_path in (self.gunicorn_socket, self.asgi_socket):
            socket_path.unlink(missing_ok=True)
        venv = Path(sys.executable).parent
        gunicorn_env = {
            **self.env,
            "BOURRE_GUNICORN_BIND": f"unix:{self.gunicorn_socket}",
            "BOURRE_ACCESS_LOG": "",
        }
        self.others = [
            subprocess.Popen(
                [str(venv / "gunicorn"), "bourre_site.wsgi:application",
                 "--config", "bourre_site/gunicorn_conf.py", "--log-level", "warning"],
                cwd=ROOT, env=gunicorn_env,
            ),
            subprocess.Popen(
                ["/usr/sbin/nginx", "-e", str(self.run_dir / "error.log"), "-c", self.nginx_conf],
                cwd=ROOT, env=self.env,
            ),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "bourre_site.asgi:application",
             "--uds", str(self.asgi_socket), "--lifespan", "off", "--no-access-log",
             "--log-level", "warning", "--timeout-graceful-shutdown", "2"],
            cwd=ROOT, env=self.env,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while True:
            if any(p.poll() is not None for p in [self.process, *self.others]):
                self.stop()
                raise RuntimeError("nginx, gunicorn or uvicorn exited during start-up")
            try:
                ready = httpx.get(f"{self.url}/health/", timeout=1).status_code == 200
                if ready and self.asgi_socket.exists():
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"the served site did not answer within {timeout}s")
            time.sleep(0.2)

    def stop(self) -> None:
        for process in self.others:
            if process.poll() is None:
                process.terminate()
        for process in self.others:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.others = []
        super().stop()
