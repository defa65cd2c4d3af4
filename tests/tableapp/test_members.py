"""People, not only keys: sign-in, roles, bootstrap's first admin, the admin's members page."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from clubs.models import Member
from tests.clubs.helpers import make_club
from tests.tableapp.helpers import make_member, signed_in

pytestmark = pytest.mark.django_db


def test_bootstrap_prints_sign_in_before_the_key_and_the_credentials_work() -> None:
    out = StringIO()
    call_command("bootstrap_club", "Les Amis", stdout=out)
    lines = out.getvalue().strip().splitlines()
    assert lines[-1].startswith("bk_")
    text = "\n".join(lines[:-1])
    assert "sign in at http://" in text
    assert "/app/" in text
    username = next(line.split()[-1] for line in lines if "user name" in line)
    password = next(line.split()[-1] for line in lines if "password" in line)
    client = Client()
    response = client.post("/app/login/", {"username": username, "password": password})
    assert response.status_code == 302
    page = client.get("/app/members/")
    assert page.status_code == 200  # the first member is the club's admin
    assert username in page.content.decode()


def test_bootstrap_of_an_existing_club_fails_loudly() -> None:
    call_command("bootstrap_club", "Twice Club", stdout=StringIO())
    with pytest.raises(CommandError, match="already exists"):
        call_command("bootstrap_club", "Twice Club", stdout=StringIO())


def test_set_member_password_lets_the_member_sign_in_again() -> None:
    member = make_member()
    out = StringIO()
    call_command("set_member_password", member.name, stdout=out)
    password = out.getvalue().strip().splitlines()[-1].split()[-1]
    assert Client().login(username=member.name, password=password)
    with pytest.raises(CommandError):
        call_command("set_member_password", "nobody-here", stdout=StringIO())


def test_signing_in_is_needed_and_a_wrong_password_is_refused() -> None:
    member = make_member()
    assert Client().get("/app/").status_code == 302
    response = Client().post("/app/login/", {"username": member.name, "password": "nope"})
    assert response.status_code == 200
    assert "correct" in response.content.decode().lower()  # Django's "enter a correct ..."


def test_an_admin_adds_and_removes_members_but_never_the_last_admin() -> None:
    club = make_club()
    admin = make_member(club, "admin")
    client = signed_in(admin)
    response = client.post(
        "/app/members/add", {"username": "cy", "password": "", "role": "auditor"}
    )
    assert response.status_code == 200
    assert "shown once" in response.content.decode()
    cy = Member.objects.get(user__username="cy")
    assert cy.role == "auditor"
    assert cy.club == club
    again = {"username": "cy", "password": "a long passphrase", "role": "auditor"}
    taken = client.post("/app/members/add", again)
    assert taken.status_code == 422
    assert 'data-field="username"' in taken.content.decode()
    asked = client.post(f"/app/members/{cy.id}/remove")  # one tap asks, removes nothing
    assert "Remove cy?" in asked.content.decode()
    assert Member.objects.filter(id=cy.id).exists()
    done = client.post(f"/app/members/{cy.id}/remove", {"confirm": "yes"})
    assert done.status_code == 200
    assert "cy was removed" in done.content.decode()
    assert not Member.objects.filter(id=cy.id).exists()
    refused = client.post(f"/app/members/{admin.id}/remove", {"confirm": "yes"})
    assert refused.status_code == 422
    assert "last admin" in refused.content.decode()


def test_an_admin_creates_and_revokes_a_key_in_the_app() -> None:
    client = signed_in(make_member(role="admin"))
    page = client.post("/app/keys/add", {"name": "scoreboard", "role": "auditor"}).content.decode()
    assert "bk_" in page
    from clubs.models import ApiKey

    key = ApiKey.objects.get(name="scoreboard")
    asked = client.post(f"/app/keys/{key.id}/revoke")  # one tap asks, revokes nothing
    assert asked.status_code == 200
    assert "Revoke the key “scoreboard”?" in asked.content.decode()
    key.refresh_from_db()
    assert key.revoked_at is None
    assert client.post(f"/app/keys/{key.id}/revoke", {"confirm": "yes"}).status_code == 302
    key.refresh_from_db()
    assert key.revoked_at is not None
    client.post("/app/keys/add", {"name": "the only admin key", "role": "admin"})
    last = ApiKey.objects.get(name="the only admin key")
    refused = client.post(f"/app/keys/{last.id}/revoke", {"confirm": "yes"})
    assert refused.status_code == 422
    assert "last admin key" in refused.content.decode()
    operator = client.post("/app/keys/add", {"name": "op", "role": "operator"})
    assert operator.status_code == 422  # the service's operator key is not a club's to issue


def test_members_page_is_for_admins_only_and_other_clubs_members_are_404() -> None:
    club = make_club()
    assert signed_in(make_member(club, "scorekeeper")).get("/app/members/").status_code == 403
    outsider = make_member(make_club(), "admin")
    assert (
        signed_in(make_member(club, "admin")).post(f"/app/members/{outsider.id}/remove").status_code
        == 404
    )


def test_make_runs_first_club_signs_in_once_and_then_only_says_how() -> None:
    out = StringIO()
    call_command("ensure_first_club", stdout=out)
    lines = out.getvalue().splitlines()
    username = next(line.split()[-1] for line in lines if "user name" in line)
    password = next(line.split()[-1] for line in lines if line.strip().startswith("password"))
    assert Client().login(username=username, password=password)
    again = StringIO()
    call_command("ensure_first_club", stdout=again)
    assert "set_member_password" in again.getvalue()
    assert Member.objects.count() == 1


def test_an_admin_sets_where_the_club_plays_and_the_standings_say_it() -> None:
    admin = make_member(role="admin")
    client = signed_in(admin)
    bad = client.post("/app/club/time-zone", {"time_zone": "Mars/Olympus"})
    assert bad.status_code == 422
    assert 'data-field="time_zone"' in bad.content.decode()
    assert "Mars/Olympus" in bad.content.decode()  # the value typed is kept at the field
    good = client.post("/app/club/time-zone", {"time_zone": "America/Chicago"})
    assert good.status_code == 200
    assert "Nights now count in America/Chicago" in good.content.decode()
    admin.club.refresh_from_db()
    assert admin.club.time_zone == "America/Chicago"
    standings = client.get("/app/standings/").content.decode()
    assert "club nights in America/Chicago" in standings
    scorekeeper = signed_in(make_member(club=admin.club))
    refused = scorekeeper.post("/app/club/time-zone", {"time_zone": "UTC"})
    assert refused.status_code == 403
    admin.club.refresh_from_db()
    assert admin.club.time_zone == "America/Chicago"


def test_bootstrap_takes_the_clubs_time_zone_and_refuses_an_unknown_one() -> None:
    out = StringIO()
    call_command("bootstrap_club", "Cajun Club", "--time-zone", "America/Chicago", stdout=out)
    assert "nights in America/Chicago" in out.getvalue()
    with pytest.raises(CommandError, match="--time-zone"):
        call_command("bootstrap_club", "Nowhere Club", "--time-zone", "Nowhere", stdout=StringIO())
    assert not Member.objects.filter(club__name="Nowhere Club").exists()


def test_the_members_page_dates_are_the_clubs_days() -> None:
    """A member added at 21:00 in Chicago (03:00 the next day in UTC) was shown as added
    the next day: the page's dates are days where the club plays."""
    from datetime import UTC, datetime

    from clubs.models import ApiKey

    admin = make_member(role="admin")
    admin.club.time_zone = "America/Chicago"
    admin.club.save(update_fields=["time_zone"])
    late = datetime(2026, 12, 2, 3, 0, tzinfo=UTC)  # 21:00 on 1 December in Chicago
    Member.objects.filter(id=admin.id).update(created_at=late)
    client = signed_in(admin)
    client.post("/app/keys/add", {"name": "tablet", "role": "scorekeeper"})
    ApiKey.objects.filter(name="tablet").update(created_at=late)

    page = client.get("/app/members/").content.decode()

    assert page.count("12/01/2026") == 2  # the member and the key
    assert "12/02/2026" not in page
