"""The bound on every chip amount: 2^53 - 1, the largest whole number a JSON reader that
uses doubles (every JavaScript client) holds exactly. Balances, the pot and every leg of a
posting stay within it; an event that would carry one beyond is refused
(`chips_out_of_range`) and nothing is recorded. The log and the ledger's columns (bigint)
never see more."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import Rejection
from .state import Ruling, Sitting

MAX_CHIPS = 2**53 - 1


def check_amount(value: int, field: str) -> None:
    """An amount a client gives (an ante, a limit): refused beyond the bound."""
    if value > MAX_CHIPS:
        raise Rejection(
            "chips_out_of_range",
            f"{field}: {value} is beyond the bound on chip amounts, {MAX_CHIPS} (2^53 - 1)",
            field=field,
        )


def check_chips(state: Sitting, rulings: Iterable[Ruling]) -> None:
    """After an event that moved chips: every balance, the pot and each leg in bounds."""
    _in_bounds(state.pot, "the pot")
    if state.deal is not None:
        _in_bounds(state.deal.start, "the pot")
    for player, balance in state.balances.items():
        _in_bounds(balance, f"{player}'s balance")
    for ruling in rulings:
        for posting in ruling.postings:
            for account, amount in posting.legs:
                _in_bounds(amount, f"the {posting.kind} posting to {account}")


def _in_bounds(amount: int, what: str) -> None:
    if -MAX_CHIPS <= amount <= MAX_CHIPS:
        return
    raise Rejection(
        "chips_out_of_range",
        f"{what} would be {amount} chips, beyond the bound on chip amounts, "
        f"{MAX_CHIPS} (2^53 - 1): the event is refused",
    )
