"""A sign that image folders read as classes are not: a file of SRC annotates their images one by one.

Where detection reads the folders holding the images as their classes, and a file beside them that
nothing read names those images path by path, each with numbers after it (`"brainwash_10_27_2014_images/
00000000_640x480.png": (194.0, 78.0, 230.0, 114.0);`, a box file of a format no row of
`shardify.plan.box_formats.FORMATS` knows), or names the images of folders named like recording
sessions (a date, `session3`, `seq06`, `cam2`), the folders are how the images were collected, not
what they show: written as labels, every image of a day got the day as its class with exit 0. The run
stops naming the file and the folders. The same holds of labels guessed from the files' names
(`CDY_2015.jpg` -> `CDY`, WGISD's grape variety) where files of rows of numbers named like the
images lie unread beside them (its YOLO boxes, `CDY_2015.txt`): the names' prefix is no class of
what the annotations mark (`check_names_over_annotations`). A list of paths alone (Food-101's `meta/train.txt`:
`apple_pie/1005649`) under class folders is a split list, and a line that names the image's folder
again after its path (the Simpsons' `annotation.txt`: `./characters/bart_simpson/pic_0001.jpg,x1,y1,
x2,y2,bart_simpson`) says the folder is its class: neither is a sign; nor are structured documents.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout

__all__ = ["session_named", "check_listed_folders", "check_names_over_annotations"]

# Files opened, their first lines only.
_FILES = 40
# Structured documents (a COCO-like JSON's image list, iNaturalist's public_test.json): read, or
# judged, elsewhere; their fields after a path are no sign of a line format nothing read.
_DOCUMENTS = ("json", "xml", "yaml", "yml", "mat", "h5", "hdf5", "npz", "npy", "pkl", "pickle")
# Numbers after a path that make a line an annotation of that image (a box's four at least).
_MIN_NUMBERS = 4
_PATH = re.compile(r'"?([^\s":;,()]+/[^\s":;,()]+\.[A-Za-z0-9]{2,5})"?')
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)")
# Folder names of how images were collected: a date (10_27_2014, 2014-10-27, 20141027), a session,
# sequence, camera, take or recording numbered.
_SESSION = re.compile(
    r"(?:^|[_\-. ])(?:\d{1,2}[_\-.]\d{1,2}[_\-.](?:19|20)\d{2}|(?:19|20)\d{2}[_\-.]?[01]\d[_\-.]?[0-3]\d)(?:$|[_\-. ])"
    r"|(?:^|[_\-. ])(?:session|sess|seq|sequence|cam|camera|take|recording|rec)[_\-]?\d+(?:$|[_\-. ])",
    re.IGNORECASE,
)


def session_named(folder: str) -> bool:
    """A folder named as a collection session rather than a class.

    >>> [session_named(n) for n in ("brainwash_10_27_2014_images", "2019-04-01", "seq06", "cam_2", "apple_pie", "n01440764")]
    [True, True, True, True, False, False]
    """
    return bool(_SESSION.search(folder))


def _listed(lines: Sequence[str], folders: dict[str, str]) -> tuple[set[str], int, int]:
    """(the class folders whose inputs the lines name, lines naming one, those with numbers after the path)."""
    named: set[str] = set()
    lines_named = annotated = 0
    for line in lines:
        found = _PATH.search(line)
        if not found:
            continue
        if found.group(1).startswith("//"):  # a URL's host and path ('http://host/data/x.jpg'), no file of SRC
            continue
        key = found.group(1).lstrip("./")
        parts = key.split("/")  # ('./00001.jpg' names a file of no folder: one part)
        folder = folders.get(posixpath.dirname(key)) or (folders.get(parts[-2]) if len(parts) > 1 else None)
        if folder is None:
            continue
        rest = line[found.end():]
        if folder.lower() in rest.lower():  # the line names the folder as its class again (the Simpsons' annotation.txt)
            return set(), 0, 0
        named.add(folder)
        lines_named += 1
        if len(_NUMBER.findall(rest)) >= _MIN_NUMBERS:
            annotated += 1
    return named, lines_named, annotated


def check_listed_folders(config: ConvertConfig, sample: Sequence[str], media: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where class folders' images are annotated one by one in a file nothing read.

    Raises:
      UsageError: naming the file, a line of it, the folders, and the options that decide.
    """
    structure = detected.structure
    if structure is None or not any(level >= 0 for _, level in structure.label_levels):
        return
    folders: dict[str, str] = {}
    for path in media:
        parent = posixpath.dirname(path)
        if parent:
            folders.setdefault(parent, posixpath.basename(parent))
            folders.setdefault(posixpath.basename(parent), posixpath.basename(parent))
    inputs = set(media)
    used = {e.path for e in detected.evidence}
    candidates = [p for p in sample if p not in inputs and p not in used
                  and layout.extension(p) not in (*layout.IMAGE_EXTENSIONS, *_DOCUMENTS)][:_FILES]
    for path in candidates:
        lines = [line for line in label_file_found.head_lines(config, path) if line.strip()]
        named, lines_named, annotated = _listed(lines, folders)
        if len(named) < 1 or lines_named * 2 < len(lines):
            continue
        sessions = sorted(n for n in named if session_named(n))
        if annotated * 2 < lines_named and not sessions:
            continue
        shown = ", ".join(sorted(named)[:4]) + (", ..." if len(named) > 4 else "")
        what = (f"each with numbers after its path ({lines[0].strip()[:100]!r}): an annotation of each image (boxes?) in a "
                "format not read" if annotated * 2 >= lines_named else f"({lines[0].strip()[:100]!r})")
        dated = f"; {', '.join(sessions[:3])} named as a date or session of collection, not a class" if sessions else ""
        raise UsageError(
            f"{path} names the images of {shown} one by one {what}{dated}: the folders may be how the images were "
            "collected, not their classes. Convert them unlabelled with --label-level 0, keep the folders as labels with "
            f"--label-level {max(level for _, level in structure.label_levels) + 1}, or describe the annotations in a "
            "layout file (docs/layout-files.md)"
        )


def check_names_over_annotations(config: ConvertConfig, detected: layout.SourceLayout, annotations: Sequence[str]) -> None:
    """Stop where labels are guessed from the files' names while files of rows of numbers named like
    the images (per-image annotations: boxes, points) lie unread in `annotations`.

    Raises:
      UsageError: naming the folders, the guess, and the options that decide.
    """
    structure = detected.structure
    if structure is None or structure.name_pattern is None or config.label_from_name or not annotations:
        return
    shown = ", ".join(a + "/" for a in annotations[:3])
    raise UsageError(
        f"the labels would be guessed from the files' names ({structure.name_pattern.regex!r}), while {shown} hold rows "
        "of numbers named like the images, per-image annotations (boxes?) that are not read: the names' prefix may be no "
        "class of what they mark. Convert unlabelled with --label-level 0, keep the names' prefix as the label with "
        f"--label-from-name {structure.name_pattern.regex!r}, or describe the annotations in a layout file (docs/layout-files.md)"
    )
