"""A dataset's MATLAB (.mat) files of splits and labels read as evidence rows: Stanford Dogs'
`file_list.mat`, Flowers-102's `setid.mat` and `imagelabels.mat`, struct arrays of per-image boxes.

scipy is imported only here, when a .mat file is read; a file too large or not one scipy reads is
an `InvalidInputError`, never a traceback. `evidence_files.read_evidence` hands .mat files here
(and re-exports `read_mat`, `mat_variables`, `MAX_MAT_BYTES`, where callers read them).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any, BinaryIO

from shardify.converters import mat_structs, tables
from shardify.converters.evidence_rows import EvidenceRow
from shardify.converters.mat_inflate import check_inflated
from shardify.errors import InvalidInputError
from shardify.inputs.files import size_of
from shardify.plan import evidence as evidence_lib
from shardify.plan.evidence import Evidence

__all__ = ["MAX_MAT_BYTES", "read_mat", "mat_variables", "mat_rows"]

# A dataset's split or label arrays in a .mat file: Stanford Dogs' file_list.mat is 1 MB.
MAX_MAT_BYTES = 64 << 20


def read_mat(fileobj: BinaryIO) -> dict[str, Any]:
    """A MATLAB (v5) file's variables, by scipy, which is imported only here.

    Raises:
      InvalidInputError: too large, not a .mat file scipy reads (v7.3 files are HDF5), or no scipy.
    """
    size = size_of(fileobj)
    if size is not None and size > MAX_MAT_BYTES:  # refused unread
        raise InvalidInputError(f"larger than {MAX_MAT_BYTES >> 20} MiB: not a list of this dataset's")
    data = fileobj.read(MAX_MAT_BYTES + 1)
    if len(data) > MAX_MAT_BYTES:
        raise InvalidInputError(f"larger than {MAX_MAT_BYTES >> 20} MiB: not a list of this dataset's")
    try:
        from scipy.io import loadmat
    except ImportError as error:
        raise InvalidInputError(f".mat files need scipy, which is not installed ({error}): pip install scipy") from None
    check_inflated(io.BytesIO(data), MAX_MAT_BYTES)  # (loadmat inflates each compressed variable whole)
    try:
        return {k: v for k, v in loadmat(io.BytesIO(data)).items() if not k.startswith("__")}
    except Exception as error:  # noqa: BLE001 - scipy fails on a damaged file in many ways
        raise InvalidInputError(f"not a MATLAB file scipy reads: {type(error).__name__}: {error}") from None


def _strings(value: Any) -> list[str] | None:
    """The strings of a cell array (N x 1 or 1 x N of char arrays), or of a char matrix, a row each
    (HKU-IS's `trainImgSet.mat`, MATLAB's `char(names)`: scipy reads it as one string a row), or None."""
    import numpy as np

    array = np.asarray(value)
    if array.dtype.kind == "U" and array.ndim == 1 and array.size:
        return [str(text).rstrip() for text in array]
    if array.dtype != object:
        return None
    found = []
    for cell in array.reshape(-1):
        text = np.asarray(cell).reshape(-1)
        if text.size != 1 or not isinstance(text[0], str):
            return None
        found.append(str(text[0]))
    return found


def _numbers(value: Any) -> list[int] | None:
    """The whole numbers of a numeric vector, or None."""
    import numpy as np

    array = np.asarray(value)
    if array.dtype.kind not in "iuf" or 1 not in array.shape[:2] and array.ndim > 1:
        return None
    flat = array.reshape(-1)
    if not np.all(np.isfinite(flat)) or not np.all(flat == np.round(flat)) or (flat.size and flat.min() < 0):
        return None
    return [int(v) for v in flat]


def mat_variables(variables: dict[str, Any]) -> dict[str, tuple[str, tuple[int, ...]]]:
    """{name: ("numbers" | "strings" | "other", shape)}: what `recognise.mat_evidence` reads."""
    import numpy as np

    described = {}
    for name, value in variables.items():
        kind = "strings" if _strings(value) is not None else "numbers" if _numbers(value) is not None else "other"
        described[name] = (kind, tuple(np.asarray(value).shape))
    return described


def mat_rows(variables: dict[str, Any], found: Evidence) -> Iterator[EvidenceRow | tables.RowError]:
    if found.kind == evidence_lib.MAT_OBJECTS:  # a struct array of per-image boxes and classes
        for row in mat_structs.struct_rows(variables, found.variable, found.names):
            if not row.file:
                yield tables.RowError(row.row, row.error)
            else:
                key = found.prefix + row.file
                error = f"{found.path}: {row.error}" if row.error else ""
                yield EvidenceRow(row.row, key, row.split or found.split, row.labels, row.objects, error=error)
        return
    if found.kind == evidence_lib.MAT_SPLITS:
        for variable, split in found.codes:
            numbers = _numbers(variables.get(variable))
            if numbers is None:
                yield tables.RowError(0, f"no array of image numbers named {variable!r}")
                continue
            for index, number in enumerate(numbers, start=1):
                yield EvidenceRow(index, str(number), split)
    elif found.kind == evidence_lib.MAT_LABELS:
        labels = _numbers(variables.get(found.variable))
        if labels is None:
            yield tables.RowError(0, f"no array of labels named {found.variable!r}")
            return
        for index, label in enumerate(labels, start=1):
            yield EvidenceRow(index, str(index), labels=(str(label),))
    else:  # a split list kept as a cell of paths
        paths = _strings(variables.get(found.variable))
        if paths is None:
            yield tables.RowError(0, f"no cell of paths named {found.variable!r}")
            return
        for index, path in enumerate(paths, start=1):
            yield EvidenceRow(index, path, found.split)
