"""The OpenAPI schema: valid with no warnings, and a bounded schemathesis run against it
(every operation, keyed as a club admin, every check: no 5xx, only documented statuses,
content types and headers, responses that match their schema, bad input refused, auth
enforced) finds nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from io import StringIO

import pytest
import schemathesis
from django.core import signals
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

import tests.schemathesis_hooks  # noqa: F401 - hypothesis-jsonschema on this Hypothesis
from tests.clubs.helpers import make_club, make_key

pytestmark = [
    pytest.mark.django_db,
    # schemathesis 3.x still imports jsonschema's deprecated RefResolutionError.
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


def test_spectacular_validates_without_warnings() -> None:
    out = StringIO()
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--format", "openapi-json", stdout=out
    )
    schema = json.loads(out.getvalue())
    assert "/api/v1/tables/{table_id}/events" in schema["paths"]
    responses = schema["paths"]["/api/v1/tables/{table_id}/events"]["post"]["responses"]
    assert {"201", "400", "401", "403", "404", "409", "422"} <= set(responses)
    # In the run below (and the CLI's, tests/faults): the paged log and the import jobs.
    assert "/api/v1/audits/log" in schema["paths"]
    assert "/api/v1/tables/imports/{job_id}" in schema["paths"]
    imports = schema["paths"]["/api/v1/tables/import"]["post"]["responses"]
    assert {"201", "202", "422"} <= set(imports)


def _schema() -> schemathesis.BaseSchema:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    return schemathesis.from_dict(json.loads(out.getvalue()), app=get_wsgi_application())


schema = schemathesis.from_pytest_fixture("api_schema")


@pytest.fixture
def api_schema(db: None) -> Iterator[schemathesis.BaseSchema]:
    # As Django's test client does: the test's connection (and transaction) must survive
    # the WSGI request cycle.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield _schema()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def admin_header(db: None) -> dict[str, str]:
    raw = make_key(make_club(), "admin")[1]
    return {"Authorization": f"Bearer {raw}"}


@schema.parametrize()
@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_passes_every_check(
    case: schemathesis.Case, admin_header: dict[str, str]
) -> None:
    if case.path.startswith(("/api/schema", "/api/docs", "/api/redoc")):
        return
    # On the case itself, so the auth check can take the key away and expect a 401.
    case.headers = {**(case.headers or {}), **admin_header}
    response = case.call_wsgi()
    case.validate_response(response)
