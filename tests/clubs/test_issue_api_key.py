from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.clubs.helpers import client_for, make_club

pytestmark = pytest.mark.django_db


def _issue(*args: str) -> str:
    out = StringIO()
    call_command("issue_api_key", *args, stdout=out)
    return out.getvalue().strip().splitlines()[-1]


def test_a_new_admin_key_for_an_existing_club_works() -> None:
    call_command("bootstrap_club", "Le Cercle", stdout=StringIO())
    raw = _issue("Le Cercle")
    response = client_for(raw).get("/api/v1/keys")
    assert response.status_code == 200
    assert [k["role"] for k in response.json()["keys"]] == ["admin", "admin"]


def test_a_key_of_another_role_by_club_id() -> None:
    club = make_club()
    raw = _issue(str(club.id), "--role", "auditor", "--name", "the auditor")
    assert client_for(raw).get("/api/v1/tables").status_code == 200
    assert client_for(raw).get("/api/v1/keys").status_code == 403


def test_an_unknown_club_fails_loudly() -> None:
    with pytest.raises(CommandError, match="no club named"):
        _issue("Nowhere")


def test_it_issues_no_operator_key() -> None:
    """The operator is not a club's: `operator_key` issues those."""
    club = make_club()
    with pytest.raises(CommandError, match="invalid choice"):
        _issue(club.name, "--role", "operator")
