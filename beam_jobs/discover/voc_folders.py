"""Is a folder of XML files Pascal VOC annotations? Read several of its files, not the first alone.

Detection datasets ship negatives: frames or images with nothing in them, whose VOC XML is an
`<annotation>` with its `<size>` and no `<object>` (HollywoodHeads' head-less frames, RDD2020's
undamaged roads, every CVAT or LabelImg export of an unannotated image). Sorted by name, such files
often come first (a movie's first frames), so a test of the first file alone missed the kind. A
folder is VOC where the files read are all `<annotation>` documents and at least one of them holds
an `<object>`; where none does, nothing says the files are detection annotations rather than image
metadata, and the folder is not read as VOC (the caller stops, naming the file).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_lines
from shardify.config import ConvertConfig

__all__ = ["FOLDER_READS", "VOC", "NO_OBJECT", "OTHER", "folder_kind", "spread"]

# How many of a folder's XML files are read: the first few and some spread over the rest.
FOLDER_READS = 12
_LINES = 200

VOC = "voc"              # <annotation> documents, one at least with an <object>
NO_OBJECT = "no object"  # <annotation> documents, none of those read with an <object>
OTHER = "other"          # the first is no <annotation> document (another XML)

_NAME = re.compile(r"<name>\s*([^<]+?)\s*</name>")


def spread(paths: Sequence[str], n: int = FOLDER_READS) -> list[str]:
    """Up to `n` of `paths` (sorted): the first half of them first, the rest evenly spaced after.

    >>> spread([f"{i}.xml" for i in range(10)], 4)
    ['0.xml', '1.xml', '4.xml', '8.xml']
    >>> spread(["a.xml"], 4)
    ['a.xml']
    """
    paths = sorted(paths)
    if len(paths) <= n:
        return paths
    head = n // 2
    rest = paths[head:]
    step = len(rest) / (n - head)
    return paths[:head] + [rest[int(i * step + step / 2)] for i in range(n - head)]


def folder_kind(config: ConvertConfig, paths: Sequence[str]) -> tuple[str, str, list[str]]:
    """(VOC, NO_OBJECT or OTHER; the file that shows it; the object names of the files read) of a
    folder of XML `paths` relative to SRC. VOC's file is the first read that holds an <object>."""
    names: set[str] = set()
    first_object = ""
    read = spread(paths)
    for k, path in enumerate(read):
        head = " ".join(head_lines(config, path, lines=_LINES))
        if "<annotation" not in head:
            if k == 0:
                return OTHER, path, []
            continue  # one odd file after VOC ones: the pipeline rejects it, naming it
        if "<object>" in head or "<object " in head:
            first_object = first_object or path
            names.update(_NAME.findall(head.split("<object", 1)[1]))
    if first_object:
        return VOC, first_object, sorted(names)
    return NO_OBJECT, read[0], []
