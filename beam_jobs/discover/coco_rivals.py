"""Another annotation file beside the one COCO file detection reads, naming the same images.

`label_file_found.found_label_file` takes the one COCO-style .json at the top of SRC (or in
annotations/) as the dataset's boxes and labels. A second .json there that is not COCO, and that names
the same images, is a rival reading nothing takes: the two may disagree, and which describes the
images cannot be told from either alone. Found on a download nobody had shown us (round thirty-five's
oil storage tanks): `labels.json` gives every patch's tanks in three classes as corner polygons (or
"Skip"), `labels_coco.json` the floating-head tanks alone; the COCO file was read, and 6 of 8 patches
were written with the wrong objects, with exit 0. So the run stops before writing, naming both files
and `--labels`, which reads the one the user means.

Where a box format reads the rival too (`box_formats.file_format`: the tanks' `labels.json` is a
Labelbox-shaped document of class-keyed geometries, `shardify/plan/class_keyed_documents.py`), the stop
names both readings: `--labels <coco>` for the COCO file alone, `--exclude <coco>` for the
rival alone; else a layout file.

The sign is a plain function of the rival's first bytes and the sampled images' names (`rival_names`);
`check` reads the files and stops. A .json naming none of the images (a class list, dataset info) is
no rival.
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Sequence

from shardify.beam_jobs.discover import head_reads
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import box_formats, layout

__all__ = ["MIN_NAMED", "check", "rival_names"]

# A rival names at least this many of the sampled images (one name could be a chance: a file's
# example, a thumbnail).
MIN_NAMED = 2
# How many named images the message shows.
_SHOWN = 3
# A name inside a JSON string: what lies between quotes, a path's last part compared.
_STRING = re.compile(r'"([^"\\]{1,512})"')


def rival_names(head: str, images: Sequence[str]) -> list[str]:
    """The sampled `images` (paths below SRC) whose file names a JSON text `head` holds as strings,
    in the order of `images`.

    >>> rival_names('[{"file_name": "01_5_9.jpg", "label": "Skip"}, {"file_name": "01_6_0.jpg"}]',
    ...             ["Oil Tanks/image_patches/01_5_9.jpg", "Oil Tanks/image_patches/01_6_0.jpg", "x/02.jpg"])
    ['Oil Tanks/image_patches/01_5_9.jpg', 'Oil Tanks/image_patches/01_6_0.jpg']
    >>> rival_names('{"classes": ["tank", "cluster"], "description": "tanks.jpg examples"}', ["a/tanks.jpg"])
    []
    """
    named = {posixpath.basename(m.group(1).replace("\\", "/")).lower() for m in _STRING.finditer(head)}
    return [p for p in images if posixpath.basename(p).lower() in named]


def check(config: ConvertConfig, coco: str, candidates: Sequence[str], sample: Sequence[str]) -> None:
    """Stop where a .json among `candidates` other than the COCO file `coco` names the sampled images.

    Raises:
      UsageError: naming both files, images both name, and `--labels`.
    """
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    if not images:
        return
    for other in candidates:
        if other == coco or layout.extension(other) != "json":
            continue
        head = head_reads.head_bytes(config, other).decode("utf-8", "replace")
        named = rival_names(head, images)
        if len(named) >= MIN_NAMED:
            shown = ", ".join(named[:_SHOWN]) + (", ..." if len(named) > _SHOWN else "")
            read = box_formats.file_format(posixpath.basename(other), head.splitlines())
            if read is not None and read.pairing == box_formats.JSON_DOCUMENT:
                raise UsageError(
                    f"two annotation files name the same images ({shown}): {coco}, read as COCO boxes, and {other}, "
                    f"read as {read.name}; they may disagree (one may hold part of the classes, or other objects), and "
                    f"which describes the images cannot be told: --exclude {_quoted(coco)} reads {other} alone, "
                    f"--labels {_quoted(coco)} reads the COCO file alone"
                )
            raise UsageError(
                f"two annotation files name the same images ({shown}): {coco}, read as COCO boxes, and {other}, "
                f"which is not COCO and nothing reads; they may disagree (one may hold part of the classes, or other "
                f"objects), and which describes the images cannot be told: --labels {coco} reads the COCO file "
                f"alone; a reading of {other} needs a layout file (--dry-run --layout-file FILE, docs/layout-files.md)"
            )


def _quoted(path: str) -> str:
    """`path` as a shell takes it: quoted where it holds a space or a quote (`'Oil Tanks/labels_coco.json'`)."""
    return shlex.quote(path)
