"""The server as `make run` starts it (scripts/serve.sh: gunicorn, a Celery worker, beat),
on a free port, and the CPU time its Celery processes use, read from /proc."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def _cmdline(pid: int) -> str:
    try:
        return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of the process and of its children it has waited for."""
    try:
        fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # after the ")": state=0 ... utime=11 stime=12 cutime=13 cstime=14
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICKS


class Server:
    """`scripts/serve.sh` on its own port and in its own process group."""

    def __init__(self, log: Path, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.log = log
        self.env = env or {}
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Server:
        env = dict(os.environ, BOURRE_PORT=str(self.port), **self.env)
        env.setdefault("BOURRE_ACCESS_LOG", "-")  # as `make run` has it; empty: none
        env.setdefault("DJANGO_DEBUG", "0")
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                [str(ROOT / "scripts" / "serve.sh")],
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        # 60 s by default; more on a machine whose load is many times its cores.
        wait = float(os.environ.get("BENCH_SERVER_START_S", "60"))
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"scripts/serve.sh exited; see {self.log}")
            if self._healthy() and self.celery_pids():
                time.sleep(1.0)  # let the worker's pool and beat settle
                return self
            time.sleep(0.2)
        self.__exit__()
        raise RuntimeError(f"the server did not come up in {wait:.0f} s; see {self.log}")

    def __exit__(self, *exc: object) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        for leftover in (ROOT / "var" / "run").glob(f"celerybeat-{self.port}*"):
            leftover.unlink(missing_ok=True)

    def _healthy(self) -> bool:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
            conn.request("GET", "/health/")
            ok = conn.getresponse().status == 200
            conn.close()
            return ok
        except OSError:
            return False

    def _descendants(self) -> list[int]:
        assert self.process is not None
        tree, found, todo = _children(), [], [self.process.pid]
        while todo:
            pid = todo.pop()
            found.append(pid)
            todo.extend(tree.get(pid, []))
        return found

    def cpu(self) -> dict[str, float]:
        """CPU seconds used so far: the gunicorn processes, the Celery ones, and the local
        PostgreSQL cluster's (0 for a server elsewhere)."""
        gunicorn = [p for p in self._descendants() if "gunicorn" in _cmdline(p)]
        return {
            "gunicorn": sum(_cpu_seconds(pid) for pid in gunicorn),
            "celery": self.celery_cpu(),
            "postgres": postgres_cpu(),
        }

    def celery_pids(self) -> dict[str, list[int]]:
        """The Celery worker's processes (main and pool) and beat's, by role."""
        roles: dict[str, list[int]] = {}
        for pid in self._descendants():
            line = _cmdline(pid)
            if "celery" not in line:
                continue
            role = "beat" if " beat" in line else "worker" if " worker" in line else None
            if role:
                roles.setdefault(role, []).append(pid)
        return roles if {"worker", "beat"} <= roles.keys() else {}

    def celery_cpu(self) -> float:
        """CPU seconds used so far by every Celery process of this server."""
        return sum(_cpu_seconds(pid) for pids in self.celery_pids().values() for pid in pids)


def postgres_cpu() -> float:
    """CPU seconds of the project-local PostgreSQL cluster, if DATABASE_URL points at it:
    the postmaster (with the backends it has reaped) and its live children; else 0."""
    from urllib.parse import urlparse

    try:
        lines = (ROOT / "var" / "pg" / "data" / "postmaster.pid").read_text().splitlines()
        pid, port = int(lines[0]), int(lines[3])
    except (OSError, ValueError, IndexError):
        return 0.0
    if urlparse(os.environ.get("DATABASE_URL", "")).port != port:
        return 0.0
    tree = _children()
    return _cpu_seconds(pid) + sum(_cpu_seconds(child) for child in tree.get(pid, []))
