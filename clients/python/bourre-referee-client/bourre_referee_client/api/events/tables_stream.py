from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = str(last_event_id)

    params: dict[str, Any] = {}

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tables/{table_id}/stream".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | str | None:
    if response.status_code == 200:
        response_200 = response.text
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[ErrorResponse | str]:
    """The table's events as they are logged, as Server-Sent Events
    (`text/event-stream`), authorised like the events list.

    Each event is `id: <the table's version>` and `data: <the event as JSON>` (the events list's
    item without `undone_by`: an undo arrives as its own `EventUndone`). Reconnecting with
    `Last-Event-ID` (or opening with `?after=`) gives exactly the events after that version, in
    order, then the new ones within a second of their commit. A comment line every 15 s keeps
    the connection open; `event: ended` ends it when the key is revoked.

    Served by the service's ASGI app (uvicorn, behind nginx), where a held-open stream costs a
    coroutine, not a worker thread. Reached directly on the WSGI app (no nginx in front), the
    same URL answers the events after `Last-Event-ID` at once and closes, with `retry: 1000`:
    an EventSource then reconnects every second (polling, same events).

    Args:
        table_id (UUID):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | str]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> ErrorResponse | str | None:
    """The table's events as they are logged, as Server-Sent Events
    (`text/event-stream`), authorised like the events list.

    Each event is `id: <the table's version>` and `data: <the event as JSON>` (the events list's
    item without `undone_by`: an undo arrives as its own `EventUndone`). Reconnecting with
    `Last-Event-ID` (or opening with `?after=`) gives exactly the events after that version, in
    order, then the new ones within a second of their commit. A comment line every 15 s keeps
    the connection open; `event: ended` ends it when the key is revoked.

    Served by the service's ASGI app (uvicorn, behind nginx), where a held-open stream costs a
    coroutine, not a worker thread. Reached directly on the WSGI app (no nginx in front), the
    same URL answers the events after `Last-Event-ID` at once and closes, with `retry: 1000`:
    an EventSource then reconnects every second (polling, same events).

    Args:
        table_id (UUID):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | str
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        after=after,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> Response[ErrorResponse | str]:
    """The table's events as they are logged, as Server-Sent Events
    (`text/event-stream`), authorised like the events list.

    Each event is `id: <the table's version>` and `data: <the event as JSON>` (the events list's
    item without `undone_by`: an undo arrives as its own `EventUndone`). Reconnecting with
    `Last-Event-ID` (or opening with `?after=`) gives exactly the events after that version, in
    order, then the new ones within a second of their commit. A comment line every 15 s keeps
    the connection open; `event: ended` ends it when the key is revoked.

    Served by the service's ASGI app (uvicorn, behind nginx), where a held-open stream costs a
    coroutine, not a worker thread. Reached directly on the WSGI app (no nginx in front), the
    same URL answers the events after `Last-Event-ID` at once and closes, with `retry: 1000`:
    an EventSource then reconnects every second (polling, same events).

    Args:
        table_id (UUID):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | str]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        after=after,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    last_event_id: int | Unset = UNSET,
) -> ErrorResponse | str | None:
    """The table's events as they are logged, as Server-Sent Events
    (`text/event-stream`), authorised like the events list.

    Each event is `id: <the table's version>` and `data: <the event as JSON>` (the events list's
    item without `undone_by`: an undo arrives as its own `EventUndone`). Reconnecting with
    `Last-Event-ID` (or opening with `?after=`) gives exactly the events after that version, in
    order, then the new ones within a second of their commit. A comment line every 15 s keeps
    the connection open; `event: ended` ends it when the key is revoked.

    Served by the service's ASGI app (uvicorn, behind nginx), where a held-open stream costs a
    coroutine, not a worker thread. Reached directly on the WSGI app (no nginx in front), the
    same URL answers the events after `Last-Event-ID` at once and closes, with `retry: 1000`:
    an EventSource then reconnects every second (polling, same events).

    Args:
        table_id (UUID):
        after (int | Unset):
        last_event_id (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | str
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            after=after,
            last_event_id=last_event_id,
        )
    ).parsed
