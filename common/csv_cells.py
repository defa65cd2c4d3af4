"""Every CSV the service writes goes through here, so no text cell is a formula.

A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and some read a leading
tab or carriage return the same way): a player named `=HYPERLINK(...)` or a table named
`=cmd|' /C calc'!A0` would run on the treasurer's machine when the settlement is opened.
The OWASP rule (CSV injection): such a text cell gets a `'` before the formula, which
spreadsheets show as text and never run; numbers are written as they are (a balance of -20
stays a number). The `csv` module then quotes what needs quoting.

Where a cell starts depends on the reader: a spreadsheet in a French or Ukrainian locale
splits on `;`, not `,` (and quotes opened mid-field do not count), so the player
`a;=1+1` became the cell `=1+1,4` there. So a formula start right after any separator
(`,`, `;`, a tab, then any spaces or quotes) gets its `'` too, wherever it is in the text:
whatever the reader splits on, no cell it makes starts a formula."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: What a spreadsheet may split a line on: `,` (English), `;` (French, Ukrainian), a tab.
SEPARATORS = (",", ";", "\t")
#: A place a cell may start (the text's start or after a separator, then spaces or quotes)
#: followed by a formula start: a `'` goes in before the formula.
_CELL_STARTS = re.compile(r"""((?:^|[,;\t])[ "]*)(?=[=+\-@\t\r])""")


class _Writable(Protocol):
    def write(self, text: str, /) -> Any: ...


def safe_cell(value: Any) -> Any:
    """The cell as written: a text a spreadsheet would run, wherever it splits the line,
    quoted as text (`'`); anything else as it is."""
    if isinstance(value, str):
        return _CELL_STARTS.sub(r"\1'", value)
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
