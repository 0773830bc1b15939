"""One column of an `.npz` file shardify keeps in OUT (`np.savez`: the kept probes, the inputs
lists' columns), read as the untrusted bytes it is: the member's `.npy` header is checked against
the bytes the member holds before anything is allocated (a forged header claiming 10^12 elements
asks for nothing), no member np.savez would not write is opened (a deflated member of a megabyte
inflates to any size its header claims), and no object dtype is ever read (unpickling would run code).
"""

from __future__ import annotations

import zipfile

import numpy as np

__all__ = ["ColumnError", "read_column"]

_HEADER_READERS = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}


class ColumnError(ValueError):
    """A column that is missing, of another shape or dtype, or of other bytes than its header says."""


def read_column(archive: zipfile.ZipFile, name: str, dtype: np.dtype | None = None) -> np.ndarray:
    """Column `name` (member `name.npy`): a 0-d or 1-d array, of `dtype` where one is given.

    Raises:
      ColumnError: no such member, a compressed member, a header of another format, Fortran order, more than one
        dimension, an object dtype or another than `dtype`, more bytes claimed than the member
        holds, or fewer read than claimed.
    """
    try:
        info = archive.getinfo(f"{name}.npy")
    except KeyError:
        raise ColumnError(f"no column {name!r}") from None
    if info.compress_type != zipfile.ZIP_STORED:  # np.savez stores: a stored member holds what it claims
        raise ColumnError(f"column {name!r} is compressed, as np.savez never writes it")
    with archive.open(info) as member:
        version = np.lib.format.read_magic(member)
        if version not in _HEADER_READERS:
            raise ColumnError(f"column {name!r} is in .npy format {version}, not one np.savez writes")
        shape, fortran, found = _HEADER_READERS[version](member)
        if fortran or len(shape) > 1 or found.hasobject or (dtype is not None and found != dtype):
            raise ColumnError(f"column {name!r} is {found} {shape}, not {dtype}")
        size = int(np.prod(shape)) * found.itemsize
        if size > info.file_size:
            raise ColumnError(f"column {name!r} claims more bytes than it holds")
        data = member.read(size)
    if len(data) != size:
        raise ColumnError(f"column {name!r} is truncated")
    return np.frombuffer(data, dtype=found).reshape(shape)
