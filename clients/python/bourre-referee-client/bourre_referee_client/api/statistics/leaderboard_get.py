import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.leaderboard_get_format import LeaderboardGetFormat
from ...models.leaderboard_page_output import LeaderboardPageOutput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    format_: LeaderboardGetFormat | Unset = UNSET,
    from_: datetime.date | Unset = UNSET,
    limit: int | Unset = 50,
    to: datetime.date | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    params["limit"] = limit

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/leaderboard",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | LeaderboardPageOutput | None:
    if response.status_code == 200:
        response_200 = LeaderboardPageOutput.from_dict(response.json())

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
) -> Response[ErrorResponse | LeaderboardPageOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: LeaderboardGetFormat | Unset = UNSET,
    from_: datetime.date | Unset = UNSET,
    limit: int | Unset = 50,
    to: datetime.date | Unset = UNSET,
) -> Response[ErrorResponse | LeaderboardPageOutput]:
    """The club's players, best first (net chips, pots won, name), paged; `?from=&to=` (days, UTC,
    inclusive) gives the standings of those days (a club night, a month). The CSV lists the whole
    standings, unpaged.

    Args:
        cursor (str | Unset):
        format_ (LeaderboardGetFormat | Unset):
        from_ (datetime.date | Unset):
        limit (int | Unset):  Default: 50.
        to (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LeaderboardPageOutput]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        format_=format_,
        from_=from_,
        limit=limit,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: LeaderboardGetFormat | Unset = UNSET,
    from_: datetime.date | Unset = UNSET,
    limit: int | Unset = 50,
    to: datetime.date | Unset = UNSET,
) -> ErrorResponse | LeaderboardPageOutput | None:
    """The club's players, best first (net chips, pots won, name), paged; `?from=&to=` (days, UTC,
    inclusive) gives the standings of those days (a club night, a month). The CSV lists the whole
    standings, unpaged.

    Args:
        cursor (str | Unset):
        format_ (LeaderboardGetFormat | Unset):
        from_ (datetime.date | Unset):
        limit (int | Unset):  Default: 50.
        to (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LeaderboardPageOutput
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        format_=format_,
        from_=from_,
        limit=limit,
        to=to,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: LeaderboardGetFormat | Unset = UNSET,
    from_: datetime.date | Unset = UNSET,
    limit: int | Unset = 50,
    to: datetime.date | Unset = UNSET,
) -> Response[ErrorResponse | LeaderboardPageOutput]:
    """The club's players, best first (net chips, pots won, name), paged; `?from=&to=` (days, UTC,
    inclusive) gives the standings of those days (a club night, a month). The CSV lists the whole
    standings, unpaged.

    Args:
        cursor (str | Unset):
        format_ (LeaderboardGetFormat | Unset):
        from_ (datetime.date | Unset):
        limit (int | Unset):  Default: 50.
        to (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LeaderboardPageOutput]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        format_=format_,
        from_=from_,
        limit=limit,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: LeaderboardGetFormat | Unset = UNSET,
    from_: datetime.date | Unset = UNSET,
    limit: int | Unset = 50,
    to: datetime.date | Unset = UNSET,
) -> ErrorResponse | LeaderboardPageOutput | None:
    """The club's players, best first (net chips, pots won, name), paged; `?from=&to=` (days, UTC,
    inclusive) gives the standings of those days (a club night, a month). The CSV lists the whole
    standings, unpaged.

    Args:
        cursor (str | Unset):
        format_ (LeaderboardGetFormat | Unset):
        from_ (datetime.date | Unset):
        limit (int | Unset):  Default: 50.
        to (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LeaderboardPageOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            format_=format_,
            from_=from_,
            limit=limit,
            to=to,
        )
    ).parsed
