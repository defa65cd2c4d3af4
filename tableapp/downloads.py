"""The app's CSV downloads (the settle-up, the standings): files a person opens in a
spreadsheet, not a script's API answer.

They start with a UTF-8 byte order mark: Excel reads a CSV without one in the computer's
legacy code page, so "Олена" or "Zoë" came out as "ÐžÐ»ÐµÐ½Ð°" and "ZoÃ«"; LibreOffice,
Numbers and Google Sheets read the mark and drop it. The API's CSVs (`?format=csv`, the
exports) stay without it, for scripts (docs/ui.md).
"""

from __future__ import annotations

from django.http import HttpResponse

BOM = "\ufeff"


def csv_download(filename: str) -> HttpResponse:
    """An empty CSV attachment named ``filename``, its mark written: write the rows to it."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write(BOM)
    return response
