"""Reads of the games app: tables, their state, rulings, transcripts and events."""

from games.selectors.board import (
    Board,
    Outcome,
    PlayedCard,
    Seat,
    Trick,
    table_board,
    table_undo_target,
)
from games.selectors.imports import import_job_get
from games.selectors.step import card_refused, deck_rows, variant_options_specs
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
    table_summary,
    table_transcript,
    table_undos,
)

__all__ = [
    "Board",
    "Outcome",
    "PlayedCard",
    "Seat",
    "Trick",
    "card_refused",
    "deck_rows",
    "import_job_get",
    "table_board",
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
    "table_summary",
    "table_transcript",
    "table_undo_target",
    "table_undos",
    "variant_options_specs",
]
