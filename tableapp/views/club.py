"""The club: standings with each player's stats, the projections' lag, and (admins)
members and API keys."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from clubs.selectors import (
    api_key_get,
    api_key_list,
    club_role_choices,
    member_get,
    member_list,
)
from clubs.services import (
    LastAdminKey,
    MemberRefused,
    api_key_create,
    api_key_revoke,
    member_create,
    member_remove,
    password_generate,
)
from projectors.selectors import leaderboard_list, projections_status
from tableapp.access import member_of, member_required


@member_required()
def standings(request: HttpRequest) -> HttpResponse:
    club = member_of(request).club
    context = {
        "leaders": leaderboard_list(club_id=str(club.id), limit=100),
        "projections": projections_status(),
    }
    return render(request, "tableapp/standings.html", context)


def _members_page(request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
    club = member_of(request).club
    context = {
        "members": member_list(club=club),
        "keys": api_key_list(club=club),
        "roles": club_role_choices(),
        "errors": {},
        "values": {},
        **extra,
    }
    return render(request, "tableapp/members.html", context, status=status)


@member_required("admin")
def members(request: HttpRequest) -> HttpResponse:
    return _members_page(request)


@member_required("admin")
def member_add(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return redirect("tableapp:members")
    values = {k: str(v) for k, v in request.POST.items()}
    password = values.get("password") or password_generate()
    try:
        member = member_create(
            club=member_of(request).club,
            username=values.get("username", ""),
            password=password,
            role=values.get("role", ""),
        )
    except MemberRefused as refused:
        return _members_page(
            request, 422, errors={refused.field or "form": str(refused)}, values=values
        )
    shown = None if values.get("password") else password
    return _members_page(request, created_member=member, created_password=shown)


@member_required("admin")
def member_delete(request: HttpRequest, member_id: uuid.UUID) -> HttpResponse:
    if request.method != "POST":
        return redirect("tableapp:members")
    member = member_get(club=member_of(request).club, member_id=member_id)
    if member is None:
        raise Http404("no such member in your club")
    try:
        member_remove(member=member)
    except MemberRefused as refused:
        return _members_page(request, 422, errors={"remove": str(refused)})
    return redirect("tableapp:members")


@member_required("admin")
def key_add(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return redirect("tableapp:members")
    name = request.POST.get("name", "").strip()
    role = request.POST.get("role", "")
    if not name or role not in dict(club_role_choices()):
        field = "key_name" if not name else "key_role"
        message = "give the key a name" if not name else "choose a role"
        return _members_page(request, 422, errors={field: message})
    key, raw = api_key_create(club=member_of(request).club, name=name, role=role)
    return _members_page(request, created_key=key, created_raw=raw)


@member_required("admin")
def key_revoke(request: HttpRequest, key_id: uuid.UUID) -> HttpResponse:
    if request.method != "POST":
        return redirect("tableapp:members")
    key = api_key_get(club=member_of(request).club, key_id=key_id)
    if key is None:
        raise Http404("no such key in your club")
    try:
        api_key_revoke(key=key)
    except LastAdminKey:
        message = "the club's last admin key cannot be revoked (create another admin key first)"
        return _members_page(request, 422, errors={"remove": message})
    return redirect("tableapp:members")
