"""Lines each wrapped in a tag that names the line's own class: the class is the tag's, not the file's.

Emotion-Stimulus (Ghazi et al. 2015) ships two line files, `Emotion Cause.txt` and `No Cause.txt`,
each line `<happy>These days he is quite happy <cause>travelling by trolley<\\cause> . <\\happy>`:
the seven emotions are the tags, the file names say only whether a cause is marked. Read as one line
file per class, every line was labelled 'emotion cause' or 'no cause' with exit 0. A file whose
lines nearly all open with a tag and close with the same tag (`</x>` or the release's `<\\x>`), the
tags varying between lines, holds its classes in its lines; the plan stops naming the files and the
tags (`shardify.beam_jobs.discover.line_files`). One tag throughout (`<s>`, `<doc>`) is markup, not a
class, and lets the files be read as before.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

__all__ = ["line_tags", "tagged_lines_message"]

# `<tag>` at the start of a line and the same tag closed at its end, with '/' or the backslash some
# releases write; the tag a word (letters, digits, '_', '-').
_TAGGED = re.compile(r"^\s*<([A-Za-z][\w-]{0,40})>.*<[\\/]\1>\s*$")
# The share of a file's non-blank first lines that must be so wrapped.
_TAGGED_SHARE = 0.8
# Tags that are markup, never a line's class: HTML's elements (review snippets of `<p>`, `<div>`, `<li>` lines in
# per-class files had stopped, their tags taken for classes, review28) and corpora's segment tags (`<s>`, `<seg>`).
_MARKUP_TAGS = frozenset({
    "html", "head", "body", "title", "p", "div", "span", "a", "b", "i", "u", "em", "strong", "small", "big", "sub",
    "sup", "font", "center", "br", "hr", "li", "ul", "ol", "dl", "dt", "dd", "table", "tr", "td", "th", "h1", "h2",
    "h3", "h4", "h5", "h6", "pre", "code", "blockquote", "q", "cite", "section", "article", "header", "footer",
    "nav", "main", "aside", "label", "button", "s", "seg", "doc", "text", "sent", "sentence", "line", "para",
})
_SHOWN_TAGS = 6


def line_tags(lines: Sequence[str]) -> Counter[str] | None:
    """The tags wrapping `lines` (counted), where nearly all non-blank lines are wrapped; else None.

    >>> line_tags(["<happy>a b .<\\\\happy>", "<sad>c d</sad>", "<happy>e<\\\\happy>"])
    Counter({'happy': 2, 'sad': 1})
    >>> line_tags(["plain text", "<b>bold</b>"]) is None
    True
    """
    filled = [line for line in lines if line.strip()]
    if not filled:
        return None
    tags = Counter(m.group(1) for line in filled if (m := _TAGGED.match(line)))
    return tags if sum(tags.values()) >= _TAGGED_SHARE * len(filled) else None


def tagged_lines_message(lines: Mapping[str, Sequence[str]]) -> str:
    """Why files of lines read a class per file hold their classes in their lines, or "" where they
    do not: each file's lines wrapped in tags, two tags or more in all, markup's (`_MARKUP_TAGS`) not counted.

    >>> tagged_lines_message({"pos.txt": ["<p>good</p>", "<div>fine</div>"], "neg.txt": ["<li>bad</li>"]})
    ''
    >>> tagged_lines_message({"a.txt": ["<joy>x</joy>", "<p>y</p>"], "b.txt": ["<fear>z</fear>"]})[:14]
    'a.txt, b.txt: '
    """
    found = {path: line_tags(first) for path, first in lines.items()}
    if not found or any(tags is None for tags in found.values()):
        return ""
    tags: Counter[str] = sum(found.values(), Counter())
    tags = Counter({tag: count for tag, count in tags.items() if tag.lower() not in _MARKUP_TAGS})
    if len(tags) < 2:
        return ""  # one tag throughout, or markup's (`<s>`, `<p>`, `<div>`): not classes
    shown = ", ".join(sorted(tags)[:_SHOWN_TAGS]) + (" and more" if len(tags) > _SHOWN_TAGS else "")
    files = ", ".join(sorted(found)[:4])
    example = next(iter(sorted(tags)))
    return (f"{files}: each line is wrapped in a tag naming its own class (<{example}>...<\\{example}> or </{example}>; "
            f"tags {shown}): the lines' classes are their tags, not their files' names, and shardify reads no such tags. "
            "Write the lines as a table of text and label (then --layout tables reads it)")
