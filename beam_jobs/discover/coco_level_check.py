"""Stop before writing where the COCO-style file read holds one category list per level of a hierarchy
(`categories_1`, `categories_2`, ...: DENTEX's quadrant, tooth and diagnosis) and no option says which
level is the class (`converters/coco_levels.py` reads the one chosen).

Its own module because it parses the file at detection, which `coco_file_sample` avoids for COCO files
of hundreds of MB: it does so only where the file's first bytes name a level's key, and bounded by the
annotation files' size limit. Without the stop, the pipeline refused the file as a whole, every image a
reject, exit 1 with the reason in rejected.jsonl.
"""

from __future__ import annotations

import re

from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import coco_label_rows, coco_levels
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs import json_input

__all__ = ["check_levels"]

# A level's list or an annotation's key to it, as a JSON key (`"categories_3":`, `"category_id_1" :`).
_LEVEL_KEY = re.compile(rb'"categor(?:ies|y_id)_\w{1,32}"\s*:')
# Bytes looked at for such a key: an annotation opens the "annotations" list, after the images'.
_HEAD_BYTES = 1 << 20


def check_levels(path: str, shown: str, config: ConvertConfig) -> None:
    """Nothing where the file holds no levels' lists or `config.label_column` names one of them.

    Raises:
      UsageError: levels' lists and none chosen: names the file, each list with its first names, and
        `--label-column` with each list's name.
    """
    try:
        with open_input(path) as fileobj:
            head = fileobj.read(_HEAD_BYTES)
            if not _LEVEL_KEY.search(head):
                return
            rest = fileobj.read(coco_label_rows.MAX_ANNOTATION_BYTES + 1 - len(head))
        document = json_input.parse(head + rest)
    except (OSError, InvalidInputError):
        return  # unreadable or too large: the pipeline rejects it with its reason
    if not isinstance(document, dict):
        return
    try:
        coco_levels.chosen_level(document, config.label_column)
    except InvalidInputError as error:
        raise UsageError(f"the annotation file {shown}: {error.reason}") from None
