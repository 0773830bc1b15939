"""Tables whose names give no split but whose rows repeat each other: each its own split.

Financial PhraseBank ships four files, `Sentences_50Agree.txt` .. `Sentences_AllAgree.txt`, each
line `sentence@label`: the sentences on which at least that share of annotators agreed, so each
file holds the next one's lines and more (Hugging Face reads them as four configs). Their names
name no split, and tables naming none were one split, `train`: 26 of 28 records were another
file's lines again, written with exit 0.

Tables of one split are parts of it (`part-0.csv`, `part-1.csv`): they do not hold each other's
rows. So where, among the tables naming no split, more than half of one table's rows (its first
line, a header perhaps, left out) are rows of another, both are read as a split of their own,
named after the file (`Sentences_50Agree`), never merged; the plan says why. The rows are compared
as their bytes' digests, up to _ROWS a table.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Iterable, Iterator, Sequence

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import Listed
from shardify.beam_jobs.open_inputs import InputOpener
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError

__all__ = ["RowDigests", "repeating"]

# Rows of a table compared (their 8-byte digests): enough for the largest such download (PhraseBank's
# 50Agree holds 4,846), bounded for any other.
_ROWS = 1_000_000
# Tables whose rows are not lines of text: never compared.
_BINARY = ("parquet", "pq", "npy", "npz")


def repeating(digests: Iterable[tuple[str, frozenset[bytes]]]) -> frozenset[str]:
    """The tables (by path) more than half of whose rows, or of another's, are the other's rows.

    >>> sorted(repeating([("a.txt", frozenset({b"1", b"2", b"3"})), ("b.txt", frozenset({b"2", b"3"})), ("c.txt", frozenset({b"9"}))]))
    ['a.txt', 'b.txt']
    """
    tables = sorted((path, rows) for path, rows in digests if rows)
    found = set()
    for (path, rows), (other, their) in itertools.combinations(tables, 2):
        if len(rows & their) * 2 > min(len(rows), len(their)):
            found |= {path, other}
    return frozenset(found)


class RowDigests(beam.DoFn):
    """A batch of tables -> (path, digests of its rows) for each that `compared` admits (a table
    naming no split), read as bytes (any encoding)."""

    def __init__(self, config: ConvertConfig, index_folder: str, compared) -> None:
        self._source = config.source
        self._follow_outside_links = config.follow_outside_links
        self._index_folder = index_folder
        self._compared = compared

    def setup(self) -> None:
        self._open = InputOpener(self._source, follow_outside_links=self._follow_outside_links, index_folder=self._index_folder)

    def teardown(self) -> None:
        self._open.close()

    def process(self, files: Sequence[Listed]) -> Iterator[tuple[str, frozenset[bytes]]]:
        for relpath, _size, location, _ in files:
            if relpath.rpartition(".")[2].lower() in _BINARY or not self._compared(relpath):
                continue
            try:
                with self._open(relpath, location) as fileobj:
                    lines = itertools.islice(fileobj, 1, _ROWS + 1)  # the first line may be a header all share
                    rows = frozenset(hashlib.blake2b(line.strip(), digest_size=8).digest() for line in lines if line.strip())
            except (OSError, InvalidInputError):
                continue  # the scan rejects it with its reason
            yield relpath, rows
