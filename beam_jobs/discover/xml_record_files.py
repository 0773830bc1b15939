"""XML documents of text records where SRC holds no other inputs: a tables source, each document a
table (`converters/xml_records.py`: SemEval's aspect-based sentiment files).

Asked by detection only where nothing else labelled the source (no label file, no class folders
chosen): the data files of the sample, documentation aside, must all be .xml, and those whose first
bytes open records of texts are the tables; each takes the split its name names (`Restaurants_Train_v2`
-> train, `Restaurants_Test_Gold` -> test), a split of its own named after the file where two name
one (two domains' training files are never merged), else `train`. They are given as the layout's
`split_patterns` (one per file), so that a layout file shows and can mend them; the other .xml files
are no inputs.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_bytes
from shardify.config import ConvertConfig
from shardify.converters import xml_records
from shardify.plan import layout
from shardify.plan.path_parts import is_xml_document
from shardify.plan.structure import split_word

__all__ = ["record_patterns"]

# Files beside the documents that are theirs to describe (guidelines, a README).
_DOCUMENT_EXTENSIONS = frozenset({"pdf", "md", "txt", "rst", "html", "htm", "doc", "docx", "dtd", "xsd"})


def record_patterns(config: ConvertConfig, sample: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """((path, split), ...) of the XML documents of records, or () where the sample holds other
    inputs or no such document."""
    data = [p for p in sample if not layout.is_junk(p) and layout.extension(p) not in _DOCUMENT_EXTENSIONS]
    if not data or not all(is_xml_document(p) for p in data):
        return ()
    found = sorted(p for p in data if xml_records.looks_like_records(head_bytes(config, p)))  # (a member of an archive too)
    if not found:
        return ()
    named = {p: split_word(layout.stem(p)) or split_word(posixpath.basename(posixpath.dirname(p))) or "train" for p in found}
    counts = Counter(named.values())
    return tuple(
        (glob_escape(p), split if counts[split] == 1 else re.sub(r"[^A-Za-z0-9_]", "_", layout.stem(p)))
        for p, split in named.items()
    )


def glob_escape(path: str) -> str:
    """`path` as a glob matching itself alone (`[`, `*`, `?` bracketed)."""
    return re.sub(r"([\[\]*?])", r"[\1]", path)
