from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.receipt_output import ReceiptOutput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: UUID,
    *,
    event: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["event"] = event

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tables/{table_id}/receipt".format(
            table_id=quote(str(table_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | ReceiptOutput | None:
    if response.status_code == 200:
        response_200 = ReceiptOutput.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())

        return response_409

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
) -> Response[ErrorResponse | ReceiptOutput]:
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
    event: int | Unset = UNSET,
) -> Response[ErrorResponse | ReceiptOutput]:
    """A receipt (C2SP tlog-proof) that the table's last event, or its event `?event=<version>`, is in the
    club's log as of the latest checkpoint. 409 `receipt_not_ready` for an event the checkpoints do not
    cover yet (a second or so).

    Args:
        table_id (UUID):
        event (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ReceiptOutput]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        event=event,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    event: int | Unset = UNSET,
) -> ErrorResponse | ReceiptOutput | None:
    """A receipt (C2SP tlog-proof) that the table's last event, or its event `?event=<version>`, is in the
    club's log as of the latest checkpoint. 409 `receipt_not_ready` for an event the checkpoints do not
    cover yet (a second or so).

    Args:
        table_id (UUID):
        event (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ReceiptOutput
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        event=event,
    ).parsed


async def asyncio_detailed(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    event: int | Unset = UNSET,
) -> Response[ErrorResponse | ReceiptOutput]:
    """A receipt (C2SP tlog-proof) that the table's last event, or its event `?event=<version>`, is in the
    club's log as of the latest checkpoint. 409 `receipt_not_ready` for an event the checkpoints do not
    cover yet (a second or so).

    Args:
        table_id (UUID):
        event (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ReceiptOutput]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        event=event,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: UUID,
    *,
    client: AuthenticatedClient,
    event: int | Unset = UNSET,
) -> ErrorResponse | ReceiptOutput | None:
    """A receipt (C2SP tlog-proof) that the table's last event, or its event `?event=<version>`, is in the
    club's log as of the latest checkpoint. 409 `receipt_not_ready` for an event the checkpoints do not
    cover yet (a second or so).

    Args:
        table_id (UUID):
        event (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ReceiptOutput
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            event=event,
        )
    ).parsed
