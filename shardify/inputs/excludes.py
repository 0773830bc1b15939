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
import shlex
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["LEFT_OUT", "Excludes", "describe_left_out", "exclude_option", "literal_glob", "parse_exclude"]

# The reject reason of a label or split list row naming a file an --exclude pattern leaves out.
LEFT_OUT = "left out by --exclude"


def exclude_option(path: str, tree: bool = False) -> str:
    """`--exclude P` leaving out the file or folder `path` (relative to SRC) and nothing else, as a stop
    offers it for a shell: its glob characters each in a class of its own (`data[1]` is the folder
    `data[1]`, not `data1`), quoted where a shell would split or expand it (`CT 3d`: before, offered
    bare, `3d` was taken for another argument; review32). `tree`: written `<folder>/**`, as several
    stops show a folder's tree (the same files: a pattern naming a folder leaves out its tree).

    >>> exclude_option("3d_images"), exclude_option("CT 3d"), exclude_option("batches[1]")
    ('--exclude 3d_images', "--exclude 'CT 3d'", "--exclude 'batches[[]1]'")
    >>> exclude_option("wavs", tree=True), shlex.split(exclude_option("it's [old]", tree=True))
    ("--exclude 'wavs/**'", ['--exclude', "it's [[]old]/**"])
    >>> Excludes((shlex.split(exclude_option("a*b?"))[1],))("a*b?/x.txt"), Excludes(("a[*]b[?]",))("axxb/x.txt")
    (True, False)
    """
    return "--exclude " + shlex.quote(literal_glob(path) + ("/**" if tree else ""))


def literal_glob(path: str) -> str:
    """`path` as an --exclude glob matching it alone: each glob character in a class of its own.

    >>> literal_glob("notes [v2].txt"), literal_glob("a*b?")
    ('notes [[]v2].txt', 'a[*]b[?]')
    """
    return re.sub(r"([*?\[])", r"[\1]", path)


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


# Stars spanning folders (`**`, `**/`) a pattern may hold: each more multiplies the work of
# matching a path that almost matches by the path's length (a regular expression backtracks).
MAX_DOUBLE_STARS = 2

_STAR, _ANY, _FOLDERS, _SLASH, _FIXED = "*", "**", "**/", "/", "fixed"


def _tokens(pattern: str, text: str) -> list[tuple[str, str]]:
    """(kind, regular expression) per piece of the pattern, stars that mean no more run together
    (`**/**/` is `**/`, `***` and `***/` are `**`, `**/*` stays), a class checked closed."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(pattern)
    while i < n:
        char = pattern[i]
        if pattern.startswith("**", i):
            stars = len(pattern[i:]) - len(pattern[i:].lstrip("*"))
            if stars == 2 and pattern.startswith("/", i + 2):
                token, i = (_FOLDERS, "(?:.*/)?"), i + 3  # any folders, none included
            else:
                token, i = (_ANY, ".*"), i + stars
            if out and out[-1][0] in (_ANY, _FOLDERS) and (token[0] == _FOLDERS or out[-1][0] == _ANY):
                continue  # (`**/**/`, `**/**`, `****`: the first already says it)
            if out and out[-1][0] == _FOLDERS and token[0] == _ANY:
                out[-1] = token
                continue
            out.append(token)
        elif char == "*":
            out.append((_STAR, "[^/]*"))
            i += 1
        elif char == "?":
            out.append((_FIXED, "[^/]"))
            i += 1
        elif char == "[":
            end = pattern.find("]", i + 2 if pattern[i + 1 : i + 2] in ("!", "]") else i + 1)
            if end < 0:
                raise ValueError(f"--exclude {text!r} opens a class '[' it never closes")
            body = pattern[i + 1 : end]
            body = "^" + body[1:] if body.startswith("!") else body
            # (a `[` in a class is literal; escaped, no nested set for the regular expression to warn of)
            out.append((_FIXED, "(?!/)[" + body.replace("\\", "\\\\").replace("[", "\\[") + "]"))
            i = end + 1
        else:
            out.append((_SLASH if char == "/" else _FIXED, re.escape(char)))
            i += 1
    return out


def _compile(pattern: str, text: str) -> re.Pattern[str]:
    """The regular expression of one pattern over a whole relative path, built so that matching
    takes time about the path's length times the pattern's, never a power of it.

    A star within a folder name followed by fixed characters and another star there (`*a*b`)
    takes the first place those characters fit, atomically, as `fnmatch` does: the characters are
    of one width and the star after them takes whatever lay between, so no later place can match
    where the first cannot, and nothing is tried twice. Stars spanning folders are at most
    MAX_DOUBLE_STARS (after `**/**/` runs together).

    Raises:
      ValueError: an unclosed class, or more stars spanning folders than MAX_DOUBLE_STARS.
    """
    tokens = _tokens(pattern, text)
    if sum(kind in (_ANY, _FOLDERS) for kind, _ in tokens) > MAX_DOUBLE_STARS:
        raise ValueError(
            f"--exclude {text!r} holds more than {MAX_DOUBLE_STARS} '**': give several --exclude patterns instead"
        )
    out, group, i = [], 0, 0
    while i < len(tokens):
        kind, expression = tokens[i]
        if kind != _STAR:
            out.append(expression)
            i += 1
            continue
        j = i + 1
        while j < len(tokens) and tokens[j][0] == _FIXED:
            j += 1
        chunk = "".join(expression for _, expression in tokens[i + 1 : j])
        if chunk and j < len(tokens) and tokens[j][0] == _STAR:
            out.append(f"(?=(?P<g{group}>[^/]*?{chunk}))(?P=g{group})")
            group += 1
        else:
            out.append(expression + chunk)
        i = j
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
