from django.urls import path

from transparency.api.views import ConsistencyApi, LogGetApi, TableReceiptApi

urlpatterns = [
    path("log", LogGetApi.as_view(), name="log"),
    path("log/consistency", ConsistencyApi.as_view(), name="log-consistency"),
    path("tables/<uuid:table_id>/receipt", TableReceiptApi.as_view(), name="table-receipt"),
]
