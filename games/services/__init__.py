"""Writes of the games app: tables and their events (a few lines each around the table's
write side, `games.sitting`)."""

# A table, an import or a step the rules refuse: a stable `code`, the words, the field.
from games.engine import Rejection
from games.services.context import RequestContext
from games.services.events import AppendOutcome, table_events_append
from games.services.imports import IMPORT_SYNC_ITEMS, import_job_run, import_start
from games.services.inputs import table_create_problems, words_of
from games.services.tables import table_create, table_import
from games.sitting import (
    Command,
    EventRejected,
    IdempotencyKeyReused,
    StaleVersion,
    TableNotFound,
    commands_parse,
)

__all__ = [
    "IMPORT_SYNC_ITEMS",
    "AppendOutcome",
    "Command",
    "EventRejected",
    "IdempotencyKeyReused",
    "Rejection",
    "RequestContext",
    "StaleVersion",
    "TableNotFound",
    "commands_parse",
    "import_job_run",
    "import_start",
    "table_create",
    "table_create_problems",
    "table_events_append",
    "table_import",
    "words_of",
]
