"""`--exclude GLOB`: files of SRC a conversion leaves out, neither inputs nor evidence.

A dataset often ships files beside its inputs that detection would read as more inputs or as
more evidence (DIV2K's low-resolution twins, WikiArt's label lists of other tasks, HASYv2's fold
tables, MELD's clips), and a stop that doubts them needs a remedy short of a layout file. A
pattern is a glob over paths relative to SRC, POSIX slashes, matched case-sensitively: `*` and
`?` stay within one folder name, `[abc]` is a class, `**` spans folders (`**/*.mp4`, `LR/**`). It
leaves out a file when it matches the file's path or one of its folders (`DIV2K_train_LR_bicubic`
leaves out the whole tree), so a pattern naming a folder needs no `/**`. Nothing is silent: the
plan counts and names what the patterns left out, the manifest records them, and a label or split
list row naming a left-out file is rejected with `LEFT_OUT` as its reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Excludes", "LEFT_OUT", "describe_left_out", "parse_exclude"]

# The reject reason of a label or split list row naming a file an --exclude pattern leaves out.
LEFT_OUT = "left out by --exclude"


def parse_exclude(text: str) -> str:
    """One `--exclude` pattern, checked: a glob relative to SRC (leading "./" dropped).

    >>> parse_exclude("./LR/**"), parse_exclude("**/*.mp4")
    ('LR/**', '**/*.mp4')

    Raises:
      ValueError: empty, absolute, climbing out of SRC (`..`), or an unclosed `[`.
    """
    pattern = text.strip()
    while pattern.startswith("./"):
        pattern = pattern[2:]
    pattern = pattern.rstrip("/") if pattern.rstrip("/") else pattern
    if not pattern or pattern == ".":
        raise ValueError(f"--exclude {text!r} names no file: give a glob relative to SRC, e.g. 'LR/**' or '**/*.mp4'")
    if pattern.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", pattern) or "://" in pattern:
        raise ValueError(f"--exclude {text!r} is an absolute path: give a glob relative to SRC, e.g. 'LR/**'")
    if ".." in pattern.split("/"):
        raise ValueError(f"--exclude {text!r} climbs out of SRC ('..'): patterns match paths inside SRC only")
    if "\\" in pattern:
        raise ValueError(f"--exclude {text!r} holds a backslash: paths are matched with '/' between folders")
    _compile(pattern, text)  # an unclosed class raises here
    return pattern


def _compile(pattern: str, text: str) -> re.Pattern[str]:
    """The regular expression of one pattern over a whole relative path."""
    out, i, n = [], 0, len(pattern)
    while i < n:
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")  # any folders, none included
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif char == "*":
            out.append("[^/]*")
            i += 1
        elif char == "?":
            out.append("[^/]")
            i += 1
        elif char == "[":
            end = pattern.find("]", i + 2 if pattern[i + 1 : i + 2] in ("!", "]") else i + 1)
            if end < 0:
                raise ValueError(f"--exclude {text!r} opens a class '[' it never closes")
            body = pattern[i + 1 : end]
            body = "^" + body[1:] if body.startswith("!") else body
            out.append("(?!/)[" + body.replace("\\", "\\\\") + "]")
            i = end + 1
        else:
            out.append(re.escape(char))
            i += 1
    return re.compile("".join(out))


@dataclass(frozen=True)
class Excludes:
    """The `--exclude` patterns of one conversion: called with a path relative to SRC, True where
    the path or one of its folders matches one of them. Falsy when there are none."""

    patterns: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_regexes", tuple(_compile(p, p) for p in self.patterns))

    def __bool__(self) -> bool:
        return bool(self.patterns)

    def __call__(self, relpath: str) -> bool:
        if not self.patterns:
            return False
        relpath = relpath.rstrip("/")
        parts = relpath.split("/")
        prefixes = ["/".join(parts[: k + 1]) for k in range(len(parts))]
        return any(regex.fullmatch(prefix) for regex in self._regexes for prefix in prefixes)

    def __reduce__(self):  # compiled patterns are rebuilt where Beam unpickles the options
        return (Excludes, (self.patterns,))


def describe_left_out(paths: Sequence[str], shown: int = 3) -> str:
    """The plan's line for what the patterns left out: "left out by --exclude: N (first few)"."""
    first = ", ".join(paths[:shown]) + (", ..." if len(paths) > shown else "")
    return f"{LEFT_OUT}: {len(paths)} ({first})"
