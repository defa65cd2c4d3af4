"""The catalogue of every error code the API can answer: code -> HTTP status -> meaning.

The API only catalogues: each code is owned where it is raised. This module owns the
plumbing's own (the request, its key, the framework, the request guard, the rules of text:
`PLUMBING`); every app registers its own from its `AppConfig.ready`
(`error_codes_register`): `games` the table's write side's and the engine's refusals
(`games.api.error_codes`, from `games.engine.refusals` and `games.sitting.errors`),
`clubs`, `ledger`, `exports` and `projectors` theirs (their `api/error_codes.py`). The
error schema's `code` is an enum of the catalogue (`api_common.errors`, and drf-spectacular's
`ErrorCodeEnum`, read once the apps are ready), the table in `docs/api.md` is
`markdown_table()` (``python -m api_common.error_codes`` prints it), and
`tests/games/api/test_error_codes.py` scans the source so that a code raised anywhere (a
`Rejection`, an `ApiError`, a DRF exception) cannot be missing here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ErrorCode:
    code: str
    status: int
    meaning: str


#: What the API's plumbing answers by itself, whatever the app.
PLUMBING: tuple[ErrorCode, ...] = (
    ErrorCode(
        "invalid_request",
        400,
        "a field is missing, unknown, of the wrong type or out of range (`field` names it, "
        "`fields` lists every one); also a bad `cursor` or `limit`",
    ),
    ErrorCode(
        "parse_error", 400, "the body is not valid JSON, or names a field twice in one object"
    ),
    ErrorCode("json_too_deep", 400, "the JSON body nests deeper than the parser allows"),
    ErrorCode("bad_request", 400, "a request the server cannot read otherwise"),
    ErrorCode("not_authenticated", 401, "no `Authorization: Bearer` key"),
    ErrorCode("authentication_failed", 401, "an unknown, malformed or revoked key"),
    ErrorCode("permission_denied", 403, "the key's role may not do this (the message names it)"),
    ErrorCode("not_found", 404, "no such URL, or no such table, deal, key, job ... in this club"),
    ErrorCode("method_not_allowed", 405, "the URL exists but not with this method"),
    ErrorCode(
        "not_acceptable",
        406,
        "the `Accept` header asks for something other than JSON (or CSV where offered)",
    ),
    ErrorCode("request_too_large", 413, "the body is over the upload limit"),
    ErrorCode("uri_too_long", 414, "the path and query are over 8 kB (answered by the front)"),
    ErrorCode("unsupported_media_type", 415, "the body is not `application/json`"),
    ErrorCode(
        "too_many_streams",
        429,
        "too many live streams open from this address, on this viewer link or in all "
        "(answered by the front); retry after `Retry-After`",
    ),
    ErrorCode(
        "header_too_large",
        431,
        "a header is over 8 kB, or all of them over 32 kB (answered by the front)",
    ),
    ErrorCode("internal_error", 500, "a bug: nothing was carried out"),
    ErrorCode("error", 500, "an error no other code describes (should not happen)"),
    ErrorCode("service_unavailable", 503, "the database is unreachable; retry after `Retry-After`"),
    ErrorCode(
        "database_timeout",
        503,
        "the database stopped a query past the web's time bound (`statement_timeout`, "
        "`lock_timeout`); retry after `Retry-After`, or ask for less",
    ),
    ErrorCode(
        "invalid_text",
        422,
        "a name (table, key) is blank, longer than its limit, or holds a character that "
        'cannot be stored (`field` names it; limits in "Limits on text")',
    ),
)

_catalogue: dict[str, ErrorCode] = {entry.code: entry for entry in PLUMBING}


def error_codes_register(entries: Iterable[ErrorCode]) -> None:
    """Catalogue an app's codes (from its `AppConfig.ready`), after those already there.
    A code registered again must say the same thing: two owners of one code disagreeing
    on its status or meaning is a bug."""
    for entry in entries:
        known = _catalogue.setdefault(entry.code, entry)
        if known != entry:
            raise ValueError(f"error code {entry.code!r} registered twice, differently")


def catalogue() -> tuple[ErrorCode, ...]:
    """Every code: the plumbing's, then each app's in the order registered."""
    return tuple(_catalogue.values())


def error_code(code: str) -> ErrorCode | None:
    return _catalogue.get(code)


def error_codes() -> tuple[str, ...]:
    """The codes, in catalogue order (the schema's `ErrorCodeEnum`)."""
    return tuple(_catalogue)


def error_choices() -> tuple[tuple[str, str], ...]:
    """(code, label) pairs for a ChoiceField: the schema's enum describes each code."""
    return tuple((e.code, f"{e.status}: {e.meaning}") for e in _catalogue.values())


def markdown_table() -> str:
    """The table of `docs/api.md` (kept equal to it by a test)."""
    rows = ["| status | `code` | meaning |", "|---|---|---|"]
    rows += [f"| {e.status} | `{e.code}` | {e.meaning} |" for e in _catalogue.values()]
    return "\n".join(rows)


if __name__ == "__main__":  # pragma: no cover - a docs helper
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bourre_site.settings.local")
    django.setup()  # the apps register their codes
    # The module the apps registered into (this file runs as __main__, a second copy).
    from api_common.error_codes import markdown_table as table

    print(table())
