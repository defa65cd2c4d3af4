"""A player's receipt: downloaded or scanned from the players' view once the table is
closed, and checked on the public ``/verify`` page (no account), in the browser, against
the club's public tiles (``live/static/live/verify.js``; docs/transparency.md)."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from live.selectors import viewer_by_token
from transparency.receipts import receipt_file_name, receipt_qr_svg, table_receipt, verify_keys


def receipt_context(viewer: Any, closed: bool) -> dict[str, Any]:
    """The players' view's receipt links once the table is closed (empty while signing)."""
    if not closed:
        return {}
    ready = table_receipt(club_id=str(viewer.club.id), table_id=viewer.table.id) is not None
    if not ready:
        return {"receipt_file": "", "receipt_qr": ""}
    return {
        "receipt_file": reverse("live:viewer-receipt", args=[viewer.token]),
        "receipt_qr": reverse("live:viewer-receipt-qr", args=[viewer.token]),
    }


def _viewer_receipt(token: str) -> tuple[str, str]:
    viewer = viewer_by_token(token=token)
    if viewer is None:
        raise Http404(_("this viewer link has ended"))
    receipt = table_receipt(club_id=str(viewer.club.id), table_id=viewer.table.id)
    if receipt is None:
        raise Http404(_("the receipt is not signed yet: try again in a few seconds"))
    return receipt, viewer.table.name


@require_GET
def viewer_receipt(request: HttpRequest, token: str) -> HttpResponse:
    receipt, name = _viewer_receipt(token)
    response = HttpResponse(receipt, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{receipt_file_name(name)}"'
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def viewer_receipt_qr(request: HttpRequest, token: str) -> HttpResponse:
    receipt, _name = _viewer_receipt(token)
    response = HttpResponse(receipt_qr_svg(receipt), content_type="image/svg+xml")
    response["Cache-Control"] = "no-store"
    return response


def verify_words() -> dict[str, str]:
    """What the page's script says, in the reader's language (it fills the %(...)s in)."""
    return {
        "signed": _(
            "The receipt's checkpoint is signed by the club's key %(key)s: the log then had "
            "%(size)s entries."
        ),
        "included": _(
            "Event #%(position)s (%(type)s) of table %(table)s is entry %(index)s of the "
            "club's log as of that checkpoint: it is in the log, exactly as it was recorded."
        ),
        "cosigned": _(
            "Cosigned by the witness %(name)s, which checked that the log only ever grew."
        ),
        "not_cosigned": _(
            "No witness this service knows cosigned it: only the club's own key vouches for "
            "the checkpoint."
        ),
        "latest": _(
            "The log's latest checkpoint (%(size)s entries) extends it: nothing recorded "
            "before was changed or taken away."
        ),
        "where": _(
            "Checked in this browser against the public hashes at %(prefix)s, with the key "
            "%(source)s."
        ),
        "key_given": _("you gave"),
        "key_served": _("this service gives (compare it with the one your club published)"),
        "failed": _("Not verified: %(reason)s"),
        "malformed": _("this is not a receipt (a c2sp.org/tlog-proof file): %(detail)s."),
        "bad_signature": _("the checkpoint is not signed by the club's key."),
        "not_included": _(
            "entry %(index)s: the event is not in the club's log as the checkpoint signed it "
            "(it was changed after it was recorded)."
        ),
        "shrank": _("entry %(index)s: the log shrank; entries from %(index)s on were taken away."),
        "forked": _("two different logs of %(size)s entries were signed: the log forked."),
        "not_extended": _(
            "the latest checkpoint does not extend the receipt's: the log was rewritten."
        ),
        "other_host": _(
            "this receipt is from another service (%(host)s): check it on that service."
        ),
        "no_crypto": _("this browser cannot check Ed25519 signatures; use the verifier tool."),
        "unreachable": _("the club's public log could not be read (%(detail)s)."),
        "empty": _("choose a receipt file or paste one."),
        "no_qr": _(
            "No QR code could be read in this picture: take it again, closer, flat and in "
            "focus, or choose the receipt file."
        ),
        "no_camera": _(
            "The camera could not be opened: allow this page to use it, or take a photo instead."
        ),
    }


@require_GET
def verify(request: HttpRequest) -> HttpResponse:
    return render(request, "live/verify.html", {"words": verify_words()})


@require_GET
def verify_keys_view(request: HttpRequest, club_id: uuid.UUID) -> JsonResponse:
    return JsonResponse(verify_keys(club_id=str(club_id)))
