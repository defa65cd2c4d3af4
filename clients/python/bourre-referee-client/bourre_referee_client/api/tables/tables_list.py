from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.table_page_output import TablePageOutput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    closed: bool | None | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_closed: bool | None | Unset
    if isinstance(closed, Unset):
        json_closed = UNSET
    else:
        json_closed = closed
    params["closed"] = json_closed

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tables",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | TablePageOutput | None:
    if response.status_code == 200:
        response_200 = TablePageOutput.from_dict(response.json())

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
) -> Response[ErrorResponse | TablePageOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    closed: bool | None | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[ErrorResponse | TablePageOutput]:
    """The club's tables, oldest first, each with its phase, pot and whose turn it is and when it was last
    active; `?closed=false` only the open ones, `?closed=true` the closed ones (as the app's Tables page
    filters them); paged (see `next` and the `Link` header), 50 a page unless `limit` says.

    Args:
        closed (bool | None | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | TablePageOutput]
    """

    kwargs = _get_kwargs(
        closed=closed,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    closed: bool | None | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> ErrorResponse | TablePageOutput | None:
    """The club's tables, oldest first, each with its phase, pot and whose turn it is and when it was last
    active; `?closed=false` only the open ones, `?closed=true` the closed ones (as the app's Tables page
    filters them); paged (see `next` and the `Link` header), 50 a page unless `limit` says.

    Args:
        closed (bool | None | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | TablePageOutput
    """

    return sync_detailed(
        client=client,
        closed=closed,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    closed: bool | None | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[ErrorResponse | TablePageOutput]:
    """The club's tables, oldest first, each with its phase, pot and whose turn it is and when it was last
    active; `?closed=false` only the open ones, `?closed=true` the closed ones (as the app's Tables page
    filters them); paged (see `next` and the `Link` header), 50 a page unless `limit` says.

    Args:
        closed (bool | None | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | TablePageOutput]
    """

    kwargs = _get_kwargs(
        closed=closed,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    closed: bool | None | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> ErrorResponse | TablePageOutput | None:
    """The club's tables, oldest first, each with its phase, pot and whose turn it is and when it was last
    active; `?closed=false` only the open ones, `?closed=true` the closed ones (as the app's Tables page
    filters them); paged (see `next` and the `Link` header), 50 a page unless `limit` says.

    Args:
        closed (bool | None | Unset):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | TablePageOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            closed=closed,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
