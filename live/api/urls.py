from django.urls import path

from live.api.views import TableStreamApi, TableViewerApi, TableViewersApi

urlpatterns = [
    path("tables/<uuid:table_id>/viewers", TableViewersApi.as_view(), name="table-viewers"),
    path(
        "tables/<uuid:table_id>/viewers/<uuid:viewer_id>",
        TableViewerApi.as_view(),
        name="table-viewer",
    ),
    path("tables/<uuid:table_id>/stream", TableStreamApi.as_view(), name="table-stream"),
]
