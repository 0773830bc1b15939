"""Documents named by the ids a line file beside them lists: items of that file, not texts of their folder's class.

Rumour-detection corpora (Twitter15 and Twitter16: `twitter15/source_tweets.txt` of `<tweet id><TAB><tweet>` lines,
`twitter15/label.txt` of `<label>:<tweet id>` lines, and `twitter15/tree/<tweet id>.txt`, each source tweet's
propagation tree) name one file per item by its id, and list the items, with their labels or texts, in line files
beside them. Read as class folders of texts, every tree became a document labelled by its collection's folder
(`twitter15`), exit 0, while the labels sat in label.txt, set aside with the tweets.

Told here from the first lines of the line files the layout sets aside next to the documents (in their folder or a
folder above them): where the first or last field of their lines (split on a tab, `:`, `,` or `;`) are the names
of sampled documents, the documents are keyed by that file, and the run stops before writing, naming both, the
folders the labels would have come from, and the --exclude that leaves the documents out. No option joins such a
list's labels onto the lines of another (Twitter15's tweets): the stop only keeps the wrong labels from being
written. Only a folder reading of texts whose folders label them is checked: a label file that joins the
documents is detected as one (`label_file`), never reaching here.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_lines
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout

__all__ = ["KEY_SEPARATORS", "check_keyed_documents", "keyed_by"]

# What separates an id from the rest of a line in the files that list items: Twitter15's
# `<id><TAB><tweet>` and `<label>:<id>`, a `<id>,<label>` or `<label>;<id>` list. Data, not code.
KEY_SEPARATORS = re.compile(r"[\t:,;]")
# Line files, by extension ("" a file without one), that can list items.
_LIST_EXTENSIONS = frozenset({"txt", "tsv", "csv", "lst", "list", ""})
# Of a line file's sampled lines, at least this many name a sampled document, and at least this share
# of the sampled documents in its tree are named (the head read holds the first lines only, the
# sample some documents only: both are lower bounds, so the share is of the smaller side).
_MIN_NAMED = 3
_MIN_SHARE = 0.5
_SHOWN = 3
# Stems of at most this many digits in a gapless run are numbers of lines or files, not ids.
_ROW_NUMBER_DIGITS = 6


def _keys(line: str) -> set[str]:
    """A line's first and last fields: where a list puts an item's id."""
    fields = [f.strip() for f in KEY_SEPARATORS.split(line.strip()) if f.strip()]
    return {fields[0], fields[-1]} if len(fields) > 1 else set()


def _row_numbers(stems: set[str]) -> bool:
    """The stems are small whole numbers in a run with no gap (0, 1, 2 ...): a line's or file's number, not an id."""
    if not stems or not all(s.isdigit() and len(s) <= _ROW_NUMBER_DIGITS for s in stems):
        return False
    numbers = sorted(int(s) for s in stems)
    return numbers[-1] - numbers[0] == len(numbers) - 1


def keyed_by(lines: Sequence[str], documents: Sequence[str]) -> list[str]:
    """The documents (relative paths) whose names (stems) the lines list as ids, where enough do.

    >>> keyed_by(["false:5101", "true:7302", "unverified:6203"], ["a/tree/5101.txt", "a/tree/7302.txt", "a/tree/6203.txt"])
    ['a/tree/5101.txt', 'a/tree/6203.txt', 'a/tree/7302.txt']
    >>> keyed_by(["the cat sat", "on the mat"], ["a/cat.txt", "a/mat.txt", "a/hat.txt"])
    []
    >>> keyed_by(["1: first batch", "2: second", "3: third"], ["a/1.txt", "a/2.txt", "a/3.txt"])
    []
    """
    by_stem: dict[str, list[str]] = {}
    for doc in documents:
        by_stem.setdefault(layout.stem(doc), []).append(doc)
    listed = [line for line in lines if line.strip()]
    named = [stem for line in listed for stem in _keys(line) if stem in by_stem]
    if _row_numbers(set(named)):
        return []  # `1.txt`, `2.txt` named by a list's `1: ...`, `2: ...`: numbers every list has, no ids
    if len(set(named)) < _MIN_NAMED or len(set(named)) < _MIN_SHARE * min(len(listed), len(by_stem)):
        return []
    return sorted(doc for stem in set(named) for doc in by_stem[stem])


def _under(folder: str, path: str) -> bool:
    return not folder or path.startswith(folder + "/")


def check_keyed_documents(config: ConvertConfig, sample: Sequence[str], media: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where the texts a folder reading would label by their folders are named by the ids a line file set aside
    beside them lists (see the module's docstring).

    Raises:
      UsageError: naming the line file, the documents it keys and the options that decide.
    """
    if detected.name != layout.TEXT_FOLDERS:
        return
    documents = [p for p in media if not detected.is_auxiliary(p)]
    if not documents:
        return
    lists = [p for p in sample if p not in set(documents) and layout.extension(p) in _LIST_EXTENSIONS
             and detected.is_auxiliary(p)]
    found: dict[str, list[str]] = {}
    for path in sorted(lists):
        keyed = keyed_by(head_lines(config, path), [d for d in documents if _under(posixpath.dirname(path), d)])
        if keyed:
            found[path] = keyed
    if not found:
        return
    keyed = sorted({d for docs in found.values() for d in docs})
    folders = sorted({posixpath.dirname(d) for d in keyed})
    first = next(iter(found))
    raise UsageError(
        f"{', '.join(list(found)[:_SHOWN])} list{'s' if len(found) == 1 else ''} the documents {', '.join(keyed[:_SHOWN])}"
        f"{', ...' if len(keyed) > _SHOWN else ''} by their names as ids ({first}: "
        f"'{head_lines(config, first, lines=1)[0].strip()[:60]}', ...): each is an item of such a list (its label or text "
        f"beside its id), not a text of its folder's class; read as class folders, every document would be labelled by a "
        f"folder of its path ({', '.join(folders[:_SHOWN])}). Which of these files are the records and which give their "
        "labels is the dataset's to say, not a folder's; "
        + " ".join(f"--exclude '{f}/**'" for f in folders) + " leaves the documents out"
    )
