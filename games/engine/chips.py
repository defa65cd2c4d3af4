"""The bound on every chip amount: 2^53 - 1, the largest whole number a JSON reader that
uses doubles (every JavaScript client) holds exactly. Balances, the pot and every leg of a
posting stay within it; an event that would carry one beyond is refused
(`chips_out_of_range`) and nothing is recorded. The log and the ledger's columns (bigint)
never see more."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import Phrase, Rejection, gettext_noop
from .state import Ruling, Sitting

MAX_CHIPS = 2**53 - 1


def check_amount(value: int, field: str) -> None:
    """An amount a client gives (an ante, a limit): refused beyond the bound."""
    if value > MAX_CHIPS:
        raise Rejection(
            "chips_out_of_range",
            gettext_noop(
                "%(field)s: %(value)d is beyond the bound on chip amounts, %(bound)d (2^53 - 1)"
            ),
            field=field,
            params={"field": field, "value": value, "bound": MAX_CHIPS},
        )


def check_chips(state: Sitting, rulings: Iterable[Ruling]) -> None:
    """After an event that moved chips: every balance, the pot and each leg in bounds."""
    if _all_in_bounds(state, rulings):  # always, but for a hostile amount: no phrases built
        return
    pot = Phrase(gettext_noop("the pot"))
    _in_bounds(state.pot, pot, {})
    if state.deal is not None:
        _in_bounds(state.deal.start, pot, {})
    for player, balance in state.balances.items():
        _in_bounds(balance, Phrase(gettext_noop("%(player)s's balance")), {"player": player})
    for ruling in rulings:
        for posting in ruling.postings:
            for account, amount in posting.legs:
                what = Phrase(gettext_noop("the %(kind)s posting to %(account)s"))
                _in_bounds(amount, what, {"kind": posting.kind, "account": account})


def _all_in_bounds(state: Sitting, rulings: Iterable[Ruling]) -> bool:
    amounts = [state.pot, *state.balances.values()]
    if state.deal is not None:
        amounts.append(state.deal.start)
    for ruling in rulings:
        for posting in ruling.postings:
            for _, amount in posting.legs:  # (a loop, not `extend` over a generator)
                amounts.append(amount)
    return min(amounts) >= -MAX_CHIPS and max(amounts) <= MAX_CHIPS


def _in_bounds(amount: int, what: Phrase, params: dict[str, object]) -> None:
    if -MAX_CHIPS <= amount <= MAX_CHIPS:
        return
    raise Rejection(
        "chips_out_of_range",
        gettext_noop(
            "%(what)s would be %(amount)d chips, beyond the bound on chip amounts, "
            "%(bound)d (2^53 - 1): the event is refused"
        ),
        params={"what": what, "amount": amount, "bound": MAX_CHIPS, **params},
    )
