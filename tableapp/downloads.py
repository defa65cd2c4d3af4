"""The app's CSV downloads (the settle-up, the standings): files a person opens in a
spreadsheet, not a script's API answer.

They start with a UTF-8 byte order mark: Excel reads a CSV without one in the computer's
legacy code page, so "Олена" or "Zoë" came out as "ÐžÐ»ÐµÐ½Ð°" and "ZoÃ«"; LibreOffice,
Numbers and Google Sheets read the mark and drop it. The API's CSVs (`?format=csv`, the
exports) stay without it, for scripts (docs/ui.md).
"""

from __future__ import annotations

import re

from django.http import HttpResponse
from django.utils.http import content_disposition_header

BOM = "\ufeff"

#: What no file name may hold on the club's computers (Windows' list is the longest), and
#: control characters.
_NOT_IN_A_NAME = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]+')


def file_name(words: str, extension: str, **parts: str) -> str:
    """``Friday night - settlement.csv``: `words` (a translated ``%(table)s - settlement``,
    so a language orders them its own way) filled with `parts`, the table's name as the
    scorekeeper typed it in any script, so a download is found by it among the others
    (ids were all one saw). What no file name may hold is taken out of the parts."""
    clean = {k: " ".join(_NOT_IN_A_NAME.sub(" ", v).split()).strip(".") for k, v in parts.items()}
    return (words % clean).strip()[:150] + f".{extension}"


def attach(response: HttpResponse, filename: str) -> HttpResponse:
    """`filename` as RFC 6266 carries it: a name beyond ASCII (Cyrillic, accents) goes as
    ``filename*=utf-8''...``, which every browser reads; a bare ``filename="..."`` is
    latin-1 only and came out garbled."""
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def csv_download(filename: str) -> HttpResponse:
    """An empty CSV attachment named ``filename``, its mark written: write the rows to it."""
    response = attach(HttpResponse(content_type="text/csv; charset=utf-8"), filename)
    response.write(BOM)
    return response
