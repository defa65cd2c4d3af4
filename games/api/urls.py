from django.urls import path

from games.api.events import TableEventsApi
from games.api.imports import ImportJobApi
from games.api.reads import (
    RefereeApi,
    TableDealApi,
    TableRulingApi,
    TableStateApi,
    TableTranscriptApi,
)
from games.api.tables import TableDetailApi, TableImportApi, TableListCreateApi

urlpatterns = [
    path("tables", TableListCreateApi.as_view(), name="tables"),
    path("tables/import", TableImportApi.as_view(), name="tables-import"),
    path("tables/imports/<uuid:job_id>", ImportJobApi.as_view(), name="table-import"),
    path("tables/<uuid:table_id>", TableDetailApi.as_view(), name="table"),
    path("tables/<uuid:table_id>/events", TableEventsApi.as_view(), name="table-events"),
    path("tables/<uuid:table_id>/state", TableStateApi.as_view(), name="table-state"),
    path("tables/<uuid:table_id>/ruling", TableRulingApi.as_view(), name="table-ruling"),
    path(
        "tables/<uuid:table_id>/transcript", TableTranscriptApi.as_view(), name="table-transcript"
    ),
    path("tables/<uuid:table_id>/deals/<int:index>", TableDealApi.as_view(), name="table-deal"),
    path("referee", RefereeApi.as_view(), name="referee"),
]
