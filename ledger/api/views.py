"""The ledger endpoints: postings, balances and the audit of one table of the caller's club."""

from __future__ import annotations

import uuid

from django.utils.translation import gettext, ngettext
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api_common.errors import error_responses
from api_common.heavy import RETRY_AFTER, HeavyReadBusy, heavy_read
from clubs.api.permissions import IsAuditor, request_key
from ledger.api.serializers import (
    LedgerAsOfInputSerializer,
    LedgerAuditOutputSerializer,
    LedgerAuditQueryInputSerializer,
    LedgerBalancesOutputSerializer,
    LedgerOutputSerializer,
    LedgerPostingOutputSerializer,
    LedgerQueryInputSerializer,
)
from ledger.audit import AUDIT_DEALS_PER_PAGE, NoSuchDeal, ledger_audit_page
from ledger.selectors import ledger_balances, ledger_postings, ledger_table_get


def _table_id_or_404(request: Request, table_id: uuid.UUID) -> uuid.UUID:
    """Another club's table is as absent as one that does not exist."""
    if ledger_table_get(table_id=table_id, club_id=request_key(request).club_id) is None:
        raise NotFound(gettext("no such table in this club"))
    return table_id


class TableLedgerApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_ledger",
        tags=["ledger"],
        parameters=[LedgerQueryInputSerializer],
        responses={200: LedgerOutputSerializer, **error_responses(400, 403, 404)},
        description="Double-entry postings, one entry per leg, each with the event that "
        "caused it and the running pot, and the balances; `?at=P` as of position P.",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        query = LedgerQueryInputSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        at = query.validated_data.get("at")
        table_id = _table_id_or_404(request, table_id)
        legs = ledger_postings(
            table_id=table_id, at=at, include_voided=query.validated_data["include_voided"]
        )
        balances = ledger_balances(table_id=table_id, at=at)
        return Response(
            {
                "table_id": str(table_id),
                "at": at,
                "balances": balances.balances,
                "pot": balances.pot,
                "postings": LedgerPostingOutputSerializer(legs, many=True).data,
            }
        )


class TableBalancesApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_balances",
        tags=["ledger"],
        parameters=[LedgerAsOfInputSerializer],
        responses={200: LedgerBalancesOutputSerializer, **error_responses(400, 403, 404)},
        description="Each player's balance and the pot (they sum to 0); `?at=P` as of P.",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        query = LedgerAsOfInputSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        at = query.validated_data.get("at")
        balances = ledger_balances(table_id=_table_id_or_404(request, table_id), at=at)
        return Response(
            {
                "table_id": str(table_id),
                "at": at,
                "balances": balances.balances,
                "pot": balances.pot,
            }
        )


class TableAuditApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_audit",
        tags=["ledger"],
        parameters=[LedgerAuditQueryInputSerializer],
        responses={200: LedgerAuditOutputSerializer, **error_responses(400, 403, 404)},
        description=f"Hash-chain check of the table's events, and the stored ledger compared "
        f"with one rebuilt from those events; every difference is listed. Paged by deal: "
        f"{AUDIT_DEALS_PER_PAGE} deals a page from `?deal=` (0 by default), `page.next` the "
        "next page's URL (null on the last); the table is intact when every page is `ok`. A "
        "heavy read: one per club at a time (503 `heavy_read_busy` with `Retry-After` while "
        "another runs).",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        query = LedgerAuditQueryInputSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        first_deal = query.validated_data["deal"]
        club_id = request_key(request).club_id
        checked = _table_id_or_404(request, table_id)
        try:
            with heavy_read(club_id=club_id):
                report = ledger_audit_page(table_id=checked, club=club_id, first_deal=first_deal)
        except HeavyReadBusy:
            words = gettext(
                "a table audit of this club is under way, or the server is busy with others: "
                "retry shortly"
            )
            busy = {"code": "heavy_read_busy", "message": words}
            return Response({"error": busy}, status=503, headers={"Retry-After": str(RETRY_AFTER)})
        except NoSuchDeal as missing:
            words = ngettext(
                "no such deal: the table has %(deals)d deal",
                "no such deal: the table has %(deals)d deals",
                missing.deals,
            )
            raise ValidationError({"deal": [words % {"deals": missing.deals}]}) from None
        page = report["page"]
        page["next"] = (
            None
            if page["next_deal"] is None
            else request.build_absolute_uri(f"{request.path}?deal={page['next_deal']}")
        )
        return Response(LedgerAuditOutputSerializer({"table_id": table_id, **report}).data)
