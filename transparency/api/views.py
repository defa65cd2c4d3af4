"""The club's transparency log for its keys: where and how to check it, receipts of a
table's events, consistency proofs between two checkpoints."""

from __future__ import annotations

import base64
import uuid

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api_common.errors import ApiError, error_responses
from clubs.api.permissions import IsAuditor, request_key
from table_stream import stream_name
from transparency.api.serializers import (
    ConsistencyOutputSerializer,
    ConsistencyQuerySerializer,
    LogOutputSerializer,
    ReceiptOutputSerializer,
    ReceiptQuerySerializer,
)
from transparency.selectors import (
    NotYet,
    OutOfRange,
    consistency_get,
    log_info,
    receipt_for_table,
    table_has_events,
)

RETRY_AFTER = 2


def _club_id(request: Request) -> str:
    return str(request_key(request).club_id)


class LogGetApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="log_get",
        tags=["transparency"],
        responses={200: LogOutputSerializer, **error_responses(403)},
        description="The club's transparency log: its origin, verifier key, public prefix "
        "(checkpoint and tiles, no key needed) and latest checkpoint (docs/transparency.md).",
    )
    def get(self, request: Request) -> Response:
        club_id = _club_id(request)
        info = log_info(club_id=club_id)
        prefix = request.build_absolute_uri(f"/bourre/{club_id}")
        return Response(
            LogOutputSerializer(
                {
                    "origin": info.origin,
                    "verifier_key": info.vkey,
                    "prefix": prefix,
                    "size": info.size,
                    "checkpoint": info.checkpoint,
                    "halted_at": info.halted_at,
                    "halted_reason": info.halted_reason,
                }
            ).data
        )


class TableReceiptApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="table_receipt_get",
        tags=["transparency"],
        parameters=[ReceiptQuerySerializer],
        responses={200: ReceiptOutputSerializer, **error_responses(400, 403, 404, 409)},
        description="A receipt (C2SP tlog-proof) that the table's last event, or its event "
        "`?event=<version>`, is in the club's log as of the latest checkpoint. 409 "
        "`receipt_not_ready` for an event the checkpoints do not cover yet (a second or so).",
    )
    def get(self, request: Request, table_id: uuid.UUID) -> Response:
        club_id = _club_id(request)
        query = ReceiptQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        stream = stream_name(table_id)
        if not table_has_events(club_id=club_id, stream=stream):
            raise NotFound(gettext("no such table in this club"))
        try:
            receipt = receipt_for_table(
                club_id=club_id, stream=stream, version=query.validated_data.get("event")
            )
        except OutOfRange:
            raise NotFound(gettext("the table has no such event")) from None
        except NotYet:
            error = ApiError(
                status_code=409,
                code="receipt_not_ready",
                message=gettext("the event is not in a signed checkpoint yet: ask again shortly"),
                retry_after=RETRY_AFTER,
            )
            raise error from None
        body = {
            "table": table_id,
            "event": receipt.version,
            "position": receipt.position,
            "index": receipt.proof.index,
            "checkpoint_size": receipt.checkpoint_size,
            "receipt": str(receipt.proof),
        }
        return Response(ReceiptOutputSerializer(body).data)


class ConsistencyApi(APIView):
    permission_classes = [IsAuditor]

    @extend_schema(
        operation_id="log_consistency_get",
        tags=["transparency"],
        parameters=[ConsistencyQuerySerializer],
        responses={200: ConsistencyOutputSerializer, **error_responses(400, 403)},
        description="The RFC 9162 consistency proof that the club's tree of size `to` "
        "extends its tree of size `from` (both at most the latest checkpoint's size).",
    )
    def get(self, request: Request) -> Response:
        query = ConsistencyQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        old, new = query.validated_data["from"], query.validated_data["to"]
        try:
            proof = consistency_get(club_id=_club_id(request), old=old, new=new)
        except OutOfRange as error:
            raise ApiError(
                status_code=400,
                code="log_range",
                message=gettext("`to` is beyond the log's latest checkpoint (%(size)s entries)")
                % {"size": error.args[1] if len(error.args) > 1 else 0},
                field="to",
            ) from None
        return Response(
            ConsistencyOutputSerializer(
                {"from": old, "to": new, "proof": [base64.b64encode(h).decode() for h in proof]}
            ).data
        )
