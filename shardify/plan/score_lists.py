"""Split lists whose rows give a score after each file: a regression target, never a class (issue 30).

SCUT-FBP5500 ships its images' beauty scores in split lists, `train.txt` and `test.txt` of
`CF437.jpg 2.883333` lines (the mean of 60 raters), and so do other rated-image downloads (an
aesthetics or quality score per image in `<file> <score>` lists). `word_lists` reads a class word
beside each file and `numbered_lists` a class number; a number with a fraction is neither, and the
lists were read as split lists only: with nothing else to label the images the run stopped naming
the lists as files it "does not read", and no option it named converted them (`--labels train.txt`
stops on its `test.txt` twin).

A score is kept as this project keeps KonIQ-10k's `MOS` and HC18's head circumference: as written,
each value its record's label, and only where the user says so. So where every two-field row of a
folder's split lists holds a file and a number, and one number at least has a fraction that is
not zero (`3.0` alone may be a class number written as a float), the run stops before writing,
naming the lists, a score of theirs, and the two options that decide: `--label-column N` (N the
score's field, from 1) writes each image's score as its label, as written, in its list's split;
`--label-level 0` writes the images unlabelled in their lists' splits. With that `--label-column`
the lists label their rows. Lists whose inputs lie in class folders are left to the folders, as
`word_lists` leaves them, and so are lists beside other files that label the inputs (annotations, label
files): no stop, as before.

Nothing here reads a file: detection (beam_jobs/discover/describe.py) hands in first lines.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Mapping, Sequence

from shardify.errors import UsageError
from shardify.plan.evidence import SPLIT_LIST, Evidence, row_fields

__all__ = ["score_field", "with_scores"]

_FILE_NAME = re.compile(r"[^\s#]+\.[A-Za-z][A-Za-z0-9]{1,4}")
# A score as rated-image lists write it: a decimal number, its fraction at most 12 digits (`2.883333`, `-0.25`),
# an exponent as a float's printing writes one (`1e-05`, `3.2E+02`).
_NUMBER = re.compile(r"[+-]?[0-9]{1,6}(?:\.[0-9]{1,12})?(?:[eE][+-]?[0-9]{1,3})?")
# Lists shown in the stop.
_SHOWN = 4


def _scores(lines: Sequence[str], column: int) -> list[str] | None:
    """The numbers beside the files where every row is `<file> <number>` (either order, `column` the
    file's field); else None.

    >>> _scores(["a.jpg 2.883333", "b.jpg 3"], 0), _scores(["a.jpg cat"], 0), _scores(["a.jpg 2.5 1"], 0)
    (['2.883333', '3'], None, None)
    """
    rows = [row_fields(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if column not in (0, 1) or not rows or any(len(row) != 2 for row in rows):
        return None
    if not all(_FILE_NAME.fullmatch(row[column]) and _NUMBER.fullmatch(row[1 - column]) for row in rows):
        return None
    return [row[1 - column] for row in rows]


def _odd_rows(lines: Sequence[str], column: int) -> list[str]:
    """The rows of a `<file> <score>` list whose second field is no number (`nan`, `?`, a word) where
    most of its rows are scores: rows a reading by score would label with that word, or whose list
    would be no score list at all and its inputs unlabelled beside the other lists' scored ones
    (review31: one `CF12.jpg nan` row, and its list's 13 images were written unlabelled with exit 0
    after the stop's own `--label-column 2`). [] where the list is no score list or has no such row.

    >>> _odd_rows(["a.jpg 2.5", "b.jpg nan", "c.jpg 3.1"], 0), _odd_rows(["a.jpg cat", "b.jpg dog", "c.jpg 2.5"], 0)
    (['b.jpg nan'], [])
    """
    rows = [(line, row_fields(line)) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if column not in (0, 1) or not rows or any(len(row) != 2 or not _FILE_NAME.fullmatch(row[column]) for _, row in rows):
        return []
    odd = [line.strip() for line, row in rows if not _NUMBER.fullmatch(row[1 - column])]
    return odd if odd and len(odd) * 2 < len(rows) else []


def _fractional(numbers: Sequence[str]) -> str | None:
    """The first number with a fraction that is not zero (`2.883333`; not `3.000`), or None.

    >>> _fractional(["3.000", "2.50"]), _fractional(["3", "4.0"])
    ('2.50', None)
    """
    return next((n for n in numbers if "." in n and n.split(".", 1)[1].strip("0")), None)


def score_field(evidence: Evidence) -> str:
    """The score's field of a `<file> <score>` list as `--label-column` names it (from 1)."""
    return str(2 - evidence.column)


def with_scores(
    found: Sequence[Evidence], heads: Mapping[str, Sequence[str]], folders: Mapping[str, str], *, label_column: str = "",
    decided: bool = False,
) -> list[Evidence]:
    """`found` with the `<file> <score>` split lists labelling by their score where `label_column`
    names its field; where it does not and nothing else `decided` the labels (`--labels`,
    `--label-level`, `--label-from-name`), a stop (see the module's docstring).

    >>> found = [Evidence("s/train.txt", SPLIT_LIST, split="train"), Evidence("s/test.txt", SPLIT_LIST, split="test")]
    >>> heads = {"s/train.txt": ["a.jpg 2.883333", "b.jpg 3.1"], "s/test.txt": ["c.jpg 1.75"]}
    >>> [e.label_column for e in with_scores(found, heads, {}, label_column="2")]
    [1, 1]
    >>> [e.label_column for e in with_scores(found, heads, {}, decided=True)]
    [None, None]

    Raises:
      UsageError: score lists, and no option says what to do with their scores.
    """
    groups: dict[str, list[tuple[Evidence, list[str]]]] = {}
    odd_rows: list[tuple[Evidence, str]] = []
    for e in found:
        if e.kind != SPLIT_LIST or e.label_column is not None or e.header or e.variable or e.key.folder or e.path not in heads:
            continue
        scores = _scores(heads[e.path], e.column)
        odd = _odd_rows(heads[e.path], e.column) if scores is None else []
        if odd:
            odd_rows.append((e, odd[0]))
            scores = [row_fields(line)[1 - e.column] for line in heads[e.path] if line.strip() not in odd
                      and line.strip() and not line.lstrip().startswith("#")]
        if scores is not None:
            groups.setdefault(posixpath.dirname(e.path), []).append((e, scores))
    listed = {e.path for group in groups.values() for e, _ in group}
    # annotations, label files or tables found beside them label the inputs: the lists stay split lists, as before
    decided = decided or any(e.gives_labels for e in found if e.path not in listed)
    chosen: dict[str, Evidence] = {}
    stopped: list[tuple[Evidence, str]] = []
    for group in groups.values():
        pooled = [n for _, scores in group for n in scores]
        example = _fractional(pooled)
        if example is None:
            continue  # whole numbers: class numbers or ids (numbered_lists decides)
        keys = [row_fields(line)[e.column] for e, _ in group for line in heads[e.path] if len(row_fields(line)) == 2]
        placed = [folders.get(k) or folders.get(posixpath.basename(k)) for k in keys]
        if sum(map(bool, placed)) * 2 > len(keys) and len(set(filter(None, placed))) > 1:
            continue  # class folders label them (one folder alone, AADB's datasetImages_originalSize/, is no class)
        odd = [(e, line) for e, line in odd_rows if any(e is member for member, _ in group)]
        if odd and not decided:
            raise UsageError(_odd_stop(odd, example))
        several = _several_per_split([e for e, _ in group])
        if several and label_column and not decided:
            raise UsageError(_several_stop(several))
        for e, _ in group:
            if label_column and label_column.strip() == score_field(e):
                note = f"{e.note}, a score beside each file kept as written (--label-column {label_column})"
                chosen[e.path] = dataclasses.replace(e, label_column=1 - e.column, label_scores=True, note=note)
            elif not decided:  # (a --label-column naming another field, the file's, reads no score either)
                stopped.append((e, example))
    if stopped:
        several = _several_per_split([e for e, _ in stopped])
        raise UsageError(_stop(stopped) + (f"; and {_several_stop(several)}" if several else ""))
    return [chosen.get(e.path, e) for e in found]


def _several_per_split(lists: Sequence[Evidence]) -> list[str]:
    """The lists of the first split that several lists of one folder give (AADB's
    `imgListTrainRegression_score.txt` beside `imgListTrainRegression_color_harmony.txt`: a rating each)."""
    by_split: dict[str, list[str]] = {}
    for e in lists:
        by_split.setdefault(e.split, []).append(e.path)
    return next((sorted(paths) for _, paths in sorted(by_split.items()) if len(paths) > 1), [])


def _several_stop(paths: Sequence[str]) -> str:
    shown = ", ".join(paths[:_SHOWN]) + (f" and {len(paths) - _SHOWN} more" if len(paths) > _SHOWN else "")
    return (
        f"{shown} are lists of one split, a score each (one rating per list): read together, each input would hold "
        f"every list's score as its labels. Keep one kind of list, --exclude each other kind (a quoted glob, as "
        f"--exclude '**/*{_tail(paths[1])}')"
    )


def _tail(path: str) -> str:
    """The end of a list's name after its last `_` (`_color_harmony.txt`), or its whole name.

    >>> _tail("a/imgListTrainRegression_color_harmony.txt"), _tail("a/test.txt")
    ('_harmony.txt', 'test.txt')
    """
    name = posixpath.basename(path)
    return name[name.rindex("_"):] if "_" in name else name


def _odd_stop(odd: Sequence[tuple[Evidence, str]], example: str) -> str:
    e, line = odd[0]
    return (
        f"{e.path}: a split list of a score beside each file ({example!r} in field {score_field(e)}) holds a row whose "
        f"score is no number ({line!r}): read by score, the row would be labelled with that word, and read as no score "
        f"list, its inputs would go unlabelled beside the other lists' scored ones. Mend or remove the row (or --exclude "
        f"the list); --label-level 0 writes the inputs unlabelled in their lists' splits"
    )


def _stop(lists: Sequence[tuple[Evidence, str]]) -> str:
    shown = ", ".join(e.path for e, _ in lists[:_SHOWN]) + (f" and {len(lists) - _SHOWN} more" if len(lists) > _SHOWN else "")
    e, example = lists[0]
    field = score_field(e)
    return (
        f"{shown}: split lists of a score beside each file ({example!r} in field {field}: a number with a fraction, "
        f"a rating or regression target, no class); read as classes, each score would be a class of its own. Decide: "
        f"--label-column {field} writes each input's score as its label, as written, in its list's split; "
        f"--label-level 0 writes the inputs unlabelled in their lists' splits"
    )
