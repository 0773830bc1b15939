"""Which split each table of a source is, from its name, its folder and its rows.

A table's split is a judgement over all the tables of the source, apart from reading any one of
them (`discover/tables.py`, which asks here per table): GLUE's dev.tsv names `dev`; a table in a
split folder (`train/part-0.csv`) is that folder's; where tables of different stems name one
split (MNLI's dev_matched.tsv, dev_mismatched.tsv), or one table names none beside tables that do
(TREC's TREC_10.label), or two tables' rows repeat each other (`repeated_tables`), each table is a
split of its own, named after its stem: one split per table, never two tables merged under one
name. The plan says why a split is named after its file (`renamed`). Plain functions of paths.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from shardify.beam_jobs.discover import repeated_tables
from shardify.beam_jobs.discover.candidates import Listed
from shardify.plan import layout
from shardify.plan.structure import PART_SPLIT_WORDS, split_word

__all__ = ["compared", "own_splits", "renamed", "shared_splits", "split_names", "split_of"]


def renamed(relpath: str, split: str) -> str:
    """For the plan: why a table's split is named after its file, or ""."""
    named = _split_named(relpath)
    if split == named:
        return ""
    why = f"other tables name {named!r} too" if named else "it names no split, beside tables that name splits or hold its rows again"
    return f"; split {split!r}, after its file ({why})"



def _in_split_folder(relpath: str) -> bool:
    """The table lies in a folder named like a split (`train/part-0.csv`): the folder decides."""
    return any(split_word(part) for part in relpath.split("/")[:-1])


def _folder_named(relpath: str) -> str:
    """The one split the folders above a table name, where their names are more than a split's
    (Webis Clickbait's `clickbait17-train-170331/` and `clickbait17-validation-170630/`, each an
    archive's folder of instances.jsonl): no layout's split folders (exact names) take them, so each
    table was read as `train`, two sets merged. "" where no folder, or folders of two splits, name one.

    >>> _folder_named("clickbait17-validation-170630/instances.jsonl"), _folder_named("train/x.csv"), _folder_named("a/x.csv")
    ('validation', '', '')
    """
    folders = relpath.split("/")[:-1]
    found = {split_word(part) for part in folders} - {None}
    if len(found) != 1 or any(part.lower() == next(iter(found)) for part in folders):
        return ""  # (an exact split folder, `train/`, is the layout's split folder: it names the split there)
    return found.pop()


def _split_named(relpath: str) -> str:
    """The split a table names (GLUE's dev.tsv, AG News' test.csv, at the top of SRC or in the
    download's wrapper folder), or "" (also in a split folder, which names it instead, unless the
    folder names the table's own split: Sign Language MNIST's `sign_mnist_test/sign_mnist_test.csv`,
    an archive unpacked into a folder of its name, which no split folder reading takes)."""
    named = split_word(layout.stem(relpath)) or _evaluation_split(layout.stem(relpath))
    if not _in_split_folder(relpath):
        return named
    folders = {split_word(part) for part in relpath.split("/")[:-1]} - {None}
    return named if folders == {named} else ""


# Words naming a held-out part (structure.PART_SPLIT_WORDS: Food-11's `evaluation/`) that name a
# table's split too: HANS's heuristics_evaluation_set.txt beside heuristics_train_set.txt is its test
# set, not a split called `heuristics_evaluation_set`. (`background` names none: a table of it is data.)
_TABLE_PART_WORDS = {word: split for word, split in PART_SPLIT_WORDS.items() if split == "test"}


def _evaluation_split(stem: str) -> str:
    """The split a table's name names by a held-out part word alone (`*_evaluation_set` -> test), or ""."""
    found = {_TABLE_PART_WORDS[w] for w in re.split(r"[^a-z0-9]+", stem.lower()) if w in _TABLE_PART_WORDS}
    return found.pop() if len(found) == 1 else ""


def split_names(files: list[Listed]) -> Iterator[tuple[str, str]]:
    """(split, stem) of each table of the batch that names a split."""
    for listed in files:
        split = _split_named(listed.relpath)
        if split:
            yield split, layout.stem(listed.relpath)


def shared_splits(named: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The splits that tables of different stems name (MNLI's dev_matched.tsv and
    dev_mismatched.tsv both name `dev`), and "" when any table names a split (a table naming none
    beside them, TREC's TREC_10.label beside train_5500.label, is not more of `train`)."""
    stems: dict[str, set[str]] = {}
    for split, stem in named:
        stems.setdefault(split, set()).add(stem)
    shared = {split for split, found in stems.items() if len(found) > 1}
    return frozenset(shared | ({""} if stems else set()))


def split_of(relpath: str, shared: frozenset[str]) -> str:
    """The table's split: the one its name names, or its stem (letters, digits and `_`) where
    tables of other stems name the same split, or where it names none beside tables that do, or
    where its rows repeat another's (`shared` holds its path, `own_splits`): one split per table,
    never two tables merged under one name."""
    split = _split_named(relpath) or _folder_named(relpath)
    if "/" + relpath in shared or (split in shared and (split or not _in_split_folder(relpath))):
        return re.sub(r"[^A-Za-z0-9_]", "_", layout.stem(relpath))
    return split


def compared(relpath: str) -> bool:
    """Whether a table's rows are compared with others' (`repeated_tables`): it names no split
    and lies in no split folder."""
    return not _split_named(relpath) and not _in_split_folder(relpath)


def own_splits(digests: list[tuple[str, frozenset[bytes]]]) -> frozenset[str]:
    """The tables (by path, "/"-prefixed so as never to be a split's name) whose rows repeat another's."""
    return frozenset("/" + path for path in repeated_tables.repeating(digests))


