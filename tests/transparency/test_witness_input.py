"""The witness endpoint reads its `old <size>` line as ASCII digits (issue 40): `old ²`
passed `isdigit()` and failed `int()`, a 500 on a public endpoint."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.mark.django_db
@pytest.mark.parametrize("size", ["²", "\u0661", "1_0", "", "01"])
def test_an_old_size_that_is_not_ascii_digits_is_a_400(size: str) -> None:
    body = f"old {size}\n\nexample.com/log\n1\nAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n"
    answer = Client().post(
        "/witness/add-checkpoint", body.encode(), content_type="text/plain; charset=utf-8"
    )
    assert answer.status_code == 400, answer.content[:200]
    assert b"old <size>" in answer.content
