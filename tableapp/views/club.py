"""The club: standings with each player's stats, and (admins) members and API keys; for
the service's operators, the projections' lag (in Django's admin)."""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable
from dataclasses import asdict
from datetime import date
from typing import Any

from django.contrib import admin
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, pgettext, pgettext_lazy

from app_common.access import member_of, member_required
from clubs.nights import NIGHT_TURNS_AT, UnknownTimeZone, time_zone_names, tonight
from clubs.selectors import (
    api_key_get,
    api_key_list,
    club_role_choices,
    member_get,
    member_list,
)
from clubs.services import (
    KeyRefused,
    LastAdminKey,
    MemberRefused,
    api_key_create,
    api_key_revoke,
    club_time_zone_set,
    member_create,
    member_remove,
    password_generate,
)
from common.csv_cells import CsvWriter
from projectors.selectors import StandingLine, leaderboard_between, projections_status
from tableapp.downloads import csv_download, file_name
from tableapp.refusals import MALFORMED, posted_text_problem, sentence

#: The standings' periods, by `?period=`: label, shown first to last.
PERIODS = {
    "tonight": pgettext_lazy("a standings period", "Tonight"),
    "month": pgettext_lazy("a standings period", "This month"),
    "all": pgettext_lazy("a standings period", "All time"),
}
CSV_FIELDS = ("player", "net_chips", "pots_won", "deals_played", "deals_passed", "bourres",
              "reneges", "biggest_pot", "tables", "pot_chips")  # fmt: skip


def period_days(period: str, night: date) -> tuple[date | None, date | None]:
    """The club nights of a period, `night` being tonight's (`clubs.nights`: in the club's
    time zone, and until 06:00 the night before is still tonight)."""
    if period == "tonight":
        return night, night
    if period == "month":
        return night.replace(day=1), night
    return None, None


def _standings(request: HttpRequest) -> tuple[str, date | None, date | None, list[StandingLine]]:
    period = request.GET.get("period", "tonight")
    if period not in PERIODS:
        period = "tonight"
    club = member_of(request).club
    start, end = period_days(period, tonight(club.time_zone))
    lines = leaderboard_between(club_id=str(club.id), start=start, end=end, limit=500)
    return period, start, end, lines


@member_required()
def standings(request: HttpRequest) -> HttpResponse:
    period, start, end, lines = _standings(request)
    context = {
        "leaders": lines,
        "period": period,
        "period_label": PERIODS[period],
        "periods": list(PERIODS.items()),
        "start": start,
        "end": end,
        "time_zone": member_of(request).club.time_zone,
        "night_turns_at": NIGHT_TURNS_AT,
    }
    return render(request, "tableapp/standings.html", context)


def projections(request: HttpRequest) -> HttpResponse:
    """How far each projection is behind the log: the operators' (Django's admin wraps it,
    `bourre_site.urls`), as the API shows it to the operator role only."""
    context = {
        **admin.site.each_context(request),
        "title": pgettext("a page's title", "Projections"),
        "projections": projections_status(),
    }
    return render(request, "tableapp/projections.html", context)


@member_required()
def standings_csv(request: HttpRequest) -> HttpResponse:
    """The standings of the period shown, one row a player (the API's `?from=&to=` CSV)."""
    period, _, end, lines = _standings(request)
    night = end or tonight(member_of(request).club.time_zone)
    words = pgettext("file name", "standings-%(period)s-%(night)s")
    name = file_name(words, "csv", period=period, night=night.isoformat())
    response = csv_download(name)
    writer = CsvWriter(response)
    writer.writerow(CSV_FIELDS)
    for line in lines:
        row = asdict(line)
        writer.writerow([row[f] for f in CSV_FIELDS])
    return response


def _members_page(request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
    club = member_of(request).club
    members = member_list(club=club)
    if extra.get("errors"):  # each a sentence; one starting with a name keeps it as typed
        names = [m.name for m in members] + [v for v in extra.get("values", {}).values() if v]
        extra["errors"] = {f: sentence(str(w), names) for f, w in extra["errors"].items()}
    context = {
        "members": members,
        "keys": api_key_list(club=club),
        "roles": club_role_choices(),
        "time_zones": time_zone_names(),
        "night_turns_at": NIGHT_TURNS_AT,
        "errors": {},
        "values": {},
        **extra,
    }
    return render(request, "tableapp/members.html", context, status=status)


def admin_form(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A form of the members page, for admins: it acts on POST only; any other method
    goes back to the page."""

    @functools.wraps(view)
    def posted(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return redirect("tableapp:members")
        return view(request, *args, **kwargs)

    return member_required("admin")(posted)


@member_required("admin")
def members(request: HttpRequest) -> HttpResponse:
    return _members_page(request)


@admin_form
def member_add(request: HttpRequest) -> HttpResponse:
    values = {k: str(v) for k, v in request.POST.items()}
    bad = posted_text_problem(request.POST)
    if bad is not None:
        return _members_page(request, MALFORMED, errors={bad[0]: bad[1]}, values=values)
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


@admin_form
def member_delete(request: HttpRequest, member_id: uuid.UUID) -> HttpResponse:
    """Asks first (one tap removes nothing), then removes and says so."""
    member = member_get(club=member_of(request).club, member_id=member_id)
    if member is None:
        raise Http404(gettext("no such member in your club"))
    if request.POST.get("confirm") != "yes":
        return _members_page(request, confirm_remove=member)
    name = member.name
    try:
        member_remove(member=member)
    except MemberRefused as refused:
        return _members_page(request, 422, errors={"remove": str(refused)})
    return _members_page(request, removed=name)


@admin_form
def key_add(request: HttpRequest) -> HttpResponse:
    name = request.POST.get("name", "")
    role = request.POST.get("role", "")
    values = {"key_name": name, "key_role": role}
    bad = posted_text_problem(request.POST)
    if bad is not None:
        field = {"name": "key_name", "role": "key_role"}.get(bad[0], bad[0])
        return _members_page(request, MALFORMED, errors={field: bad[1]}, values=values)
    if role not in dict(club_role_choices()):
        return _members_page(
            request, 422, errors={"key_role": gettext("choose a role")}, values=values
        )
    try:
        key, raw = api_key_create(club=member_of(request).club, name=name, role=role)
    except KeyRefused as refused:  # the API's verdict on the same name
        return _members_page(request, 422, errors={"key_name": str(refused)}, values=values)
    return _members_page(request, created_key=key, created_raw=raw)


@admin_form
def key_revoke(request: HttpRequest, key_id: uuid.UUID) -> HttpResponse:
    """Asks first, as removing a member does: a revoked key cannot be restored, and the
    tablet or script using it is refused from the next request (one stray tap on a phone
    stopped a table's tablet mid-night)."""
    key = api_key_get(club=member_of(request).club, key_id=key_id)
    if key is None:
        raise Http404(gettext("no such key in your club"))
    if request.POST.get("confirm") != "yes":
        return _members_page(request, confirm_revoke=key)
    try:
        api_key_revoke(key=key)
    except LastAdminKey:
        message = gettext(
            "the club's last admin key cannot be revoked (create another admin key first)"
        )
        return _members_page(request, 422, errors={"remove": message})
    return redirect("tableapp:members")


@admin_form
def time_zone_set(request: HttpRequest) -> HttpResponse:
    """Where the club plays: the standings count each deal for its night there."""
    name = request.POST.get("time_zone", "").strip()
    bad = posted_text_problem(request.POST)
    if bad is not None:
        errors = {"time_zone": bad[1]}
        return _members_page(request, MALFORMED, errors=errors, values={"time_zone": ""})
    try:
        club_time_zone_set(club=member_of(request).club, time_zone=name)
    except UnknownTimeZone as refused:
        return _members_page(
            request, 422, errors={"time_zone": str(refused)}, values={"time_zone": name}
        )
    return _members_page(request, time_zone_saved=True)
