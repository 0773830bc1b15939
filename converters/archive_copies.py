"""Each path of an archive once: the last copy stands, as extracting the archive leaves it.

Why a module of its own: an archive may hold a path twice (`tar -r` updating a file, a zip written
twice); `last_copies` holds a whole listing (in memory, then spooled to a temporary file: ImageNet's
1.28 M members) to tell the last copy from the earlier ones, apart from how members are listed.
"""

from __future__ import annotations

import array
import dataclasses
import operator
import pickle
import tempfile
from collections.abc import Iterable, Iterator
from typing import BinaryIO

from shardify.converters.archive_members import Member, MemberReject
from shardify.plan.entries import MemberLocation

__all__ = ["EARLIER_COPY", "last_copies"]

EARLIER_COPY = "an earlier copy of a path the archive holds again later: the last copy is kept, as extracting the archive leaves it"


def last_copies(members: Iterable[Member | MemberReject]) -> Iterator[Member | MemberReject]:
    """The members of one archive with each path once: where the archive holds a path more than
    once (what `tar -r` leaves when a file is updated, or a zip written twice), the last copy
    stands, as extracting the archive leaves it, and each earlier copy becomes a MemberReject
    (EARLIER_COPY). Members are held until the listing ends: the first _HELD_MEMBERS in memory, the
    rest in a temporary file; an error that ends the listing is raised after the members before it.
    """
    digests = array.array("q")  # each member's name, hashed: 8 bytes a member stay in memory
    held: list[Member | MemberReject] = []
    failure: Exception | None = None
    with tempfile.TemporaryFile() as spool:
        rows: list[tuple] = []
        try:
            for member in members:
                digests.append(hash(member.name))
                if len(held) < _HELD_MEMBERS:
                    held.append(member)
                    continue
                rows.append(_as_row(member))
                if len(rows) == _SPOOL_BATCH:
                    pickle.dump(rows, spool, protocol=pickle.HIGHEST_PROTOCOL)
                    rows = []
        except Exception as error:  # noqa: BLE001 - raised again below, after the members before it
            failure = error
        pickle.dump(rows, spool, protocol=pickle.HIGHEST_PROTOCOL)
        last = _last_places(digests)
        spool.seek(0)
        for place, member in enumerate(_replayed(held, spool, len(digests))):
            if last and last.get(digests[place], place) != place and isinstance(member, Member):
                member = MemberReject(member.name, EARLIER_COPY)
            yield member
    if failure is not None:
        raise failure


def _replayed(held: list[Member | MemberReject], spool: BinaryIO, count: int) -> Iterator[Member | MemberReject]:
    """The members `last_copies` held, in their order: those in memory, then those spooled."""
    yield from held
    given = len(held)
    while given < count:
        for row in pickle.load(spool):  # noqa: S301 - written by last_copies, just before
            given += 1
            yield _from_row(row)


# Members `last_copies` holds in memory (~0.5 kB each); past them, a temporary file.
_HELD_MEMBERS = 1 << 16
# MemberLocation's fields, in order: a member is spooled as a tuple of plain values (~60 bytes
# pickled in batches; ImageNet's 1.28 M members spool to ~80 MB).
_LOCATION_FIELDS = operator.attrgetter(*(field.name for field in dataclasses.fields(MemberLocation)))
# Members pickled together: one call per batch, not per member.
_SPOOL_BATCH = 4096


def _as_row(member: Member | MemberReject) -> tuple:
    if isinstance(member, MemberReject):
        return (member.name, member.reason)
    return (member.name, member.size_bytes, _LOCATION_FIELDS(member.location))


def _from_row(row: tuple) -> Member | MemberReject:
    if len(row) == 2:
        return MemberReject(*row)
    name, size_bytes, location = row
    return Member(name, size_bytes, MemberLocation(*location))


def _last_places(digests: array.array) -> dict[int, int]:
    """{digest: place of its last member} for the digests that occur more than once."""
    import numpy as np  # Beam's own dependency; imported here, as archives are met

    values = np.frombuffer(digests, dtype=np.int64) if len(digests) else np.zeros(0, np.int64)
    unique, counts = np.unique(values, return_counts=True)
    repeated = {int(d) for d in unique[counts > 1]}
    if not repeated:
        return {}
    return {int(digest): place for place, digest in enumerate(digests) if digest in repeated}
