"""YOLO label folders with no class names beside them (Ultralytics' coco128.zip: the names live in
a .yaml that ships with the library, not the download).

A YOLO line names its class by a number only. Written as the class names, those numbers would be
numbered again in sorted string order (`10` before `2`), and a reader's class 2 would not be the
file's; dropped, the images would be written with no objects. Neither is right, so detection stops
before writing, naming the label folders and the option that decides: `--label-names FILE`, the
class names one a line in YOLO's index order, which then names the numbers as data.yaml would.

Only folders whose first non-empty file is all YOLO lines (a whole class number, four numbers
from 0 to 1) are such folders: KITTI-format `labels/` (a class word first) are not.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import archive_heads, label_file_found
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.inputs.excludes import exclude_option
from shardify.plan import layout

__all__ = ["check_named", "folders_aside", "is_yolo_text", "names_files"]

# Label files of a folder opened to find one with lines (an image without objects has none).
_FIRST_FILES = 20
_SHOWN = 3
# Class names a stop spells out from a names list it found but may not trust (a training run's copy): enough
# for a dataset's classes to be copied into the file --label-names reads; beyond it the list is cut.
_NAMES_SHOWN = 80
# File names that list a YOLO export's classes, one a line, in the labels' number order.
_NAMES_FILES = ("classes.txt", "obj.names", "classes.names", "names.txt")


def names_files(sample: Sequence[str]) -> list[str]:
    """The sampled files that list classes as YOLO exports ship them (Label Studio's `classes.txt`,
    Darknet's `obj.names`, any `.names`), the shallowest first."""
    found = [p for p in sample if posixpath.basename(p).lower() in _NAMES_FILES or layout.extension(p) == "names"]
    return sorted(found, key=lambda p: (p.count("/"), p))


def is_yolo_text(lines: Sequence[str]) -> bool:
    """Every non-empty line is `class cx cy w h` (a whole class number, four from 0 to 1), and one
    at least is a box inside the image (a width and a height, its centre off the edges): five bits
    of per-image attributes (`1 0 1 1 0`) are of YOLO's shape, and read as boxes every one was
    dropped as of no area, the attributes lost with exit 0.

    >>> is_yolo_text(["45 0.479492 0.688771 0.955609 0.5955", ""]), is_yolo_text(["Car 0.00 0 -1.58 587.01 173.33 614.12 200.12"])
    (True, False)
    >>> is_yolo_text(["1 0 1 1 0", "0 1 1 1 1"]), is_yolo_text(["0 0.5 0.5 1 1"])
    (False, True)
    """
    rows = [line.split() for line in lines if line.strip()]
    if not rows:
        return False
    boxed = False
    for fields in rows:
        if len(fields) != 5 or not fields[0].isdigit():
            return False
        try:
            cx, cy, w, h = (float(f) for f in fields[1:])
        except ValueError:
            return False
        if not all(0.0 <= v <= 1.0 for v in (cx, cy, w, h)):
            return False
        boxed = boxed or (0.0 < cx < 1.0 and 0.0 < cy < 1.0 and w > 0.0 and h > 0.0)
    return boxed


def folders_aside(sample: Sequence[str], image_keys: Sequence[str]) -> list[str]:
    """The top folders of the sampled images that no YOLO label folder mirrors (`image_keys`: the
    mirrored images' paths without extension), where none of their images is mirrored: a training
    run's plots and batches (`results_yolov8n_100e/.../val_batch0_pred.jpg`), demo pictures
    (`source_files/`). Written beside the export they would be records of no objects, or read as
    class folders; the stop names them for `--exclude`.

    >>> folders_aside(["css/train/images/a.jpg", "runs/x/train/results.png", "demo/b.jpg", "c.jpg"], ["css/train/images/a"])
    ['demo', 'runs']
    """
    mirrored = {key.split("/", 1)[0] for key in image_keys if "/" in key}
    tops = {p.split("/", 1)[0] for p in sample if "/" in p and layout.extension(p) in layout.IMAGE_EXTENSIONS}
    return sorted(tops - mirrored) if mirrored else []


def check_named(config: ConvertConfig, labels_by_folder: dict[str, list[str]], names: Sequence[str] = (),
                elsewhere: Sequence[tuple[str, Sequence[str]]] = (), aside: Sequence[str] = ()) -> None:
    """Stops where YOLO label folders mirroring the images have no class names and none were given;
    `names`: files that may list them (`names_files`), named in the message, never denied;
    `elsewhere`: (.yaml, its names in number order) of YOLO's shape lying outside the export's folders (a training
    run's copy, Construction Site Safety's `results_yolov8n_100e/kaggle/working/ppe_data.yaml`), named as
    what may list them, never read as theirs; `aside`: folders of images no label folder mirrors
    (`folders_aside`), named with `--exclude`, without which the names alone lead to a further stop.

    Raises:
      UsageError: naming the folders and `--label-names FILE`.
    """
    if config.label_names or config.label_level is not None:
        return
    unnamed = []
    for folder, files in sorted(labels_by_folder.items()):
        for path in sorted(files)[:_FIRST_FILES]:
            lines = label_file_found.head_lines(config, path)
            if any(line.strip() for line in lines):
                if is_yolo_text(lines):
                    unnamed.append(folder)
                break
    if unnamed and any(archive_heads.in_archive(config.source, files[0]) for files in labels_by_folder.values() if files):
        raise UsageError(  # read from an archive, no names file helps: the labels are read only once unpacked
            f"{', '.join(f'{f}/' for f in unnamed[:_SHOWN])} hold YOLO labels (class number, cx cy w h) inside an archive: "
            "shardify reads labels, annotations and class lists only from folders: unpack the archive, then convert the "
            "folder it unpacks to" + (f" with --label-names {names[0]} (its classes, once their order is checked)" if names else "")
        )
    if unnamed:
        shown = ", ".join(f"{f}/" for f in unnamed[:_SHOWN]) + (f" and {len(unnamed) - _SHOWN} more" if len(unnamed) > _SHOWN else "")
        left = "".join(" " + exclude_option(folder, tree=True) for folder in aside[:_SHOWN])  # (a folder's name as it stands: review32)
        left = (f"; {', '.join(f'{f}/' for f in aside[:_SHOWN])} hold images no label folder mirrors (a training run's "
                f"plots, demo pictures), written otherwise as records or read as classes:{left} leaves them out") if aside else ""
        if elsewhere and not names:
            yaml_file, listed = elsewhere[0]
            # (the names shown, as the file's lines would be: the stop knows the value, the user checks it)
            spelled = ", ".join(repr(n) for n in listed[:_NAMES_SHOWN]) + (" ..." if len(listed) > _NAMES_SHOWN else "")
            raise UsageError(
                f"{shown} hold YOLO labels (class number, cx cy w h) for the images, and no data.yaml of the export "
                f"names the classes; {yaml_file}, outside the export's folders (a training run's copy?), lists {len(listed)} "
                "class names: name them with --label-names FILE (the class names, one a line, in the labels' number "
                f"order; {yaml_file}'s, in its order: {spelled}) once they are checked to be the export's{left}"
            )
        if names:  # Label Studio's classes.txt: likely the names, but a list of lines says nothing of its order
            raise UsageError(
                f"{shown} hold YOLO labels (class number, cx cy w h) for the images, and no data.yaml names the classes; "
                f"{', '.join(names[:_SHOWN])} may list them: name them with --label-names {names[0]} (the class names, one "
                "a line, in the labels' number order) once its order is checked against the export's own"
            )
        raise UsageError(
            f"{shown} hold YOLO labels (class number, cx cy w h) for the images, but no data.yaml or classes file "
            "names the classes: name them with --label-names FILE (the class names, one a line, in the labels' "
            f"number order, as the dataset's own data.yaml lists them){left}"
        )
