"""Logging events at a table: fold them through the engine, append them with the rulings
they produced, project inline, all in one transaction (all or nothing)."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from clubs.models import Club
from games.engine import (
    RULES_VERSION,
    Rejection,
    Ruling,
    Sitting,
    action_to_json,
    deal_to_json,
    parse_action,
    parse_deal,
    table_view,
)
from games.engine.cards import parse_card
from games.engine.variants import get_variant
from games.eventstore import NewEvent, VersionConflict, append, canonical_json
from games.models import Table, TableRequest, TableState
from games.projections.registry import project_inline
from games.projections.table_state import TableFold, event_type
from games.projections.table_state_store import fold_load, fold_save
from games.services.context import RequestContext
from games.services.errors import EventRejected, IdempotencyKeyReused, StaleVersion, TableNotFound
from games.services.sitting import is_sitting_change, sitting_change
from games.table import DEAL_STARTED, EVENT_UNDONE, RULING_MADE


@dataclass(frozen=True, slots=True)
class AppendOutcome:
    status_code: int
    body: dict[str, Any]
    content: str  # `body` as JSON text: what is sent, and sent again on an idempotent retry
    replayed: bool = False


def response_json(body: Mapping[str, Any]) -> str:
    """JSON text as the API renders it (compact, UTF-8, keys in the order built)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def table_events_append(
    *,
    table_id: uuid.UUID,
    club: Club,
    expected_version: int,
    events: Sequence[Any],
    idempotency_key: str | None = None,
    context: RequestContext | None = None,
) -> AppendOutcome:
    """Append posted events (`{"deal": ...}`, a transcript action, `{"undo": ...}`, or
    between deals `{"join": ...}`, `{"leave": ...}`, `{"close": {}}`).

    Raises `TableNotFound`, `StaleVersion`, `EventRejected` (with the event's index) or
    `IdempotencyKeyReused`; a retry with the same key and body returns the first outcome.
    """
    context = context or RequestContext()
    request_hash = hashlib.sha256(
        canonical_json({"expected_version": expected_version, "events": list(events)}).encode()
    ).hexdigest()
    with transaction.atomic():
        row = (
            TableState.objects.select_for_update(of=("self",))
            .select_related("table")
            .filter(table_id=table_id, table__club=club)
            .first()
        )
        if row is None:
            raise TableNotFound(str(table_id))
        if idempotency_key is not None:
            earlier = TableRequest.objects.filter(table_id=table_id, key=idempotency_key).first()
            if earlier is not None:
                if earlier.request_hash != request_hash:
                    raise IdempotencyKeyReused(idempotency_key)
                return AppendOutcome(
                    earlier.status_code,
                    json.loads(earlier.response),
                    earlier.response,
                    replayed=True,
                )
        if row.version != expected_version:
            raise StaleVersion(expected_version, row.version)

        fold = fold_load(row)
        settled_before = len(fold.state.deals)
        new_events, rulings, undone = _fold_posted(fold, row.table, events)
        # The row is written before the append: the append holds the club's head until
        # commit, so the less that follows it, the less the club's other tables wait.
        fold_save(row, fold, settled_before=settled_before)
        body = {
            "table_id": str(table_id),
            "version": fold.version,
            "rulings": rulings,
            "undone": undone,
            "state": state_body(row.table, fold.state, fold.version),
        }
        content = response_json(body)
        if idempotency_key is not None:
            TableRequest.objects.create(
                table_id=table_id,
                key=idempotency_key,
                request_hash=request_hash,
                status_code=201,
                response=content,
            )
        try:
            result = append(
                stream=row.table.stream,
                club=row.table.club_id,
                expected_version=expected_version,
                events=new_events,
                idempotency_key=None
                if idempotency_key is None
                else f"{row.table.stream}:{idempotency_key}",
                metadata=context.metadata(),
                savepoint=False,  # any error abandons this whole transaction anyway
            )
        except VersionConflict as conflict:  # the row lock makes this a backstop only
            raise StaleVersion(expected_version, conflict.current) from conflict
        assert result.last_version == fold.version
        project_inline(result.events)
    return AppendOutcome(201, body, content)


def state_body(table: Table, state: Sitting, version: int) -> dict[str, Any]:
    return {"table_id": str(table.id), "version": version, **table_view(state)}


def _fold_posted(
    fold: TableFold, table: Table, posted: Sequence[Any]
) -> tuple[list[NewEvent], list[dict[str, Any]], list[dict[str, Any]]]:
    """The events to append, the rulings made and the undos, folding `fold` forward."""
    deck = get_variant(table.variant).deck
    out: list[NewEvent] = []
    rulings: list[dict[str, Any]] = []
    undone: list[dict[str, Any]] = []
    version = fold.version
    for index, item in enumerate(posted):
        try:
            if isinstance(item, Mapping) and "undo" in item:
                version += 1
                out.append(_undo(fold, item, version))
                undone.append({"version": version, **out[-1].data})
                continue
            changes_sitting = is_sitting_change(item)
            type_, data = sitting_change(item) if changes_sitting else _game_event(item, deck)
            version += 1
            cause = version
            made = fold.game_event(type_, data, cause)
        except Rejection as rejection:
            raise EventRejected(index, rejection) from None
        out.append(NewEvent(type_, data))
        # The closing's ruling belongs to the sitting, not to its last deal.
        deal = None if changes_sitting or fold.state.deal is None else fold.state.deal.index
        for ruling in made:
            version += 1
            ruling_data = _ruling_data(ruling, cause, deal)
            out.append(NewEvent(RULING_MADE, ruling_data))
            fold.ruling_made(version, cause)
            rulings.append({"version": version, **ruling_data, "postings": _legs(ruling)})
    return out, rulings, undone


def _undo(fold: TableFold, item: Mapping[str, Any], version: int) -> NewEvent:
    undo = item["undo"]
    if len(item) != 1 or not isinstance(undo, Mapping):
        raise Rejection("invalid_event", 'undo: must be {"undo": {"reason": ...}}', field="undo")
    reason = undo.get("reason", "")
    if not isinstance(reason, str):
        raise Rejection("invalid_event", "undo.reason: must be text", field="undo.reason")
    taken = fold.undo(version)
    return NewEvent(
        EVENT_UNDONE,
        {
            "reason": reason,
            "undone_version": taken["version"],
            "undone_type": taken["type"],
            "voided_versions": list(taken["rulings"]),
        },
    )


def _game_event(item: Any, deck: frozenset[str]) -> tuple[str, dict[str, Any]]:
    """The stored type and data of a posted deal or action, cards in canonical form."""
    if isinstance(item, Mapping) and "deal" in item:
        if len(item) != 1:
            raise Rejection(
                "invalid_event", 'deal: a deal event has only the "deal" key', field="deal"
            )
        data = dict(_canonical_deal(item["deal"], deck))
        return DEAL_STARTED, data
    action = parse_action(item)
    return event_type(action), _canonical_action(item, deck)


def _canonical_deal(deal: Any, deck: frozenset[str]) -> dict[str, Any]:
    data = deal_to_json(parse_deal(deal))
    if "hands" in data:
        data["hands"] = {
            p: [parse_card(c, deck, field=f"hands.{p}") for c in cards]
            for p, cards in data["hands"].items()  # type: ignore[union-attr]
        }
    if "trump" in data:
        data["trump"] = parse_card(data["trump"], deck, field="trump")
    return data


def _canonical_action(item: Mapping[str, Any], deck: frozenset[str]) -> dict[str, Any]:
    data = action_to_json(parse_action(item))
    if "play" in data:
        data["play"] = parse_card(data["play"], deck, field="play")
    for key in ("discard", "draw"):
        if key in data:
            data[key] = [parse_card(c, deck, field=key) for c in data[key]]  # type: ignore[union-attr]
    return data


def _legs(ruling: Ruling) -> list[dict[str, Any]]:
    """The ruling's postings in the ledger's shape: each leg an account and an amount
    (the log keeps legs as pairs; responses speak as `GET /ledger` does)."""
    return [
        {
            "kind": posting.kind,
            "legs": [{"account": account, "amount": amount} for account, amount in posting.legs],
        }
        for posting in ruling.postings
    ]


def _ruling_data(ruling: Ruling, cause_version: int, deal: int | None) -> dict[str, Any]:
    data = dict(ruling.data)
    data.pop("kind", None)
    return {
        "kind": ruling.kind,
        "ruling": data,
        "postings": [p.as_dict() for p in ruling.postings],
        "rules_version": RULES_VERSION,
        "cause_version": cause_version,
        "deal": deal,
    }
