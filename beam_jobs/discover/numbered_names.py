"""Class numbers beside a list of names no rule reads: which name each number stands for is the download's.

Image lists of `<file> <class number>` lines (`numbered_lists`, `recognise`) label their inputs by
number; a vocabulary file under a name detection knows (`classes.txt`, `labels.txt`: evidence's
VOCABULARY_NAMES, at the top of SRC or one folder down) gives the numbers their names. Downloads
ship that list under names of their own, in the lists' folder: MJSynth's `lexicon.txt` (the 90k
words, line <n> the word of every `./a/b/<n>_<Word>_<index>.jpg <index>` row of annotation_train.txt).
Unread, the numbers were written as the classes ('0', '1', ...) with exit 0, every word lost.

So where the records would be labelled by class numbers with no vocabulary and no --label-names,
and a text file beside a labelling list (its folder or one above, up to SRC) reads as one distinct
name a line (`evidence.read_vocabulary`), names that are not files, at least as many as the largest
number read plus one (or as many as were read, the file longer), the plan stops (exit 2) naming
that file and `--label-names FILE`, which reads its lines as the numbers' names, in order. A list of
paths (MJSynth's imlist.txt), of `<file> <number>` rows (annotation.txt), of whole numbers (ids), of
numbered names (`0 letter`: RVL-CDIP's readme.txt, read by its numbers elsewhere), or of fewer lines
than the numbers (a README) is no such list, and the conversion goes on as before.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_lines
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.whole_numbers import whole_number
from shardify.plan import evidence as evidence_lib
from shardify.plan import file_roles, layout
from shardify.plan.evidence import row_fields

__all__ = ["check_numbered_names", "names_for_numbers"]

# Lines of a names list read (MJSynth's lexicon holds 88,172; the sign shows in the first).
_NAMES_LINES = 30_000
# Lines of a labelling list read for its numbers.
_LIST_LINES = 2_000
# Candidate names lists opened.
_OPENED = 8
# A line naming a file (a path or `<file> <number>`): no class name.
_FILE_NAME = re.compile(r"\.[A-Za-z][A-Za-z0-9]{1,4}(\s|$)")
# A line giving a number its name (`0 letter`, `3: memo`): a numbered list, which the vocabulary
# rules read by its numbers (RVL-CDIP's readme.txt); its lines in order are no names.
_NUMBERED_NAME = re.compile(r"^\s*\d+\s*[\s:,.)=-]\s*\S")


def names_for_numbers(lines: Sequence[str], largest: int, limit: int = _NAMES_LINES) -> tuple[str, ...] | None:
    """The names of a list's `lines` where they can be the names of class numbers up to `largest`
    (one distinct name a line, no file names, enough of them), else None.

    >>> names_for_numbers(["pastes", "heretical", "lube"], 2)
    ('pastes', 'heretical', 'lube')
    >>> names_for_numbers(["./1/1/10_Pastes_0.jpg", "./1/2/11_LUBE_2.jpg", "./1/3/12_lube_2.jpg"], 2) is None
    True
    >>> names_for_numbers(["Read me first.", "Then run it."], 5) is None  # fewer names than the numbers
    True
    >>> names_for_numbers(["1041", "1042", "1043"], 2) is None  # ids one a line
    True
    >>> names_for_numbers(["RVL-CDIP dataset", "", "0 letter", "1 form", "2 email", "3 handwritten"], 2) is None
    True
    """
    filled = [line for line in lines if line.strip()]
    if filled and sum(bool(_NUMBERED_NAME.match(line)) for line in filled) * 2 >= len(filled):
        return None  # numbered names (`0 letter`): read by their numbers elsewhere, not by line
    names = evidence_lib.read_vocabulary(lines)
    if not names or any(_FILE_NAME.search(name) for name in names) or all(name.isdigit() for name in names):
        return None  # files, or ids one a line (`test_ids.txt`): no class names
    return names if len(names) > largest or len(lines) >= limit else None


def _documentation(path: str) -> bool:
    """A download's document by its name (AUTHORS.txt, LICENSE.txt: `file_roles.AUXILIARY_NAMES`), whose
    lines may be one name each (an AUTHORS file's people) and are never the classes' names.

    >>> _documentation("AUTHORS.txt"), _documentation("data/license.txt"), _documentation("lexicon.txt")
    (True, True, False)
    """
    return layout.stem(posixpath.basename(path)).lower() in file_roles.AUXILIARY_NAMES


def _numbers(config: ConvertConfig, found: evidence_lib.Evidence) -> list[int]:
    column = found.label_column
    numbers = []
    for line in head_lines(config, found.path, lines=_LIST_LINES)[1 if found.header else 0:]:
        fields = row_fields(line)
        number = whole_number(fields[column].strip()) if column is not None and 0 <= column < len(fields) else None
        if number is not None:  # (a cell of 5000 digits is no class number, and int() refuses it)
            numbers.append(number)
    return numbers


def check_numbered_names(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where class numbers would be written as labels beside a list of names no rule reads
    (module docstring).

    Raises:
      UsageError: naming the list of names, the lists of numbers and --label-names.
    """
    if config.label_names or detected.vocabulary or config.label_level is not None:
        return
    lists = [e for e in detected.evidence if e.label_numbers and e.label_column is not None
             and e.kind in (evidence_lib.SPLIT_LIST, evidence_lib.LABEL_LINES)]
    if not lists:
        return
    numbers = [n for e in lists for n in _numbers(config, e)]
    if not numbers:
        return
    folders = set()
    for e in lists:
        folder = posixpath.dirname(e.path)
        while True:
            folders.add(folder)
            if not folder:
                break
            folder = posixpath.dirname(folder)
    read = {e.path for e in detected.evidence}
    others = sorted(p for p in sample if posixpath.dirname(p) in folders and p not in read and layout.extension(p) == "txt"
                    and not evidence_lib.example_file(p) and not _documentation(p))[:_OPENED]
    for path in others:
        names = names_for_numbers(head_lines(config, path, lines=_NAMES_LINES), max(numbers))
        if names:
            shown = ", ".join(sorted(e.path for e in lists)[:3])
            raise UsageError(
                f"{shown} label each file by a class number (up to {max(numbers)} in the rows read), and {path} beside "
                f"them lists {len(names)}{'+' if len(names) >= _NAMES_LINES else ''} names, one a line "
                f"({', '.join(names[:3])}, ...): written as they stand, the labels would be the numbers, not the names. "
                f"--label-names {path} reads its lines as the numbers' names, in order; if it is no such list, "
                "--label-names with a list of your own, or a layout file's `vocabulary` (--dry-run --layout-file FILE)"
            )
