"""Which language a request is answered in (docs/i18n.md).

In the app: a signed-in member's own choice (`Member.language`), else the device's (the
language switch's cookie, then the browser's `Accept-Language`), else the club's default
(`Club.default_language`, set by its admin), else English. A device without an account (the
table display, the players' view) has only the middle two. The API answers in the language
`Accept-Language` asks for, when it is one of ours, else in English: a machine's cookie
or a member's setting must not change what a script reads.

Two middlewares, because the member is known only after authentication while the API's
request guard, which may refuse a request before any of that runs, must already speak the
request's language: `DeviceLanguageMiddleware` is outermost, `MemberLanguageMiddleware`
sits after Django's `AuthenticationMiddleware`.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation.trans_real import parse_accept_lang_header

from clubs.models import Club, Member

API_PREFIX = "/api/"


class UnknownLanguage(ValueError):
    """Not one of the service's languages (`settings.LANGUAGES`)."""

    def __init__(self, code: str) -> None:
        names = ", ".join(code for code, _ in settings.LANGUAGES)
        super().__init__(f"{code!r} is not one of the languages: {names}")
        self.code = code


def language_codes() -> tuple[str, ...]:
    return tuple(code for code, _ in settings.LANGUAGES)


def supported(code: str | None) -> str | None:
    """`code` (or its base language: `fr-CA` -> `fr`) when it is one of ours, else None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.strip().lower())
    except LookupError:
        return None


def from_accept_language(header: str) -> str | None:
    """The first of the browser's languages, by preference, that is one of ours."""
    for code, _quality in parse_accept_lang_header(header or ""):
        if code != "*":
            found = supported(code)
            if found:
                return found
    return None


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def device_language(request: HttpRequest) -> str | None:
    """What the device asks for (API: Accept-Language only), or None when it asks for
    none of ours."""
    if not is_api(request):
        chosen = supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
        if chosen:
            return chosen
    return from_accept_language(request.META.get("HTTP_ACCEPT_LANGUAGE", ""))


def member_language(member: Member | None, device: str | None) -> str:
    """The member's own choice, else the device's, else the club's default, else ours."""
    if member is not None and supported(member.language):
        return member.language
    if device:
        return device
    if member is not None and supported(member.club.default_language):
        return member.club.default_language
    return settings.LANGUAGE_CODE


def club_language(club: Club, request: HttpRequest) -> str:
    """For a page shown on a device without an account that knows its club (the table
    display, the players' view): the device's language, else the club's default."""
    return device_language(request) or supported(club.default_language) or settings.LANGUAGE_CODE


def use_language(request: HttpRequest, language: str) -> None:
    translation.activate(language)
    request.LANGUAGE_CODE = language  # type: ignore[attr-defined]


class DeviceLanguageMiddleware:
    """Activates the device's language for the whole request and says which language the
    answer is in (`Content-Language`, whatever a later step chose)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        device = device_language(request)
        request.device_language = device  # type: ignore[attr-defined]
        # Activated for the whole request and left so (as Django's LocaleMiddleware does):
        # a streamed body is produced after this returns and must still speak the language;
        # the next request on this thread or task activates its own first thing.
        use_language(request, device or settings.LANGUAGE_CODE)
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", translation.get_language())
        varies = ("Accept-Language",) if is_api(request) else ("Accept-Language", "Cookie")
        patch_vary_headers(response, varies)
        return response


class MemberLanguageMiddleware:
    """For a signed-in member of a club, outside the API: their language
    (`member_language`)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if not is_api(request) and user is not None and user.is_authenticated:
            member = Member.objects.select_related("club").filter(user_id=user.pk).first()
            if member is not None:
                device = getattr(request, "device_language", None)
                use_language(request, member_language(member, device))
        return self.get_response(request)


def member_language_set(*, member: Member, language: str) -> Member:
    """The member's own language; blank: follow the browser (then the club's default)."""
    if language and language not in language_codes():
        raise UnknownLanguage(language)
    member.language = language
    member.save(update_fields=["language"])
    return member


def club_default_language_set(*, club: Club, language: str) -> Club:
    if language not in language_codes():
        raise UnknownLanguage(language)
    club.default_language = language
    club.save(update_fields=["default_language"])
    return club
