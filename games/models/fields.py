"""Foreign keys to a `Table` whose joins match the club as well as the table.

The read models keyed by table are distributed by club on Citus (`games/models/tables.py`);
Citus runs a join of two distributed tables on the workers only when it matches their
distribution columns, and refuses it otherwise. A plain foreign key joins on the table id
alone (``ON state.table_id = table.id``); these add ``AND table.club_id = state.club_id``
to every join Django makes through them, either way (``select_related("snapshot")``,
``filter(table__club=...)``). A table's id is unique, so on single-node PostgreSQL the
extra condition changes no result."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models.sql.where import AND, WhereNode

CLUB_COLUMN = "club_id"


def _club_field(model: Any) -> Any:
    return next(f for f in model._meta.concrete_fields if f.column == CLUB_COLUMN)


class _SameClub:
    def get_extra_restriction(self, alias: str, related_alias: str | None) -> WhereNode | None:
        # `alias` is the table's side of the join, `related_alias` this model's side
        # (Django passes them so for both directions).
        if related_alias is None:
            return None
        target = _club_field(self.remote_field.model)  # type: ignore[attr-defined]
        source = _club_field(self.model)  # type: ignore[attr-defined]
        same = target.get_lookup("exact")(target.get_col(alias), source.get_col(related_alias))
        return WhereNode([same], connector=AND)


class ClubForeignKey(_SameClub, models.ForeignKey):  # type: ignore[type-arg]
    """A foreign key to a table, joined on the table and its club."""


class ClubOneToOneField(_SameClub, models.OneToOneField):  # type: ignore[type-arg]
    """A one-to-one key to a table, joined on the table and its club."""
