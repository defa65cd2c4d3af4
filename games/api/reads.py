"""What a table looks like now: state, ruling, transcript, one deal; and the referee."""

from __future__ import annotations

import uuid

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api_common.errors import error_responses
from clubs.api.permissions import IsAuditor
from games.api.common import rejected, table_or_404
from games.api.contract import ref
from games.api.serializers import (
    DealOutputSerializer,
    EventOutputSerializer,
    TranscriptInputSerializer,
    TranscriptOutputSerializer,
    transcript_read,
)
from games.engine import TranscriptRejected, rule_transcript, table_view
from games.selectors import (
    table_deal,
    table_ruling,
    table_state,
    table_transcript,
    table_undos,
)


class TableStateApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_state",
        tags=["tables"],
        responses={200: ref("TableState"), **error_responses(403, 404)},
        description="Phase, dealer, trump, seats, whose turn, the trick, pot, what each "
        "player owes next deal, and `legal_plays` for the player to act.",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        table = table_or_404(request, table_id)
        state, version = table_state(table=table)
        return Response({"table_id": str(table.id), "version": version, **table_view(state)})


class TableRulingApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_ruling",
        tags=["tables"],
        responses={200: ref("RulingDocument"), **error_responses(403, 404)},
        description="The whole sitting as one `bourre-ruling/1` document.",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        return Response(table_ruling(table=table_or_404(request, table_id)))


class TableTranscriptApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_transcript",
        tags=["tables"],
        responses={200: TranscriptOutputSerializer, **error_responses(403, 404)},
        description="The sitting as a `bourre-transcript/1` document (undone events left out).",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        return Response(table_transcript(table=table_or_404(request, table_id)))


class TableDealApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="tables_deal",
        tags=["tables"],
        responses={200: DealOutputSerializer, **error_responses(403, 404)},
        description="Deal `index` (0-based): its ruling and the events logged during it.",
    )
    def get(self, request: Request, table_id: uuid.UUID, index: int) -> Response:
        table = table_or_404(request, table_id)
        deal = table_deal(table=table, index=index)
        if deal is None:
            raise NotFound(gettext("no such deal at this table"))
        undos = table_undos(table=table)
        events = [
            {**item, "undone_by": undos.get(event.version)}
            for item, event in zip(
                EventOutputSerializer(deal["events"], many=True).data, deal["events"], strict=True
            )
        ]
        return Response({"index": deal["index"], "ruling": deal["ruling"], "events": events})


class RefereeApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="referee",
        tags=["referee"],
        request=TranscriptInputSerializer,
        responses={200: ref("RulingDocument"), **error_responses(400, 403, 422)},
        description="Rule a posted `bourre-transcript/1` document; nothing is stored. "
        "A refused transcript is 422 with `deal` and `action` (0-based).",
    )
    def post(self, request: Request) -> Response:
        TranscriptInputSerializer(data=request.data).is_valid(raise_exception=True)
        document = transcript_read(request.data, field_prefix="players")
        try:
            return Response(rule_transcript(document), status=status.HTTP_200_OK)
        except TranscriptRejected as refusal:
            raise rejected(refusal.rejection, deal=refusal.deal, action=refusal.action) from None
