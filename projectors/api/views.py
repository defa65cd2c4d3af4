"""Player statistics, leaderboard, projection status, rebuilds and task progress."""

from __future__ import annotations

import uuid

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.api.errors import ApiError, error_responses
from clubs.api.permissions import IsAuditor, IsOperator, request_key
from projectors.api.serializers import (
    LeaderboardOutputSerializer,
    LeaderboardQuerySerializer,
    PlayerStatsOutputSerializer,
    ProjectionListOutputSerializer,
    TaskRunOutputSerializer,
)
from projectors.selectors import (
    leaderboard_list,
    player_stats_get,
    projections_status,
    task_run_get,
)
from projectors.services import RebuildInProgress, projection_rebuild_request


def _club_id(request: Request) -> str:
    return str(request_key(request).club_id)


class PlayerStatsGetApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="player_stats_get",
        tags=["statistics"],
        responses={200: PlayerStatsOutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request: Request, name: str) -> Response:
        stats = player_stats_get(club_id=_club_id(request), player=name)
        if stats is None:
            raise NotFound("no such player in this club")
        return Response(PlayerStatsOutputSerializer(stats).data)


class LeaderboardApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="leaderboard_get",
        tags=["statistics"],
        parameters=[LeaderboardQuerySerializer],
        responses={200: LeaderboardOutputSerializer, **error_responses(400, 403)},
    )
    def get(self, request: Request) -> Response:
        query = LeaderboardQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = leaderboard_list(club_id=_club_id(request), limit=query.validated_data["limit"])
        players = [
            {**PlayerStatsOutputSerializer(row).data, "rank": i} for i, row in enumerate(rows, 1)
        ]
        return Response(LeaderboardOutputSerializer({"players": players}).data)


class ProjectionListApi(APIView):
    # The read models cover every club: their positions and lag tell the log's size.
    permission_classes = [IsOperator]

    @extend_schema(
        operation_id="projections_list",
        tags=["projections"],
        responses={200: ProjectionListOutputSerializer, **error_responses(403)},
    )
    def get(self, request: Request) -> Response:
        return Response(ProjectionListOutputSerializer({"projections": projections_status()}).data)


class ProjectionRebuildApi(APIView):
    # A rebuild replaces every club's rows and holds the one rebuild slot: the operator's.
    permission_classes = [IsOperator]

    @extend_schema(
        operation_id="projections_rebuild",
        tags=["projections"],
        request=None,
        parameters=[OpenApiParameter("name", str, OpenApiParameter.PATH)],
        responses={202: TaskRunOutputSerializer, **error_responses(403, 404, 409)},
    )
    def post(self, request: Request, name: str) -> Response:
        try:
            run = projection_rebuild_request(name=name, club_id=_club_id(request))
        except KeyError as error:
            raise NotFound("no such asynchronous projection") from error
        except RebuildInProgress as error:
            raise ApiError(
                status_code=status.HTTP_409_CONFLICT,
                code="rebuild_in_progress",
                message=f"a rebuild of {name} is already queued or running",
            ) from error
        return Response(TaskRunOutputSerializer(run).data, status=status.HTTP_202_ACCEPTED)


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
            raise NotFound("no such task in this club")
        return Response(TaskRunOutputSerializer(run).data)
