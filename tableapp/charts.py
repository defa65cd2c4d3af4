"""Server-side SVG line charts (no chart library, nothing to vendor): the pot after every
event with deal boundaries, and each player's running balance."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape

from django.utils.translation import gettext as _

WIDTH, HEIGHT, PAD = 720, 260, 40
#: A phone's drawing (its card is about 350 px wide): drawn for that width rather than the
#: tablet's shrunk to half, whose 12px labels came out 6 px tall. Deal labels that do not
#: fit are left out as on the tablet's, and the legend takes the columns it has room for.
PHONE_WIDTH, PHONE_HEIGHT = 340, 220
#: Series are told apart by colour (`.s0` to `.s7` in app.css, so the legend matches its
#: line) and by dash pattern, so two equal balances drawn over each other stay visible.
SERIES_STYLES = 8
DASHES = ["", "10 5", "3 4", "14 4 3 4", "6 3", "1 5", "18 6", "4 2 1 2"]
LEGEND_ROW, LEGEND_COLUMNS = 22, 4
LEGEND_SAMPLE = 34  # the line's sample and the gap before the name
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
    phone: bool = False,
    x_label: Callable[[int], str] | None = None,
) -> str:
    """An accessible SVG: one polyline per series, a dashed line at each deal start. A
    window of a longer table (the audit page's deals) starts at `first_x`, its first
    boundary being deal `first_deal`. `phone`: drawn for a phone's width (class `phone`;
    app.css shows the one drawing that suits the screen). `x_label` words an x value at
    the axis's ends (the event's number unless given: a season's chart names its nights)."""
    label = x_label or _event
    width, height = (PHONE_WIDTH, PHONE_HEIGHT) if phone else (WIDTH, HEIGHT)
    values = [y for s in series for _, y in s.points] or [0]
    low, high = min(0, *values), max(1, *values)
    right = max(last_x, first_x + 1)
    legend = len(series) > 1
    columns = _legend_columns(series, width)
    rows = -(-len(series) // columns) if legend else 0
    total = height + rows * LEGEND_ROW

    def x(v: float) -> float:
        return PAD + (width - 2 * PAD) * ((v - first_x) / (right - first_x))

    def y(v: float) -> float:
        return height - PAD - (height - 2 * PAD) * ((v - low) / (high - low))

    kind = "chart phone" if phone else "chart"
    parts = [
        f'<svg class="{kind}" viewBox="0 0 {width} {total}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{PAD}" y1="{y(0):.1f}" x2="{width - PAD}" y2="{y(0):.1f}" class="axis"/>',
        f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{height - PAD}" class="axis"/>',
        f'<text x="{PAD - 6}" y="{y(high) + 4:.1f}" text-anchor="end">{high}</text>',
        f'<text x="{PAD - 6}" y="{y(low) + 4:.1f}" text-anchor="end">{low}</text>',
        f'<text x="{width - PAD}" y="{height - 10}" text-anchor="end">{label(right)}</text>',
        *([f'<text x="{PAD}" y="{height - 10}">{label(first_x)}</text>'] if first_x else []),
    ]
    free = 0.0  # where the last deal's label ends: the next one may start after it
    for n, at in enumerate(boundaries, start=first_deal):
        parts.append(
            f'<line class="deal" data-deal="{n}" x1="{x(at):.1f}" y1="{PAD}" x2="{x(at):.1f}" '
            f'y2="{height - PAD}"/>'
        )
        # Deals a few events apart (all passed, a lone player) wrote their labels over
        # each other ("deal1eal 2"): the label, else its number alone, else none.
        for label in (_deal(n), str(n)):
            if x(at) + 3 >= free and x(at) + 3 + _text_width(label) <= width:
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
            column, row = i % columns, i // columns
            lx = PAD + column * (width - 2 * PAD) / columns
            ly = height + row * LEGEND_ROW + 4
            parts.append(
                f'<g class="legend" data-series="{escape(s.name)}">'
                f'<line class="series {style}" x1="{lx:.1f}" y1="{ly:.1f}" x2="{lx + 28:.1f}" '
                f'y2="{ly:.1f}" stroke-width="3"{dashed}/>'
                f'<text class="legend {style}" x="{lx + LEGEND_SAMPLE:.1f}" y="{ly + 5:.1f}">'
                f"{escape(s.name)} {previous}</text></g>"
            )
    parts.append("</svg>")
    return "".join(parts)


def _legend_columns(series: Sequence[Series], width: int) -> int:
    """As many columns as the longest entry (its sample, name and last value) leaves room
    for, at most LEGEND_COLUMNS: a phone's drawing has room for two or three."""
    longest = max(
        (_text_width(f"{s.name} {s.points[-1][1] if s.points else 0}") for s in series),
        default=0,
    )
    fits = int((width - 2 * PAD) // (LEGEND_SAMPLE + longest + LABEL_GAP * 3))
    return max(1, min(LEGEND_COLUMNS, fits))


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
