"""GET /tables/{id}/settlement: each player's statement for the sitting and, once the table
is closed, who pays whom; as JSON, or as CSV (`Accept: text/csv` or `?format=csv`)."""

from __future__ import annotations

import uuid
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api_common.csv_rendering import JSON_FORMAT_PARAMETER, CsvOrJson, csv_twin, wants_csv
from api_common.errors import error_responses
from clubs.api.permissions import IsAuditor
from ledger.api.views import _table_id_or_404
from ledger.settlement import SittingSettlement, ledger_settlement, settlement_rows


class SettlementStatementOutputSerializer(serializers.Serializer):
    player = serializers.CharField()
    antes = serializers.IntegerField(help_text="ordinary antes paid in")
    fees = serializers.IntegerField(help_text="exchange fees paid in (ukrainian)")
    penalties = serializers.IntegerField(help_text="bourré and renege penalties paid in")
    winnings = serializers.IntegerField(help_text="pots won, split or shared")
    closing_share = serializers.IntegerField(help_text="the share of the pot at closing")
    net = serializers.IntegerField(
        help_text="winnings + closing_share - antes - fees - penalties: the balance"
    )


class SettlementTransferOutputSerializer(serializers.Serializer):
    vars()["from"] = serializers.CharField(help_text="who pays")  # `from` is a keyword
    to = serializers.CharField(help_text="who is paid")
    amount = serializers.IntegerField()


class SettlementOutputSerializer(serializers.Serializer):
    table_id = serializers.UUIDField()
    closed = serializers.BooleanField()
    pot = serializers.IntegerField(help_text="chips still in the pot (0 once closed)")
    statements = SettlementStatementOutputSerializer(many=True, help_text="in seat order")
    transfers = SettlementTransferOutputSerializer(
        many=True,
        allow_null=True,
        help_text="once closed, who pays whom, in the order RULES.md §5 makes them; "
        "null while the table is open",
    )


def settlement_body(settlement: SittingSettlement) -> dict[str, Any]:
    return {
        "table_id": str(settlement.table_id),
        "closed": settlement.closed,
        "pot": settlement.pot,
        "statements": [s.as_dict() for s in settlement.statements],
        "transfers": settlement.transfers,
    }


class TableSettlementApi(CsvOrJson, APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_settlement",
        tags=["ledger"],
        parameters=[JSON_FORMAT_PARAMETER],
        responses={
            (200, "application/json"): SettlementOutputSerializer,
            **error_responses(403, 404, 406),
        },
        description="Each player's statement for the sitting from the ledger (antes, fees, "
        "penalties, winnings, closing share, net) and, once the table is closed, the "
        "settling-up transfers.",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        settlement = ledger_settlement(table_id=_table_id_or_404(request, table_id))
        if wants_csv(request):
            name = f"settlement-{table_id}.csv"
            return Response(
                settlement_rows(settlement),
                headers={"Content-Disposition": f'attachment; filename="{name}"'},
            )
        return Response(settlement_body(settlement))


TableSettlementCsvApi = csv_twin(
    TableSettlementApi,
    operation_id="tables_settlement_csv",
    tag="ledger",
    description="`player,antes,fees,penalties,winnings,closing_share,net` rows; once closed, "
    "a blank line and `from,to,amount` rows",
    parameters=[],
    errors=error_responses(403, 404, 406),
)
