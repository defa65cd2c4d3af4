"""Receipts for people: a table's receipt (a C2SP tlog-proof of its last event) as a
``.tlog-proof`` file and as a QR code (segno, SVG, drawn here), and the keys the public
``/verify`` page checks against."""

from __future__ import annotations

import io
import uuid

import segno
from django.utils.translation import gettext

from table_stream import stream_name
from transparency.keys import log_vkey
from transparency.models import Witness
from transparency.selectors import NotYet, OutOfRange, receipt_for_table


def table_receipt(*, club_id: str, table_id: uuid.UUID) -> str | None:
    """The receipt of the table's last event, or None while no checkpoint covers it yet."""
    try:
        return str(receipt_for_table(club_id=club_id, stream=stream_name(table_id)).proof)
    except (NotYet, OutOfRange):
        return None


def receipt_qr(receipt: str) -> segno.QRCode:
    """The whole receipt in a QR code: a phone that scans it holds the proof itself (and
    /verify reads it back from a photo, live/static/live/verify-qr.js)."""
    return segno.make(receipt, error="l", micro=False)


def receipt_qr_svg(receipt: str) -> str:
    out = io.BytesIO()
    receipt_qr(receipt).save(
        out, kind="svg", scale=3, border=4, dark="#000", light="#fff", xmldecl=False,
        svgns=True, omitsize=True, title=gettext("QR code of the receipt"),
    )  # fmt: skip
    return out.getvalue().decode()


def receipt_file_name(table_name: str) -> str:
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in table_name).strip("-")
    return f"{safe or 'table'}.tlog-proof"


def verify_keys(*, club_id: str) -> dict[str, object]:
    """What the /verify page checks a receipt of this club against: the log's key and the
    keys of the witnesses this service asks."""
    return {
        "log": log_vkey(club_id),
        "witnesses": list(Witness.objects.order_by("name").values_list("vkey", flat=True)),
    }
