"""Logging events at a table, and reading its event log."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django.http import HttpResponse
from django.urls import get_script_prefix, reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api_common.errors import ApiError, error_responses
from api_common.headers import location
from api_common.pagination import (
    bad_cursor,
    encode_cursor,
    page_parameters,
    page_request,
    page_response,
)
from api_common.versions import VERSION_SCHEMA, version_of
from clubs.api.permissions import IsAuditor, IsScorekeeper, request_key
from eventlog import RecordedEvent
from games.api.common import (
    idempotency_key,
    idempotency_key_parameter,
    key_reused,
    rejected,
    request_context,
    table_or_404,
)
from games.api.event_fields import refuse_unknown_fields
from games.api.examples import event_examples
from games.api.serializers import (
    EVENTS_MAX,
    MAX_INT,
    EventOutputSerializer,
    EventPageOutputSerializer,
    EventsAppendInputSerializer,
    EventsAppendOutputSerializer,
    check_json_text,
)
from games.selectors import table_event_position, table_events_page, table_undos
from games.services import (
    EventRejected,
    IdempotencyKeyReused,
    StaleVersion,
    TableNotFound,
    commands_parse,
    table_events_append,
)

IDEMPOTENCY_KEY = idempotency_key_parameter(
    "a retry with the same key and body returns the original response"
)


PREFER = OpenApiParameter(
    "Prefer",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    enum=["return=minimal", "return=representation"],
    description="`return=minimal` (RFC 7240): the response leaves the table's `state` out "
    "(`GET /tables/{id}/state` has it) and says `Preference-Applied: return=minimal`; "
    "the default is the whole state",
)
MINIMAL = "return=minimal"


def _prefers_minimal(request: Request) -> bool:
    """`Prefer: return=minimal` among the request's preferences (RFC 7240: a comma-separated
    list, each a token, maybe `=` a value, a token or a quoted string (`return="minimal"`),
    maybe with `;` parameters; names compare without case)."""
    prefer = request.headers.get("Prefer")
    if not prefer:
        return False
    for item in prefer.split(","):
        name, _, value = item.split(";", 1)[0].partition("=")
        unquoted = value.strip().strip('"')
        if f"{name.strip()}={unquoted}".lower() == MINIMAL:
            return True
    return False


def _append_body(data: Any) -> tuple[int, list[Any]]:
    """The expected version and the events of a posted body. A well-formed body (the
    usual card play) is taken as the serializer would take it, without building it (its
    per-field machinery cost more than the rest of the view); anything else goes through
    `EventsAppendInputSerializer`, so every refusal is the serializer's own."""
    if type(data) is dict:
        version, events = data.get("expected_version"), data.get("events")
        if (
            len(data) == 2  # nothing else: an unknown field is the serializer's to name
            and type(version) is int
            and 0 <= version <= MAX_INT
            and type(events) is list
            and 0 < len(events) <= EVENTS_MAX
            and all(type(event) is dict for event in events)
        ):
            try:
                return version, [check_json_text(event) for event in events]
            except ValidationError:
                pass  # the serializer names the event
    body = EventsAppendInputSerializer(data=data)
    body.is_valid(raise_exception=True)
    return body.validated_data["expected_version"], body.validated_data["events"]


_ANY_TABLE = uuid.UUID(int=0)
_events_paths: dict[str, tuple[str, str]] = {}


def _events_path(table_id: uuid.UUID) -> str:
    """`reverse("v1:table-events", ...)`, built once per script prefix: reversing on
    every card play cost more than the rest of the response's headers."""
    prefix = get_script_prefix()
    parts = _events_paths.get(prefix)
    if parts is None:
        path = reverse("v1:table-events", kwargs={"table_id": _ANY_TABLE})
        head, tail = path.split(str(_ANY_TABLE))
        parts = _events_paths[prefix] = (head, tail)
    return f"{parts[0]}{table_id}{parts[1]}"


def _logged_url(
    request: Request, table_id: uuid.UUID, expected_version: int, first: int | None
) -> str:
    """Where the events just logged are: the table's log from the first of them on
    (`first`, its position, is read from the log only for a replayed answer)."""
    url = request.build_absolute_uri(_events_path(table_id))
    if first is None:
        table = table_or_404(request, table_id)
        first = table_event_position(table=table, version=expected_version + 1)
    if first is None:  # pragma: no cover - a 201 always appended at least one event
        return url
    return f"{url}?cursor={encode_cursor('events', [first - 1])}"


AFTER_VERSION = OpenApiParameter(
    "after",
    VERSION_SCHEMA,
    OpenApiParameter.QUERY,
    required=False,
    description="only the events after this version of the table (`0`: all)",
)


def _after_version(request: Request) -> int:
    raw = request.query_params.get("after")
    if raw is None:
        return 0
    version = version_of(raw)
    if version is None:
        raise ValidationError(
            {"after": [gettext("must be a table's version: a whole number from 0")]}
        )
    return version


class TableEventsApi(APIView):
    def get_permissions(self):  # type: ignore[no-untyped-def]
        return [IsScorekeeper()] if self.request.method == "POST" else [IsAuditor()]

    @extend_schema(
        operation_id="tables_events_append",
        tags=["events"],
        parameters=[location(201), IDEMPOTENCY_KEY, PREFER],
        request=EventsAppendInputSerializer,
        examples=event_examples(),
        responses={201: EventsAppendOutputSerializer, **error_responses(400, 403, 404, 409, 422)},
        description="Log events, all or nothing; 201 with `Location`: the table's log "
        "from the first event logged. 409 `version_conflict` carries "
        "`current_version`; 422 carries the engine's `code`, the event's `index`, "
        "`expected_player` and `field`. Nothing is stored on any error. With "
        "`Prefer: return=minimal` the 201 leaves `state` out (a table app that keeps its "
        "own view saves the bytes); an idempotent retry returns the bytes first sent, with "
        "or without `state` as the first request asked.",
    )
    def post(self, request: Request, table_id: uuid.UUID) -> HttpResponse:
        expected_version, events = _append_body(request.data)
        refuse_unknown_fields(events)
        key = idempotency_key(request)
        minimal = _prefers_minimal(request)
        try:
            outcome = table_events_append(
                table_id=table_id,
                club=request_key(request).club,
                expected_version=expected_version,
                commands=commands_parse(events),
                idempotency_key=key,
                context=request_context(request),
                with_state=not minimal,
            )
        except TableNotFound:
            raise NotFound(gettext("no such table in this club")) from None
        except StaleVersion as stale:
            raise ApiError(
                status_code=status.HTTP_409_CONFLICT,
                code=stale.code,
                message=gettext("the table is at version %(current)s, not %(expected)s")
                % {"current": stale.current, "expected": stale.expected},
                current_version=stale.current,
                expected_version=stale.expected,
            ) from None
        except EventRejected as refusal:
            raise rejected(refusal.rejection, index=refusal.index) from None
        except IdempotencyKeyReused as reused:
            raise key_reused(reused) from None
        # The stored text itself, not a re-rendering: a retry gets the very same bytes.
        response = HttpResponse(
            outcome.content.encode(), status=outcome.status_code, content_type="application/json"
        )
        if outcome.replayed:
            response["Idempotent-Replayed"] = "true"
        if "state" not in outcome.body:
            response["Preference-Applied"] = MINIMAL
        response["Location"] = _logged_url(
            request, table_id, expected_version, outcome.first_position
        )
        return response

    @extend_schema(
        operation_id="tables_events_list",
        tags=["events"],
        parameters=[*page_parameters(), AFTER_VERSION],
        responses={200: EventPageOutputSerializer, **error_responses(400, 403, 404)},
        description="The table's events in log order, paged (see `next` and the `Link` "
        "header); `undone_by` is the version of the undo that took an event back, if any. "
        "`?after=V`: only the events after version V (as the stream's `Last-Event-ID`).",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        table = table_or_404(request, table_id)
        after_version = _after_version(request)
        page = page_request(request, "events")
        after = 0
        if page.after is not None:
            if len(page.after) != 1 or type(page.after[0]) is not int or page.after[0] < 0:
                raise bad_cursor(gettext("not a cursor of this list"))
            after = page.after[0]
        events = table_events_page(
            table=table, after=after, after_version=after_version, limit=page.limit + 1
        )
        undos = table_undos(table=table)

        def render(shown: Sequence[RecordedEvent]) -> list[Any]:
            rendered = EventOutputSerializer(shown, many=True).data
            return [
                {**item, "undone_by": undos.get(event.version)}
                for item, event in zip(rendered, shown, strict=True)
            ]

        return page_response(
            request,
            page,
            key="events",
            items=events,
            render=render,
            keyset=lambda event: [event.position],
        )
