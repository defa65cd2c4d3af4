"""The new-table form sent twice (a double tap, or sent again after the club's Wi-Fi lost
the answer) opens the table the first one made; sent back with other values after it made
one (the browser's Back), it says so and takes a fresh key."""

from __future__ import annotations

import re

import pytest

from tests.clubs.helpers import make_club
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db

KEY = re.compile(r'name="idempotency_key" value="([^"]+)"')
OPTIONS = {"opt_louisiana_ante": "1", "opt_louisiana_max_exchange": "5"}


def test_the_form_sent_twice_makes_one_table() -> None:
    club = make_club()
    app = signed_in(make_member(club, "admin"))
    (key,) = KEY.findall(app.get("/app/").content.decode())
    form = {
        "name": "N° 3",
        "variant": "louisiana",
        "players": "ana\nben\ncy",
        **OPTIONS,
        "idempotency_key": key,
    }
    first, again = app.post("/app/", form), app.post("/app/", form)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert club.tables.count() == 1

    back = app.post("/app/", {**form, "name": "N° 4"})
    page = back.content.decode()
    assert back.status_code == 422
    assert "This form already made a table" in page
    (fresh,) = KEY.findall(page)
    assert fresh != key
    assert app.post("/app/", {**form, "name": "N° 4", "idempotency_key": fresh}).status_code == 302
    assert sorted(club.tables.values_list("name", flat=True)) == ["N° 3", "N° 4"]


def test_a_refused_form_keeps_its_key() -> None:
    """Nothing was made with it, so the corrected form may use it."""
    club = make_club()
    app = signed_in(make_member(club, "admin"))
    (key,) = KEY.findall(app.get("/app/").content.decode())
    form = {"name": "T", "variant": "louisiana", "players": "ana", **OPTIONS}
    form["idempotency_key"] = key
    refused = app.post("/app/", form)
    assert refused.status_code == 422
    assert KEY.findall(refused.content.decode()) == [key]
    assert app.post("/app/", {**form, "players": "ana\nben"}).status_code == 302
    assert club.tables.count() == 1
