"""Server-side SVG line charts (no chart library, nothing to vendor): the pot after every
event with deal boundaries, and each player's running balance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from django.utils.translation import gettext as _

WIDTH, HEIGHT, PAD = 720, 260, 40
#: Series are told apart by colour (`.s0` to `.s7` in app.css, so the legend matches its
#: line) and by dash pattern, so two equal balances drawn over each other stay visible.
SERIES_STYLES = 8
DASHES = ["", "10 5", "3 4", "14 4 3 4", "6 3", "1 5", "18 6", "4 2 1 2"]
LEGEND_ROW, LEGEND_COLUMNS = 22, 4
#: The labels' 12px font (app.css): about 7.2 units a character, wide glyphs included.
CHAR_WIDTH, LABEL_GAP = 7.2, 4


@dataclass(frozen=True, slots=True)
class Series:
    name: str
    points: Sequence[tuple[int, int]]  # (event version, value)


def line_chart(
    series: Sequence[Series],
    *,
    boundaries: Sequence[int] = (),
    title: str,
    last_x: int,
    first_x: int = 0,
    first_deal: int = 1,
) -> str:
    """An accessible SVG: one polyline per series, a dashed line at each deal start. A
    window of a longer table (the audit page's deals) starts at `first_x`, its first
    boundary being deal `first_deal`."""
    values = [y for s in series for _, y in s.points] or [0]
    low, high = min(0, *values), max(1, *values)
    right = max(last_x, first_x + 1)
    legend = len(series) > 1
    rows = -(-len(series) // LEGEND_COLUMNS) if legend else 0
    total = HEIGHT + rows * LEGEND_ROW

    def x(v: float) -> float:
        return PAD + (WIDTH - 2 * PAD) * ((v - first_x) / (right - first_x))

    def y(v: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * ((v - low) / (high - low))

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {total}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{PAD}" y1="{y(0):.1f}" x2="{WIDTH - PAD}" y2="{y(0):.1f}" class="axis"/>',
        f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" class="axis"/>',
        f'<text x="{PAD - 6}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>',
        f'<text x="{PAD - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{low}</text>',
        f'<text x="{WIDTH - PAD}" y="{HEIGHT - 10}" text-anchor="end">{_event(right)}</text>',
        *([f'<text x="{PAD}" y="{HEIGHT - 10}">{_event(first_x)}</text>'] if first_x else []),
    ]
    free = 0.0  # where the last deal's label ends: the next one may start after it
    for n, at in enumerate(boundaries, start=first_deal):
        parts.append(
            f'<line class="deal" data-deal="{n}" x1="{x(at):.1f}" y1="{PAD}" x2="{x(at):.1f}" '
            f'y2="{HEIGHT - PAD}"/>'
        )
        # Deals a few events apart (all passed, a lone player) wrote their labels over
        # each other ("deal1eal 2"): the label, else its number alone, else none.
        for label in (_deal(n), str(n)):
            if x(at) + 3 >= free and x(at) + 3 + _text_width(label) <= WIDTH:
                parts.append(f'<text x="{x(at) + 3:.1f}" y="{PAD - 6}">{label}</text>')
                free = x(at) + 3 + _text_width(label) + LABEL_GAP
                break
    for i, s in enumerate(series):
        style = f"s{i % SERIES_STYLES}"
        dash = DASHES[i % len(DASHES)]
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        steps: list[str] = []
        previous = s.points[0][1] if first_x and s.points else 0
        for vx, vy in s.points:  # a step chart: the value holds until the next event
            steps.append(f"{x(vx):.1f},{y(previous):.1f} {x(vx):.1f},{y(vy):.1f}")
            previous = vy
        steps.append(f"{x(right):.1f},{y(previous):.1f}")
        parts.append(
            f'<polyline class="series {style}" data-series="{escape(s.name)}" fill="none" '
            f'stroke-width="3"{dashed} points="{" ".join(steps)}"/>'
        )
        if legend:  # below the plot, in columns: never cut at the right edge
            column, row = i % LEGEND_COLUMNS, i // LEGEND_COLUMNS
            lx = PAD + column * (WIDTH - 2 * PAD) / LEGEND_COLUMNS
            ly = HEIGHT + row * LEGEND_ROW + 4
            parts.append(
                f'<g class="legend" data-series="{escape(s.name)}">'
                f'<line class="series {style}" x1="{lx:.1f}" y1="{ly:.1f}" x2="{lx + 28:.1f}" '
                f'y2="{ly:.1f}" stroke-width="3"{dashed}/>'
                f'<text class="legend {style}" x="{lx + 34:.1f}" y="{ly + 5:.1f}">'
                f"{escape(s.name)} {previous}</text></g>"
            )
    parts.append("</svg>")
    return "".join(parts)


def _text_width(text: str) -> float:
    return len(text) * CHAR_WIDTH


def _event(version: int) -> str:
    return escape(_("event %(version)s") % {"version": version})


def _deal(number: int) -> str:
    return escape(_("deal %(n)s") % {"n": number})


def running(
    changes: Mapping[int, int], versions: Sequence[int], start: int = 0
) -> list[tuple[int, int]]:
    """A running total after every version from per-version changes (from `start`: the
    total before the first of them)."""
    total, out = start, []
    for version in versions:
        total += changes.get(version, 0)
        out.append((version, total))
    return out
