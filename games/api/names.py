"""A transcript's player names, held to a new table's rules of names
(`games.services.inputs`), refused as the API refuses a body's field."""

from __future__ import annotations

from rest_framework import status

from api_common.errors import ApiError
from games.engine import Rejection
from games.services.inputs import table_players_checked


def clean_player_names(names: list[str], *, field_prefix: str = "players") -> list[str]:
    try:
        return table_players_checked(names, field_prefix=field_prefix)
    except Rejection as refused:
        raise ApiError(
            status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
            code=refused.code,
            message=refused.message,
            field=refused.field,
        ) from None
