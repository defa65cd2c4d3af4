"""Upcasters upgrade old event payloads on read; the stored rows never change."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Payload = dict[str, Any]
Upcaster = Callable[[Payload], Payload]


class UpcasterRegistry:
    """Maps ``(event type, schema version)`` to a function producing version + 1."""

    def __init__(self) -> None:
        self._upcasters: dict[tuple[str, int], Upcaster] = {}

    def register(self, type: str, from_version: int) -> Callable[[Upcaster], Upcaster]:
        def decorator(fn: Upcaster) -> Upcaster:
            key = (type, from_version)
            if key in self._upcasters:
                raise ValueError(f"an upcaster for {type} v{from_version} is already registered")
            self._upcasters[key] = fn
            return fn

        return decorator

    def applies(self, *, type: str, schema_version: int) -> bool:
        """Whether events of ``type`` stored at ``schema_version`` are upcast when read."""
        return (type, schema_version) in self._upcasters

    def upcast(self, *, type: str, schema_version: int, data: Payload) -> tuple[int, Payload]:
        while (upcaster := self._upcasters.get((type, schema_version))) is not None:
            data = upcaster(data)
            schema_version += 1
        return schema_version, data

    @contextmanager
    def isolated(self) -> Iterator[UpcasterRegistry]:
        """Tests register upcasters inside this block; they vanish on exit."""
        saved = dict(self._upcasters)
        try:
            yield self
        finally:
            self._upcasters = saved


upcasters = UpcasterRegistry()
