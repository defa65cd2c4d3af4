from django.urls import path

from projectors.api.views import (
    LeaderboardApi,
    LeaderboardCsvApi,
    PlayerStatsCsvApi,
    PlayerStatsGetApi,
    ProjectionListApi,
    ProjectionRebuildApi,
    TaskRunGetApi,
)

urlpatterns = [
    path("players/<str:name>/stats", PlayerStatsGetApi.as_view(), name="player-stats"),
    path("players/<str:name>/stats.csv", PlayerStatsCsvApi.as_view(), name="player-stats-csv"),
    path("leaderboard", LeaderboardApi.as_view(), name="leaderboard"),
    path("leaderboard.csv", LeaderboardCsvApi.as_view(), name="leaderboard-csv"),
    path("projections", ProjectionListApi.as_view(), name="projections"),
    path(
        "projections/<str:name>/rebuild", ProjectionRebuildApi.as_view(), name="projection-rebuild"
    ),
    path("tasks/<uuid:task_id>", TaskRunGetApi.as_view(), name="task-get"),
]
