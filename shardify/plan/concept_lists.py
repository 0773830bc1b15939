"""Concept lists: one file per concept, each line naming one input that shows it; an input's
labels are the concepts whose lists name it (multi-label).

MIRFLICKR-25k ships `mirflickr25k_annotations_v080/<concept>.txt` (`clouds.txt`, `people.txt`:
one image number a line, `5` for `mirflickr/im5.jpg`) beside a README.txt; NUSWIDE-like
downloads list file names instead of numbers. The kind is known by its shape, not its names: a
folder holding two or more such files, each line one token, the tokens naming the inputs (as
numbers: the number that ends a file's name, `evidence.NUMBERED`; or as names, `key_rule`). A
file whose name holds a split word is a split list, not a concept (`recognise`'s).

Which lists are read:
  - a list named as another's plus a suffix (MIRFLICKR's `clouds_r1.txt`, the images where the
    concept is "relevant", a strict subset of `clouds.txt`) is a variant of that concept, not a
    concept of its own: not read, and the plan says so;
  - an input no list names has no labels (MIRFLICKR's images of no concept): a record with no
    label, as the plan says.

Nothing here reads a file: detection (beam_jobs/discover/label_lists.py) hands in first lines.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping, Sequence

from shardify.errors import InvalidInputError
from shardify.plan.evidence import CONCEPT_LIST, NUMBERED, EXAMPLE_WORDS, Evidence, KeyRule, key_rule, name_words
from shardify.plan.folder_names import numbered_part
from shardify.plan.label_names import normalise_label
from shardify.plan.structure import split_word

__all__ = ["MIN_CONCEPTS", "recognise_concept_lists"]

# Lists in one folder that make it a folder of concepts: one list of numbers alone is no such thing.
MIN_CONCEPTS = 2
_TOKEN = re.compile(r"\S+")


def _tokens(lines: Sequence[str]) -> list[str] | None:
    """Each line's one token, or None where a line holds several (or none at all)."""
    found = [line.strip().lstrip("\ufeff") for line in lines if line.strip() and not line.lstrip().startswith("#")]
    return found if found and all(_TOKEN.fullmatch(t) for t in found) else None


# Of a list's tokens, at least this share are numbers for it to be read as a list of numbers.
# Every token had to be: one `-4` or a line opening with a byte-order mark moved the list among
# the lists of names, where it named nothing, and its concept was dropped without a word (its
# images written without it, exit 0). Its other tokens are rows that name no input (rejects).
_MIN_NUMBER_SHARE = 0.8


def _numbers(tokens: Sequence[str]) -> bool:
    return sum(k.isascii() and k.isdigit() for k in tokens) >= _MIN_NUMBER_SHARE * len(tokens)


def recognise_concept_lists(
    heads: Mapping[str, Sequence[str]], names_inputs: Callable[[Sequence[str], KeyRule], bool]
) -> tuple[list[Evidence], list[str]]:
    """The concept lists among `heads` ({text file relative to SRC: its first lines}) and notes on
    the files of their folders left unread.

    Args:
      names_inputs: whether keys, read by a rule, name the source's inputs.

    >>> heads = {"ann/clouds.txt": ["1", "5"], "ann/sea.txt": ["2"], "ann/clouds_r1.txt": ["5"], "ann/README.txt": ["About"]}
    >>> found, notes = recognise_concept_lists(heads, lambda keys, rule: rule.number)
    >>> [(e.path, e.names) for e in found], notes
    ([('ann/clouds.txt', ('clouds',)), ('ann/sea.txt', ('sea',))], ['not used: ann/clouds_r1.txt (a variant of the list clouds)'])
    """
    by_folder: dict[str, dict[str, list[str]]] = {}
    for path, lines in sorted(heads.items()):
        stem, ext = posixpath.splitext(posixpath.basename(path))
        words = name_words(stem)
        if (ext.lower() not in (".txt", "") or any(split_word(w) for w in words) or EXAMPLE_WORDS & set(words)
                or numbered_part(stem)):  # (a fold's list, `fold1.txt`, names a partition, not a concept)
            continue
        tokens = _tokens(lines)
        if tokens is not None:
            by_folder.setdefault(posixpath.dirname(path), {})[path] = tokens
    # A folder's lists are judged together: each list's first lines may all name inputs the
    # sample passed over (MIRFLICKR's 25,000 images, a few hundred sampled), their union does not.
    ruled: dict[str, dict[str, tuple[list[str], KeyRule]]] = {}
    for folder, lists in by_folder.items():
        numbered = {p: t for p, t in lists.items() if _numbers(t)}
        named = {p: t for p, t in lists.items() if p not in numbered}
        for group in (numbered, named):
            union = [k for tokens in group.values() for k in tokens]
            rule = NUMBERED if group is numbered else key_rule(union)
            if union and names_inputs(union, rule):
                ruled.setdefault(folder, {}).update({p: (t, rule) for p, t in group.items()})
    found: list[Evidence] = []
    notes: list[str] = []
    for folder, lists in sorted(ruled.items()):
        stems = {posixpath.splitext(posixpath.basename(p))[0]: p for p in lists}
        variants = {p: base for s, p in stems.items() for base in stems if base != s and s.startswith(base + "_")}
        concepts = [p for p in lists if p not in variants]
        if len(concepts) < MIN_CONCEPTS:
            continue
        for path in concepts:
            tokens, rule = lists[path]
            stem = posixpath.splitext(posixpath.basename(path))[0]
            try:
                concept = normalise_label(stem)
            except InvalidInputError as error:
                notes.append(f"not used: {path} (its name is no label: {error.reason})")
                continue
            found.append(Evidence(path, CONCEPT_LIST, rule, names=(concept,), note=f"{path}: the inputs showing {concept!r}"))
        notes += [f"not used: {p} (a variant of the list {base})" for p, base in sorted(variants.items())]
    return found, notes
