from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class RequestContext:
    """Who asked, from where: becomes the metadata of the events a request appends."""

    actor_id: str | None = None
    actor_name: str | None = None
    client: str | None = None
    correlation_id: str = field(default_factory=lambda: str(uuid.uuid4()))

    def metadata(self) -> dict[str, Any]:
        return {
            "actor": {"key_id": self.actor_id, "name": self.actor_name},
            "client": self.client,
            "correlation_id": self.correlation_id,
        }
