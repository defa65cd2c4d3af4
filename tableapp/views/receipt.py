"""A closed table's receipt for a signed-in member: the `.tlog-proof` file and its QR code
(docs/transparency.md); the settle-up page shows both."""

from __future__ import annotations

import uuid

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from app_common.access import club_table, member_required
from transparency.receipts import receipt_file_name, receipt_qr_svg, table_receipt


def _receipt(request: HttpRequest, table_id: uuid.UUID) -> tuple[str, str]:
    table = club_table(request, table_id)
    receipt = table_receipt(club_id=str(table.club_id), table_id=table.id)
    if receipt is None:
        raise Http404(_("the receipt is not signed yet: try again in a few seconds"))
    return receipt, table.name


@member_required()
def receipt_file(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    receipt, name = _receipt(request, table_id)
    response = HttpResponse(receipt, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{receipt_file_name(name)}"'
    return response


@member_required()
def receipt_qr(request: HttpRequest, table_id: uuid.UUID) -> HttpResponse:
    receipt, _name = _receipt(request, table_id)
    return HttpResponse(receipt_qr_svg(receipt), content_type="image/svg+xml")
