"""Every error code the code base can answer is in the one catalogue (assembled from what
each app registers), the OpenAPI error schema's `code` enum is that catalogue, and
docs/api.md shows it as its table."""

from __future__ import annotations

import ast
import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from rest_framework import exceptions

from api_common.error_codes import (
    PLUMBING,
    ErrorCode,
    catalogue,
    error_codes_register,
    markdown_table,
)
from games.api.error_codes import games_error_codes
from games.engine.refusals import REFUSAL_CODES
from games.sitting.errors import WRITE_REFUSAL_CODES
from tests.packages import PACKAGES

ROOT = Path(__file__).resolve().parents[3]
# Codes DRF answers by itself (content negotiation, parsing, routing of methods).
FRAMEWORK = {
    exceptions.NotAuthenticated.default_code,
    exceptions.AuthenticationFailed.default_code,
    exceptions.PermissionDenied.default_code,
    exceptions.NotFound.default_code,
    exceptions.MethodNotAllowed.default_code,
    exceptions.NotAcceptable.default_code,
    exceptions.UnsupportedMediaType.default_code,
    exceptions.ParseError.default_code,
}
BY_CODE = {entry.code: entry for entry in catalogue()}  # the apps are ready: all registered
ERROR_CODES = tuple(BY_CODE)
CODE = re.compile(r"^[a-z][a-z_]*[a-z]$")
# Codes that are not answers of the API: the `referee` command's own line for bad JSON.
NOT_API = {"invalid_json"}


def _constants(node: ast.AST) -> set[str]:
    return {
        n.value
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and CODE.match(n.value)
    }


def _codes_in(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name == "Rejection" and node.args:
                found |= _constants(node.args[0])
            if name == "error_response" and len(node.args) > 1:
                found |= _constants(node.args[1])
            for keyword in node.keywords:
                if keyword.arg == "code":
                    found |= _constants(keyword.value)
            drf = getattr(exceptions, name, None)
            if isinstance(drf, type) and issubclass(drf, exceptions.APIException):
                is_validation = issubclass(drf, exceptions.ValidationError)
                found.add("invalid_request" if is_validation else str(drf.default_code))
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "code" and value is not None:
                    found |= _constants(value)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            # A code given by a constant (not read from a request: `code = POST.get("code")`),
            # and not a setting that only ends like one (LANGUAGE_CODE).
            names = [n for n in names if n != "LANGUAGE_CODE"]
            value = node.value
            if isinstance(value, ast.Call | ast.BoolOp):
                continue
            if any(n.lower().endswith(("code", "codes")) for n in names) and value:
                found |= _constants(
                    ast.List(elts=value.values, ctx=ast.Load())
                    if isinstance(value, ast.Dict)
                    else value
                )
    return found


def source_codes() -> dict[str, set[str]]:
    """Each code raised in the application's source -> the files raising it."""
    where: dict[str, set[str]] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts or path.name == "error_codes.py":
                continue
            for code in _codes_in(ast.parse(path.read_text(), str(path))):
                where.setdefault(code, set()).add(str(path.relative_to(ROOT)))
    return where


def test_the_scan_finds_what_it_must() -> None:
    """The scanner is not vacuous: it sees an engine refusal, an ApiError and a DRF raise."""
    found = source_codes()
    assert "games/engine/dealing.py" in found["missing_trump"]
    assert "games/sitting/errors.py" in found["version_conflict"]
    assert "not_found" in found
    assert "sixth_card" in found
    assert "no_deal_in_progress" in found


def test_every_code_the_source_can_raise_is_catalogued() -> None:
    missing = {
        code: sorted(files)
        for code, files in source_codes().items()
        if code not in BY_CODE and code not in NOT_API
    }
    assert missing == {}, "register these where they are owned (api_common/error_codes.py)"
    assert set(ERROR_CODES) >= FRAMEWORK


def front_codes() -> set[str]:
    """The codes the front answers by itself (nginx, in the API's envelope)."""
    template = (ROOT / "scripts" / "nginx.conf.template").read_text()
    return set(re.findall(r'"code": "(\w+)"', template))


def test_no_catalogued_code_is_stale() -> None:
    """A code nobody raises any more is taken out of the catalogue (and the docs)."""
    assert {"uri_too_long", "header_too_large", "too_many_streams"} <= front_codes()
    raised = set(source_codes()) | FRAMEWORK | front_codes()
    assert set(ERROR_CODES) - raised == set()


def test_statuses_are_http_error_statuses() -> None:
    assert all(400 <= BY_CODE[c].status < 600 for c in ERROR_CODES)
    assert {BY_CODE[c].status for c in ("missing_trump", "sixth_card", "unknown_player")} == {422}


@pytest.mark.django_db
def test_the_error_schema_enumerates_the_catalogue() -> None:
    out = StringIO()
    call_command("spectacular", "--format", "openapi-json", stdout=out)
    schemas = json.loads(out.getvalue())["components"]["schemas"]
    code = schemas["ErrorDetail"]["properties"]["code"]
    ref = code["$ref"] if "$ref" in code else code["allOf"][0]["$ref"]
    assert schemas[ref.rsplit("/", 1)[1]]["enum"] == list(ERROR_CODES)


def test_the_engine_and_the_write_side_own_their_codes_and_the_api_catalogues_them() -> None:
    """Registered by `games` from where they are owned (`games.engine.refusals`,
    `games.sitting.errors`), with the status the API answers each with."""
    for entry in games_error_codes():
        assert BY_CODE[entry.code] == entry
    for code, meaning in REFUSAL_CODES.items():
        assert BY_CODE[code].meaning == meaning
        assert BY_CODE[code].status == (409 if code == "table_closed" else 422)
    for code, meaning in WRITE_REFUSAL_CODES.items():
        assert BY_CODE[code].meaning == meaning
    assert BY_CODE["version_conflict"].status == 409
    assert BY_CODE["idempotency_conflict"].status == BY_CODE["nothing_to_undo"].status == 422
    # The plumbing's own come first, then each app's: an app cannot change one.
    assert catalogue()[: len(PLUMBING)] == PLUMBING
    with pytest.raises(ValueError, match="registered twice"):
        error_codes_register([ErrorCode("out_of_turn", 400, "another meaning")])


def test_the_docs_show_the_catalogue() -> None:
    docs = (ROOT / "docs" / "api.md").read_text()
    assert markdown_table() in docs, "paste `python -m api_common.error_codes` into docs/api.md"
