"""What a label file holds instead of a label column, said where no single `--label-column` can
help (beam_jobs/discover/label_file_found.py's stop for a label file that labels nothing): a
labeler's observation columns (CheXpert's `No Finding`, ..., `Support Devices`: 1.0, 0.0, -1.0 or
blank, one column per finding) and paths written from the folder above SRC
(`CheXpert-v1.0-small/train/...` with SRC that folder). Its message once named `--label-column`,
which cannot read either.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

__all__ = ["signs_of_other_labels"]


# Cells of a labeler's observation columns (CheXpert's, MIMIC-CXR's): positive, negative, uncertain, unmentioned.
_OBSERVATION_CELLS = frozenset({"1.0", "0.0", "-1.0", "1", "0", "-1", ""})


def signs_of_other_labels(source: str, keys: Sequence[str], lines: Sequence[str]) -> str:
    """What the label file holds instead of a label column, said where no single --label-column
    can help: columns of a labeler's 1.0/0.0/-1.0/blank (one column per finding, the -1.0's
    meaning a choice), and paths that start with SRC's own folder name (written from the folder
    above SRC: no row names a file of SRC)."""
    said = []
    source_name = posixpath.basename(source.rstrip("/"))
    keys = [k.strip().replace("\\", "/") for k in keys if k.strip()]
    if source_name and keys and all(k.startswith(source_name + "/") for k in keys):
        said.append(f"its paths start with {source_name + '/'!r}, SRC's own folder: they are relative to the folder "
                    "above SRC, so convert that folder")
    rows = [line.rstrip("\r\n").split(",") for line in lines]
    if len(rows) > 2:
        width = len(rows[0])
        body = [r for r in rows[1:] if len(r) == width]
        found = [rows[0][i] for i in range(width)
                 if body and all(r[i].strip() in _OBSERVATION_CELLS for r in body) and any(r[i].strip() for r in body)]
        uncertain = any(r[rows[0].index(c)].strip() in ("-1.0", "-1") for c in found for r in body)
        if len(found) > 1 and uncertain:
            shown = ", ".join(repr(c) for c in found[:4]) + (f" and {len(found) - 4} more" if len(found) > 4 else "")
            said.append(f"columns {shown} hold 1.0, 0.0, -1.0 or nothing (a labeler's positive, negative, uncertain "
                        "and unmentioned findings), which shardify does not read as labels yet: no --label-column reads "
                        "them as one")
    return ": " + "; ".join(said) if said else ""
