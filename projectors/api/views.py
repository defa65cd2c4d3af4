"""Player statistics, leaderboard, projection status, rebuilds and task progress."""

from __future__ import annotations

import uuid
from datetime import date
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api_common.csv_rendering import FORMAT_PARAMETER, CsvOrJson, wants_csv
from api_common.errors import ApiError, error_responses
from api_common.headers import location
from api_common.pagination import (
    bad_cursor,
    page_parameters,
    page_request,
    page_response,
    ranked_offset,
)
from clubs.api.permissions import IsAuditor, IsOperator, request_key
from eventlog.subscriptions import RebuildRefused, rebuild_names, subscriptions
from projectors.api.serializers import (
    LeaderboardOutputSerializer,
    PlayerStatsOutputSerializer,
    ProjectionListOutputSerializer,
    ProjectionRebuildInputSerializer,
    ProjectionStatusOutputSerializer,
    StandingsRangeQuerySerializer,
    TaskRunAcceptedOutputSerializer,
    TaskRunOutputSerializer,
)
from projectors.selectors import (
    StandingLine,
    leaderboard_between,
    leaderboard_list,
    player_stats_between,
    player_stats_get,
    projections_status,
    task_run_get,
)
from projectors.services import RebuildInProgress, projection_rebuild_request

#: The CSV of the standings is the whole list, up to this many players.
CSV_MAX_ROWS = 10_000
STAT_FIELDS = ("tables", "deals_played", "deals_passed", "pots_won", "pot_chips",
               "biggest_pot", "bourres", "reneges", "net_chips")  # fmt: skip


def _club_id(request: Request) -> str:
    return str(request_key(request).club_id)


STATS_COLUMNS = ("player", *STAT_FIELDS)
RANGE_PARAMETERS = [
    StandingsRangeQuerySerializer,
    FORMAT_PARAMETER,
]


def _days(request: Request) -> tuple[date | None, date | None] | None:
    """The `from`/`to` days asked for (400 naming the field), or None for all time."""
    query = StandingsRangeQuerySerializer(
        data={k: v for k, v in request.query_params.items() if k in ("from", "to")}
    )
    query.is_valid(raise_exception=True)
    if not query.validated_data:
        return None
    return query.validated_data.get("from"), query.validated_data.get("to")


def _csv(rows: list[Any], name: str) -> Response:
    lines = [list(STATS_COLUMNS), *([getattr(r, f) for f in STATS_COLUMNS] for r in rows)]
    return Response(lines, headers={"Content-Disposition": f'attachment; filename="{name}.csv"'})


class PlayerStatsGetApi(CsvOrJson, APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="player_stats_get",
        tags=["statistics"],
        parameters=RANGE_PARAMETERS,
        responses={
            (200, "application/json"): PlayerStatsOutputSerializer,
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="one row"),
            **error_responses(400, 403, 404, 406),
        },
        description="The player's statistics at the club's tables; `?from=&to=` (days, UTC, "
        "inclusive) for a club night or a month.",
    )
    def get(self, request: Request, name: str) -> Response:
        club_id = _club_id(request)
        days = _days(request)
        stats: Any = player_stats_get(club_id=club_id, player=name)
        if stats is None:
            raise NotFound(gettext("no such player in this club"))
        if days is not None:
            stats = player_stats_between(
                club_id=club_id, player=name, start=days[0], end=days[1]
            ) or StandingLine(name, *(0 for _ in STAT_FIELDS))
        if wants_csv(request):
            return _csv([stats], f"stats-{name}")
        return Response(PlayerStatsOutputSerializer(stats).data)


class LeaderboardApi(CsvOrJson, APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="leaderboard_get",
        tags=["statistics"],
        parameters=[*page_parameters(), *RANGE_PARAMETERS],
        responses={
            (200, "application/json"): LeaderboardOutputSerializer,
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR, description="every player of the standings, best first"
            ),
            **error_responses(400, 403, 406),
        },
        description="The club's players, best first (net chips, pots won, name), paged; "
        "`?from=&to=` (days, UTC, inclusive) gives the standings of those days (a club "
        "night, a month). The CSV lists the whole standings, unpaged.",
    )
    def get(self, request: Request) -> Response:
        club_id = _club_id(request)
        days = _days(request)

        def standings(limit: int) -> list[Any]:
            if days is None:
                return list(leaderboard_list(club_id=club_id, limit=limit))
            return leaderboard_between(club_id=club_id, start=days[0], end=days[1], limit=limit)

        if wants_csv(request):
            return _csv(standings(CSV_MAX_ROWS), "leaderboard")
        page = page_request(request, "leaderboard", default_limit=50)
        offset = ranked_offset(page)
        rows = standings(offset + page.limit + 1)
        ranked = list(enumerate(rows, 1))[offset:]
        return page_response(
            request,
            page,
            key="players",
            items=ranked,
            render=lambda shown: [
                {**PlayerStatsOutputSerializer(row).data, "rank": rank} for rank, row in shown
            ],
            keyset=lambda item: [item[0]],
        )


class ProjectionListApi(APIView):
    # The read models cover every club: their positions and lag tell the log's size.
    permission_classes = [IsOperator]

    @extend_schema(
        operation_id="projections_list",
        tags=["projections"],
        parameters=page_parameters(),
        responses={200: ProjectionListOutputSerializer, **error_responses(400, 403)},
        description="Each projection's checkpoint and lag (asynchronous ones first), paged.",
    )
    def get(self, request: Request) -> Response:
        page = page_request(request, "projections")
        after: tuple[str, ...] = ()
        if page.after is not None:
            if len(page.after) != 2 or not all(isinstance(v, str) for v in page.after):
                raise bad_cursor(gettext("not a cursor of this list"))
            after = tuple(page.after)
        # Asynchronous ones first, then the inline ones, each by name.
        rows = sorted(projections_status(), key=lambda p: (p.kind, p.name))
        rows = [p for p in rows if (p.kind, p.name) > after]
        return page_response(
            request,
            page,
            key="projections",
            items=rows[: page.limit + 1],
            render=lambda shown: ProjectionStatusOutputSerializer(shown, many=True).data,
            keyset=lambda row: [row.kind, row.name],
        )


class ProjectionRebuildApi(APIView):
    # A rebuild replaces every club's rows and holds the one rebuild slot: the operator's.
    permission_classes = [IsOperator]

    @extend_schema(
        operation_id="projections_rebuild",
        tags=["projections"],
        request=ProjectionRebuildInputSerializer,
        parameters=[location(202), OpenApiParameter("name", str, OpenApiParameter.PATH)],
        responses={202: TaskRunAcceptedOutputSerializer, **error_responses(400, 403, 404, 409)},
        description="Queue a rebuild of any rebuildable projection of the one registry (the "
        "`/projections` listing; `manage.py rebuild --projection NAME [--table ID] "
        "[--verify]` runs the same rebuild): `table` rebuilds one table's stream and "
        "`verify` writes nothing and lists the differences in the task, for the "
        "table-by-table projections only (400 naming the field otherwise, and for a "
        "projection folded on read). The 202 gives the task to poll (`url`, `Location`).",
    )
    def post(self, request: Request, name: str) -> Response:
        body = ProjectionRebuildInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        if name not in subscriptions():
            raise NotFound(
                gettext("no projection named %(name)s; known: %(known)s")
                % {"name": name, "known": ", ".join(rebuild_names())}
            )
        try:
            run = projection_rebuild_request(
                name=name,
                club_id=_club_id(request),
                table=body.validated_data.get("table"),
                verify=body.validated_data["verify"],
            )
        except RebuildRefused as error:
            raise ValidationError({error.field: [str(error)]}) from error
        except RebuildInProgress as error:
            raise ApiError(
                status_code=status.HTTP_409_CONFLICT,
                code="rebuild_in_progress",
                message=gettext("a rebuild of %(name)s is already queued or running")
                % {"name": name},
            ) from error
        url = reverse("v1:task-get", kwargs={"task_id": run.id}, request=request)
        return Response(
            {**TaskRunOutputSerializer(run).data, "url": url},
            status=status.HTTP_202_ACCEPTED,
            headers={"Location": url},
        )


class TaskRunGetApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tasks_get",
        tags=["tasks"],
        responses={200: TaskRunOutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request: Request, task_id: uuid.UUID) -> Response:
        run = task_run_get(task_id=task_id, club_id=_club_id(request))
        if run is None:
            raise NotFound(gettext("no such task in this club"))
        return Response(TaskRunOutputSerializer(run).data)
