"""The small pieces of markup the inspect page is made of: escaping, tables, shortened texts.

Everything the page shows comes from untrusted files (labels, record ids, texts, report lines), so
every value goes through `esc` (HTML-escaped, controls shown as `\\xNN`), and the sections build
their tables with `html_table` rather than spelling markup around raw values.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence

from shardify.inspect.facts import Spread
from shardify.inspect.text_view import printable

__all__ = ["esc", "esc_text", "html_table", "spread_cells", "cut", "more_groups"]


def esc(text: object) -> str:
    """`text` as HTML, quotes escaped too (it may sit in an attribute), controls as `\\xNN`."""
    return html.escape(printable(str(text)), quote=True)


def esc_text(text: str) -> str:
    """A record's text: line breaks and tabs kept (the page shows them), other controls as `\\xNN`."""
    return "\n".join("\t".join(esc(part) for part in line.split("\t")) for line in text.rstrip().split("\n"))



def html_table(header: Sequence[str], rows: Iterable[Sequence[object]], numeric: Sequence[bool]) -> str:
    """A table of escaped cells; `numeric` columns are aligned right."""
    cells = "".join(f'<th class="{"n" if n else ""}">{esc(h)}</th>' for h, n in zip(header, numeric))
    body = "".join(
        "<tr>" + "".join(f'<td class="{"n" if n else ""}">{esc(v)}</td>' for v, n in zip(row, numeric)) + "</tr>"
        for row in rows
    )
    return f"<table><tr>{cells}</tr>{body}</table>"


def spread_cells(spread: Spread, fmt: Callable[[float], str]) -> list[str]:
    """A spread's min, median and max, each formatted by `fmt`: one table row's cells."""
    return [fmt(spread.minimum), fmt(spread.median), fmt(spread.maximum)]


def more_groups(total: int, shown: int) -> str:
    """A line saying how many groups were left out, or nothing where all were shown."""
    return f"<p>… and {total - shown:,} more groups.</p>" if total > shown else ""


def cut(text: str, chars: int) -> str:
    """`text` shortened to `chars` characters, an ellipsis marking the cut."""
    return text if len(text) <= chars else text[: chars - 1] + "…"
