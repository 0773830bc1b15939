"""Split lists whose rows name a folder, then a file in it: `<class>,<file>` (FlickrLogos-32's
`trainset.txt`: `HP,3889004.jpg` for `classes/jpg/HP/3889004.jpg`; its `no-logo,<file>` rows too).

The first field names folders that hold inputs, so the list reads as one of sequences (DAVIS's
`bear`: every file of the folder, `shardify.plan.folder_lists`); each image of a class then fell in
every split that listed any file of its folder, and all were rejects. Where a later field of every
row names an input itself, that field is the key: a row names one file, not a folder. Plain
functions of the lines handed in; detection (`beam_jobs/discover/describe.py`) calls them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from shardify.plan.evidence import row_fields

__all__ = ["file_column"]

# Rows read to find the column (their first lines).
_ROWS = 50


def file_column(lines: Sequence[str], names_inputs: Callable[[Sequence[str]], bool]) -> int | None:
    """The first field after the first that names inputs in every row (`names_inputs` of its
    values), where all rows have as many fields; else None.

    >>> file_column(["HP,3889004.jpg", "no-logo,44.jpg"], lambda keys: all(k.endswith(".jpg") for k in keys))
    1
    >>> file_column(["bear", "camel"], lambda keys: True) is None
    True
    """
    rows = [row_fields(line) for line in lines[:_ROWS] if line.strip() and not line.lstrip().startswith("#")]
    if not rows or len({len(row) for row in rows}) != 1:
        return None
    return next((c for c in range(1, len(rows[0])) if names_inputs([row[c] for row in rows])), None)
