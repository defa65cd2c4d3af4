"""Reads of the games app: tables, their state, rulings, transcripts and events."""

from games.selectors.imports import import_job_get
from games.selectors.tables import (
    table_closing_preview,
    table_deal,
    table_event_position,
    table_events_of_versions,
    table_events_page,
    table_get,
    table_glance,
    table_list,
    table_list_by_activity,
    table_ruling,
    table_seating,
    table_state,
    table_transcript,
    table_undos,
)

__all__ = [
    "import_job_get",
    "table_closing_preview",
    "table_deal",
    "table_event_position",
    "table_events_of_versions",
    "table_events_page",
    "table_get",
    "table_glance",
    "table_list",
    "table_list_by_activity",
    "table_ruling",
    "table_seating",
    "table_state",
    "table_transcript",
    "table_undos",
]
