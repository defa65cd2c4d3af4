from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.season_standings_page_output import SeasonStandingsPageOutput
from ...models.seasons_standings_format import SeasonsStandingsFormat
from ...types import UNSET, Response, Unset


def _get_kwargs(
    season_id: UUID,
    *,
    cursor: str | Unset = UNSET,
    format_: SeasonsStandingsFormat | Unset = UNSET,
    limit: int | Unset = 100,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/seasons/{season_id}/standings".format(
            season_id=quote(str(season_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | SeasonStandingsPageOutput | None:
    if response.status_code == 200:
        response_200 = SeasonStandingsPageOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())

        return response_404

    if response.status_code == 406:
        response_406 = ErrorResponse.from_dict(response.json())

        return response_406

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorResponse.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | SeasonStandingsPageOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    season_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: SeasonsStandingsFormat | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[ErrorResponse | SeasonStandingsPageOutput]:
    """The season's standings: by points, ties broken by net chips, pots won and the biggest pot (equal on
    all: the same rank); a player under the season's minimum of nights is unranked (`rank` null), after
    the ranked. Paged; the CSV is the whole standings (docs/seasons.md).

    Args:
        season_id (UUID):
        cursor (str | Unset):
        format_ (SeasonsStandingsFormat | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SeasonStandingsPageOutput]
    """

    kwargs = _get_kwargs(
        season_id=season_id,
        cursor=cursor,
        format_=format_,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    season_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: SeasonsStandingsFormat | Unset = UNSET,
    limit: int | Unset = 100,
) -> ErrorResponse | SeasonStandingsPageOutput | None:
    """The season's standings: by points, ties broken by net chips, pots won and the biggest pot (equal on
    all: the same rank); a player under the season's minimum of nights is unranked (`rank` null), after
    the ranked. Paged; the CSV is the whole standings (docs/seasons.md).

    Args:
        season_id (UUID):
        cursor (str | Unset):
        format_ (SeasonsStandingsFormat | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SeasonStandingsPageOutput
    """

    return sync_detailed(
        season_id=season_id,
        client=client,
        cursor=cursor,
        format_=format_,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    season_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: SeasonsStandingsFormat | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[ErrorResponse | SeasonStandingsPageOutput]:
    """The season's standings: by points, ties broken by net chips, pots won and the biggest pot (equal on
    all: the same rank); a player under the season's minimum of nights is unranked (`rank` null), after
    the ranked. Paged; the CSV is the whole standings (docs/seasons.md).

    Args:
        season_id (UUID):
        cursor (str | Unset):
        format_ (SeasonsStandingsFormat | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SeasonStandingsPageOutput]
    """

    kwargs = _get_kwargs(
        season_id=season_id,
        cursor=cursor,
        format_=format_,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    season_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: SeasonsStandingsFormat | Unset = UNSET,
    limit: int | Unset = 100,
) -> ErrorResponse | SeasonStandingsPageOutput | None:
    """The season's standings: by points, ties broken by net chips, pots won and the biggest pot (equal on
    all: the same rank); a player under the season's minimum of nights is unranked (`rank` null), after
    the ranked. Paged; the CSV is the whole standings (docs/seasons.md).

    Args:
        season_id (UUID):
        cursor (str | Unset):
        format_ (SeasonsStandingsFormat | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SeasonStandingsPageOutput
    """

    return (
        await asyncio_detailed(
            season_id=season_id,
            client=client,
            cursor=cursor,
            format_=format_,
            limit=limit,
        )
    ).parsed
