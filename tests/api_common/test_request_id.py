"""`X-Request-ID` on every answer (api_common/request_id.py): the client's own when sane,
else one made here; in every error body of the API as `error.request_id`."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.clubs.helpers import client_for, make_club, make_key

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("sent", ["tablet-3.417", "0f8fad5b-d9cb-469f-a165-70867728950e"])
def test_a_sane_request_id_is_echoed_on_success_and_in_errors(sent: str) -> None:
    client = client_for(make_key(make_club(), "admin")[1])
    ok = client.get("/api/v1/tables", HTTP_X_REQUEST_ID=sent)
    assert ok.status_code == 200
    assert ok["X-Request-ID"] == sent
    refused = client.get("/api/v1/tables?limit=0", HTTP_X_REQUEST_ID=sent)
    assert refused.status_code == 400
    assert refused["X-Request-ID"] == sent
    assert refused.json()["error"]["request_id"] == sent


@pytest.mark.parametrize("sent", [None, "", "two words", 'quote"d', "a\tb", "x" * 129, "é"])
def test_otherwise_one_is_made_and_never_the_clients(sent: str | None) -> None:
    headers = {} if sent is None else {"HTTP_X_REQUEST_ID": sent}
    answer = APIClient().get("/api/v1/tables", **headers)  # no key: a 401
    made = answer["X-Request-ID"]
    assert len(made) == 32
    assert int(made, 16) >= 0
    assert made != sent
    assert answer.json()["error"]["request_id"] == made
    assert APIClient().get("/api/v1/tables", **headers)["X-Request-ID"] != made  # one each


def test_every_kind_of_answer_has_one() -> None:
    client = APIClient()
    for path in ("/health/", "/api/schema/", "/api/v1/no-such-thing", "/app/"):
        assert len(client.get(path)["X-Request-ID"]) == 32, path
    missing = client.get("/api/v1/no-such-thing").json()["error"]
    assert missing["code"] == "not_found"
    assert len(missing["request_id"]) == 32
