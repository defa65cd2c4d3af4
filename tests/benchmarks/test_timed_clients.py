"""bench/_common.py's `timed_clients`, the driver of every HTTP benchmark (the floor and the
card play): each client opened once, only the timed kind of step timed, errors raised."""

from __future__ import annotations

import threading

import pytest

from bench._common import timed_clients


class Steps:
    """Every third step is of the timed kind."""

    lock = threading.Lock()

    def __init__(self, index: int, log: list[int]) -> None:
        self.count, self.closed = 0, False
        with self.lock:
            log.append(index)

    def step(self) -> bool:
        self.count += 1
        return self.count % 3 == 0

    def close(self) -> None:
        self.closed = True


def test_each_client_times_its_share_of_the_timed_steps_only() -> None:
    opened: list[int] = []
    clients: list[Steps] = []
    events: list[str] = []

    def open_client(index: int) -> Steps:
        client = Steps(index, opened)
        clients.append(client)
        return client

    result = timed_clients(
        "steps",
        4,
        40,
        open_client,
        on_start=lambda: events.append("start"),
        on_end=lambda: events.append("end"),
    )

    assert sorted(opened) == [0, 1, 2, 3]
    assert (result.label, result.clients, result.ops) == ("steps", 4, 40)
    assert len(result.latencies_ms) == 40
    assert [client.count for client in clients] == [30, 30, 30, 30]  # 10 timed, 20 not
    assert all(client.closed for client in clients)
    assert events == ["start", "end"]
    assert result.seconds > 0


def test_a_failing_client_fails_the_measurement() -> None:
    class Failing(Steps):
        def step(self) -> bool:
            raise RuntimeError("answer 500")

    def open_client(index: int) -> Steps:
        return Failing(index, []) if index == 1 else Steps(index, [])

    with pytest.raises(RuntimeError, match="answer 500"):
        timed_clients("steps", 2, 10, open_client)
