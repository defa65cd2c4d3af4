"""Helpers shared by benchmark modules: timing, percentiles, threads, a table printer."""

from __future__ import annotations

import os
import platform
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Measurement:
    label: str
    clients: int
    ops: int
    seconds: float
    latencies_ms: list[float]
    items_per_op: int = 1
    #: CPU per operation in the timed window: this process (every client thread), and the
    #: database backends serving the clients (None when their /proc entries are unreadable,
    #: e.g. a remote server).
    client_cpu_us: float | None = None
    server_cpu_us: float | None = None

    @property
    def ops_per_second(self) -> float:
        return self.ops / self.seconds

    @property
    def items_per_second(self) -> float:
        return self.ops * self.items_per_op / self.seconds

    def percentile(self, pct: float) -> float:
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]


def measure(
    label: str,
    *,
    clients: int,
    ops_per_client: int,
    operation: Callable[[int, int], None],
    items_per_op: int = 1,
    setup: Callable[[int], None] | None = None,
    teardown: Callable[[int], None] | None = None,
    warmup: int = 20,
    server_pids: Callable[[], Sequence[int]] | None = None,
) -> Measurement:
    """Run ``operation(client, n)`` from ``clients`` threads, all starting together.

    ``server_pids`` (called once the clients are set up) names the database backends whose
    CPU time the timed window is charged with."""
    latencies: list[list[float]] = [[] for _ in range(clients)]
    barrier = threading.Barrier(clients + 1)
    errors: list[BaseException] = []

    def client(index: int) -> None:
        try:
            if setup:
                setup(index)
            for n in range(warmup):
                operation(index, -1 - n)
            barrier.wait()
            own = latencies[index]
            for n in range(ops_per_client):
                started = time.perf_counter()
                operation(index, n)
                own.append((time.perf_counter() - started) * 1000)
            barrier.wait()
            barrier.wait()  # the connections stay open until their CPU time is read
        except BaseException as error:
            errors.append(error)
            barrier.abort()
        finally:
            if teardown:
                teardown(index)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    barrier.wait()
    pids = list(server_pids()) if server_pids else []
    started, client_started = time.perf_counter(), time.process_time()
    server_started = _cpu_seconds(pids)
    barrier.wait()
    seconds = time.perf_counter() - started
    client_cpu = time.process_time() - client_started
    server_ended = _cpu_seconds(pids)
    barrier.wait()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    flat = [value for own in latencies for value in own]
    ops = max(len(flat), 1)
    server_cpu = (
        None
        if server_started is None or server_ended is None
        else (server_ended - server_started) * 1e6 / ops
    )
    return Measurement(
        label, clients, len(flat), seconds, flat, items_per_op, client_cpu * 1e6 / ops, server_cpu
    )


class TimedClient(Protocol):
    """One HTTP client of `timed_clients`, connected and warmed up."""

    def step(self) -> bool:
        """Send one request and read its answer; True when it is of the kind timed."""
        ...

    def close(self) -> None: ...


def timed_clients(
    label: str,
    clients: int,
    timed: int,
    open_client: Callable[[int], TimedClient],
    on_start: Callable[[], None] | None = None,
    on_end: Callable[[], None] | None = None,
) -> Measurement:
    """`timed` requests of the timed kind from `clients` threads started together, thread i
    with `open_client(i)` (which connects and warms up before the window opens). The wall
    time runs from the moment every client is ready until the last is done, so it includes
    any untimed steps between the timed ones: the rate is a floor. `on_start`/`on_end` run
    as the window opens and closes (e.g. to read CPU counters)."""
    per_client = max(1, timed // clients)
    latencies: list[list[float]] = [[] for _ in range(clients)]
    barrier = threading.Barrier(clients + 1)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            client = open_client(index)
            barrier.wait()
            own = latencies[index]
            while len(own) < per_client:
                started = time.perf_counter()
                if client.step():
                    own.append((time.perf_counter() - started) * 1000)
            barrier.wait()
            client.close()
        except BaseException as error:
            errors.append(error)
            barrier.abort()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    try:
        barrier.wait()
        if on_start:
            on_start()
        started = time.perf_counter()
        barrier.wait()
        seconds = time.perf_counter() - started
        if on_end:
            on_end()
    except threading.BrokenBarrierError:
        seconds = 0.0
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]
    flat = [value for own in latencies for value in own]
    return Measurement(label, clients, len(flat), seconds, flat)


def _cpu_seconds(pids: Sequence[int]) -> float | None:
    """User + system CPU of the processes ``pids`` (None if one cannot be read)."""
    if not pids:
        return None
    total = 0
    try:
        for pid in pids:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None
    return total / os.sysconf("SC_CLK_TCK")


def print_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    cells = [[str(h) for h in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    for n, row in enumerate(cells):
        print("  ".join(cell.rjust(width) for cell, width in zip(row, widths, strict=True)))
        if n == 0:
            print("  ".join("-" * width for width in widths))


def machine() -> str:
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if "model name" in line)
    except (OSError, StopIteration):
        pass
    try:
        kernel = subprocess.run(["uname", "-r"], capture_output=True, text=True).stdout.strip()
    except OSError:
        kernel = platform.release()
    return f"{os.cpu_count()} CPUs ({cpu}), Linux {kernel}, Python {platform.python_version()}"
