"""The audit charts' deal labels never overlap: deals a few events apart (everyone passed)
wrote "deal 1" and "deal 2" over each other ("deal1eal 2")."""

from __future__ import annotations

import itertools
import re

from django.utils import translation

from tableapp.charts import CHAR_WIDTH, Series, line_chart


def _labels(svg: str) -> list[tuple[float, str]]:
    return [(float(x), t) for x, t in re.findall(r'<text x="([\d.]+)" y="34">([^<]*)</text>', svg)]


def test_close_deals_label_without_overlap_and_every_deal_keeps_its_line() -> None:
    starts = [2, 5, 9, 60, 62, 200, 201, 202, 400]
    with translation.override("uk"):  # "роздача 7": the longest word of the three
        svg = line_chart(
            [Series("pot", [(v, v % 7) for v in range(1, 401)])],
            boundaries=starts,
            title="pot",
            last_x=400,
        )
    labels = _labels(svg)
    assert len(re.findall(r'<line class="deal"', svg)) == len(starts)
    for (x1, text1), (x2, _) in itertools.pairwise(labels):
        assert x1 + len(text1) * CHAR_WIDTH <= x2, labels
    assert labels[0][1] == "роздача 1"
    assert labels[-1][1] in ("роздача 9", "9")
    assert all(x + len(t) * CHAR_WIDTH <= 720 for x, t in labels)
