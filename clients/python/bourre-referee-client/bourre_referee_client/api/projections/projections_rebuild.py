from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.projection_rebuild_input_request import ProjectionRebuildInputRequest
from ...models.task_run_accepted_output import TaskRunAcceptedOutput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    name: str,
    *,
    body: ProjectionRebuildInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/projections/{name}/rebuild".format(
            name=quote(str(name), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | TaskRunAcceptedOutput | None:
    if response.status_code == 202:
        response_202 = TaskRunAcceptedOutput.from_dict(response.json())

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
) -> Response[ErrorResponse | TaskRunAcceptedOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ProjectionRebuildInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorResponse | TaskRunAcceptedOutput]:
    """Queue a rebuild of any rebuildable projection of the one registry (the `/projections` listing;
    `manage.py rebuild --projection NAME [--table ID] [--verify]` runs the same rebuild): `table`
    rebuilds one table's stream and `verify` writes nothing and lists the differences in the task, for
    the table-by-table projections only (400 naming the field otherwise, and for a projection folded on
    read). The 202 gives the task to poll (`url`, `Location`).

    Args:
        name (str):
        idempotency_key (str | Unset):
        body (ProjectionRebuildInputRequest | Unset): What to rebuild of the projection (the body
            may be empty: all of it).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | TaskRunAcceptedOutput]
    """

    kwargs = _get_kwargs(
        name=name,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ProjectionRebuildInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorResponse | TaskRunAcceptedOutput | None:
    """Queue a rebuild of any rebuildable projection of the one registry (the `/projections` listing;
    `manage.py rebuild --projection NAME [--table ID] [--verify]` runs the same rebuild): `table`
    rebuilds one table's stream and `verify` writes nothing and lists the differences in the task, for
    the table-by-table projections only (400 naming the field otherwise, and for a projection folded on
    read). The 202 gives the task to poll (`url`, `Location`).

    Args:
        name (str):
        idempotency_key (str | Unset):
        body (ProjectionRebuildInputRequest | Unset): What to rebuild of the projection (the body
            may be empty: all of it).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | TaskRunAcceptedOutput
    """

    return sync_detailed(
        name=name,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ProjectionRebuildInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorResponse | TaskRunAcceptedOutput]:
    """Queue a rebuild of any rebuildable projection of the one registry (the `/projections` listing;
    `manage.py rebuild --projection NAME [--table ID] [--verify]` runs the same rebuild): `table`
    rebuilds one table's stream and `verify` writes nothing and lists the differences in the task, for
    the table-by-table projections only (400 naming the field otherwise, and for a projection folded on
    read). The 202 gives the task to poll (`url`, `Location`).

    Args:
        name (str):
        idempotency_key (str | Unset):
        body (ProjectionRebuildInputRequest | Unset): What to rebuild of the projection (the body
            may be empty: all of it).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | TaskRunAcceptedOutput]
    """

    kwargs = _get_kwargs(
        name=name,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ProjectionRebuildInputRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ErrorResponse | TaskRunAcceptedOutput | None:
    """Queue a rebuild of any rebuildable projection of the one registry (the `/projections` listing;
    `manage.py rebuild --projection NAME [--table ID] [--verify]` runs the same rebuild): `table`
    rebuilds one table's stream and `verify` writes nothing and lists the differences in the task, for
    the table-by-table projections only (400 naming the field otherwise, and for a projection folded on
    read). The 202 gives the task to poll (`url`, `Location`).

    Args:
        name (str):
        idempotency_key (str | Unset):
        body (ProjectionRebuildInputRequest | Unset): What to rebuild of the projection (the body
            may be empty: all of it).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | TaskRunAcceptedOutput
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
