"""The engine owns its refusal codes: every code a `Rejection` of the engine can carry is
listed, with a documented meaning, in `games.engine.refusals`; the write side passes them
on or raises its own (`games.sitting.errors`). That the API catalogues them all, at their
statuses, is `tests/games/api/test_error_codes.py`'s."""

from __future__ import annotations

import ast
from pathlib import Path

from games.engine.refusals import REFUSAL_CODES
from games.sitting.errors import WRITE_REFUSAL_CODES

ROOT = Path(__file__).resolve().parents[3]


def rejection_codes(package: Path, *, literal: bool = True) -> dict[str, set[str]]:
    """Each code given as a literal to `Rejection(...)` under `package` -> the files; with
    `literal`, a code given otherwise fails (not `refused.code`, passing another on)."""
    where: dict[str, set[str]] = {}
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else ""
            name = name or getattr(node.func, "attr", "")
            first = node.args[0]
            if name == "Rejection" and (literal or isinstance(first, ast.Constant)):
                assert isinstance(first, ast.Constant), f"{path}:{node.lineno}: a literal code"
                where.setdefault(str(first.value), set()).add(str(path.relative_to(ROOT)))
    return where


def test_every_code_the_engine_can_raise_is_its_own_with_a_meaning() -> None:
    raised = rejection_codes(ROOT / "games" / "engine")
    assert {"out_of_turn", "sixth_card", "table_closed", "chips_out_of_range"} <= set(raised)
    assert {c: sorted(f) for c, f in raised.items() if c not in REFUSAL_CODES} == {}
    assert set(REFUSAL_CODES) == set(raised), "a refusal nobody raises any more is dropped"
    assert all(len(meaning.split()) >= 4 for meaning in REFUSAL_CODES.values())


def test_the_write_side_passes_on_engine_codes_or_its_own() -> None:
    raised = rejection_codes(ROOT / "games" / "sitting", literal=False)
    raised |= rejection_codes(ROOT / "games" / "services", literal=False)
    assert {"nothing_to_undo", "invalid_event"} <= set(raised)
    own = set(REFUSAL_CODES) | set(WRITE_REFUSAL_CODES) | {"invalid_text"}  # text: api_common
    assert set(raised) - own == set()
    assert not set(REFUSAL_CODES) & set(WRITE_REFUSAL_CODES)
