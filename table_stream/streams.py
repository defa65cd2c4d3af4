"""Table stream names: `table-<uuid>`, the category `table` and the table's id."""

from __future__ import annotations

import uuid

CATEGORY = "table"
STREAM_PREFIX = f"{CATEGORY}-"


def stream_name(table_id: uuid.UUID | str) -> str:
    """The stream of a table (its id as given: a UUID or its canonical text)."""
    return f"{STREAM_PREFIX}{table_id}"


def is_table_stream(stream: str) -> bool:
    return stream.startswith(STREAM_PREFIX)


def table_id_of(stream: str) -> uuid.UUID | None:
    """The table a stream belongs to, or None for a stream of another category or a
    malformed id (a reader meeting such a stream skips it rather than failing)."""
    if not stream.startswith(STREAM_PREFIX):
        return None
    try:
        return uuid.UUID(stream[len(STREAM_PREFIX) :])
    except ValueError:
        return None


def table_stream_named(text: str) -> str:
    """`table-<uuid>` for a table stream's name or a bare table id typed by someone (a
    rebuild's `--table`); ValueError for anything else."""
    table_id = table_id_of(text) or table_id_of(STREAM_PREFIX + text)
    if table_id is None:
        raise ValueError(f"{text!r} is neither a table stream (table-<uuid>) nor a table id")
    return stream_name(table_id)
