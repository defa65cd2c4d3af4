"""The schema's file name is the API's title, "Bourré referee API", sent as RFC 6266 says:
beyond ASCII as `filename*=utf-8''...`. The library's bare `filename="..."` carried the "é"
as one latin-1 byte, which browsers save mangled."""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("form", "suffix"), [("", "yaml"), ("?format=json", "json")])
def test_the_schema_is_saved_under_the_apis_title(form: str, suffix: str) -> None:
    answer = Client().get(f"/api/schema/{form}")
    assert answer.status_code == 200
    disposition = answer["Content-Disposition"]
    assert disposition.startswith("inline; filename*=utf-8''"), disposition
    assert disposition.isascii()
    name = unquote(disposition.removeprefix("inline; filename*=utf-8''"))
    assert name == f"Bourré referee API.{suffix}"
