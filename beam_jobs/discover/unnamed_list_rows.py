"""Split lists none of whose rows name a file: stop before writing, not reject every input.

Where the splits come from lists of files (`evidence.SPLIT_LIST`), each row names an input by its
key. When no row of any split list names a file the sample holds, the lists were written for
files of other names: DeepPCB's `trainval.txt` names `group00041/00041/00041001.jpg` while the
disk holds only `00041001_test.jpg` (the board) and `00041001_temp.jpg` (its template); a list
naming `.png` where the download was re-encoded to `.jpg`; KITTI-style frame lists naming
`000000.png` beside `000000_10.png` and `000000_11.png`. Read as they are, every row was rejected
'names no file' and the run ended with exit 1, its console listing the rows and nothing else.

Which of the files a row means is the dataset's to say (the board or its template; one frame of a
pair), not a guess of ours: the plan stops (exit 2) naming a few rows, the files on disk nearest to
each (the row's stem with a suffix, or another extension), and what decides: lists whose rows name
the inputs, given in a layout file's `evidence`. A list of which SOME rows name files is no sign:
those rows are read, the rest rejected with their reason, as a misspelt row is. Nor are rows near no
file at all (ids of a JSON-lines list, another reader's keys): nothing shows what they meant, and the
rejects say it row by row as before.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover.unread_lists import list_keys
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout

__all__ = ["check_unnamed_list_rows", "nearest_files"]

# Rows and nearest files shown per stop.
_ROWS_SHOWN = 3
_NEAREST_SHOWN = 3
# What joins a stem to a suffix the row leaves out (`00041001_test`, `000000-left`, `im0.5`).
_JOINS = ("_", "-", ".", " ")
# Lists read here as lines of paths (a JSON-lines list's rows are objects: read by its own reader).
_PLAIN_LISTS = ("txt", "lst", "csv", "tsv", "")


def _stem(path: str) -> str:
    return posixpath.splitext(posixpath.basename(path))[0]


def nearest_files(row: str, files: Sequence[str]) -> list[str]:
    """The files whose name is the row's stem with a suffix, or with another extension (plain function).

    >>> nearest_files("g/1.jpg", ["g/1_test.jpg", "g/1_temp.jpg", "g/10_test.jpg", "h/1.png"])
    ['g/1_temp.jpg', 'g/1_test.jpg', 'h/1.png']
    """
    stem = _stem(row)
    if not stem:
        return []
    found = []
    for path in files:
        name = _stem(path)
        if name == stem or (name.startswith(stem) and name[len(stem)] in _JOINS):
            found.append(path)
    return sorted(found)


def check_unnamed_list_rows(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where split lists have rows but none of them names an input of the sample (module docstring).

    Raises:
      UsageError: naming the lists, a few rows with the files nearest each, and the layout file's entry.
    """
    lists = [e for e in detected.evidence if e.kind == evidence_lib.SPLIT_LIST and e.gives_split]
    if not lists or config.exclude or any(layout.extension(e.path) not in _PLAIN_LISTS for e in lists):  # (rows naming files --exclude left out are rejected as left out)
        return
    read = {e.path for e in detected.evidence}
    inputs = [p for p in sample if layout.is_media_file(p, detected.media) and p not in read]
    if not inputs:
        return
    rows: list[str] = []
    for found in lists:
        keys = {found.prefix + key for key in list_keys(config, found)}  # a split folder's table keys its own folder
        if {evidence_lib.file_key(p, found.key) for p in inputs} & keys:
            return  # some rows name files: those are read, the others rejected with their reason
        rows.extend(sorted(keys)[:_ROWS_SHOWN])
    if not rows:
        return
    shown, nearest = [], 0
    for row in rows[:_ROWS_SHOWN]:
        near = nearest_files(row, inputs)
        nearest += bool(near)
        what = ", ".join(near[:_NEAREST_SHOWN]) + (" ..." if len(near) > _NEAREST_SHOWN else "") if near else "none"
        shown.append(f"{row!r} (on disk: {what})")
    if not nearest:  # no file near any row: nothing shows what the rows meant (the rejects say it, row by row)
        return
    names = ", ".join(e.path for e in lists[:4]) + (" ..." if len(lists) > 4 else "")
    entry = f"{{path: LIST, kind: split list, split: {lists[0].split or 'SPLIT'}}}"
    raise UsageError(
        f"no row of the split lists ({names}) names a file: {'; '.join(shown)}. Which file a row means (one of "
        "several that add a suffix to its name, or another extension) is the dataset's to say, not a guess, and read "
        "as they are every input would be rejected: write lists whose rows name the input files and give them in a "
        f"layout file's `evidence` ({entry}: docs/layout-files.md)"
    )
