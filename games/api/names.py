"""A table's player names, held to the table's rules of names (`games.table.names`)."""

from __future__ import annotations

from rest_framework import status

from api_common.errors import ApiError
from games.table.names import name_key, player_name


def _refused(field: str, message: str) -> ApiError:
    return ApiError(
        status_code=status.HTTP_422_UNPROCESSABLE_ENTITY,
        code="invalid_players",
        message=f"{field}: {message}",
        field=field,
    )


def clean_player_names(names: list[str], *, field_prefix: str = "players") -> list[str]:
    cleaned: list[str] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        field = f"{field_prefix}[{i}]"
        name, problem = player_name(raw)
        if problem is not None:
            raise _refused(field, problem)
        key = name_key(name)
        if key in seen:
            raise _refused(field, f"same name as {field_prefix}[{seen[key]}] (ignoring case)")
        seen[key] = i
        cleaned.append(name)
    return cleaned
