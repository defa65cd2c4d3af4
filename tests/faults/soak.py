"""The fault soak's parts (tests/faults/test_soak.py): live viewers that follow a table
through every outage as a browser's EventSource does, and the faults themselves, each a
`kill -9` of one process of the stack `make run` serves and its start again."""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench._server import Server, _children, _cmdline
from tests.faults.conftest import LOCAL_VAR, ROOT

# Each follower's reconnection is not news (httpx logs every request at INFO).
logging.getLogger("httpx").setLevel(logging.WARNING)


@dataclass
class Follower:
    """One live view of a table: the players' stream of a viewer link, or the API's
    stream of a key. It reconnects a second after any drop with `Last-Event-ID`, and keeps
    the last version it was told of; the API's must hear every version once, in order."""

    url: str
    headers: dict[str, str]
    every_version: bool  # the API's stream: each event; the players': the newest version
    last: int = 0
    reconnections: int = 0
    wrong: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        while not self.stop.is_set():
            headers = (
                {**self.headers, "Last-Event-ID": str(self.last)} if self.last else self.headers
            )
            try:
                timeout = httpx.Timeout(10.0, read=20.0)  # a comment every 15 s
                with httpx.stream("GET", self.url, headers=headers, timeout=timeout) as answer:
                    if answer.status_code == 200:
                        self._read(answer)
            except httpx.HTTPError:
                pass
            self.reconnections += 1
            self.stop.wait(1.0)  # an EventSource's retry

    def _read(self, answer: httpx.Response) -> None:
        for line in answer.iter_lines():
            if self.stop.is_set():
                return
            if not line.startswith("id: "):
                continue
            version = int(line[4:])
            if self.every_version and version != self.last + 1:
                self.wrong.append(f"{self.last} then {version}")
            if version < self.last and len(self.wrong) < 10:
                self.wrong.append(f"back from {self.last} to {version}")
            self.last = max(self.last, version)


def follow(followers: list[Follower]) -> list[threading.Thread]:
    threads = [threading.Thread(target=f.run, daemon=True) for f in followers]
    for thread in threads:
        thread.start()
    return threads


# ---------------------------------------------------------------- the faults
def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)


def _child(server: Server, word: str, parent: int | None = None) -> int:
    """The pid of the process of `server` whose command has `word`, child of `parent`
    (default: of serve.sh itself)."""
    assert server.process is not None
    parent = server.process.pid if parent is None else parent
    for pid in _children().get(parent, []):
        if word in _cmdline(pid):
            return pid
    raise AssertionError(f"no {word} process under {parent}")


def _script(name: str, action: str) -> None:
    subprocess.run([str(ROOT / "scripts" / name), action], check=True, timeout=120, cwd=ROOT,
                   capture_output=True)  # fmt: skip


def kill_gunicorn_worker(server: Server) -> None:
    """Its master starts another."""
    master = _child(server, "gunicorn")
    _kill(_child(server, "gunicorn", parent=master))


def kill_uvicorn(server: Server) -> None:
    """serve.sh starts it again; the streams reconnect."""
    _kill(_child(server, "uvicorn"))


def kill_celery_worker(server: Server) -> None:
    """The worker's main process (its pool's children end with it); serve.sh starts it
    again, and the jobs' sweeps and the wake-ups' sweeps catch up."""
    _kill(_child(server, " worker "))


def kill_redis(server: Server) -> None:
    pid = int((LOCAL_VAR / "redis" / "redis.pid").read_text())
    _kill(pid)
    time.sleep(1.0)  # the clients meet a Redis that is not there
    _script("redis.sh", "start")


def kill_postgres(server: Server) -> None:
    """The postmaster; its backends end when they notice. Started again once they have
    (a new postmaster refuses to start while an old backend holds the shared memory)."""
    postmaster = LOCAL_VAR / "pg" / "data" / "postmaster.pid"
    _kill(int(postmaster.read_text().split()[0]))
    time.sleep(1.0)
    for attempt in range(30):
        try:
            _script("pg.sh", "start")
            return
        except subprocess.CalledProcessError:
            if attempt == 29:
                raise
            time.sleep(1.0)


FAULTS = {
    "gunicorn worker": kill_gunicorn_worker,
    "uvicorn": kill_uvicorn,
    "Celery worker": kill_celery_worker,
    "Redis": kill_redis,
    "PostgreSQL": kill_postgres,
}


def kill_in_turn(server: Server, *, every: float, rounds: int, log: list[str]) -> None:
    """Each fault in turn, `every` seconds apart (more than serve.sh's 10 s, within which
    a process that dies again is taken for broken), `rounds` times over."""
    for n in range(rounds):
        for name, fault in FAULTS.items():
            time.sleep(every)
            started = time.monotonic()
            fault(server)
            log.append(f"{n + 1}: {name} killed, back in {time.monotonic() - started:.1f} s")


def fresh_connections() -> None:
    """This process's own connections to PostgreSQL and Redis died with them."""
    from django.db import connections
    from kombu import pools

    from bourre_site.celery import app

    for connection in connections.all():
        with contextlib.suppress(Exception):
            connection.close()
    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None


def local_paths_exist() -> bool:
    return (LOCAL_VAR / "redis" / "redis.pid").exists() and Path(
        LOCAL_VAR / "pg" / "data" / "postmaster.pid"
    ).exists()
