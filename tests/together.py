"""Calls started at the same instant, each on its own thread and database connection, for
the tests of what two requests racing each other leave behind."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.db import connections


def at_once(
    *calls: Callable[[], Any], timeout: float = 60
) -> tuple[list[Any], list[BaseException]]:
    """What the calls returned and what they raised, in the order they finished."""
    barrier = threading.Barrier(len(calls), timeout=timeout)
    returned: list[Any] = []
    raised: list[BaseException] = []

    def run(call: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            returned.append(call())
        except BaseException as error:  # the caller checks what was raised
            raised.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(thread.is_alive() for thread in threads), "a call did not finish"
    return returned, raised
