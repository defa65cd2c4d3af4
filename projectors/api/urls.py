from django.urls import path

from projectors.api.views import (
    LeaderboardApi,
    PlayerStatsGetApi,
    ProjectionListApi,
    ProjectionRebuildApi,
    TaskRunGetApi,
)

urlpatterns = [
    path("players/<str:name>/stats", PlayerStatsGetApi.as_view(), name="player-stats"),
    path("leaderboard", LeaderboardApi.as_view(), name="leaderboard"),
    path("projections", ProjectionListApi.as_view(), name="projections"),
    path(
        "projections/<str:name>/rebuild", ProjectionRebuildApi.as_view(), name="projection-rebuild"
    ),
    path("tasks/<uuid:task_id>", TaskRunGetApi.as_view(), name="task-get"),
]
