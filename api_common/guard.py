"""The request guard for everything under /api/: one JSON error envelope, whatever failed.

- Paths and query parameters with NUL or other control characters are refused (400
  `invalid_characters` naming the parameter) before any view or query runs.
- A declared body over the upload limit is refused (413 `request_too_large`) unread.
- The database being unreachable is a 503 `service_unavailable` with `Retry-After`; a
  query stopped by the web's `statement_timeout` or `lock_timeout` (settings.WEB_DB_TIMEOUTS)
  a 503 `database_timeout`, also outside /api/ (a short page in the request's language).
- Any other non-JSON error answer (Django's HTML 404 for an unknown URL or a malformed path
  parameter, a 405, a 500) is replaced by the envelope, so no HTML or traceback leaves /api/.
Outside /api/ Django's plain pages stay (DEBUG is off unless asked for)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from api_common.numbers import ascii_int
from api_common.text import character_fault, words

log = logging.getLogger(__name__)

API_PREFIX = "/api/"
RETRY_AFTER_SECONDS = 5
_CODES = {
    400: "bad_request",
    401: "not_authenticated",
    403: "permission_denied",
    404: "not_found",
    405: "method_not_allowed",
    413: "request_too_large",
    500: "internal_error",
    503: "service_unavailable",
}
# In the language Accept-Language asks for (clubs/language.py); the codes never change.
_MESSAGES = {
    400: gettext_lazy("the request cannot be read"),
    401: gettext_lazy("no API key, or an invalid or revoked one"),
    403: gettext_lazy("this key's role may not do this"),
    404: gettext_lazy("no such URL (or a malformed path parameter)"),
    405: gettext_lazy("this URL does not take this method"),
    413: gettext_lazy("the request body is too large"),
    500: gettext_lazy("internal error; the request was not carried out"),
    503: gettext_lazy("the database is unavailable; retry shortly"),
}
TIMEOUT_MESSAGE = gettext_lazy(
    "the database took too long over this request and stopped it: retry shortly (a write "
    "with the same Idempotency-Key), or ask for less"
)
TIMEOUT_PAGE = gettext_lazy(
    "The database took too long over this page and stopped it. Try again in a few seconds."
)
_URL_CREDENTIALS = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)(?P<user>[^:/@\s]*):[^@\s]*@", re.I)
_PASSWORD_WORDS = re.compile(r"(password\s*=\s*)\S+", re.I)


def mask_credentials(text: str) -> str:
    """`postgres://user:secret@host` -> `postgres://user:***@host`, `password=x` likewise."""
    text = _URL_CREDENTIALS.sub(r"\g<scheme>\g<user>:***@", text)
    return _PASSWORD_WORDS.sub(r"\g<1>***", text)


def error_response(
    status: int, code: str | None = None, message: str | None = None, **extra: Any
) -> JsonResponse:
    body = {
        "code": code or _CODES.get(status, "error"),
        "message": str(message or _MESSAGES.get(status) or HTTPStatus(status).phrase.lower()),
        **extra,
    }
    return JsonResponse({"error": body}, status=status)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def invalid_field(field: str, reason: str) -> JsonResponse:
    """A 400 `invalid_request` as the serializers' own: `field`, and `fields` listing it."""
    return error_response(
        400, "invalid_request", f"{field}: {reason}", field=field, fields={field: [reason]}
    )


def _refusal(request: HttpRequest) -> HttpResponse | None:
    fault = character_fault(request.path)
    if fault:
        return invalid_field("path", words(fault))
    for name, values in request.GET.lists():
        for text in (name, *values):
            fault = character_fault(text)
            if fault:
                return invalid_field(name if text is not name else "query", words(fault))
    from api_common.parsers import too_large, upload_limit

    declared = ascii_int(request.META.get("CONTENT_LENGTH") or "0")
    if declared is None:
        return error_response(400, "bad_request", _("Content-Length is not a number"))
    if declared > upload_limit():
        error = too_large(upload_limit())
        return JsonResponse({"error": error.payload}, status=413)
    return None


def unavailable() -> JsonResponse:
    response = error_response(503, "service_unavailable")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


#: PostgreSQL's codes for a statement cancelled by `statement_timeout` (57014) and a lock
#: not granted within `lock_timeout` (55P03).
_TIMED_OUT = frozenset({"57014", "55P03"})


def timed_out(exception: BaseException) -> bool:
    """A query the server stopped after the web's time bound (not an unreachable database)."""
    # Django's wrapper hides psycopg's error behind its cause or its context (re-raised).
    waiting: list[BaseException | None] = [exception]
    for _hop in range(8):
        if not waiting:
            return False
        seen = waiting.pop(0)
        if seen is None:
            continue
        if getattr(seen, "sqlstate", None) in _TIMED_OUT:
            return True
        waiting += [seen.__cause__, seen.__context__]
    return False


def _page(title: str, text: str) -> HttpResponse:
    """A page that needs nothing else to render: the database may be unusable."""
    body = format_html(
        '<!doctype html><html><head><meta charset="utf-8"><title>{}</title></head>'
        '<body><h1>{}</h1><p>{}</p><p><a href="/app/">{}</a></p></body></html>',
        title, title, text, _("Back to the tables"),
    )  # fmt: skip
    response = HttpResponse(body, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class ApiGuardMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_api(request):
            return self.get_response(request)
        refusal = _refusal(request)
        if refusal is not None:
            return refusal
        response = self.get_response(request)
        if response.status_code >= 400 and not _is_json(response):
            replacement = error_response(response.status_code)
            for header in ("Allow", "Retry-After", "WWW-Authenticate"):
                if header in response:
                    replacement[header] = response[header]
            return replacement
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OperationalError | InterfaceError):
            summary = (str(exception).strip().splitlines() or [type(exception).__name__])[0]
            log.warning(
                "database unavailable for %s %s: %s",
                request.method,
                request.path,
                mask_credentials(summary),
            )
            if timed_out(exception):
                if is_api(request):
                    response = error_response(503, "database_timeout", str(TIMEOUT_MESSAGE))
                    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
                    return response
                return _page(_("This took too long"), str(TIMEOUT_PAGE))
            if is_api(request):
                return unavailable()
            return _page(_("Service unavailable"), _("Retry shortly."))
        return None


def _is_json(response: HttpResponse) -> bool:
    return str(response.get("Content-Type", "")).startswith("application/json")
