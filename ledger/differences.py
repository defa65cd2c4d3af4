"""Comparing stored ledger rows with ones rebuilt from the log: every difference, listed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ledger.folding import LedgerFold, Leg
from ledger.models import LedgerTable

COMPARED = (
    "kind", "account", "amount", "pot_after", "voided_by", "deal", "ruling", "version",
    "cause_version", "cause_position",
)  # fmt: skip


def legs_differences(*, stored: Sequence[Leg], rebuilt: Sequence[Leg]) -> list[dict[str, Any]]:
    """``missing``: rebuilt but not stored; ``extra``: stored but not in the log;
    ``different``: one entry per differing field. In (position, transaction, leg) order."""
    have = {leg.key: leg for leg in stored}
    want = {leg.key: leg for leg in rebuilt}
    out: list[dict[str, Any]] = []
    for key in sorted(have.keys() | want.keys()):
        where = {"position": key[0], "transaction": key[1], "leg": key[2]}
        if key not in have:
            out.append({"problem": "missing", **where, "expected": _show(want[key])})
        elif key not in want:
            out.append({"problem": "extra", **where, "stored": _show(have[key])})
        else:
            for name in COMPARED:
                expected, found = getattr(want[key], name), getattr(have[key], name)
                if expected != found:
                    out.append(
                        {"problem": "different", **where, "field": name,
                         "expected": expected, "stored": found}
                    )  # fmt: skip
    return out


def table_differences(*, stored: LedgerTable | None, fold: LedgerFold) -> list[dict[str, Any]]:
    """The table row: present, and at the pot the log gives."""
    if stored is None:
        if fold.info is None and not fold.legs:
            return []
        return [{"problem": "missing", "field": "table", "expected": str(fold.table_id)}]
    out = []
    for name, expected in (("pot", fold.pot), ("club_id", fold.info and fold.info.club_id)):
        found = getattr(stored, name)
        if fold.info is None and name == "club_id":
            continue
        if name == "club_id":
            found = str(found)
        if expected != found:
            out.append(
                {"problem": "different", "field": name, "expected": expected, "stored": found}
            )
    return out


def _show(leg: Leg) -> dict[str, Any]:
    return {"kind": leg.kind, "account": leg.account, "amount": leg.amount}
