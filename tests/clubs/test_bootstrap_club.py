from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.clubs.helpers import client_for

pytestmark = pytest.mark.django_db


def test_bootstrap_club_prints_a_working_admin_key_last() -> None:
    out = StringIO()
    call_command("bootstrap_club", "Le Cercle", stdout=out)
    raw = out.getvalue().strip().splitlines()[-1]
    response = client_for(raw).get("/api/v1/keys")
    assert response.status_code == 200
    assert [k["role"] for k in response.json()["keys"]] == ["admin"]


def test_bootstrap_club_refuses_a_duplicate_name() -> None:
    call_command("bootstrap_club", "Twice", stdout=StringIO())
    with pytest.raises(CommandError):
        call_command("bootstrap_club", "Twice", stdout=StringIO())
