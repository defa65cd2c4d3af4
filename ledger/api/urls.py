from django.urls import path

from ledger.api.settlement import TableSettlementApi, TableSettlementCsvApi
from ledger.api.views import TableAuditApi, TableBalancesApi, TableLedgerApi

urlpatterns = [
    path("tables/<uuid:table_id>/ledger", TableLedgerApi.as_view(), name="table-ledger"),
    path("tables/<uuid:table_id>/balances", TableBalancesApi.as_view(), name="table-balances"),
    path("tables/<uuid:table_id>/audit", TableAuditApi.as_view(), name="table-audit"),
    path(
        "tables/<uuid:table_id>/settlement",
        TableSettlementApi.as_view(),
        name="table-settlement",
    ),
    path(
        "tables/<uuid:table_id>/settlement.csv",
        TableSettlementCsvApi.as_view(),
        name="table-settlement-csv",
    ),
]
