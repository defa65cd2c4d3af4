from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.events_append_input_request import EventsAppendInputRequest
from ...models.events_append_output import EventsAppendOutput
from ...models.tables_events_append_prefer import TablesEventsAppendPrefer
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    body: EventsAppendInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: TablesEventsAppendPrefer | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(prefer, Unset):
        headers["Prefer"] = str(prefer)

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/tables/{table_id}/events".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | EventsAppendOutput | None:
    if response.status_code == 201:
        response_201 = EventsAppendOutput.from_dict(response.json())

        return response_201

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

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorResponse.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = ErrorResponse.from_dict(response.json())

        return response_422

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
) -> Response[ErrorResponse | EventsAppendOutput]:
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
    body: EventsAppendInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: TablesEventsAppendPrefer | Unset = UNSET,
) -> Response[ErrorResponse | EventsAppendOutput]:
    """Log events, all or nothing; 201 with `Location`: the table's log from the first event logged. 409
    `version_conflict` carries `current_version`; 422 carries the engine's `code`, the event's `index`,
    `expected_player` and `field`. Nothing is stored on any error. With `Prefer: return=minimal` the 201
    leaves `state` out (a table app that keeps its own view saves the bytes); an idempotent retry
    returns the bytes first sent, with or without `state` as the first request asked.

    Args:
        table_id (UUID):
        idempotency_key (str | Unset):
        prefer (TablesEventsAppendPrefer | Unset):
        body (EventsAppendInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | EventsAppendOutput]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: EventsAppendInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: TablesEventsAppendPrefer | Unset = UNSET,
) -> ErrorResponse | EventsAppendOutput | None:
    """Log events, all or nothing; 201 with `Location`: the table's log from the first event logged. 409
    `version_conflict` carries `current_version`; 422 carries the engine's `code`, the event's `index`,
    `expected_player` and `field`. Nothing is stored on any error. With `Prefer: return=minimal` the 201
    leaves `state` out (a table app that keeps its own view saves the bytes); an idempotent retry
    returns the bytes first sent, with or without `state` as the first request asked.

    Args:
        table_id (UUID):
        idempotency_key (str | Unset):
        prefer (TablesEventsAppendPrefer | Unset):
        body (EventsAppendInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | EventsAppendOutput
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: EventsAppendInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: TablesEventsAppendPrefer | Unset = UNSET,
) -> Response[ErrorResponse | EventsAppendOutput]:
    """Log events, all or nothing; 201 with `Location`: the table's log from the first event logged. 409
    `version_conflict` carries `current_version`; 422 carries the engine's `code`, the event's `index`,
    `expected_player` and `field`. Nothing is stored on any error. With `Prefer: return=minimal` the 201
    leaves `state` out (a table app that keeps its own view saves the bytes); an idempotent retry
    returns the bytes first sent, with or without `state` as the first request asked.

    Args:
        table_id (UUID):
        idempotency_key (str | Unset):
        prefer (TablesEventsAppendPrefer | Unset):
        body (EventsAppendInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | EventsAppendOutput]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    body: EventsAppendInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: TablesEventsAppendPrefer | Unset = UNSET,
) -> ErrorResponse | EventsAppendOutput | None:
    """Log events, all or nothing; 201 with `Location`: the table's log from the first event logged. 409
    `version_conflict` carries `current_version`; 422 carries the engine's `code`, the event's `index`,
    `expected_player` and `field`. Nothing is stored on any error. With `Prefer: return=minimal` the 201
    leaves `state` out (a table app that keeps its own view saves the bytes); an idempotent retry
    returns the bytes first sent, with or without `state` as the first request asked.

    Args:
        table_id (UUID):
        idempotency_key (str | Unset):
        prefer (TablesEventsAppendPrefer | Unset):
        body (EventsAppendInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | EventsAppendOutput
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            prefer=prefer,
        )
    ).parsed
