"""An admin changes a member's role and sets a new password from the app (a member who
forgot theirs is back in at the table, not after someone reaches a shell)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from clubs.models import Member
from clubs.services import MemberRefused, member_set_role
from tests.clubs.helpers import make_club
from tests.tableapp.helpers import PASSWORD, make_member, signed_in
from tests.together import at_once

pytestmark = pytest.mark.django_db

SECRET = re.compile(r'<code class="secret">([^<]+)</code>')


def _url(member: Member, action: str = "") -> str:
    return f"/app/members/{member.pk}/{action}"


def test_the_members_list_opens_a_member_and_the_role_changes() -> None:
    club = make_club()
    admin, ana = make_member(club, "admin"), make_member(club, "scorekeeper")
    app = signed_in(admin)
    assert f'href="{_url(ana)}"' in app.get("/app/members/").content.decode()
    page = app.get(_url(ana))
    assert page.status_code == 200
    assert ana.name in page.content.decode()
    saved = app.post(_url(ana, "role"), {"role": "auditor"})
    assert saved.status_code == 200
    assert f"{ana.name} is now" in saved.content.decode()
    ana.refresh_from_db()
    assert ana.role == "auditor"
    # Her next request has the new role: an auditor logs nothing.
    tablet = signed_in(ana)
    form = {"name": "T", "variant": "louisiana", "players": "a\nb"}
    assert tablet.post("/app/", form).status_code == 403


def test_the_last_admin_stays_one_and_an_unknown_role_is_named_at_the_field() -> None:
    club = make_club()
    admin = make_member(club, "admin")
    app = signed_in(admin)
    for role, words in (("auditor", "last admin"), ("operator", "Role must be one of")):
        refused = app.post(_url(admin, "role"), {"role": role})
        assert refused.status_code == 422
        page = refused.content.decode()
        assert 'data-field="role"' in page, role
        assert words in page, role
    admin.refresh_from_db()
    assert admin.role == "admin"


def test_an_admin_who_steps_down_leaves_the_members_page() -> None:
    club = make_club()
    first, second = make_member(club, "admin"), make_member(club, "admin")
    app = signed_in(first)
    response = app.post(_url(first, "role"), {"role": "scorekeeper"})
    assert (response.status_code, response["Location"]) == (302, "/app/")
    assert app.get("/app/members/").status_code == 403
    assert signed_in(second).get("/app/members/").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_two_admins_demoting_each_other_at_once_leave_one_admin() -> None:
    club = make_club()
    admins = [make_member(club, "admin"), make_member(club, "admin")]
    _, refused = at_once(
        *[lambda m=m: member_set_role(member=m, role="scorekeeper") for m in admins]
    )
    assert [type(r) for r in refused] == [MemberRefused]
    assert Member.objects.filter(club=club, role="admin").count() == 1


def test_a_new_password_is_shown_once_and_signs_the_member_s_devices_out() -> None:
    club = make_club()
    admin, ana = make_member(club, "admin"), make_member(club, "scorekeeper")
    app, her_tablet = signed_in(admin), signed_in(ana)
    response = app.post(_url(ana, "password"), {"password": ""})
    assert response.status_code == 200
    (password,) = SECRET.findall(response.content.decode())
    assert her_tablet.get("/app/").status_code == 302  # signed out: to the sign-in page
    assert not Client().login(username=ana.name, password=PASSWORD)
    assert Client().login(username=ana.name, password=password)
    assert SECRET.findall(app.get(_url(ana)).content.decode()) == []  # shown once

    chosen = app.post(_url(ana, "password"), {"password": "green baize 42"})
    assert chosen.status_code == 200
    assert SECRET.findall(chosen.content.decode()) == []
    assert Client().login(username=ana.name, password="green baize 42")
    weak = app.post(_url(ana, "password"), {"password": "1234"})
    assert weak.status_code == 422
    assert 'data-field="password"' in weak.content.decode()
    assert Client().login(username=ana.name, password="green baize 42")


def test_an_admin_s_own_new_password_keeps_them_signed_in() -> None:
    admin = make_member(make_club(), "admin")
    app = signed_in(admin)
    assert app.post(_url(admin, "password"), {"password": "green baize 42"}).status_code == 200
    assert app.get("/app/members/").status_code == 200


def test_only_the_club_s_admins_reach_a_member() -> None:
    club = make_club()
    ana = make_member(club, "scorekeeper")
    stranger = signed_in(make_member(make_club(), "admin"))
    assert stranger.get(_url(ana)).status_code == 404
    assert stranger.post(_url(ana, "role"), {"role": "admin"}).status_code == 404
    keeper = signed_in(make_member(club, "scorekeeper"))
    assert keeper.post(_url(ana, "password"), {"password": ""}).status_code == 403
    assert keeper.post(_url(ana, "role"), {"role": "admin"}).status_code == 403
    ana.refresh_from_db()
    assert ana.role == "scorekeeper"
    assert Client().login(username=ana.name, password=PASSWORD)
