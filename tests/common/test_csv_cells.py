"""CSV formula injection (issue 25, 9; issue 40, 5): no CSV the service writes has a text
cell a spreadsheet would run, whatever it splits lines on (`,` in English, `;` in French
and Ukrainian). Players and a table named as an attacker would, a whole sitting logged
and closed, then every CSV read back: the settlement (API and app), the standings (app),
the leaderboard and a player's stats (API), the ledger export (worker)."""

from __future__ import annotations

import csv
import datetime
import io
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from common.csv_cells import FORMULA_STARTS, safe_cell
from exports.ledger import ledger_write
from games.models import Table
from games.services.tables import table_import
from tests.clubs.helpers import client_for, make_club, make_key
from tests.ledger.helpers import case
from tests.seasons.helpers import catch_up
from tests.tableapp.helpers import make_member, signed_in

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = {
    "p1": '=HYPERLINK("http://attacker.example","x")',
    "p2": "+SUM(1+1)",
    "p3": "-2+3",
    "p4": "@SUM(1)",
    # A leading tab or CR cannot reach a CSV through a name (the rules of names refuse
    # control characters, common/free_text.py); safe_cell's own test covers them.
    # Split on `;` (a French or Ukrainian spreadsheet), `a;=1+1` was the cell `=1+1,4`.
    "p5": "a;=1+1",
}
TABLE_NAME = "=cmd|' /C calc'!A0"


def _renamed(value: Any) -> Any:
    if isinstance(value, str):
        return HOSTILE.get(value, value)
    if isinstance(value, list):
        return [_renamed(v) for v in value]
    if isinstance(value, dict):
        return {_renamed(k): _renamed(v) for k, v in value.items()}
    return value


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def _cells_anyhow(text: str) -> list[str]:
    """The cells of every way a spreadsheet may read the file: as CSV split on `,` or on
    `;` (a quote opened mid-field is text there), and split on either without any quoting
    (the bluntest reader: a cell starts after every separator)."""
    cells = []
    for separator in (",", ";", "\t"):
        rows = csv.reader(io.StringIO(text), delimiter=separator)
        cells += [cell for row in rows for cell in row]
        for line in text.splitlines():
            cells += [piece.lstrip(' "') for piece in line.split(separator)]
    return cells


def _runs(cell: str) -> bool:
    """What a spreadsheet would run: a formula start that is not a plain number."""
    return cell.startswith(FORMULA_STARTS) and not re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", cell)


def test_the_owasp_rule() -> None:
    assert [safe_cell(v) for v in ("=1+1", "+1", "-x", "@A", "\tx", "\rx", "ana", -3, None)] == [
        "'=1+1", "'+1", "'-x", "'@A", "'\tx", "'\rx", "ana", -3, None,
    ]  # fmt: skip


def test_a_formula_after_any_separator_is_text_too() -> None:
    """Wherever a reader may start a cell: after `,`, `;` or a tab, and spaces or quotes."""
    assert [safe_cell(v) for v in ("a;=1+1", "a,+1", 'a; "=1', "x;=1;@2", "a\t-1")] == [
        "a;'=1+1", "a,'+1", 'a; "\'=1', "x;'=1;'@2", "a\t'-1",
    ]  # fmt: skip
    # Text with no formula after a separator is written as it was.
    assert [safe_cell(v) for v in ("Jean-Pierre", "2026-12-02", "a, b", "a;b")] == [
        "Jean-Pierre", "2026-12-02", "a, b", "a;b",
    ]  # fmt: skip


@pytest.mark.django_db
def test_no_csv_the_service_writes_has_a_cell_a_spreadsheet_would_run() -> None:
    club = make_club()
    sitting = _renamed(case("sitting-01-louisiana-roster-close")["transcript"])
    table = table_import(club=club, name=TABLE_NAME, transcript=sitting)
    catch_up()  # the player statistics and the seasons' ratings
    api = client_for(make_key(club, "auditor")[1])
    app = signed_in(make_member(club, "auditor"))
    today = datetime.date.today()
    night = {"first_night": str(today - datetime.timedelta(days=2)),
             "last_night": str(today + datetime.timedelta(days=2))}  # fmt: skip
    made = client_for(make_key(club, "admin")[1]).post(
        "/api/v1/seasons", {"name": "=season", **night}, format="json"
    )
    assert made.status_code == 201, made.content
    season = made.json()["id"]
    written: dict[str, str] = {}
    for name, response in {
        "settlement (API)": api.get(f"/api/v1/tables/{table.id}/settlement?format=csv"),
        "leaderboard (API)": api.get("/api/v1/leaderboard?format=csv"),
        "player stats (API)": api.get(f"/api/v1/players/{quote(HOSTILE['p3'])}/stats?format=csv"),
        "settlement (app)": app.get(f"/app/tables/{table.id}/settlement.csv"),
        "standings (app)": app.get("/app/standings.csv?period=all"),
        "season standings (API)": api.get(f"/api/v1/seasons/{season}/standings?format=csv"),
        "season standings (app)": app.get(f"/app/seasons/{season}/standings.csv"),
    }.items():
        assert response.status_code == 200, (name, response.content[:300])
        written[name] = response.content.decode()
    out = io.StringIO()
    tables = list(Table.objects.filter(id=table.id))
    ledger_write(tables=tables, format="csv", start=None, end=None, out=out, header={})
    written["ledger export"] = out.getvalue()
    for name, text in written.items():
        cells = _cells(text)
        assert [c for c in _cells_anyhow(text) if _runs(c)] == [], name
        assert any(c.startswith("'") for c in cells), f"{name}: no hostile name written"
    assert "'" + TABLE_NAME in _cells(written["ledger export"])
    assert "'+SUM(1+1)" in _cells(written["settlement (API)"])
    assert "a;'=1+1" in _cells(written["settlement (API)"])


def test_every_csv_writer_goes_through_the_one_module() -> None:
    """A new CSV must use common.csv_cells, not the csv module's writers directly."""
    offenders = []
    for path in ROOT.glob("*/**/*.py"):
        if path.parts[len(ROOT.parts)] in {".venv", "var", "tests", "bench"}:
            continue
        if path == ROOT / "common" / "csv_cells.py":
            continue
        if re.search(r"csv\.(writer|DictWriter)\b", path.read_text()):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
