"""Seasons (any club key reads, an admin creates and edits), a season's standings (JSON,
paged, or CSV), a player's profile and rating history. Another club's season is a 404."""

from __future__ import annotations

import uuid

from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from api_common.csv_rendering import FORMAT_PARAMETER, CsvOrJson, wants_csv
from api_common.errors import error_responses
from api_common.headers import location
from api_common.pagination import (
    page_parameters,
    page_request,
    page_response,
    paginate_queryset,
    ranked_offset,
)
from clubs.api.permissions import IsAuditor, IsClubAdmin, request_key
from projectors.selectors import player_stats_get
from seasons.api.serializers import (
    PlayerProfileOutputSerializer,
    RatingHistoryOutputSerializer,
    RatingNightOutputSerializer,
    SeasonCreateInputSerializer,
    SeasonListOutputSerializer,
    SeasonOutputSerializer,
    SeasonStandingOutputSerializer,
    SeasonStandingsPageOutputSerializer,
    SeasonUpdateInputSerializer,
)
from seasons.models import Season
from seasons.profiles import player_profile
from seasons.selectors import rating_history, season_get, season_list
from seasons.services import SeasonRefused, season_create, season_update
from seasons.standings import COLUMNS, season_standings, standings_row

TAGS = ["seasons"]


class IsSeasonAdmin(IsClubAdmin):
    message = "managing seasons needs an admin key"


class _ReadAuditorWriteAdmin(APIView):
    def get_permissions(self) -> list[BasePermission]:
        if self.request.method in SAFE_METHODS:
            return [IsAuditor()]
        return [IsSeasonAdmin()]


def _season(request: Request, season_id: uuid.UUID) -> Season:
    season = season_get(club=request_key(request).club, season_id=season_id)
    if season is None:
        raise NotFound(gettext("no such season in this club"))
    return season


def _refused(refusal: SeasonRefused) -> ValidationError:
    return ValidationError({refusal.field: [str(refusal)]})


class SeasonListCreateApi(_ReadAuditorWriteAdmin):
    @extend_schema(
        operation_id="seasons_list",
        tags=TAGS,
        parameters=page_parameters(),
        responses={200: SeasonListOutputSerializer, **error_responses(400, 403)},
        description="The club's seasons, the latest first night first, paged.",
    )
    def get(self, request: Request) -> Response:
        return paginate_queryset(
            request,
            season_list(club=request_key(request).club),
            list_name="seasons",
            key="seasons",
            order=("-first_night", "-id"),
            render=lambda shown: SeasonOutputSerializer(shown, many=True).data,
        )

    @extend_schema(
        operation_id="seasons_create",
        tags=TAGS,
        parameters=[location(201)],
        request=SeasonCreateInputSerializer,
        responses={201: SeasonOutputSerializer, **error_responses(400, 403)},
        description="A new season (an admin key). Refused at the field, nothing stored: a "
        "last night before the first, a name the club has already (ignoring case), an "
        "unknown points rule, a points table with a negative or huge value.",
    )
    def post(self, request: Request) -> Response:
        body = SeasonCreateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            season = season_create(club=request_key(request).club, **body.validated_data)
        except SeasonRefused as refusal:
            raise _refused(refusal) from refusal
        url = reverse("v1:season", kwargs={"season_id": season.id}, request=request)
        return Response(
            SeasonOutputSerializer(season).data,
            status=status.HTTP_201_CREATED,
            headers={"Location": url},
        )


class SeasonDetailApi(_ReadAuditorWriteAdmin):
    @extend_schema(
        operation_id="seasons_retrieve",
        tags=TAGS,
        responses={200: SeasonOutputSerializer, **error_responses(403, 404)},
    )
    def get(self, request: Request, season_id: uuid.UUID) -> Response:
        return Response(SeasonOutputSerializer(_season(request, season_id)).data)

    @extend_schema(
        operation_id="seasons_update",
        tags=TAGS,
        request=SeasonUpdateInputSerializer,
        responses={200: SeasonOutputSerializer, **error_responses(400, 403, 404)},
        description="Change some of the season's settings (an admin key); its standings "
        "follow at once. Refused as a creation is.",
    )
    def patch(self, request: Request, season_id: uuid.UUID) -> Response:
        season = _season(request, season_id)
        body = SeasonUpdateInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            season = season_update(season=season, **body.validated_data)
        except SeasonRefused as refusal:
            raise _refused(refusal) from refusal
        return Response(SeasonOutputSerializer(season).data)


class SeasonStandingsApi(CsvOrJson, APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="seasons_standings",
        tags=TAGS,
        parameters=[*page_parameters(), FORMAT_PARAMETER],
        responses={
            (200, "application/json"): SeasonStandingsPageOutputSerializer,
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR, description="every player of the standings, ranked first"
            ),
            **error_responses(400, 403, 404, 406),
        },
        description="The season's standings: by points, ties broken by net chips, pots won "
        "and the biggest pot (equal on all: the same rank); a player under the season's "
        "minimum of nights is unranked (`rank` null), after the ranked. Paged; the CSV is "
        "the whole standings (docs/seasons.md).",
    )
    def get(self, request: Request, season_id: uuid.UUID) -> Response:
        season = _season(request, season_id)
        standings = season_standings(season=season)
        if wants_csv(request):
            rows = [list(COLUMNS), *(standings_row(line) for line in standings.lines)]
            name = f"season-{season.first_night.isoformat()}"
            disposition = f'attachment; filename="{name}.csv"'
            return Response(rows, headers={"Content-Disposition": disposition})
        page = page_request(request, "season-standings", default_limit=50)
        offset = ranked_offset(page)
        shown = list(enumerate(standings.lines, 1))[offset : offset + page.limit + 1]
        return page_response(
            request,
            page,
            key="players",
            items=shown,
            render=lambda rows: (
                SeasonStandingOutputSerializer([line for _, line in rows], many=True).data
            ),
            keyset=lambda item: [item[0]],
        )


class PlayerProfileApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="players_profile",
        tags=["statistics"],
        responses={200: PlayerProfileOutputSerializer, **error_responses(403, 404)},
        description="The player's page: nights played, net over the last 100 nights, biggest "
        "pot, bourré rate, reneges, tables, and the rating now (`/ratings` for its history).",
    )
    def get(self, request: Request, name: str) -> Response:
        profile = player_profile(club_id=str(request_key(request).club_id), player=name)
        if profile is None:
            raise NotFound(gettext("no such player in this club"))
        return Response(PlayerProfileOutputSerializer(profile).data)


class PlayerRatingsApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="players_ratings",
        tags=["statistics"],
        parameters=page_parameters(),
        responses={200: RatingHistoryOutputSerializer, **error_responses(400, 403, 404)},
        description="The player's rating after each club night they were rated on, the "
        "latest first, paged.",
    )
    def get(self, request: Request, name: str) -> Response:
        club_id = str(request_key(request).club_id)
        if player_stats_get(club_id=club_id, player=name) is None:
            raise NotFound(gettext("no such player in this club"))
        return paginate_queryset(
            request,
            rating_history(club_id=club_id, player=name),
            list_name="ratings",
            key="ratings",
            order=("-night",),
            render=lambda shown: RatingNightOutputSerializer(shown, many=True).data,
        )
