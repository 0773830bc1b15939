"""The charts of `shardify inspect --html`: pygal bar charts and histograms as SVG, each with a
fixed id and with pygal's configuration script and comments removed, so the same facts give the same
bytes and the page runs no script (`html_page` holds the page around them)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygal
from pygal.style import Style

from shardify.inspect.text_view import printable

__all__ = ["Charts", "ticks"]

# Bins of the size and length histograms.
_BINS = 24
_CHART_WIDTH, _CHART_HEIGHT = 640, 260
_STYLE = Style(
    background="#ffffff",
    plot_background="#ffffff",
    foreground="#333333",
    foreground_strong="#111111",
    foreground_subtle="#888888",
    font_family="system-ui, -apple-system, 'Segoe UI', sans-serif",
    title_font_size=15,
    label_font_size=11,
    major_label_font_size=11,
    colors=("#3b6fb6", "#e08a2c", "#4b9e5f", "#c2464d", "#7d5ba6"),
)


def ticks(high: float, *, whole: bool = True, most: int = 8) -> list[float]:
    """Axis ticks from 0 to at least `high`, at a round step (1, 2 or 5 times a power of ten), at
    most `most` + 1 of them; whole numbers only for counts.

    >>> ticks(24), ticks(13), ticks(0)
    ([0, 5, 10, 15, 20, 25], [0, 2, 4, 6, 8, 10, 12, 14], [0, 1])
    """
    if high <= 0:
        return [0, 1]
    raw = high / most
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    if whole:
        step = max(1, round(step))
    top = math.ceil(high / step)
    return [round(i * step, 10) if not whole else int(i * step) for i in range(top + 1)]


class Charts:
    """Makes pygal charts with fixed ids, no scripts and no comments."""

    def __init__(self) -> None:
        self._count = 0

    def _config(self, **options: Any) -> dict[str, Any]:
        return {
            "js": [],
            "disable_xml_declaration": True,
            "width": _CHART_WIDTH,
            "height": _CHART_HEIGHT,
            "style": _STYLE,
            "show_legend": False,
            "margin": 12,
            **options,
        }

    def render(self, chart: Any) -> str:
        """The chart's SVG in a `div`; `chart` is any pygal chart."""
        self._count += 1
        chart.uuid = f"inspect-{self._count}"  # the id pygal scopes its CSS with; fixed, not random
        chart.add_xml_filter(_strip_scripts_and_comments)
        return f'<div class="chart">{chart.render(is_unicode=True)}</div>'

    def bars(
        self, title: str, labels: Sequence[str], values: Sequence[float], *, formatter: Callable[[float], str], whole: bool
    ) -> str:
        many = len(labels) > 32
        chart = pygal.Bar(
            **self._config(
                title=title,
                value_formatter=formatter,
                y_labels=ticks(max(values, default=0), whole=whole),
                show_x_labels=not many,
                x_label_rotation=0 if len(labels) <= 16 else 60,
                print_values=len(labels) <= 12,
                print_values_position="top",
            )
        )
        chart.x_labels = [printable(label) for label in labels]
        chart.add(title, list(values))
        return self.render(chart)

    def horizontal(self, title: str, labels: Sequence[str], values: Sequence[float]) -> str:
        chart = pygal.HorizontalBar(
            **self._config(
                title=title,
                height=max(_CHART_HEIGHT // 2, 70 + 22 * len(labels)),
                value_formatter=lambda value: f"{value:,.0f}",
                y_labels=ticks(max(values, default=0)),
                print_values=True,
                print_values_position="top",
                truncate_label=28,
            )
        )
        # HorizontalBar draws the first label at the bottom: reverse, so the list reads top down.
        chart.x_labels = [printable(label) for label in reversed(labels)]
        chart.add(title, list(reversed(values)))
        return self.render(chart)

    def histogram(self, title: str, values: Sequence[float], *, digits: int = 0) -> str:
        bins = _histogram(values, whole=digits == 0)
        chart = pygal.Histogram(
            **self._config(
                title=title,
                truncate_label=-1,
                value_formatter=lambda value: f"{value:,.0f}",
                x_value_formatter=lambda value: f"{value:,.{digits}f}",
                y_labels=ticks(max((count for count, _, _ in bins), default=0)),
            )
        )
        chart.add(title, bins)
        return self.render(chart)


def _strip_scripts_and_comments(root: Any) -> Any:
    """pygal's XML filter: drop its config script (the page runs none) and its comments (a web
    address and today's date)."""
    for parent in [root, *root.iter()]:
        for child in list(parent):
            if not isinstance(child.tag, str) or child.tag.rsplit("}", 1)[-1] == "script":
                parent.remove(child)
    return root


def _histogram(values: Sequence[float], *, whole: bool) -> list[tuple[int, float, float]]:
    """(count, start, end) of `_BINS` equal bins over the values' range. When all values are equal,
    one narrow bin between two empty ones, so the bar does not fill the chart as if it were a range."""
    if not values:
        return []
    low, high = min(values), max(values)
    if high <= low:
        half = 0.5 if whole else max(abs(low) * 0.02, 0.005)
        return [(0, low - 3 * half, low - half), (len(values), low - half, low + half), (0, low + half, low + 3 * half)]
    step = (high - low) / _BINS
    counts = [0] * _BINS
    for value in values:
        counts[min(int((value - low) / step), _BINS - 1)] += 1
    return [(count, low + i * step, low + (i + 1) * step) for i, count in enumerate(counts)]
