"""A form's refusal in the app is a sentence: its first letter a capital, in every language
("Ce champ ne peut pas être vide", not "ce champ..."), as the table screen's refusals were.
The words are the API's, lower-case fragments in its JSON (`{"name": ["this cannot be
blank"]}`), so the app capitalises them where it shows them, server-side: never a player's
name at a message's start ("ana is already seated"), which stays as typed. No CSS
text-transform, which would capitalise the name too."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from clubs.models import Member
from games.services import table_create
from tests.clubs.helpers import make_club
from tests.tableapp.helpers import make_member, signed_in, step_fields

pytestmark = pytest.mark.django_db


def _speaking(member: Member, language: str) -> Client:
    member.language = language
    member.save(update_fields=["language"])
    return signed_in(member)


def _errors(html: str) -> dict[str, str]:
    """Each field's refusal as shown (`<span class="error" data-field=...>`)."""
    found = re.findall(r'class="error"[^>]*data-field="([^"]*)"[^>]*>(.*?)</', html, re.S)
    return {field: unescape(words).strip() for field, words in found}


@pytest.mark.parametrize("language", ["en", "fr", "uk"])
def test_the_new_table_forms_refusals_start_with_a_capital(language: str) -> None:
    client = _speaking(make_member(make_club()), language)
    posted = {"name": " ", "variant": "louisiana", "players": "ana\nben\ncy", "ante": "1"}
    errors = _errors(client.post("/app/", posted).content.decode())
    assert errors["name"][0].isupper(), errors  # "Ce champ ne peut pas être vide"
    control = {**posted, "name": "Friday\x01"}  # what the API's parser refuses, refused here
    errors = _errors(client.post("/app/", control).content.decode())
    assert errors["name"][0].isupper(), errors


@pytest.mark.parametrize("language", ["en", "fr", "uk"])
def test_the_members_pages_refusals_start_with_a_capital(language: str) -> None:
    admin = make_member(make_club(), "admin")
    client = _speaking(admin, language)
    shown: dict[str, str] = {}
    for url, posted in (
        ("/app/keys/add", {"name": " ", "role": "auditor"}),
        ("/app/keys/add", {"name": "tablet", "role": ""}),
        ("/app/members/add", {"username": "", "password": "", "role": "auditor"}),
        ("/app/members/add", {"username": admin.name, "password": "", "role": "auditor"}),
        ("/app/club/time-zone", {"time_zone": "Mars/Olympus"}),
        (f"/app/members/{admin.id}/role", {"role": "auditor"}),  # the last admin stays one
    ):
        shown |= _errors(client.post(url, posted).content.decode())
    assert set(shown) >= {"key_name", "key_role", "username", "time_zone", "role"}, shown
    assert [w for w in shown.values() if not w[0].isupper()] == [], shown


@pytest.mark.parametrize("language", ["en", "fr", "uk"])
def test_the_table_screens_own_refusals_start_with_a_capital_but_a_name_stays_as_typed(
    language: str,
) -> None:
    club = make_club()
    table = table_create(club=club, name="T", variant="louisiana", players=["ana", "ben", "cy"])
    client = _speaking(make_member(club), language)
    url = f"/app/tables/{table.id}/"
    hidden = step_fields(client.get(url).content.decode(), "start the deal")
    posted = {**hidden, "step": "deal", "dealer": "ana", "trump": "7S", "ante": "lots"}
    errors = _errors(client.post(f"{url}step", posted).content.decode())
    assert errors["ante"][0].isupper(), errors  # "must be a whole number" said as a sentence
    hidden = step_fields(client.get(url).content.decode(), "join")
    joined = {**hidden, "step": "join", "player": "ana", "seat_after": "cy"}
    errors = _errors(client.post(f"{url}step", joined).content.decode())
    assert errors["join.player"].startswith("ana "), errors  # the name as typed


@pytest.mark.django_db(transaction=True)
def test_a_browser_shows_the_refusal_as_the_server_wrote_it(page: Any, live_server: Any) -> None:
    """No stylesheet changes a refusal's case: what the server capitalised is shown, and a
    name at a message's start is not capitalised by a text-transform."""
    from tests.tableapp.test_browser import sign_in

    member = make_member(make_club())
    member.language = "fr"
    member.save(update_fields=["language"])
    sign_in(page, live_server.url, member)
    page.fill("input[name=name]", " ")
    page.fill("textarea[name=players]", "ana\nben\ncy")
    page.click("details.create form button[type=submit]")
    error = page.locator(".error[data-field=name]")
    error.wait_for()
    assert error.inner_text().startswith("Ce champ ne peut pas être vide"), error.inner_text()
    transforms = page.locator(".error").evaluate_all(
        "es => es.map(e => getComputedStyle(e).textTransform)"
    )
    assert set(transforms) == {"none"}
