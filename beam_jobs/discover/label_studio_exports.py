"""Stop at a Label Studio project export, which shardify does not read, naming what converts it.

Label Studio exports a project as one JSON array of tasks: each `{"data": {"image": ...}, "annotations":
[{"result": [{"type": "rectanglelabels", "from_name": ..., "to_name": ..., "value": {"x", "y", "width",
"height" in percent of the image, "rectanglelabels": [...]}}]}]}` (labelstud.io/guide/task_format,
/tags/rectanglelabels). Beside its images it read as no label file ("no `images` list: not read as COCO
annotations"), and the stop offered --label-from-name, --labels and --label-level 0: none of them reads
the boxes, and the last writes the images unlabelled with exit 0. An image's `data.image` is a path Label
Studio gave it (`/data/upload/1/3f2a9c1e-img0.jpg`, a prefix of its own before the file's name), so the
file cannot be keyed to SRC's images without guessing. So an export found among the sampled files
stops the run before writing, naming the file, what it holds and what converts it: Label Studio's own
export of the project as COCO, YOLO or Pascal VOC XML (each read by shardify), or --exclude to convert
without it. Told by its head alone (the first `_HEAD_BYTES`): a JSON array holding the keys of one of
`_SIGNATURES` (the full export's, JSON-MIN's), kept as data.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import layout

__all__ = ["check_label_studio_exports", "is_label_studio_export"]

# The kinds of export, each by the keys its head holds (every group, any name of a group): the full export
# (a task's data and its annotators' or a model's results, each result's tool, value and type) and JSON-MIN
# (a row per image, its boxes' label lists beside the image's pixel size).
_SIGNATURES = (
    ("data",), ("annotations", "predictions", "completions"), ("from_name",), ("to_name",), ("type",), ("value",),
), (
    ("rectanglelabels", "polygonlabels", "keypointlabels", "brushlabels", "ellipselabels"), ("original_width",),
)
# The head read of each JSON file, and the most files looked into (the top of the sample first).
_HEAD_BYTES = 64 << 10
_LOOKED_AT = 20
_KEY = '"{}"\\s*:'


def is_label_studio_export(head: str) -> bool:
    """Whether the text `head` (a JSON file's first bytes) begins a Label Studio export: an array of tasks.

    >>> is_label_studio_export('[{"id": 1, "data": {"image": "/data/upload/1/a-x.jpg"}, "annotations": [{"result": '
    ...     '[{"from_name": "label", "to_name": "image", "type": "rectanglelabels", "value": {"x": 1}}]}]}]')
    True
    >>> is_label_studio_export('{"images": [], "annotations": [], "categories": []}')  # COCO
    False
    >>> is_label_studio_export('[{"image": "/data/upload/1/a-x.jpg", "label": [{"x": 1, "rectanglelabels": ["cat"], '
    ...     '"original_width": 640}]}]')  # JSON-MIN
    True
    >>> is_label_studio_export('\ufeff[{"image": "a.jpg", "label": [{"rectanglelabels": ["cat"], "original_width": 6}]}]')
    True
    >>> is_label_studio_export('[{"data": {"text": "hi"}, "label": "pos"}]')  # a list of records, no results
    False
    """
    if not head.removeprefix("\ufeff").lstrip().startswith("["):  # (a byte-order mark is no content: review31)
        return False
    return any(all(any(re.search(_KEY.format(name), head) for name in group) for group in signature) for signature in _SIGNATURES)


def check_label_studio_exports(config: ConvertConfig, sample: Sequence[str]) -> None:
    """Stop where a sampled `.json` file is a Label Studio export (`is_label_studio_export`).

    Raises:
      UsageError: naming the file and the exports that convert it.
    """
    found = [p for p in _json_files(sample) if _head_is_export(config, p)]
    if not found:
        return
    shown = ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
    excludes = " ".join(f"--exclude {p!r}" for p in found[:3])
    raise UsageError(
        f"{shown} is a Label Studio export (a JSON array of tasks, each an image's data and its annotations' results, boxes "
        "in percent of the image), which shardify does not read: its images are named by paths Label Studio gave them, "
        "not SRC's. Export the project from Label Studio as COCO, YOLO or Pascal VOC XML beside the images and convert "
        f"that (each is read as its own layout); or {excludes} to convert the rest without its annotations"
    )


def _json_files(sample: Sequence[str]) -> list[str]:
    files = [p for p in sample if layout.extension(p) == "json" and not layout.is_junk(p)]
    return sorted(files, key=lambda p: (p.count("/"), p))[:_LOOKED_AT]


def _head_is_export(config: ConvertConfig, relpath: str) -> bool:
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return is_label_studio_export(fileobj.read(_HEAD_BYTES).decode("utf-8", "replace"))
    except (OSError, InvalidInputError):
        return False
