"""The request a receiver gets: JSON body and the headers that let it trust the body.

``X-Bourre-Signature: v1=<hex HMAC-SHA256(secret, f"{timestamp}.{body}")>`` where
``timestamp`` is ``X-Bourre-Timestamp`` (Unix seconds) and ``body`` the raw request body."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

from eventlog import RecordedEvent
from table_stream import table_id_of

SECRET_PREFIX = "whsec_"
SIGNATURE_VERSION = "v1"


def secret_generate() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def signature(*, secret: str, timestamp: str, body: bytes) -> str:
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return f"{SIGNATURE_VERSION}={mac.hexdigest()}"


def payload(*, delivery_id: str, kind: str, event: RecordedEvent) -> dict[str, Any]:
    return {
        "id": delivery_id,
        "kind": kind,
        "table_id": str(table_id_of(event.stream)),
        "position": event.position,
        "version": event.version,
        "type": event.type,
        "recorded_at": event.recorded_at.isoformat().replace("+00:00", "Z"),
        "data": event.data,
    }


def body_bytes(data: dict[str, Any]) -> bytes:
    return json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False).encode()


def headers(*, secret: str, delivery_id: str, timestamp: str, body: bytes) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": "bourre-webhooks/1",
        "X-Bourre-Delivery": delivery_id,
        "X-Bourre-Timestamp": timestamp,
        "X-Bourre-Signature": signature(secret=secret, timestamp=timestamp, body=body),
    }
