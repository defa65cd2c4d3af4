"""One member of the club, for its admins: another role, a new password. A member who
forgot theirs is back in within a minute from the club's own tablet; the shell's
`set_member_password` stays for the service's operator."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth import update_session_auth_hash
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from app_common.access import member_of, member_required
from clubs.selectors import club_role_choices, member_get
from clubs.services import MemberRefused, member_set_password, member_set_role, password_generate
from tableapp.refusals import MALFORMED, posted_text_problem, sentence


def _subject(request: HttpRequest, member_id: uuid.UUID) -> Any:
    member = member_get(club=member_of(request).club, member_id=member_id)
    if member is None:  # another club's member is as missing
        raise Http404(gettext("no such member in your club"))
    return member


def _page(request: HttpRequest, subject: Any, status: int = 200, **extra: Any) -> HttpResponse:
    if extra.get("errors"):  # each a sentence; one starting with the member's name keeps it
        extra["errors"] = {f: sentence(str(w), [subject.name]) for f, w in extra["errors"].items()}
    context = {
        "subject": subject,
        "roles": club_role_choices(),
        "is_me": subject.pk == member_of(request).pk,
        "errors": {},
        "values": {},
        **extra,
    }
    return render(request, "tableapp/member.html", context, status=status)


@member_required("admin")
def member_page(request: HttpRequest, member_id: uuid.UUID) -> HttpResponse:
    return _page(request, _subject(request, member_id))


@member_required("admin")
def member_role(request: HttpRequest, member_id: uuid.UUID) -> HttpResponse:
    subject = _subject(request, member_id)
    if request.method != "POST":
        return redirect("tableapp:member", member_id=subject.pk)
    role = request.POST.get("role", "")
    bad = posted_text_problem(request.POST)
    if bad is not None:
        return _page(request, subject, MALFORMED, errors={"role": bad[1]}, values={"role": role})
    try:
        member_set_role(member=subject, role=role)
    except MemberRefused as refused:
        errors = {refused.field or "role": str(refused)}
        return _page(request, subject, 422, errors=errors, values={"role": role})
    if subject.pk == member_of(request).pk and role != "admin":
        # No longer an admin: this page is not theirs any more.
        return redirect("tableapp:tables")
    return _page(request, subject, role_saved=True)


@member_required("admin")
def member_password(request: HttpRequest, member_id: uuid.UUID) -> HttpResponse:
    subject = _subject(request, member_id)
    if request.method != "POST":
        return redirect("tableapp:member", member_id=subject.pk)
    bad = posted_text_problem(request.POST)
    if bad is not None:
        return _page(request, subject, MALFORMED, errors={"password": bad[1]})
    chosen = request.POST.get("password", "")
    password = chosen or password_generate()
    try:
        member_set_password(member=subject, password=password)
    except MemberRefused as refused:
        return _page(request, subject, 422, errors={"password": str(refused)})
    if subject.user_id == request.user.pk:  # type: ignore[attr-defined]
        # Django signs out every session of a changed password: not the admin's own here.
        update_session_auth_hash(request, subject.user)
    return _page(request, subject, password_set=True, new_password=None if chosen else password)
