"""Every CSV the service writes goes through here, so no text cell is a formula.

A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and some read a leading
tab or carriage return the same way): a player named `=HYPERLINK(...)` or a table named
`=cmd|' /C calc'!A0` would run on the treasurer's machine when the settlement is opened.
The OWASP rule (CSV injection): such a text cell gets a leading `'`, which spreadsheets
show as text and never run; numbers are written as they are (a balance of -20 stays a
number). The `csv` module then quotes what needs quoting."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class _Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def safe_cell(value: Any) -> Any:
    """The cell as written: a text cell a spreadsheet would run, quoted as text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class CsvWriter:
    """`csv.writer` whose every text cell is safe (`safe_cell`)."""

    def __init__(self, out: _Writable, **options: Any) -> None:
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([safe_cell(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


class CsvDictWriter:
    """`csv.DictWriter` whose every text cell is safe (`safe_cell`)."""

    def __init__(self, out: _Writable, fieldnames: Iterable[str], **options: Any) -> None:
        self._writer = csv.DictWriter(out, fieldnames=list(fieldnames), **options)

    def writeheader(self) -> None:
        self._writer.writeheader()

    def writerow(self, row: Mapping[str, Any]) -> None:
        self._writer.writerow({name: safe_cell(value) for name, value in row.items()})
