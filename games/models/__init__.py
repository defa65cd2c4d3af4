"""Models of the games app. The event log's model lives with the store that owns it."""

from games.eventstore.models import Event, IdempotencyRecord, Partition
from games.models.imports import ImportJob, ImportStatus
from games.models.tables import Table, TableDeal, TableRequest, TableState

__all__ = [
    "Event",
    "IdempotencyRecord",
    "ImportJob",
    "ImportStatus",
    "Partition",
    "Table",
    "TableDeal",
    "TableRequest",
    "TableState",
]
