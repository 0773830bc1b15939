"""Lines each wrapped in a tag that names the line's own class: the class is the tag's, not the file's.

Emotion-Stimulus (Ghazi et al. 2015) ships two line files, `Emotion Cause.txt` and `No Cause.txt`,
each line `<happy>These days he is quite happy <cause>travelling by trolley<\\cause> . <\\happy>`:
the seven emotions are the tags, the file names say only whether a cause is marked. Read as one line
file per class, every line was labelled 'emotion cause' or 'no cause' with exit 0. A file whose
lines nearly all open with a tag and close with the same tag (`</x>` or the release's `<\\x>`), the
tags varying between lines, holds its classes in its lines; the plan stops naming the files and the
tags (`shardify.beam_jobs.discover.line_files`). One tag throughout (`<s>`, `<doc>`) is markup, not a
class, and lets the files be read as before; HTML's and corpora's tags (`<h1>`, `<p>`, `<li>`, `<seg>`:
MARKUP_TAGS) are never read as classes, and files of such lines alone are read as before too (review28:
per-class files of `<p>`/`<div>` review snippets had stopped, their tags named as classes).

A .txt of such lines at the top of SRC is read rather than stopped: a table of `label` and `text`
columns, a row a line (`converters.tables.TAGGED_LINES`), the label the line's tag and the text what it
wraps, inner tags (`<cause>..<\\cause>`, the stimulus span) kept as written: they are annotation
the record would otherwise lose. A line not so wrapped, or closed by another tag, is that row's reject.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence

__all__ = ["MARKUP_TAGS", "line_tags", "looks_tagged", "split_tagged", "tagged_lines_message"]

# `<tag>` at the start of a line and the same tag closed at its end, with '/' or the backslash some
# releases write; the tag a word (letters, digits, '_', '-').
_TAGGED = re.compile(r"^\s*<([A-Za-z][\w-]{0,40})>.*<[\\/]\1>\s*$")
# The same, keeping what the tag wraps (the line's text).
_WRAPPED = re.compile(r"^\s*<([A-Za-z][\w-]{0,40})>(.*)<[\\/]\1>\s*$", re.DOTALL)
_BOM = "\ufeff"  # a UTF-8 byte order mark opening a file's first line, not part of it
# The share of a file's non-blank first lines that must be so wrapped.
_TAGGED_SHARE = 0.8
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
    tags = Counter(m.group(1) for line in filled if (m := _TAGGED.match(line.lstrip(_BOM))))
    return tags if sum(tags.values()) >= _TAGGED_SHARE * len(filled) else None


def looks_tagged(lines: Sequence[str]) -> bool:
    """Lines of one file that nearly all wrap in a tag naming their class, two tags or more: a file of
    `<label>text<\\label>` lines. One tag throughout is markup (`<s>`), not classes.

    >>> looks_tagged(["<happy>a b .<\\\\happy>", "<sad>c d</sad>"]), looks_tagged(["<s>a</s>", "<s>b</s>"])
    (True, False)
    """
    tags = line_tags(lines)
    return tags is not None and _classes(tags)


# Tags that are markup, not a line's class: HTML's and the text corpora's (SGML `<s>`, `<seg>`, `<doc>`).
# A file of `<h1>..</h1>` and `<p>..</p>` lines is a document written in markup; read as tagged lines its
# headings and paragraphs would become classes.
MARKUP_TAGS = frozenset({
    "a", "b", "i", "u", "s", "p", "q", "em", "strong", "small", "big", "sub", "sup", "tt", "code", "pre", "span", "div",
    "font", "center", "br", "hr", "li", "ul", "ol", "dl", "dt", "dd", "td", "th", "tr", "table", "caption", "blockquote",
    "h1", "h2", "h3", "h4", "h5", "h6", "title", "head", "body", "html", "section", "article", "header", "footer",
    "doc", "docno", "text", "seg", "sent", "sentence", "line", "para", "paragraph", "headline", "abstract", "turn",
    "aside", "button", "cite", "label", "main", "nav",
})


def _classes(tags: Counter[str]) -> bool:
    """Two tags or more, none of them markup (MARKUP_TAGS): the lines' classes.

    >>> _classes(Counter({"happy": 2, "sad": 1})), _classes(Counter({"h1": 1, "p": 9})), _classes(Counter({"s": 4}))
    (True, False, False)
    """
    return len(tags) >= 2 and not any(tag.lower() in MARKUP_TAGS for tag in tags)


def split_tagged(text: str) -> tuple[str, str] | str:
    """(label, text) of a `<label>text<\\label>` line, its text stripped; or why the line is not one.

    >>> split_tagged("<happy>He is happy <cause>riding<\\\\cause> . <\\\\happy>")
    ('happy', 'He is happy <cause>riding<\\\\cause> .')
    >>> split_tagged("<sad>no end")
    'not a `<label>text<\\\\label>` line: no tag wraps it, or it is closed by another tag'
    >>> split_tagged("<sad>   </sad>")
    'a `<label>text<\\\\label>` line with no text'
    """
    found = _WRAPPED.match(text.lstrip(_BOM).rstrip("\r\n"))
    if not found:
        return "not a `<label>text<\\label>` line: no tag wraps it, or it is closed by another tag"
    label, body = found.group(1), found.group(2).strip()
    if not body:
        return "a `<label>text<\\label>` line with no text"
    return label, body


def tagged_lines_message(lines: Mapping[str, Sequence[str]]) -> str:
    """Why files of lines read a class per file hold their classes in their lines, or "" where they
    do not: each file's lines wrapped in tags, two tags or more in all, markup's (`MARKUP_TAGS`) not counted.

    >>> tagged_lines_message({"pos.txt": ["<p>good</p>", "<div>fine</div>"], "neg.txt": ["<li>bad</li>"]})
    ''
    >>> tagged_lines_message({"a.txt": ["<joy>x</joy>", "<p>y</p>"], "b.txt": ["<fear>z</fear>"]})[:14]
    'a.txt, b.txt: '
    """
    found = {path: line_tags(first) for path, first in lines.items()}
    if not found or any(tags is None for tags in found.values()):
        return ""
    tags: Counter[str] = sum(found.values(), Counter())
    tags = Counter({tag: count for tag, count in tags.items() if tag.lower() not in MARKUP_TAGS})
    if len(tags) < 2:
        return ""  # one tag throughout, or markup's (`<s>`, `<p>`, `<div>`): not classes
    shown = ", ".join(sorted(tags)[:_SHOWN_TAGS]) + (" and more" if len(tags) > _SHOWN_TAGS else "")
    files = ", ".join(sorted(found)[:4])
    example = next(iter(sorted(tags)))
    if not _classes(tags):  # HTML's: no classes, and no reading of them offered
        return (f"{files}: each line is wrapped in a markup tag (tags {shown}), one file per class or not: the tags are "
                "no classes shardify reads and the files' names may be none either; a layout file says what each file "
                "holds (--dry-run --layout-file FILE: docs/layout-files.md)")
    return (f"{files}: each line is wrapped in a tag naming its own class (<{example}>...<\\{example}> or </{example}>; "
            f"tags {shown}): the lines' classes are their tags, not their files' names. --layout tables reads each line "
            "a record labelled by its tag (as it does such files at the top of SRC)")
