"""A folder of per-image MATLAB files of tags beside a folder of the images they tag, and a list of the
tags' names (`converters/mat_tags.py`): the images' labels (the Clothing Co-Parsing dataset's
`annotations/image-level/1005.mat`, `tags` a row of class numbers, for `photos/1005.jpg`, the numbers
into `label_list.mat`'s names, `null` first).

Found in the sample: a folder holding no images whose `.mat` files (`_MIN_FILES` at least) are named by
the stems of one folder's images (most of them), whose first files (`_FILES` read) each hold the same
variable, a row of whole numbers within the names, and one `.mat` of the sample holding one cell of
distinct names whose first is a background word (so the numbering from 0 is the file's own, not a
guess). Found, it is one LABEL_FILES Evidence (as CK+'s mirrored label files, `mirror_label_files`):
each file keyed by its image's path, read as that image's labels (multi-label); an image without a
file is unlabelled (CCP's other half, parsed per pixel). A file that cannot be read rejects its image.
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Sequence

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import mat_tags
from shardify.converters.mat_boxes import read_v5
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["tag_file_evidence"]

_WHOLE_PATH = 64
# Tag files of a folder read (each whole, a few hundred bytes), the fewest that make a folder of them,
# and the share of those read that must hold the same variable of tags.
_FILES = 6
_MIN_FILES = 2
_MOST = 0.7
# .mat files opened to find the names list (the sample's shallowest first).
_NAMES_READ = 6


def tag_file_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """One LABEL_FILES Evidence per folder of tag files (see the module's docstring); [] where none, or
    where the user chose the labels or the layout."""
    if config.layout or config.labels_file or config.label_from_name or config.label_level is not None:
        return []
    stems: dict[str, set[str]] = {}
    for p in sample:
        if layout.extension(p) in layout.IMAGE_EXTENSIONS:
            stems.setdefault(posixpath.dirname(p), set()).add(layout.stem(p))
    mats = [p for p in sample if layout.extension(p) == "mat"]
    by_folder: dict[str, list[str]] = {}
    for p in mats:
        if posixpath.dirname(p) not in stems:
            by_folder.setdefault(posixpath.dirname(p), []).append(p)
    lists = [(p, found) for p in sorted(mats, key=lambda p: (p.count("/"), p))[:_NAMES_READ] if (found := _name_list(config, p))]
    if len(lists) != 1:
        return []  # (no list of names, or two: which numbers which cannot be told)
    names_file, names = lists[0][0], lists[0][1]
    found = []
    for folder, files in sorted(by_folder.items()):
        files = sorted(f for f in files if f != names_file)
        if len(files) < _MIN_FILES:
            continue
        own = {layout.stem(f) for f in files}
        shared = Counter({images: len(own & image_stems) for images, image_stems in stems.items()})
        images, count = shared.most_common(1)[0] if shared else ("", 0)
        if count < _MIN_FILES or count * 2 < len(files):
            continue
        variable = _tags_variable(config, files[:_FILES], names)
        if not variable:
            continue
        note = (
            f"{folder}/<image stem>.mat: the tags of each image of {images}/ ({variable!r}, numbers into the "
            f"{len(names)} names of {names_file}, {names[0]!r} 0), its labels; an image without one unlabelled"
        )
        found.append(
            Evidence(
                folder,
                evidence_lib.LABEL_FILES,
                KeyRule(_WHOLE_PATH, False),
                image_folder=images,
                variable=variable,
                names=names,
                names_file=names_file,
                note=note,
            )
        )
    return found


def _variables(config: ConvertConfig, path: str) -> dict | None:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            data = fileobj.read(mat_tags.MAX_TAGS_BYTES + 1)
        return read_v5(data) if len(data) <= mat_tags.MAX_TAGS_BYTES else None
    except (OSError, InvalidInputError):
        return None


def _name_list(config: ConvertConfig, path: str) -> tuple[str, ...] | None:
    variables = _variables(config, path)
    found = mat_tags.name_list(variables) if variables else None
    return found[1] if found else None


def _tags_variable(config: ConvertConfig, files: Sequence[str], names: Sequence[str]) -> str:
    """The variable most of `files` hold as a row of class numbers within `names` (0 excluded), or ""."""
    held: Counter[str] = Counter()
    for path in files:
        variables = _variables(config, path) or {}
        for variable in variables:
            try:
                numbers = mat_tags.tag_numbers(variables, variable)
            except InvalidInputError:
                continue
            if numbers and all(0 < n < len(names) for n in numbers):
                held[variable] += 1
    best = held.most_common(1)
    return best[0][0] if best and best[0][1] >= _MOST * len(files) and len(held) == 1 else ""
