"""`Idempotency-Key` on the POSTs that create something (a key, a webhook, an export, an
audit, a viewer link, a rebuild): a tablet whose answer was lost on the club's Wi-Fi posts
again and gets the first answer, not a second key or job. (A table, an import and logged
events keep theirs in the table's own write side, `games`.)

`@idempotent_create()` on a view's `post`: without the header the view runs as ever. With
it, the first request's success is kept with its key (per club) in the same transaction as
what it created; a retry with the same key and the same body (the same operation) is
answered that status and body again, `Idempotent-Replayed: true`; with another body, a
422 `idempotency_conflict` naming the header. Two retries racing each other: the second
waits on the key's unique index until the first commits, then replays it. A refusal is
not kept (its retry is ruled again). A secret shown once (`secret_fields`, e.g. a new
key's `key`) is never kept: a replay answers it null, and the client that lost it revokes
the key and makes another.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder

from api_common.errors import ApiError
from api_common.models import IdempotentAnswer
from common.free_text import idempotency_key_problem

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"


def idempotency_parameter(what: str) -> OpenApiParameter:
    return OpenApiParameter(
        HEADER,
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        required=False,
        description=f"1 to 200 printable characters: a retry with the same key and body gets "
        f"the first answer ({what}) again, `{REPLAYED}: true`; with another body, 422 "
        "`idempotency_conflict`",
    )


def _fingerprint(request: Request) -> str:
    body = json.dumps(request.data, sort_keys=True, separators=(",", ":"), cls=JSONEncoder)
    raw = f"{request.method} {request.path}\n{body}".encode()
    return hashlib.sha256(raw).hexdigest()


def _replay(answer: IdempotentAnswer, fingerprint: str) -> Response:
    if answer.fingerprint != fingerprint:
        raise ApiError(
            status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
            code="idempotency_conflict",
            message=gettext("this Idempotency-Key was already used with a different request"),
            field=HEADER,
        )
    headers = {REPLAYED: "true"}
    if answer.location:
        headers["Location"] = answer.location
    return Response(answer.body, status=answer.status, headers=headers)


def idempotent_create(*, secret_fields: tuple[str, ...] = ()) -> Callable[..., Any]:
    def decorate(post: Callable[..., Response]) -> Callable[..., Response]:
        @functools.wraps(post)
        def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
            key = request.headers.get(HEADER)
            if key is None:
                return post(view, request, *args, **kwargs)
            problem = idempotency_key_problem(key)
            if problem is not None:
                raise ValidationError({HEADER: [problem]})
            club_id = request.auth.club_id  # type: ignore[union-attr]
            fingerprint = _fingerprint(request)
            kept = IdempotentAnswer.objects.filter(club_id=club_id, key=key).first()
            if kept is not None:
                return _replay(kept, fingerprint)
            try:
                with transaction.atomic():
                    response = post(view, request, *args, **kwargs)
                    if 200 <= response.status_code < 300:
                        body = json.loads(json.dumps(response.data, cls=JSONEncoder))
                        if isinstance(body, dict):
                            body = {k: None if k in secret_fields else v for k, v in body.items()}
                        IdempotentAnswer.objects.create(
                            club_id=club_id,
                            key=key,
                            fingerprint=fingerprint,
                            status=response.status_code,
                            body=body,
                            location=response.get("Location", ""),
                        )
            except IntegrityError:
                # Another request with this key committed first (we waited on its row):
                # what we made is rolled back, and its answer is ours.
                kept = IdempotentAnswer.objects.filter(club_id=club_id, key=key).first()
                if kept is None:  # pragma: no cover - the unique index said it exists
                    raise
                return _replay(kept, fingerprint)
            return response

        return wrapper

    return decorate
