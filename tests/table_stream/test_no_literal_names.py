"""The contract's names are written out only in `table_stream/`: an event type or a ruling
kind spelled as a string literal anywhere else in the application is a second place where
a stored name is decided (a typo there silently matches nothing in the log)."""

from __future__ import annotations

import ast
from pathlib import Path

import table_stream as table
from tests.packages import PACKAGES

ROOT = Path(__file__).resolve().parents[2]
EVENT_TYPE_NAMES = frozenset(
    {
        table.TABLE_CREATED,
        table.RULING_MADE,
        table.EVENT_UNDONE,
        *table.GAME_EVENT_TYPES,
    }
)
NAMES = EVENT_TYPE_NAMES | table.RULING_KINDS
# Other vocabularies that share a ruling kind's spelling, each named with why:
# (file, literal).
OTHER_VOCABULARIES = {
    # the variant option `exchange_fee` (chips per exchange), not the ruling
    ("games/engine/variants/ukrainian.py", "exchange_fee"),
    ("tableapp/forms.py", "exchange_fee"),
    ("games/api/contract/state.py", "exchange_fee"),  # the option's schema
    # the webhook kind a subscriber asks for when a TableClosed is appended (webhooks' names)
    ("webhooks/kinds.py", "table_closed"),
    # the default Celery queue, named after the project (not the bourré ruling)
    ("bourre_site/settings/base.py", "bourre"),
    # the English word a person reads for the renege ruling (a msgid), not the kind's name
    ("app_common/labels.py", "renege"),
}


def _error_code_nodes(tree: ast.AST) -> set[int]:
    """The literals that are error codes (as tests/games/api/test_error_codes.py reads
    them): `Rejection(CODE, ...)`, `code=CODE`, `{"code": CODE}`, `*_CODE(S) = ...`."""
    found: set[int] = set()

    def take(node: ast.AST | None) -> None:
        if node is not None:
            found.update(id(n) for n in ast.walk(node) if isinstance(n, ast.Constant))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in {"Rejection", "ErrorCode"} and node.args:
                take(node.args[0])
            for keyword in node.keywords:
                if keyword.arg == "code":
                    take(keyword.value)
        elif isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "code":
                    take(value)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if any(n.lower().endswith(("code", "codes")) for n in names):
                take(node.value)
    return found


def _names_in(text: str) -> list[str]:
    """The string itself when it is a name, or the names it quotes as SQL does (`'X'`)."""
    if text in NAMES:
        return [text]
    return sorted(name for name in NAMES if f"'{name}'" in text)


def literal_names(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """(line, name) of each contract name written out in a string literal of `source`."""
    tree = ast.parse(source, filename)
    codes = _error_code_nodes(tree)
    return sorted(
        (node.lineno, name)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in codes
        for name in _names_in(node.value)
    )


def application_literals() -> dict[str, list[tuple[int, str]]]:
    """Each application file outside `table_stream/` (migrations excluded) -> its literals."""
    where: dict[str, list[tuple[int, str]]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "migrations" in relative.parts or relative.parts[:1] == ("table_stream",):
                continue
            found = [
                (line, value)
                for line, value in literal_names(path.read_text(), str(path))
                if (str(relative), value) not in OTHER_VOCABULARIES
            ]
            if found:
                where[str(relative)] = found
    return where


def test_the_scan_finds_what_it_must() -> None:
    """Not vacuous: a comparison, a dict key, a call's argument and an SQL string are seen;
    an error code of the same spelling is not a ruling kind."""
    source = """
if data.get("kind") == "deal_settled":
    pass
KINDS = {"renege": "renege_ruled"}
Ruling("trick_won", {})
cursor.execute("SELECT 1 WHERE type = 'TableCreated'")
kind = "TableCreated"
raise Rejection("table_closed", "the table is closed")
ERROR_CODES = ("dealer_must_play",)
"""
    assert literal_names(source) == [
        (2, "deal_settled"),
        (4, "renege"),
        (5, "trick_won"),
        (6, "TableCreated"),
        (7, "TableCreated"),
    ]


def test_the_scan_reads_every_application_package() -> None:
    for package in PACKAGES:
        assert any((ROOT / package).rglob("*.py")), package


def test_no_event_type_or_ruling_kind_is_written_out_outside_the_contract() -> None:
    assert application_literals() == {}, "import the name from table_stream"


def test_every_listed_other_vocabulary_is_still_there() -> None:
    """An exception nobody needs any more is taken out of the list."""
    for file, value in OTHER_VOCABULARIES:
        assert value in {v for _, v in literal_names((ROOT / file).read_text())}, file
