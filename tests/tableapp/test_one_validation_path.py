"""One validation path (issue 25): every app form and its API twin give the same verdict on
the same input, with the same status (issue 40: the app answered 422 where the API's
parser answers 400), because both call the same checks in the services. Hypothesis generates
the hostile names and numbers (101 characters, `Ana` with `ana`, zero-width and
right-to-left characters, NFD beside NFC, control characters, NUL, an ante of 10^30)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from clubs.models import Club
from common.free_text import bad_character
from tests.clubs.helpers import client_for, make_club, make_key
from tests.tableapp.helpers import make_member, signed_in, step_fields

pytestmark = pytest.mark.django_db
FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}
SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# The characters the hostile pass used, and ordinary letters around them.
ODD = ["\u200b", "\u202e", "\u2066", "\x07", "\x00", "\u0301", "\u00ad", "\ufeff", "\x85"]
letters = st.text(alphabet="abcdeAÉéx ", min_size=1, max_size=6)
odd_names = st.lists(st.one_of(letters, st.sampled_from(ODD)), min_size=1, max_size=4).map("".join)
long_names = st.integers(min_value=95, max_value=105).map(lambda n: "x" * n)
name = st.one_of(letters, odd_names, long_names, st.sampled_from(["Ana", "ana", "José"]))


def typed(text: str) -> bool:
    """What a person can type into one line of the players box the same as the API takes
    it: the box splits on newlines and commas and trims each line."""
    return text == text.strip() and not re.search(r"[\n\r,]", text)


def nfd(text: str) -> str:
    return unicodedata.normalize("NFD", text)


players = st.lists(name.filter(typed), min_size=2, max_size=5).flatmap(
    lambda names: st.sampled_from([names, [*names, nfd(names[0])], [*names, names[0].upper()]])
)
antes = st.one_of(
    st.integers(min_value=-3, max_value=12),
    st.sampled_from([10**15, 2**53 - 1, 2**53, 10**18, 10**30]),
)
table_names = st.one_of(
    st.text(min_size=0, max_size=8),
    st.integers(min_value=198, max_value=202).map(lambda n: "t" * n),
)


@pytest.fixture
def club() -> Club:
    return make_club()


@pytest.fixture
def app(club: Club) -> Client:
    return signed_in(make_member(club, "admin"))


@pytest.fixture
def api(club: Club) -> APIClient:
    return client_for(make_key(club, "admin")[1])


def app_verdict(response: Any) -> int:
    """200 when the form was taken, else the refusal's status."""
    assert response.status_code in (200, 302, 400, 422), response.status_code
    taken = response.status_code == 302 or (
        response.status_code == 200 and 'class="error"' not in response.content.decode()
    )
    return 200 if taken else int(response.status_code)


def api_verdict(response: Any) -> int:
    """200 when the request was carried out, else the refusal's status."""
    assert response.status_code in (200, 201, 400, 409, 422), response.content[:500]
    return 200 if response.status_code in (200, 201) else int(response.status_code)


@SETTINGS
@given(table_name=table_names, names=players, ante=antes)
def test_a_new_table_gets_one_verdict(
    app: Client, api: APIClient, table_name: str, names: list[str], ante: int
) -> None:
    form = app.post(
        "/app/",
        {
            "name": table_name,
            "variant": "louisiana",
            "players": "\n".join(names),
            "opt_louisiana_ante": str(ante),
            "opt_louisiana_max_exchange": "5",
        },
    )
    body = {
        "name": table_name,
        "variant": "louisiana",
        "players": names,
        "options": {"ante": ante, "max_exchange": 5},
    }
    answer = api.post("/api/v1/tables", body, format="json")
    assert app_verdict(form) == api_verdict(answer), (form.status_code, answer.content[:300])
    if app_verdict(form) != 200:
        assert 'class="error"' in form.content.decode()  # in words, at a field


def test_the_hostile_pass_names_are_refused_at_the_field(app: Client) -> None:
    """Each input the hostile pass got past the form is refused there now, at its field."""
    cases = [
        ("players", {"players": "ana\nben\n" + "x" * 101}),
        ("players", {"players": "Ana\nben\nana"}),
        ("players", {"players": "an\u200ba\nben\ncy"}),
        ("players", {"players": "ana\u202e\nben\ncy"}),
        ("players", {"players": f"José\nben\n{nfd('José')}"}),
        ("players", {"players": "a\x07na\nben\ncy"}, 400),
        ("opt_louisiana_ante", {"opt_louisiana_ante": str(10**18)}, 400),  # JSON's bound
        ("opt_louisiana_ante", {"opt_louisiana_ante": str(2**53)}),  # the chips' bound
        ("name", {"name": "t" * 201}),
        ("name", {"name": "Table\x00 1"}, 400),
    ]
    for field, fields, *status in cases:
        form = {
            "name": "T",
            "variant": "louisiana",
            "players": "ana\nben\ncy",
            "opt_louisiana_ante": "1",
            "opt_louisiana_max_exchange": "5",
            **fields,
        }
        response = app.post("/app/", form)
        assert response.status_code == (status or [422])[0], fields
        assert f'data-field="{field}"' in response.content.decode(), fields


def test_a_failed_create_shows_every_error_at_once_and_keeps_what_was_typed(app: Client) -> None:
    response = app.post(
        "/app/",
        {
            "name": "Friday",
            "variant": "louisiana",
            "players": "ana\nben\nana",
            "opt_louisiana_ante": "-2",
            "opt_louisiana_max_exchange": "9",
        },
    )
    page = response.content.decode()
    assert response.status_code == 422
    for field in ("players", "opt_louisiana_ante", "opt_louisiana_max_exchange"):
        assert f'data-field="{field}"' in page, field
    assert 'value="Friday"' in page
    assert 'value="-2"' in page
    assert 'value="9"' in page


def _table(api: APIClient) -> str:
    body = {"name": "T", "variant": "louisiana", "players": ["ana", "ben", "cy"]}
    return str(api.post("/api/v1/tables", body, format="json").json()["id"])


@SETTINGS
@given(
    reason=st.one_of(
        st.text(max_size=5).filter(typed), st.integers(495, 505).map(lambda n: "r" * n)
    )
)
def test_an_undo_reason_gets_one_verdict(app: Client, api: APIClient, reason: str) -> None:
    verdicts = []
    for via_app in (True, False):
        table = _table(api)
        api.post(
            f"/api/v1/tables/{table}/events",
            {"expected_version": 1, "events": [{"deal": {"dealer": "ana", "trump": "AS"}}]},
            format="json",
        )
        if via_app:
            page = app.get(f"/app/tables/{table}/panel").content.decode()
            hidden = step_fields(page, "undo")
            form = {"step": "undo", "reason": reason, **hidden}
            response = app.post(f"/app/tables/{table}/step", form, **FETCH)
            verdicts.append(app_verdict(response))
        else:
            version = api.get(f"/api/v1/tables/{table}").json()["version"]
            body = {"expected_version": version, "events": [{"undo": {"reason": reason}}]}
            answer = api.post(f"/api/v1/tables/{table}/events", body, format="json")
            verdicts.append(api_verdict(answer))
    assert verdicts[0] == verdicts[1], reason[:20]
    assert (verdicts[0] == 200) == (len(reason) <= 500 and bad_character(reason) is None)


def test_an_undo_reason_with_a_nul_is_refused_at_its_field_as_the_api_refuses_it(
    app: Client, api: APIClient
) -> None:
    """The hostile pass: refused, but at the top of the form and with a 422 (the API: 400)."""
    table = _table(api)
    deal = {"expected_version": 1, "events": [{"deal": {"dealer": "ana", "trump": "AS"}}]}
    api.post(f"/api/v1/tables/{table}/events", deal, format="json")
    hidden = step_fields(app.get(f"/app/tables/{table}/panel").content.decode(), "undo")
    form = {"step": "undo", "reason": "oops\x00", **hidden}
    response = app.post(f"/app/tables/{table}/step", form, **FETCH)
    assert response.status_code == 400
    assert 'data-field="undo.reason"' in response.content.decode()
    body = {"expected_version": 2, "events": [{"undo": {"reason": "oops\x00"}}]}
    answer = api.post(f"/api/v1/tables/{table}/events", body, format="json")
    assert answer.status_code == 400
    assert answer.json()["error"]["field"] == "events[0].undo.reason"


@SETTINGS
@given(joining=name.filter(typed))
def test_a_joining_player_gets_one_verdict(app: Client, api: APIClient, joining: str) -> None:
    verdicts = []
    for via_app in (True, False):
        table = _table(api)
        if via_app:
            page = app.get(f"/app/tables/{table}/panel").content.decode()
            form = {"step": "join", "player": joining, "seat_after": "cy"}
            form.update(step_fields(page, "join"))
            response = app.post(f"/app/tables/{table}/step", form, **FETCH)
            verdicts.append(app_verdict(response))
        else:
            body = {
                "expected_version": 1,
                "events": [{"join": {"player": joining, "seat_after": "cy"}}],
            }
            answer = api.post(f"/api/v1/tables/{table}/events", body, format="json")
            verdicts.append(api_verdict(answer))
    assert verdicts[0] == verdicts[1], repr(joining)


@SETTINGS
@given(key_name=st.one_of(name, table_names))
def test_a_key_name_gets_one_verdict(app: Client, api: APIClient, key_name: str) -> None:
    form = app.post("/app/keys/add", {"name": key_name, "role": "auditor"})
    answer = api.post("/api/v1/keys", {"name": key_name, "role": "auditor"}, format="json")
    assert app_verdict(form) == api_verdict(answer), repr(key_name)


@pytest.mark.parametrize(
    ("url", "fields", "field", "status"),
    [
        ("/app/members/add", {"username": "m" * 151, "role": "auditor"}, "username", 422),
        ("/app/members/add", {"username": "m\x00x", "role": "auditor"}, "username", 400),
        ("/app/keys/add", {"name": "k" * 201, "role": "auditor"}, "key_name", 422),
        ("/app/keys/add", {"name": "k\x00", "role": "auditor"}, "key_name", 400),
    ],
)
def test_members_page_refuses_at_the_field_never_a_500(
    app: Client, url: str, fields: dict[str, str], field: str, status: int
) -> None:
    response = app.post(url, fields)
    assert response.status_code == status
    assert f'data-field="{field}"' in response.content.decode()


def test_a_nul_in_a_step_form_or_its_key_is_refused_not_a_500(app: Client, api: APIClient) -> None:
    table = _table(api)
    page = app.get(f"/app/tables/{table}/panel").content.decode()
    hidden = step_fields(page, "join")
    for fields in (
        {"player": "eve\x00", "idempotency_key": hidden["idempotency_key"]},
        {"player": "eve", "idempotency_key": "k\x00"},
        {"player": "eve", "idempotency_key": "k" * 201},
    ):
        form = {"step": "join", "seat_after": "cy", "expected_version": "1", **fields}
        response = app.post(f"/app/tables/{table}/step", form, **FETCH)
        assert response.status_code == 400, fields  # as the API's parser refuses them
    assert api.get(f"/api/v1/tables/{table}").json()["version"] == 1
