"""XML documents of text records where SRC holds no other inputs: a tables source, each document a
table (`converters/xml_records.py`: SemEval's aspect-based sentiment files).

Asked by detection only where nothing else labelled the source (no label file, no class folders
chosen): the data files of the sample, documentation aside, must all be .xml, and those whose first
bytes open records of texts are the tables; each takes the split its name names (`Restaurants_Train_v2`
-> train, `Restaurants_Test_Gold` -> test), a split of its own named after the file where two name
one (two domains' training files are never merged), else `train`. They are given as the layout's
`split_patterns` (one per file), so that a layout file shows and can mend them; the other .xml files
are no inputs.

Documents may also name their records' class in their file names (the Multi-Domain Sentiment Dataset's
`sorted_data_acl/<domain>/positive.review`, `negative.review`, `unlabeled.review`: rootless pseudo-XML,
`converters/pseudo_xml.py`): where every document's stem names no split, each folder holds two or more
whose stems are words other than an unlabelled one (`unlabeled`, `unsup`: `folder_names.is_unlabelled_name`),
the same words in every folder, and there are several such folders or an unlabelled document beside them,
each document's rows are of the class its stem names (`class_files`, the layout's `table_labels`), an
unlabelled one's rows unlabelled, and the documents' split is the one their folders name, else `train`
(never a split per file). One folder of `restaurants.xml` beside `laptops.xml` alone is no such family: its
domains are no classes.
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_bytes
from shardify.config import ConvertConfig
from shardify.converters import pseudo_xml, xml_records
from shardify.errors import UsageError
from shardify.plan import layout
from shardify.plan.folder_names import is_unlabelled_name
from shardify.plan.path_parts import is_xml_document
from shardify.plan.structure import split_word

__all__ = ["class_files", "is_record_document", "record_patterns"]

# Files beside the documents that are theirs to describe (guidelines, a README).
# Classes a folder's documents name at least: one document is a file of the dataset, not a class.
_MIN_CLASSES = 2
# Stems of a file holding every record again, beside the classes' files: never a class.
_WHOLE_WORDS = frozenset({"all", "full", "whole", "combined", "merged", "total", "everything"})
_DOCUMENT_EXTENSIONS = frozenset({"pdf", "md", "txt", "rst", "html", "htm", "doc", "docx", "dtd", "xsd"})


def record_patterns(config: ConvertConfig, sample: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """((path, split), ...) of the XML documents of records, or () where the sample holds other
    inputs or no such document."""
    found = _found(config, sample)
    if not found:
        return ()
    named = {p: split_word(layout.stem(p)) or split_word(posixpath.basename(posixpath.dirname(p))) or "train" for p in found}
    counts = Counter(named.values())
    if _classes(found):  # files of one split, each of a class: never a split per file
        counts = Counter(set(named.values()))
    return tuple(
        (glob_escape(p), split if counts[split] == 1 else re.sub(r"[^A-Za-z0-9_]", "_", layout.stem(p)))
        for p, split in named.items()
    )


def _found(config: ConvertConfig, sample: Sequence[str]) -> list[str]:
    """The sample's documents of records, where its data files are all XML documents (a .txt of rootless
    pseudo-XML records among them, `is_record_document`); else []."""
    texts = [p for p in sample if not layout.is_junk(p) and layout.extension(p) == "txt" and is_record_document(config, p)]
    data = [p for p in sample if not layout.is_junk(p) and layout.extension(p) not in _DOCUMENT_EXTENSIONS] + texts
    if not data or not all(is_xml_document(p) for p in data if p not in texts):
        return []
    return sorted(p for p in data if p in texts or xml_records.looks_like_records(head_bytes(config, p)))  # (a member of an archive too)


def is_record_document(config: ConvertConfig, path: str) -> bool:
    """The file is an XML document of records by its name (`is_xml_document`), or a .txt whose first bytes
    are rootless pseudo-XML records (`pseudo_xml`: the Blurb Genre Collection's `BlurbGenreCollection_EN_train.txt`
    of `<book>` elements, no root), told by its content as `tables.read_header` tells it."""
    if is_xml_document(path):
        return True
    if layout.extension(path) != "txt":
        return False
    head = head_bytes(config, path)
    return pseudo_xml.rootless(head) and bool(xml_records.record_tag(head))


def class_files(config: ConvertConfig, sample: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """((document, its class; "" unlabelled), ...) of documents of records whose stems name their class
    (see the module's docstring), or ()."""
    return _classes(_found(config, sample))


def _classes(found: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The (path, class) pairs of `found` where they are a family of class files in every folder (see the
    module's docstring); ().

    Raises:
      UsageError: a file of every record again (`all.review`) beside such a family, naming its --exclude.

    >>> _classes(["b/negative.review", "b/positive.review", "b/unlabeled.review", "d/negative.review", "d/positive.review"])
    (('b/negative.review', 'negative'), ('b/positive.review', 'positive'), ('b/unlabeled.review', ''), ('d/negative.review', 'negative'), ('d/positive.review', 'positive'))
    >>> _classes(["restaurants.xml", "laptops.xml"]), _classes(["a/train.xml", "a/test.xml", "b/train.xml", "b/test.xml"])
    ((), ())
    """
    if any(split_word(layout.stem(p)) for p in found):
        return ()
    whole = [p for p in found if layout.stem(p).casefold() in _WHOLE_WORDS]
    if whole and _classes([p for p in found if p not in whole]):
        excludes = " ".join(f"--exclude {p!r}" for p in whole[:6])
        raise UsageError(
            f"{', '.join(whole[:4])}{' ...' if len(whole) > 4 else ''} lie beside documents of records named by their class "
            f"({', '.join(p for p in found if p not in whole)[:200]}): a file of every record again, read as a class "
            f"'{layout.stem(whole[0])}' or unlabelled, would write each record twice. {excludes} converts the class files "
            "alone, each record labelled by its file's name (docs/converting.md)"
        )
    if whole:
        return ()
    folders: dict[str, list[str]] = {}
    for path in found:
        folders.setdefault(posixpath.dirname(path), []).append(path)
    families = set()
    unlabelled = False
    for paths in folders.values():
        stems = [layout.stem(p) for p in paths]
        words = frozenset(s.casefold() for s in stems if not is_unlabelled_name(s))
        unlabelled = unlabelled or len(words) < len(stems)
        if len(words) < _MIN_CLASSES or len(words) != len([s for s in stems if not is_unlabelled_name(s)]):
            return ()
        families.add(words)
    if len(families) != 1 or not (len(folders) > 1 or unlabelled):
        return ()
    return tuple((p, "" if is_unlabelled_name(layout.stem(p)) else layout.stem(p)) for p in sorted(found))


def glob_escape(path: str) -> str:
    """`path` as a glob matching itself alone (`[`, `*`, `?` bracketed)."""
    return re.sub(r"([\[\]*?])", r"[\1]", path)
