"""The AsyncAPI 3.0 document of what the referee sends by itself: a table's live stream
(`GET /api/v1/tables/{id}/stream`, Server-Sent Events) and the webhooks' deliveries
(docs/webhooks.md). Served beside the OpenAPI one at `/api/asyncapi.yaml` (and `.json`).

Its schemas are the OpenAPI document's own (games/api/contract: each event type of the log,
by `type`), so the two cannot disagree; AsyncAPI's schema object names a discriminator by
its property alone, where OpenAPI's is an object. tests/clients/test_asyncapi.py validates
the document with the AsyncAPI parser (@asyncapi/parser) and checks it names every event
type and webhook kind.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import yaml
from django.conf import settings
from django.http import HttpRequest, HttpResponse

from games.api.contract import COMPONENTS
from table_stream import RULING_MADE
from webhooks.kinds import EVENT_KINDS, RULING_KINDS, WEBHOOK_KINDS

#: The event types whose messages the stream sends (every type of the log).
STREAM_TYPES = [
    name.removesuffix("Event")
    for name, schema in COMPONENTS.items()
    if name.endswith("Event") and schema.get("properties", {}).get("type", {}).get("const")
]


def _asyncapi_schema(schema: Any) -> Any:
    """An OpenAPI 3.1 schema as AsyncAPI's schema object takes it (`discriminator`: a name)."""
    if isinstance(schema, dict):
        out = {k: _asyncapi_schema(v) for k, v in schema.items()}
        if isinstance(out.get("discriminator"), dict):
            out["discriminator"] = out["discriminator"]["propertyName"]
        return out
    if isinstance(schema, list):
        return [_asyncapi_schema(item) for item in schema]
    return schema


def _ref(kind: str, name: str) -> dict[str, str]:
    return {"$ref": f"#/components/{kind}/{name}"}


def _webhook_delivery() -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": [
            "id",
            "kind",
            "table_id",
            "position",
            "version",
            "type",
            "recorded_at",
            "data",
        ],
        "properties": {
            "id": {
                "type": "string",
                "description": "`<endpoint id>:<position>`, the same on "
                "every retry (also `X-Bourre-Delivery`)",
            },
            "kind": {"type": "string", "enum": list(WEBHOOK_KINDS)},
            "table_id": {"type": "string", "format": "uuid"},
            "position": {"type": "integer", "minimum": 0},
            "version": {"type": "integer", "minimum": 1},
            "type": {"type": "string", "enum": sorted({RULING_MADE, *EVENT_KINDS})},
            "recorded_at": {"type": "string", "format": "date-time"},
            "data": {
                "description": "the event's data, by `type`",
                "oneOf": [_ref("schemas", f"{t}Data") for t in sorted({RULING_MADE, *EVENT_KINDS})],
            },
        },
    }


def document() -> dict[str, Any]:
    schemas = _asyncapi_schema(copy.deepcopy(COMPONENTS))
    schemas["WebhookDelivery"] = _webhook_delivery()
    messages: dict[str, Any] = {
        f"{kind}Event": {
            "name": kind,
            "title": f"A `{kind}` event",
            "contentType": "application/json",
            "summary": "one SSE block: `id: <version>` and `data: <the event as JSON>`",
            "payload": _ref("schemas", f"{kind}Event"),
        }
        for kind in STREAM_TYPES
    }
    messages["WebhookDelivery"] = {
        "name": "WebhookDelivery",
        "title": "A webhook delivery",
        "contentType": "application/json",
        "summary": "POSTed to the endpoint's URL; answer any 2xx within the timeout",
        "headers": {
            "type": "object",
            "required": ["X-Bourre-Delivery", "X-Bourre-Timestamp", "X-Bourre-Signature"],
            "properties": {
                "X-Bourre-Delivery": {"type": "string", "description": "the delivery id"},
                "X-Bourre-Timestamp": {"type": "string", "description": "Unix seconds"},
                "X-Bourre-Signature": {
                    "type": "string",
                    "description": "`v1=` and the hex HMAC-SHA256, keyed with the endpoint's "
                    "secret, of the timestamp, a dot and the raw body",
                },
            },
        },
        "payload": _ref("schemas", "WebhookDelivery"),
    }
    stream_messages = {f"{kind}Event": _ref("messages", f"{kind}Event") for kind in STREAM_TYPES}
    return {
        "asyncapi": "3.0.0",
        "info": {
            "title": settings.SPECTACULAR_SETTINGS["TITLE"],
            "version": settings.SPECTACULAR_SETTINGS["VERSION"],
            "description": "What the referee sends by itself: a table's events as they are "
            "logged (Server-Sent Events; the REST API is the OpenAPI document at "
            "`/api/schema/`) and the webhooks' deliveries (docs/webhooks.md). Ruling kinds "
            f"delivered: {', '.join(sorted(RULING_KINDS))}.",
        },
        "defaultContentType": "application/json",
        "servers": {
            "api": {
                "host": "referee.example",
                "protocol": "https",
                "pathname": "/api/v1",
                "description": "the service's own host (`make run`: 127.0.0.1:8000, http); "
                "every request carries `Authorization: Bearer <key>`",
                "security": [_ref("securitySchemes", "ApiKey")],
            }
        },
        "channels": {
            "tableStream": {
                "address": "/tables/{table_id}/stream",
                "title": "A table's live events",
                "description": "`GET` with `Last-Event-ID` (or `?after=V`): the events after "
                "version V in order, then each new one within a second of its commit; a "
                "comment line every 15 s; `event: ended` when the key is revoked. A "
                "`Last-Event-ID` or `after` that is not a version is a 400.",
                "servers": [{"$ref": "#/servers/api"}],
                "parameters": {"table_id": {"description": "the table's id (a UUID)"}},
                "messages": stream_messages,
            },
            "webhookEndpoint": {
                "address": None,
                "title": "A club's webhook endpoint",
                "description": "the `url` an admin registered (`POST /api/v1/webhooks`)",
                "messages": {"WebhookDelivery": _ref("messages", "WebhookDelivery")},
            },
        },
        "operations": {
            "sendTableEvents": {
                "action": "send",
                "title": "The table's events, as they are logged",
                "channel": {"$ref": "#/channels/tableStream"},
                "messages": [
                    {"$ref": f"#/channels/tableStream/messages/{name}"} for name in stream_messages
                ],
            },
            "deliverWebhook": {
                "action": "send",
                "title": "A webhook delivery, retried with backoff until a 2xx",
                "channel": {"$ref": "#/channels/webhookEndpoint"},
                "messages": [{"$ref": "#/channels/webhookEndpoint/messages/WebhookDelivery"}],
            },
        },
        "components": {
            "securitySchemes": {
                "ApiKey": {
                    "type": "httpApiKey",
                    "name": "Authorization",
                    "in": "header",
                    "description": "`Bearer bk_<prefix>_<secret>`",
                }
            },
            "schemas": schemas,
            "messages": messages,
        },
    }


def asyncapi_yaml(request: HttpRequest) -> HttpResponse:
    text = yaml.safe_dump(document(), sort_keys=False, allow_unicode=True)
    return HttpResponse(text, content_type="application/yaml; charset=utf-8")


def asyncapi_json(request: HttpRequest) -> HttpResponse:
    text = json.dumps(document(), ensure_ascii=False, indent=2)
    return HttpResponse(text, content_type="application/json; charset=utf-8")
