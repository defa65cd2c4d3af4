from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.import_job_output import ImportJobOutput
from ...models.table_import_input_request import TableImportInputRequest
from ...models.table_output import TableOutput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: TableImportInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(prefer, Unset):
        headers["Prefer"] = prefer

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/tables/import",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | ImportJobOutput | TableOutput | None:
    if response.status_code == 201:
        response_201 = TableOutput.from_dict(response.json())

        return response_201

    if response.status_code == 202:
        response_202 = ImportJobOutput.from_dict(response.json())

        return response_202

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
) -> Response[ErrorResponse | ImportJobOutput | TableOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: TableImportInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> Response[ErrorResponse | ImportJobOutput | TableOutput]:
    """Create a table from a whole `bourre-transcript/1` document, all or nothing. What costs nothing to
    check (the name, the document's shape, its players and options) is checked here: a refusal is 422. A
    transcript of up to 1000 posted items (deals, actions, the close: about 30 deals of four players) is
    then imported in the request: 201 and the table, or 422 with `deal` and `action` (0-based). A longer
    one, or any with `Prefer: respond-async`, is imported by a worker: 202, `Location` and the body are
    the job; poll it (`GET /tables/imports/{id}`) until it has succeeded (the table's URL) or failed
    (the same 422 refusal, as its `error`). The table appears in no list, read or play until its import
    has succeeded.

    Args:
        idempotency_key (str | Unset):
        prefer (str | Unset):
        body (TableImportInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ImportJobOutput | TableOutput]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: TableImportInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> ErrorResponse | ImportJobOutput | TableOutput | None:
    """Create a table from a whole `bourre-transcript/1` document, all or nothing. What costs nothing to
    check (the name, the document's shape, its players and options) is checked here: a refusal is 422. A
    transcript of up to 1000 posted items (deals, actions, the close: about 30 deals of four players) is
    then imported in the request: 201 and the table, or 422 with `deal` and `action` (0-based). A longer
    one, or any with `Prefer: respond-async`, is imported by a worker: 202, `Location` and the body are
    the job; poll it (`GET /tables/imports/{id}`) until it has succeeded (the table's URL) or failed
    (the same 422 refusal, as its `error`). The table appears in no list, read or play until its import
    has succeeded.

    Args:
        idempotency_key (str | Unset):
        prefer (str | Unset):
        body (TableImportInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ImportJobOutput | TableOutput
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: TableImportInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> Response[ErrorResponse | ImportJobOutput | TableOutput]:
    """Create a table from a whole `bourre-transcript/1` document, all or nothing. What costs nothing to
    check (the name, the document's shape, its players and options) is checked here: a refusal is 422. A
    transcript of up to 1000 posted items (deals, actions, the close: about 30 deals of four players) is
    then imported in the request: 201 and the table, or 422 with `deal` and `action` (0-based). A longer
    one, or any with `Prefer: respond-async`, is imported by a worker: 202, `Location` and the body are
    the job; poll it (`GET /tables/imports/{id}`) until it has succeeded (the table's URL) or failed
    (the same 422 refusal, as its `error`). The table appears in no list, read or play until its import
    has succeeded.

    Args:
        idempotency_key (str | Unset):
        prefer (str | Unset):
        body (TableImportInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ImportJobOutput | TableOutput]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
        prefer=prefer,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: TableImportInputRequest,
    idempotency_key: str | Unset = UNSET,
    prefer: str | Unset = UNSET,
) -> ErrorResponse | ImportJobOutput | TableOutput | None:
    """Create a table from a whole `bourre-transcript/1` document, all or nothing. What costs nothing to
    check (the name, the document's shape, its players and options) is checked here: a refusal is 422. A
    transcript of up to 1000 posted items (deals, actions, the close: about 30 deals of four players) is
    then imported in the request: 201 and the table, or 422 with `deal` and `action` (0-based). A longer
    one, or any with `Prefer: respond-async`, is imported by a worker: 202, `Location` and the body are
    the job; poll it (`GET /tables/imports/{id}`) until it has succeeded (the table's URL) or failed
    (the same 422 refusal, as its `error`). The table appears in no list, read or play until its import
    has succeeded.

    Args:
        idempotency_key (str | Unset):
        prefer (str | Unset):
        body (TableImportInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ImportJobOutput | TableOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            prefer=prefer,
        )
    ).parsed
