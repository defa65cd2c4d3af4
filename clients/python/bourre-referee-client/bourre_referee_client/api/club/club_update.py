from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.club_output import ClubOutput
from ...models.error_response import ErrorResponse
from ...models.patched_club_update_input_request import PatchedClubUpdateInputRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PatchedClubUpdateInputRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/club",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ClubOutput | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = ClubOutput.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = ErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorResponse.from_dict(response.json())

        return response_415

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
) -> Response[ClubOutput | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedClubUpdateInputRequest | Unset = UNSET,
) -> Response[ClubOutput | ErrorResponse]:
    """Set where the club plays (admin). Standings and exports count club nights in this zone from now on;
    deals already counted keep their night until the standings are rebuilt (`manage.py rebuild
    --projection player_stats`).

    Args:
        body (PatchedClubUpdateInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClubOutput | ErrorResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: PatchedClubUpdateInputRequest | Unset = UNSET,
) -> ClubOutput | ErrorResponse | None:
    """Set where the club plays (admin). Standings and exports count club nights in this zone from now on;
    deals already counted keep their night until the standings are rebuilt (`manage.py rebuild
    --projection player_stats`).

    Args:
        body (PatchedClubUpdateInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClubOutput | ErrorResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedClubUpdateInputRequest | Unset = UNSET,
) -> Response[ClubOutput | ErrorResponse]:
    """Set where the club plays (admin). Standings and exports count club nights in this zone from now on;
    deals already counted keep their night until the standings are rebuilt (`manage.py rebuild
    --projection player_stats`).

    Args:
        body (PatchedClubUpdateInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClubOutput | ErrorResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PatchedClubUpdateInputRequest | Unset = UNSET,
) -> ClubOutput | ErrorResponse | None:
    """Set where the club plays (admin). Standings and exports count club nights in this zone from now on;
    deals already counted keep their night until the standings are rebuilt (`manage.py rebuild
    --projection player_stats`).

    Args:
        body (PatchedClubUpdateInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClubOutput | ErrorResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
