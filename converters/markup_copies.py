"""Text columns that are another text column rendered as a markup page (HTML, XML): one text
twice, never a sentence pair.

Why a module of its own: scraped datasets ship a text beside the page it came from (the Kaggle
resume dataset's `Resume_str` beside `Resume_html`; a product's `description` beside
`description_html`, an issue's `body` beside `body_html`). Both columns hold long text, so without
this the two were written as a record's text and its `text/pair`: wrong, with exit 0. Unlike an
inline annotation (`column_content.marked_copy`, where the markup removed leaves the plain cell
exactly) a page's tags carry classes and styles and its text may be trimmed, re-spaced or cut, so
the test here is looser: the markup column's cells hold tags or entities, the plain column's do
not (a fifth of them may: a scrape leaves an entity now and then), and in most sampled rows the
page's words with its tags stripped hold the plain cell's words or lie within them, neither side
more than twice the other's words (a title is within its article's page, and no copy of it). The plain column is then the record's text and the page is left out, named in
the plan (`RENDERED_COPY`). `column_texts.found_texts` calls `rendered_copies`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

__all__ = ["RENDERED_COPY", "has_markup", "rendered_copies", "rendered_copy", "without_rendered"]

RENDERED_COPY = "the text again as a markup page (HTML/XML tags stripped, it holds the same words), not text"

# An element's opening or closing tag (`<div class="x">`, `</span>`, `<br/>`), or a character entity
# (`&amp;`, `&#160;`, `&nbsp;`): what marks a cell as markup rather than text that mentions `<`.
_TAG = re.compile(r"</?[A-Za-z][\w:.-]*(?:\s[^<>]*)?/?>")
_ENTITY = re.compile(r"&(?:[A-Za-z]{2,8}|#\d{1,6}|#x[0-9A-Fa-f]{1,6});")
# The most share of a plain column's sampled cells that may hold markup (a left-over entity).
_PLAIN_MARKUP_SHARE = 0.2
# The least share of the longer side's words the shorter side holds in a page of the same text.
_SHORTER_SHARE = 0.5
# Elements whose content is no text of the page (a stylesheet, a script), dropped with their tags.
_HIDDEN = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL)


def has_markup(cell: object) -> bool:
    """The cell holds at least two tags, or an entity (one `<3` or `a < b` is no markup).

    >>> [has_markup(c) for c in ('<p>Hi</p>', 'Tom &amp; Jerry', 'I <3 it', 'a < b > c', '')]
    [True, True, False, False, False]
    """
    text = str(cell or "")
    return len(_TAG.findall(text)) >= 2 or bool(_ENTITY.search(text))


def _words(cell: object) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", str(cell or "")).casefold().split())


def _stripped(cell: object) -> str:
    """The page's words: hidden elements and tags removed (each tag a space), entities decoded."""
    text = _HIDDEN.sub(" ", str(cell or ""))
    return _words(html.unescape(_TAG.sub(" ", text)))


def rendered_copy(plain: Sequence[object], marked: Sequence[object]) -> bool:
    """`marked` is `plain` as a page: most non-empty sampled `marked` cells hold markup, at most
    a fifth of the `plain` cells do (a left-over entity), and in most rows holding both the page's
    stripped words hold the plain cell's words or lie within them, the two of alike length
    (`_alike_in_length`).

    >>> rendered_copy(["Chef  Summary  Cooks well."], ['<div class="s"><p>Chef</p> Summary <b>cooks</b> well</div>'])
    True
    >>> rendered_copy(["A dog runs."], ["<p>A cat sleeps on the mat.</p>"])
    False
    >>> rendered_copy(["<p>A dog</p>"], ["<p>A dog</p>"])
    False
    >>> rendered_copy(["Rates held"], ["<h1>Rates held</h1><p>The bank kept its rates where they were for a third month</p>"])
    False
    """
    rows = [(a, b) for a, b in zip(plain, marked) if str(a or "").strip() and str(b or "").strip()]
    if not rows or sum(has_markup(a) for a, _ in rows) > _PLAIN_MARKUP_SHARE * len(rows):
        return False  # (a scrape's plain text keeps an entity now and then, `R&amp;D`: a few such cells are no page)
    if sum(has_markup(b) for _, b in rows) * 2 <= len(rows):
        return False
    inside = 0
    for a, b in rows:
        words, page = _words(a), _stripped(b)
        inside += bool(words and page) and (words in page or page in words) and _alike_in_length(words, page)
    return inside * 2 > len(rows)


def _alike_in_length(words: str, page: str) -> bool:
    """The shorter of a plain cell's words and a page's holds at least _SHORTER_SHARE of the longer's
    words: a page of the same text adds a heading or a few labels, not most of its words (a title
    beside its article's page, the title repeated in its <h1>, is a pair, not one text twice)."""
    counts = sorted((len(words.split()), len(page.split())))
    return counts[0] >= _SHORTER_SHARE * counts[1]


def rendered_copies(texts: Sequence[str], cells: Sequence[Sequence[object]]) -> list[str]:
    """The text columns that are a page of another text column (`rendered_copy`); `cells[i]` are
    the sampled cells of `texts[i]`."""
    return [texts[m] for m in range(len(texts))
            if any(p != m and rendered_copy(cells[p], cells[m]) for p in range(len(texts)))]


def without_rendered(
    texts: Sequence[str], cells: Sequence[Sequence[object]], unused: tuple[tuple[str, str], ...]
) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """(`texts` less their rendered copies, `unused` with each copy named as `RENDERED_COPY`)."""
    pages = rendered_copies(texts, cells)
    return [t for t in texts if t not in pages], (*unused, *((t, RENDERED_COPY) for t in pages))
