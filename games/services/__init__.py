"""Writes of the games app: tables and their events."""

from games.services.context import RequestContext
from games.services.errors import EventRejected, IdempotencyKeyReused, StaleVersion, TableNotFound
from games.services.events import AppendOutcome, table_events_append
from games.services.inputs import table_create_problems, words_of
from games.services.tables import table_create, table_import

__all__ = [
    "AppendOutcome",
    "EventRejected",
    "IdempotencyKeyReused",
    "RequestContext",
    "StaleVersion",
    "TableNotFound",
    "table_create",
    "table_create_problems",
    "table_events_append",
    "table_import",
    "words_of",
]
