"""Models of the games app: tables, their snapshots, deal summaries, stored answers and
imports. The event log's models are the log's own (`eventlog.models`)."""

from games.models.imports import ImportJob, ImportStatus
from games.models.tables import Table, TableDeal, TableRequest, TableSnapshot

__all__ = [
    "ImportJob",
    "ImportStatus",
    "Table",
    "TableDeal",
    "TableRequest",
    "TableSnapshot",
]
