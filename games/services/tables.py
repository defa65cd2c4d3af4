"""Creating tables (and importing a whole transcript as a new table)."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import Error, transaction

from clubs.models import Club
from eventlog import NewEvent
from games.engine import Rejection, Sitting, new_sitting
from games.engine.transcript import (
    TranscriptRejected,
    open_transcript,
    rule_transcript,
    transcript_closed,
)
from games.models import Table
from games.services.context import RequestContext
from games.services.inputs import (
    table_create_problems,
    table_name_checked,
    table_players_checked,
    words_of,
)
from games.sitting import POSTGRES, EventRejected, Loaded, Save, TableFold, Tables, commands_parse
from table_stream import TABLE_CREATED, TableCreatedData

log = logging.getLogger(__name__)


def table_create(
    *,
    club: Club,
    name: str,
    variant: str,
    players: Sequence[str],
    options: Mapping[str, Any] | None = None,
    context: RequestContext | None = None,
    idempotency_key: str | None = None,
    tables: Tables | None = None,
) -> Table:
    """A new table: `TableCreated` is version 1 of its stream. Raises `Rejection` for a
    name, variant, option or player list the rules refuse (`games.services.inputs`: the
    API and the app's form are held to the same checks).

    With `idempotency_key` the table's id is derived from the club and the key, so a retry
    of a request whose answer was lost (a tablet on the club's Wi-Fi, a double tap) gets the
    table it made, `replayed`, instead of a second one; the key reused for another table
    raises `IdempotencyKeyReused`."""
    problems = table_create_problems(name=name, variant=variant, players=players, options=options)
    if problems:
        raise problems[0]
    name = table_name_checked(name)
    players = table_players_checked(players)
    sitting = new_sitting(variant=variant, players=players, options=options)
    table = Table(
        id=uuid.uuid4() if idempotency_key is None else keyed_table_id(club, idempotency_key),
        club_id=club.pk,
        name=name,
        variant=sitting.variant,
        options=dict(sitting.options),
        players=list(sitting.players),
    )
    data: TableCreatedData = {
        "table_id": str(table.id),
        "club_id": str(club.pk),
        "name": name,
        "variant": table.variant,
        "options": table.options,
        "players": table.players,
    }
    metadata = (context or RequestContext()).metadata()
    if idempotency_key is not None:
        metadata["idempotency_key"] = f"tables:{idempotency_key}"  # a record for the audit
    loaded = Loaded.new(table, TableFold.created(sitting))
    save = Save.of(
        loaded,
        [NewEvent(TABLE_CREATED, dict(data))],
        metadata=metadata,
        created_by_key=idempotency_key,
    )
    result = (tables or POSTGRES).save(save)
    table.created_at = result.events[0].recorded_at  # as the save wrote the row
    table.replayed = result.replayed
    return table


#: The namespace of the table ids derived from idempotency keys (RFC 9562's name-based ids).
TABLE_KEYS = uuid.UUID("6f1d3c2e-8b4a-5e7f-9a0b-1c2d3e4f5a6b")


def keyed_table_id(club: Club, key: str) -> uuid.UUID:
    """The id of the table `key` creates in `club`: a key is the club's own, so another
    club's same key makes another table."""
    return uuid.uuid5(TABLE_KEYS, f"{club.pk}:{key}")


#: Posted items appended per transaction by an import (about as many events again in
#: rulings): the club's append lock is held for one chunk at a time, a fraction of a second,
#: so the club's other tables keep logging while a long sitting is imported.
IMPORT_CHUNK = 100


@dataclass(frozen=True, slots=True)
class PreparedImport:
    """A transcript past the checks that cost next to nothing (the table's name, the
    document's shape, its players and options under a new table's rules): what is left
    is to rule the deals and write them."""

    name: str
    sitting: Sitting
    doc: Mapping[str, Any]
    items: list[dict[str, Any]]
    where: list[tuple[int | None, int | None]]


def import_prepared(*, name: str, transcript: object) -> PreparedImport:
    """Raises `Rejection` for the table's name, `TranscriptRejected` (located) for the
    document's shape, players or options; never rules a deal (`table_import` does)."""
    name = table_name_checked(name)
    sitting, deals = open_transcript(transcript)
    items, where = _posted_items(deals)
    doc = transcript if isinstance(transcript, Mapping) else {}
    if transcript_closed(doc):
        items.append({"close": {}})
        where.append((len(deals) - 1 if deals else None, None))
    players, options = list(sitting.players), doc.get("options")
    problems = table_create_problems(
        name=name, variant=sitting.variant, players=players, options=options
    )
    if problems:
        raise _in_transcript(problems[0])
    return PreparedImport(name=name, sitting=sitting, doc=doc, items=items, where=where)


def _in_transcript(refused: Rejection) -> TranscriptRejected:
    """A new table's refusal of the document's players or options, named in it."""
    field = f"transcript.{refused.field}" if refused.field else None
    return TranscriptRejected(
        None, None, Rejection(refused.code, f"{field}: {words_of(refused)}", field=field)
    )


def table_import(
    *,
    club: Club,
    name: str,
    transcript: object,
    context: RequestContext | None = None,
    prepared: PreparedImport | None = None,
    on_created: Callable[[uuid.UUID], object] | None = None,
    on_progress: Callable[[int], object] | None = None,
) -> Table:
    """A new table holding a whole `bourre-transcript/1` sitting. Raises `Rejection` for the
    table's name, `TranscriptRejected` (deal and action located) for the document, before
    anything is written. (`prepared`: `import_prepared`'s answer, when the caller has it;
    `on_created` is told the table's id once it exists, `on_progress` the items appended
    after each chunk: an import job's status.)

    The whole sitting is ruled first by the engine, outside any transaction (the referee
    an append runs; the conformance cases hold both to the same verdicts), so a refused
    transcript writes nothing. Then the table is created and the events appended
    IMPORT_CHUNK items per transaction: the club's append lock (held from an append to its
    commit) is never held for the whole sitting, which used to keep the club's other tables
    waiting for the length of the import (14.8 s behind a 600-deal sitting).

    All or nothing from the clients' view: the table is created `importing`, out of every
    list, read and play (`games.selectors`), and becomes a table like any other in the
    transaction of the last chunk. Should the database (or anything else) fail midway, the
    table is marked `abandoned` and stays out for good, and the error goes to the caller
    (the API answers 503: post the transcript again); the chunks already appended stay in
    the log, which is append-only."""
    from games.services.events import table_events_append

    if prepared is None:
        prepared = import_prepared(name=name, transcript=transcript)
    sitting, doc, events, where = prepared.sitting, prepared.doc, prepared.items, prepared.where
    rule_transcript(doc)  # raises TranscriptRejected, located
    try:
        with transaction.atomic():  # created and hidden at once: never seen half imported
            table = table_create(
                club=club,
                name=prepared.name,
                variant=sitting.variant,
                players=list(sitting.players),
                options=doc.get("options"),
                context=context,
            )
            if events:
                _import_status(table, IMPORTING)
    except Rejection as refused:  # the players and options are the document's
        raise _in_transcript(refused) from None
    if on_created is not None:
        on_created(table.id)
    version = 1
    try:
        for start in range(0, len(events), IMPORT_CHUNK):
            last = start + IMPORT_CHUNK >= len(events)
            with transaction.atomic():
                try:
                    outcome = table_events_append(
                        table_id=table.id,
                        club=club,
                        expected_version=version,
                        commands=commands_parse(events[start : start + IMPORT_CHUNK]),
                        context=context,
                        with_state=False,
                    )
                except EventRejected as rejected:  # ruled above: only a divergence gets here
                    index = start + (rejected.index or 0)
                    raise TranscriptRejected(*where[index], rejected.rejection) from None
                if last:  # the whole sitting is in: the table appears with its last chunk
                    _import_status(table, COMPLETE)
            version = outcome.body["version"]
            if on_progress is not None:
                on_progress(min(start + IMPORT_CHUNK, len(events)))
    except BaseException:
        import_abandon(table)
        raise
    return Table.objects.select_related("snapshot").get(id=table.id)


#: `Table.import_status`: the import is under way; it failed midway; the table is whole.
IMPORTING, ABANDONED, COMPLETE = "importing", "abandoned", ""


def _import_status(table: Table, status: str) -> None:
    Table.objects.filter(id=table.id).update(import_status=status)
    table.import_status = status


def import_abandon(table: Table) -> None:
    """Mark a failed import `abandoned` (it is hidden either way: left `importing` when the
    database cannot be reached even for this, until its job's next run or the sweep that
    fails the job abandons it)."""
    from eventlog.subscriptions import wake_followers

    try:
        with transaction.atomic():
            _import_status(table, ABANDONED)
            # Followers held back at its first event pass over it now (no event is
            # appended that would wake them).
            wake_followers(())
    except Error:
        log.warning("import of table %s failed; it stays hidden as importing", table.id)


def _posted_items(
    deals: Sequence[object],
) -> tuple[list[dict[str, Any]], list[tuple[int | None, int | None]]]:
    """The transcript's deals as the items a client posts, with where each came from."""
    events: list[dict[str, Any]] = []
    where: list[tuple[int | None, int | None]] = []
    for i, deal in enumerate(deals):
        if not isinstance(deal, Mapping):
            raise TranscriptRejected(
                i, None, Rejection("invalid_transcript", "a deal is an object")
            )
        header = {k: v for k, v in deal.items() if k != "actions"}
        events.append({"deal": header})
        where.append((i, None))
        actions = deal.get("actions", [])
        if not isinstance(actions, list):
            raise TranscriptRejected(
                i, None, Rejection("invalid_transcript", "actions: must be a list", field="actions")
            )
        for j, action in enumerate(actions):
            events.append(action)
            where.append((i, j))
    return events, where
