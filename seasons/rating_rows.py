"""Between the rating fold's values and their rows: a batch reads its tables' open deals in
one statement, the ratings it touches in one more, and writes what changed in one (the
statistics' way, `projectors.stats_rows`: fixed statement texts, rows as JSON arrays)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from typing import Any

import orjson
from django.db import connection

from seasons.models import PlayerRating, PlayerRatingNight, RatingTable
from seasons.rating_fold import Key, NightKey, Rating, RatingFold

_RATINGS = PlayerRating._meta.db_table
_NIGHTS = PlayerRatingNight._meta.db_table
_TABLES = RatingTable._meta.db_table


def _json(value: Any) -> Any:
    return orjson.loads(value) if isinstance(value, str | bytes) else value


def tables_read(generation: int, streams: Collection[str]) -> dict[str, dict[str, Any]]:
    if not streams:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT stream, open FROM {_TABLES} WHERE generation = %s AND stream = ANY(%s)",
            [generation, list(streams)],
        )
        return {stream: _json(opened) for stream, opened in cursor.fetchall()}


# The current ratings of some players and their rows of some nights, in one statement.
READ_SQL = (
    "WITH k(club_id, player) AS (SELECT * FROM unnest(%s::text[], %s::text[])),"
    " n(club_id, player, night) AS (SELECT * FROM unnest(%s::text[], %s::text[], %s::date[]))"
    f" SELECT r.club_id, r.player, NULL::date, r.mu, r.sigma, r.deals, r.night FROM {_RATINGS} r"
    " JOIN k USING (club_id, player) WHERE r.generation = %s"
    f" UNION ALL SELECT h.club_id, h.player, h.night, h.mu, h.sigma, h.deals, h.night"
    f" FROM {_NIGHTS} h JOIN n USING (club_id, player, night) WHERE h.generation = %s"
)


def ratings_read(
    generation: int, keys: Collection[Key], night_keys: Collection[NightKey]
) -> tuple[dict[Key, Rating | None], dict[NightKey, Rating | None]]:
    """The ratings and night rows asked for that exist."""
    ratings: dict[Key, Rating | None] = {}
    nights: dict[NightKey, Rating | None] = {}
    if not keys and not night_keys:
        return ratings, nights
    clubs, players = (list(c) for c in zip(*keys, strict=True)) if keys else ([], [])
    n_clubs, n_players, n_nights = (
        (list(c) for c in zip(*night_keys, strict=True)) if night_keys else ([], [], [])
    )
    with connection.cursor() as cursor:
        cursor.execute(
            READ_SQL, [clubs, players, n_clubs, n_players, n_nights, generation, generation]
        )
        for club_id, player, night, mu, sigma, deals, last in cursor.fetchall():
            rating = Rating(mu, sigma, deals, _iso(last))
            if night is None:
                ratings[(club_id, player)] = rating
            else:
                nights[(club_id, player, _iso(night))] = rating
    return ratings, nights


def _iso(day: date | str) -> str:
    return day if isinstance(day, str) else day.isoformat()


# Every row a batch changed, in one statement of one fixed text: the rows to write as JSON
# arrays, those to delete (a voided first deal) as arrays of keys.
SAVE_SQL = (
    f"WITH t AS (INSERT INTO {_TABLES} (generation, stream, open)"
    " SELECT %(generation)s, r->>0, r->1 FROM jsonb_array_elements(%(tables)s::jsonb) r"
    " ON CONFLICT (generation, stream) DO UPDATE SET open = EXCLUDED.open),"
    f" td AS (DELETE FROM {_TABLES} WHERE generation = %(generation)s"
    " AND stream = ANY(%(closed)s::text[])),"
    f" r AS (INSERT INTO {_RATINGS} (generation, club_id, player, mu, sigma, deals, night)"
    " SELECT %(generation)s, r->>0, r->>1, (r->>2)::float8, (r->>3)::float8, (r->>4)::int,"
    " (r->>5)::date FROM jsonb_array_elements(%(ratings)s::jsonb) r"
    " ON CONFLICT (generation, club_id, player) DO UPDATE SET mu = EXCLUDED.mu,"
    " sigma = EXCLUDED.sigma, deals = EXCLUDED.deals, night = EXCLUDED.night),"
    f" rd AS (DELETE FROM {_RATINGS} x USING jsonb_array_elements(%(unrated)s::jsonb) r"
    " WHERE x.generation = %(generation)s AND x.club_id = r->>0 AND x.player = r->>1),"
    f" n AS (INSERT INTO {_NIGHTS} (generation, club_id, player, night, mu, sigma, deals)"
    " SELECT %(generation)s, r->>0, r->>1, (r->>2)::date, (r->>3)::float8, (r->>4)::float8,"
    " (r->>5)::int FROM jsonb_array_elements(%(nights)s::jsonb) r"
    " ON CONFLICT (generation, club_id, player, night) DO UPDATE SET mu = EXCLUDED.mu,"
    " sigma = EXCLUDED.sigma, deals = EXCLUDED.deals)"
    f" DELETE FROM {_NIGHTS} x USING jsonb_array_elements(%(unnights)s::jsonb) r"
    " WHERE x.generation = %(generation)s AND x.club_id = r->>0 AND x.player = r->>1"
    " AND x.night = (r->>2)::date"
)


def _dumps(rows: list[Any]) -> str:
    return orjson.dumps(rows).decode()


def fold_save(generation: int, fold: RatingFold) -> None:
    """Write (or delete) what the fold changed, sorted so two writers lock in one order.
    The floats go as JSON numbers, shortest round-trip form: read back, the very same."""
    if not (fold.dirty_tables or fold.dirty_ratings or fold.dirty_nights):
        return
    tables = [[s, fold.tables[s]] for s in sorted(fold.dirty_tables) if fold.tables.get(s)]
    closed = [s for s in sorted(fold.dirty_tables) if not fold.tables.get(s)]
    ratings, unrated = [], []
    for key in sorted(fold.dirty_ratings):
        r = fold.ratings[key]
        if r is None:
            unrated.append(list(key))
        else:
            ratings.append([*key, r.mu, r.sigma, r.deals, r.night])
    nights, unnights = [], []
    for night_key in sorted(fold.dirty_nights):
        n = fold.nights[night_key]
        if n is None:
            unnights.append(list(night_key))
        else:
            nights.append([*night_key, n.mu, n.sigma, n.deals])
    params = {
        "generation": generation,
        "tables": _dumps(tables),
        "closed": closed,
        "ratings": _dumps(ratings),
        "unrated": _dumps(unrated),
        "nights": _dumps(nights),
        "unnights": _dumps(unnights),
    }
    with connection.cursor() as cursor:
        cursor.execute(SAVE_SQL, params)
