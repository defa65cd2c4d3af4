"""The AsyncAPI 3.0 document of the stream and the webhooks (bourre_site/asyncapi.py),
served beside the OpenAPI one: valid by the AsyncAPI parser, and naming every event type of
the log and every webhook kind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from django.test import Client

from table_stream import EVENT_UNDONE, GAME_EVENT_TYPES, RULING_MADE, TABLE_CREATED
from tests.clients.node import node_ready, run_in_typescript
from webhooks.kinds import WEBHOOK_KINDS

pytestmark = pytest.mark.slow


def test_the_asyncapi_document_is_served_valid_and_whole(tmp_path: Path) -> None:
    answer = Client().get("/api/asyncapi.yaml")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/yaml")
    document = yaml.safe_load(answer.content)
    assert document == json.loads(Client().get("/api/asyncapi.json").content)
    assert document["asyncapi"] == "3.0.0"
    stream = document["channels"]["tableStream"]["messages"]
    every_type = {*GAME_EVENT_TYPES, RULING_MADE, EVENT_UNDONE, TABLE_CREATED}
    assert {name.removesuffix("Event") for name in stream} == every_type
    delivery = document["components"]["schemas"]["WebhookDelivery"]
    assert set(delivery["properties"]["kind"]["enum"]) == set(WEBHOOK_KINDS)
    # The OpenAPI document's shapes, the same ones (an event of the stream is the log's).
    schema = json.loads(Client().get("/api/schema/?format=json").content)
    assert (
        document["components"]["schemas"]["CardPlayedData"]
        == (schema["components"]["schemas"]["CardPlayedData"])
    )

    node_ready()
    path = tmp_path / "asyncapi.yaml"
    path.write_bytes(answer.content)
    checked = run_in_typescript("node", "scripts/validate-asyncapi.mjs", str(path))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "valid: AsyncAPI 3.0.0, 2 channels" in checked.stdout
