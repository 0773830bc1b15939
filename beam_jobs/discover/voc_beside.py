"""Pascal VOC annotations beside the images they annotate: labelImg's default, `<image>.xml` in the
image's own folder, the folders grouping the images (LogoDet-3K's `<category>/<brand>/1.jpg` with
`1.xml`; Kaggle's fruit detection `train_zip/train/apple_1.jpg` with `apple_1.xml`).

Which is the class, the folder or the XML? An XML names each box's class; a folder holds images.
Where the sampled XMLs name some object other than the folder holding them (`new_balance-1` under
`new balance/`, `apple` under `train/`), the XMLs' objects are the images' objects and their names
the images' labels, as Pascal VOC's are, and the folders only group them (`--label-level N` keeps
a level of folders as labels beside the objects). Where every sampled XML names its own folder and
nothing else (ImageNet's per-synset XMLs in `train/<wnid>/`), the folders are the classes: nothing
is claimed here, and detection sets the XMLs aside as before (`describe.find_evidence`).

XML beside each image that is no Pascal VOC document (PKLot's `<parking><space occupied=...>`)
stops the run naming it: it annotates the images in a way no reading here knows, and the folders
above it were otherwise taken for classes with exit 0.

One Evidence covers the whole tree (the folders' common ancestor), keyed by each XML's path from
SRC without its extension: every XML is read at conversion, not only the sampled folders'
(LogoDet-3K has 3,000 brand folders), and stems repeated across folders (`1.xml` in each) stay
apart. Detection reads the first lines of one XML per folder, of a few folders.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout
from shardify.plan import evidence as evidence_lib
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["BESIDE", "beside_evidence", "by_folder", "claimed_folders"]

# `Evidence.image_folder` of XML_OBJECTS beside their images: each XML keyed by its path from SRC.
BESIDE = "."
# Key components: the whole path, however deep (a key's last `parts` components).
_WHOLE_PATH = 64
# Folders whose first XML detection reads, and the lines read of each.
_FOLDERS_READ = 24
_LINES = 200
# Share of a folder's images with an XML of their stem beside them, for the XMLs to annotate them.
_MOST = 0.5

_NAME = re.compile(r"<name>\s*([^<]*?)\s*</name>")
_ROOT = re.compile(r"<([A-Za-z_][\w.-]*)[\s>/]")


def by_folder(sample: Sequence[str], extension: str) -> tuple[dict[str, set[str]], dict[str, list[str]]]:
    """(folder -> the stems of its images, folder -> its `.<extension>` files in sample order): the
    grouping every "annotation file beside its image" reading starts from (VOC XMLs here, YOLO
    `.txt` in yolo_beside_read)."""
    images: dict[str, set[str]] = {}
    files: dict[str, list[str]] = {}
    for path in sample:
        folder, ext = posixpath.dirname(path), layout.extension(path)
        if ext in layout.IMAGE_EXTENSIONS:
            images.setdefault(folder, set()).add(layout.stem(path))
        elif ext == extension:
            files.setdefault(folder, []).append(path)
    return images, files


def _folders_of_xml_beside(sample: Sequence[str]) -> dict[str, list[str]]:
    """Folders (not SRC itself) holding images and .xml files of the same stems, most of each: the
    folder -> its XMLs, sorted."""
    images, xmls = by_folder(sample, "xml")
    found = {}
    for folder, paths in sorted(xmls.items()):
        stems = {layout.stem(p) for p in paths}
        shared = stems & images.get(folder, set())
        if folder and shared and len(shared) >= _MOST * len(stems) and len(shared) >= _MOST * len(images[folder]):
            found[folder] = sorted(paths)
    return found


def _read(config: ConvertConfig, sample: Sequence[str]) -> tuple[dict[str, list[str]], dict[str, str]]:
    """(folder -> the names its first XML's objects carry, for Pascal VOC ones; folder -> its first
    XML, for the others), over the first `_FOLDERS_READ` folders of XML beside images."""
    voc: dict[str, list[str]] = {}
    other: dict[str, str] = {}
    for folder, paths in list(_folders_of_xml_beside(sample).items())[:_FOLDERS_READ]:
        head = " ".join(label_file_found.head_lines(config, paths[0], lines=_LINES))
        if "<annotation" in head and ("<object>" in head or "</size>" in head):  # (an image of no object: no <object>)
            voc[folder] = sorted(set(_NAME.findall(head)))
        elif head.strip():
            other[folder] = paths[0]
    return voc, other


def claimed_folders(config: ConvertConfig, sample: Sequence[str]) -> list[str]:
    """The folders whose XMLs beside the images `beside_evidence` reads as objects: every folder of
    Pascal VOC XML beside images, where one of them names an object other than its folder; [] where
    each names its own folder alone (the folders are the classes) or a label file or pattern is given.

    Raises:
      UsageError: XML beside the images that is no Pascal VOC document, naming it.
    """
    if config.labels_file or config.label_from_name:
        return []
    voc, other = _read(config, sample)
    if other and config.label_level is None:
        shown = ", ".join(f"{path} (<{_root(config, path)}>)" for path in list(other.values())[:3])
        raise UsageError(
            f"an XML file lies beside each image, named as it, and is no Pascal VOC annotation: {shown}: it "
            "annotates the images in a shape shardify does not read, and the folders above them would be written "
            "as their labels without it: --label-level 0 to convert the images unlabelled (the XML left out), or "
            "--label-level N (counted from SRC) where a level of folders is the class"
        )
    if any(names and names != [posixpath.basename(folder)] for folder, names in voc.items()):
        return sorted(_folders_of_xml_beside(sample))
    return []


def _root(config: ConvertConfig, path: str) -> str:
    """The name of an XML document's first element past its declaration and comments, or "?"."""
    head = " ".join(label_file_found.head_lines(config, path, lines=20))
    head = re.sub(r"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>", " ", head, flags=re.S)
    found = _ROOT.search(head)
    return found.group(1) if found else "?"


def beside_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """One XML_OBJECTS Evidence for the Pascal VOC annotations beside the images (`claimed_folders`),
    at the folders' common ancestor, or [].

    Raises:
      UsageError: as `claimed_folders`.
    """
    folders = claimed_folders(config, sample)
    if not folders:
        return []
    top = posixpath.commonpath(folders) if len(folders) > 1 else posixpath.dirname(folders[0])
    shown = ", ".join(f + "/" for f in folders[:3]) + (f" and {len(folders) - 3} more" if len(folders) > 3 else "")
    note = (f"{top or 'SRC'}/: Pascal VOC annotations beside the images, one <image>.xml each ({shown}): its objects' "
            "names are the image's objects and labels, the folders only group the images")
    return [Evidence(top, evidence_lib.XML_OBJECTS, KeyRule(_WHOLE_PATH, False), image_folder=BESIDE, note=note)]
