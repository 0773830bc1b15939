"""A listed file's name read apart: its extension, its stem, the key a numbered stem or a WebDataset
member shares with its neighbours.

Every layout rule asks these of every listed file, several times (junk, auxiliary, kind), so they
live below `layout.py` and `file_roles.py` as plain string functions with no file access; `layout`
re-exports them, where most callers read them (`layout.extension`).
"""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache

from shardify.inputs.compressed import inner_name

__all__ = ["extension", "is_xml_document", "numbered_stem", "sample_key", "stem"]

# Detection asks `extension` and `stem` of each of its (at most 2,000) sampled paths about 60 and
# 45 times (one rule after another: arrays, boxes, masks, tables, guards): 0.2 s of a 32,000-file
# source's 0.37 s detection, paid again by every `--append` and resume. A hit costs ~0.1 us against
# ~1.5 us; bounded, so a listing of millions of names costs a miss's insert, not memory.
_NAMES_CACHED = 1 << 14


def _dot(name: str) -> int:
    """Where a file name's extension starts, as `posixpath.splitext` splits it (leading dots are
    no extension's: '.bashrc', '..x' have none), or -1. Asked of every listed file several times
    (junk, auxiliary, kind): `splitext` and `basename` cost ~3x this."""
    dot = name.rfind(".")
    return dot if dot > 0 and name[:dot].lstrip(".") else -1


@lru_cache(maxsize=_NAMES_CACHED)
def extension(relpath: str) -> str:
    """Lower-case extension without the dot: 'a/B.JPG' -> 'jpg'. A suffix holding characters no
    format's extension does is none: WebKB's pages named by their URL (`http:^^www.cs.wisc.edu^~dewitt^`)
    have no extension `edu^~dewitt^`. A table compressed whole has its table's (`inputs/compressed.py`:
    it is read as that table).

    >>> extension("a/B.JPG"), extension("a.b/c"), extension(".bashrc"), extension("x/..a.b"), extension("c.")
    ('jpg', '', '', 'b', '')
    >>> extension("webkb/faculty/wisconsin/http:^^www.cs.wisc.edu^~dewitt^")
    ''
    >>> extension("uci/covtype.data.gz"), extension("a.tar.gz"), extension("a.png.gz")
    ('data', 'gz', 'gz')
    """
    relpath = inner_name(relpath) or relpath
    name = relpath[relpath.rfind("/") + 1 :]
    dot = _dot(name)
    suffix = name[dot + 1 :].lower() if dot >= 0 else ""
    return suffix if _EXTENSION_CHARACTERS.fullmatch(suffix) else ""


# What an extension is made of (letters, digits, `_`, `-`, `+`, `~`: `tar.gz`'s `gz`, `c++`, `bak~`).
_EXTENSION_CHARACTERS = re.compile(r"[a-z0-9_+~-]*")


# Suffixes a download adds after `.xml` to name a copy of a document (SemEval-2016's gold test file,
# `EN_REST_SB1_TEST.xml.gold`, beside `ABSA16_Restaurants_Train_SB1_v2.xml`): still an XML document.
_XML_COPY_SUFFIXES = frozenset({"gold"})
# Extensions of pseudo-XML files of records, read as XML documents (`converters/pseudo_xml.py`): the
# Multi-Domain Sentiment Dataset's `positive.review`. Data, not code: a new kind is a row here.
_PSEUDO_XML_EXTENSIONS = frozenset({"review"})


def is_xml_document(relpath: str) -> bool:
    """The file is an XML document by its name: `.xml`, or `.xml` and a copy's suffix (_XML_COPY_SUFFIXES).

    >>> is_xml_document("a/B.XML"), is_xml_document("EN_REST_SB1_TEST.xml.gold"), is_xml_document("test.txt.gold")
    (True, True, False)
    >>> is_xml_document("books/positive.review")
    True
    """
    ext = extension(relpath)
    return ext == "xml" or ext in _PSEUDO_XML_EXTENSIONS or (ext in _XML_COPY_SUFFIXES and extension(stem(relpath)) == "xml")


@lru_cache(maxsize=_NAMES_CACHED)
def stem(relpath: str) -> str:
    """File name without folder or extension: 'img/0001.jpg' -> '0001' (a suffix that is no
    extension, `extension`, stays: 'http:^^a.edu^~b^').

    >>> stem("img/0001.jpg"), stem("a.b/c"), stem("x/.bashrc"), stem("..a.b"), stem("c."), stem("http:^^a.edu^~b^")
    ('0001', 'c', '.bashrc', '..a', 'c', 'http:^^a.edu^~b^')
    """
    name = relpath[relpath.rfind("/") + 1 :]
    dot = _dot(name)
    return name[:dot] if dot >= 0 and _EXTENSION_CHARACTERS.fullmatch(name[dot + 1 :].lower()) else name


def numbered_stem(relpath: str) -> str | None:
    """The key before a stem's last `-<n>` or `_<n>` ('a/86e1089a3-2.jpg' -> '86e1089a3'), or None
    for a stem of no such shape.

    >>> numbered_stem("train_images/86e1089a3-2.jpg"), numbered_stem("a_b_10.png"), numbered_stem("0001.jpg")
    ('86e1089a3', 'a_b', None)
    """
    name = stem(relpath)
    cut = max(name.rfind("-"), name.rfind("_"))
    number = name[cut + 1 :]
    if cut <= 0 or not number.isascii() or not number.isdigit():
        return None
    return name[:cut]


def sample_key(relpath: str) -> tuple[str, str]:
    """A WebDataset member's (key, field): its path up to the first dot of its file name, and the
    rest, lower-case: 'shard/000001.seg.png' -> ('shard/000001', 'seg.png')."""
    folder, name = posixpath.split(relpath)
    key, _, field = name.partition(".")
    return posixpath.join(folder, key), field.lower()
