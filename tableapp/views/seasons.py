"""The club's seasons: the list (an admin also creates one here), a season's standings with
the chart of each player's points over the nights (an admin edits it there), its CSV, and a
player's page. Members only (a viewer link reaches none of them)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from datetime import date
from html import escape
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.views.decorators.http import require_POST

from app_common.access import member_of, member_required
from common.csv_cells import CsvWriter
from seasons.profiles import player_profile
from seasons.selectors import season_get, season_list
from seasons.services import SeasonRefused, season_create, season_update
from seasons.standings import COLUMNS, Standings, season_standings, standings_row
from tableapp.charts import Series, line_chart
from tableapp.downloads import csv_download, file_name
from tableapp.refusals import MALFORMED, posted_text_problem, sentence

#: The points rules in words, in the order the form offers them.
RULES = {
    "net_chips": pgettext_lazy("a season's points rule", "Net chips"),
    "places": pgettext_lazy("a season's points rule", "Points by each night's place"),
    "pots_won": pgettext_lazy("a season's points rule", "Pots won"),
}
FORM_FIELDS = ("name", "first_night", "last_night", "points_rule", "points_table", "minimum_nights")
#: The chart draws the first players of the standings (its legend stays readable).
CHART_PLAYERS = 8


def _posted(form: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The form's values for the services, and the fields that could not be read. What
    reads but breaks a rule (a negative place's points) is the services' to refuse."""
    values: dict[str, Any] = {
        "name": form.get("name", ""),
        "points_rule": form.get("points_rule", "net_chips"),
    }
    problems: dict[str, str] = {}
    for field in ("first_night", "last_night"):
        try:
            values[field] = date.fromisoformat(form.get(field, "").strip())
        except ValueError:
            problems[field] = gettext("enter the night as a date (YYYY-MM-DD)")
    # "10, 6, 3": whole numbers stay numbers; anything else goes on as typed, for the
    # services' verdict at its place ("place 2: points are whole numbers").
    values["points_table"] = [
        int(part) if re.fullmatch(r"-?[0-9]{1,40}", part) else part
        for part in re.split(r"[\s,;]+", form.get("points_table", "").strip())
        if part
    ]
    minimum = form.get("minimum_nights", "").strip() or "0"
    values["minimum_nights"] = int(minimum) if re.fullmatch(r"-?[0-9]{1,40}", minimum) else minimum
    return values, problems


def _saved(request: HttpRequest, season: Any | None) -> tuple[Any | None, dict[str, str], int]:
    """Create (or edit) the season from the posted form: (the season, {}, 200) or (None, the
    errors by field, each a sentence, the API's status for them: `MALFORMED` for what its
    parser refuses, else 422)."""
    bad = posted_text_problem(request.POST)
    if bad is not None:
        field = bad[0] if bad[0] in FORM_FIELDS else "name"
        return None, {field: sentence(bad[1])}, MALFORMED
    values, problems = _posted(request.POST)
    if problems:
        return None, {field: sentence(words) for field, words in problems.items()}, 422
    try:
        if season is None:
            return season_create(club=member_of(request).club, **values), {}, 200
        return season_update(season=season, **values), {}, 200
    except SeasonRefused as refused:
        return None, {refused.field: sentence(str(refused), [values["name"]])}, 422


def _form_values(request: HttpRequest, season: Any | None = None) -> dict[str, str]:
    if request.method == "POST":
        return {field: str(request.POST.get(field, "")) for field in FORM_FIELDS}
    if season is None:
        return {"points_rule": "net_chips", "minimum_nights": "0"}
    return {
        "name": season.name,
        "first_night": season.first_night.isoformat(),
        "last_night": season.last_night.isoformat(),
        "points_rule": season.points_rule,
        "points_table": ", ".join(str(p) for p in season.points_table),
        "minimum_nights": str(season.minimum_nights),
    }


def _seasons_page(request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
    context = {
        "seasons": season_list(club=member_of(request).club)[:200],
        "rules": list(RULES.items()),
        "values": _form_values(request),
        "errors": {},
        **extra,
    }
    return render(request, "tableapp/seasons.html", context, status=status)


@member_required()
def seasons(request: HttpRequest) -> HttpResponse:
    return _seasons_page(request)


@require_POST
@member_required("admin")
def season_add(request: HttpRequest) -> HttpResponse:
    season, errors, status = _saved(request, None)
    if season is None:
        return _seasons_page(request, status, errors=errors)
    return redirect("tableapp:season", season_id=season.id)


def _season(request: HttpRequest, season_id: uuid.UUID) -> Any:
    season = season_get(club=member_of(request).club, season_id=season_id)
    if season is None:
        raise Http404(gettext("no such season in your club"))
    return season


def _night_label(nights: list[date]) -> Any:
    def label(index: int) -> str:
        if not 1 <= index <= len(nights):
            return ""
        return escape(date_format(nights[index - 1], "SHORT_DATE_FORMAT"))

    return label


def _chart(standings: Standings, *, phone: bool) -> str:
    shown = standings.lines[:CHART_PLAYERS]
    series = [Series(line.player, list(enumerate(line.running, start=1))) for line in shown]
    title = gettext("Points after each night of %(season)s") % {"season": standings.season.name}
    return line_chart(
        series,
        title=title,
        last_x=len(standings.nights),
        phone=phone,
        x_label=_night_label(standings.nights),
    )


def _season_page(
    request: HttpRequest, season: Any, status: int = 200, **extra: Any
) -> HttpResponse:
    standings = season_standings(season=season)
    context = {
        "season": season,
        "standings": standings,
        "rule_words": RULES.get(season.points_rule, season.points_rule),
        "chart": _chart(standings, phone=False) if standings.nights else "",
        "chart_phone": _chart(standings, phone=True) if standings.nights else "",
        "chart_players": CHART_PLAYERS,
        "rules": list(RULES.items()),
        "values": _form_values(request, season),
        "errors": {},
        **extra,
    }
    return render(request, "tableapp/season.html", context, status=status)


@member_required()
def season_page(request: HttpRequest, season_id: uuid.UUID) -> HttpResponse:
    return _season_page(request, _season(request, season_id))


@require_POST
@member_required("admin")
def season_edit(request: HttpRequest, season_id: uuid.UUID) -> HttpResponse:
    season = _season(request, season_id)
    saved, errors, status = _saved(request, season)
    if saved is None:
        season.refresh_from_db()  # as stored: the refused values stay in the form only
        return _season_page(request, season, status, errors=errors, editing=True)
    return redirect("tableapp:season", season_id=season.id)


@member_required()
def season_csv(request: HttpRequest, season_id: uuid.UUID) -> HttpResponse:
    """The standings as the API's CSV gives them, for a spreadsheet (with the mark)."""
    season = _season(request, season_id)
    words = pgettext("file name", "%(season)s - standings")
    response = csv_download(file_name(words, "csv", season=season.name))
    writer = CsvWriter(response)
    writer.writerow(COLUMNS)
    for line in season_standings(season=season).lines:
        writer.writerow(standings_row(line))
    return response


def _charts(title: str, alt: str, series: Series, nights: list[date]) -> tuple[str, ...]:
    """A section's title and its chart drawn for a tablet and for a phone."""
    drawn = [
        line_chart(
            [series], title=alt, last_x=len(nights), phone=phone, x_label=_night_label(nights)
        )
        for phone in (False, True)
    ]
    return (title, *drawn)


@member_required()
def player_page(request: HttpRequest, name: str) -> HttpResponse:
    club = member_of(request).club
    profile = player_profile(club_id=str(club.id), player=name)
    if profile is None:
        raise Http404(gettext("no such player in your club"))
    words = {"player": name}
    net = Series(name, [(i, n.running) for i, n in enumerate(profile.recent_nights, 1)])
    rating = Series(
        name, [(i, round(r.ordinal, 1)) for i, r in enumerate(profile.rating_nights, 1)]
    )
    charts = []
    if profile.recent_nights:
        title = gettext("%(player)s's net over the nights") % words
        nights = [n.night for n in profile.recent_nights]
        charts.append(_charts(gettext("Net over the nights"), title, net, nights))
    if profile.rating_nights:
        title = gettext("%(player)s's rating over the nights") % words
        nights = [r.night for r in profile.rating_nights]
        charts.append(_charts(gettext("Rating over the nights"), title, rating, nights))
    return render(request, "tableapp/player.html", {"profile": profile, "charts": charts})
