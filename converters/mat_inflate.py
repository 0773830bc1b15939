"""How many bytes a MATLAB v5 file's compressed variables inflate to, counted before scipy reads them.

A v5 file stores each variable as an element, zlib-compressed (`miCOMPRESSED`, type 15) where the
writer chose so (`save -v7`, scipy's `do_compression`). The sizes checked before reading
(`mat_arrays._check_sizes`) are the ones the variable's header declares; the data inside may say
otherwise: a variable declaring 32 x 32 x 3 x 5 bytes whose data element claims 200 MB of zeros
(a 200 KB file) had scipy allocate them all before the shapes disagreed (515 MB peak; 2 GB declared
would have ended the worker). Here each compressed element is inflated a chunk at a time, nothing
kept, and the file is refused once the bytes pass `limit` or expand more than an archive member may.
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import BinaryIO

from shardify.errors import InvalidInputError

__all__ = ["check_inflated"]

_HEADER_BYTES = 128
_COMPRESSED = 15
_CHUNK = 1 << 20


def check_inflated(fileobj: BinaryIO, limit: int) -> None:
    """Refuses a v5 file (seekable, read from its start) whose compressed elements inflate past
    `limit` bytes in all, or past `archive_members.expansion_problem`'s bound. Uncompressed elements
    are skipped unread; files not of v5's shape are left to scipy (which refuses them itself).

    >>> import io, numpy as np, scipy.io
    >>> buffer = io.BytesIO(); scipy.io.savemat(buffer, {"x": np.zeros((4, 4))}, do_compression=True)
    >>> check_inflated(io.BytesIO(buffer.getvalue()), 1 << 20)
    >>> try:
    ...     check_inflated(io.BytesIO(buffer.getvalue()), 64)
    ... except InvalidInputError as error:
    ...     print(error.reason[:40])
    its compressed variables inflate past 64
    """
    from shardify.converters.archive_members import expansion_problem

    order = {b"IM": "<", b"MI": ">"}.get(fileobj.read(_HEADER_BYTES)[_HEADER_BYTES - 2:])
    if order is None:
        return  # no v5 file: scipy says so
    total = 0
    while len(tag := fileobj.read(8)) == 8:
        kind, size = struct.unpack(order + "II", tag)
        if kind >> 16:  # a small element: its data in the tag
            continue
        if kind != _COMPRESSED:
            fileobj.seek(size + (-size % 8), io.SEEK_CUR)
            continue
        stream, inflated, left = zlib.decompressobj(), 0, size
        try:
            while left > 0 and (piece := fileobj.read(min(left, _CHUNK))):
                left -= len(piece)
                chunk = stream.decompress(piece, _CHUNK)
                while chunk:
                    inflated += len(chunk)
                    if total + inflated > limit:
                        raise InvalidInputError(f"its compressed variables inflate past {limit:,} bytes")
                    problem = expansion_problem(size, inflated, "a MATLAB file's compressed variable")
                    if problem:
                        raise InvalidInputError(f"a compressed variable of {size:,} bytes {problem}")
                    chunk = stream.decompress(stream.unconsumed_tail, _CHUNK)
        except zlib.error:
            return  # damaged: scipy says how
        total += inflated
