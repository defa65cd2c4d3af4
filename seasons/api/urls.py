from django.urls import path

from seasons.api.views import (
    PlayerProfileApi,
    PlayerRatingsApi,
    SeasonDetailApi,
    SeasonListCreateApi,
    SeasonStandingsApi,
)

urlpatterns = [
    path("seasons", SeasonListCreateApi.as_view(), name="seasons"),
    path("seasons/<uuid:season_id>", SeasonDetailApi.as_view(), name="season"),
    path(
        "seasons/<uuid:season_id>/standings",
        SeasonStandingsApi.as_view(),
        name="season-standings",
    ),
    path("players/<str:name>", PlayerProfileApi.as_view(), name="player-profile"),
    path("players/<str:name>/ratings", PlayerRatingsApi.as_view(), name="player-ratings"),
]
