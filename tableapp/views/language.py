"""The language switch (any device) and the club's default language (its admin)."""

from __future__ import annotations

import contextlib

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from app_common.access import member_of, member_required
from clubs.language import (
    UnknownLanguage,
    club_default_language_set,
    language_codes,
    member_language_set,
)
from clubs.selectors import member_for_user


def _back(request: HttpRequest) -> str:
    """Where the switch was tapped (only a page of this site), else the tables."""
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("tableapp:tables")


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Switch the language: the device keeps it (a cookie, for a display or a players'
    view without an account), and a signed-in member keeps it as their own choice."""
    language = request.POST.get("language", "")
    response: HttpResponse = HttpResponseRedirect(_back(request))
    if language not in language_codes():
        return response  # a stale or forged form: nothing changes
    member = member_for_user(user=request.user)
    if member is not None:
        member_language_set(member=member, language=language)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=request.is_secure(),
        httponly=True,
    )
    translation.activate(language)
    return response


@member_required("admin")
@require_POST
def club_language_set(request: HttpRequest) -> HttpResponse:
    """The club's default language: for members who chose none and whose browser asks for
    none of ours."""
    # Only the page's own choices are offered; a forged one changes nothing.
    with contextlib.suppress(UnknownLanguage):
        club_default_language_set(
            club=member_of(request).club, language=request.POST.get("language", "")
        )
    return redirect(reverse("tableapp:members") + "#club-language")
