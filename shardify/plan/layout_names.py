"""The layouts' vocabulary: their names, and how a label file's keys name files.

Plain constants with no imports, so that the modules describing a layout (`layout.py`, whose
`SourceLayout` checks them; `provenance.py`, which says them in the plan) can share them without
importing each other. `layout.py` re-exports every name: callers read them as `layout.<NAME>`.
"""

from __future__ import annotations

__all__ = [
    "ARRAYS",
    "BESIDE",
    "COCO",
    "IMAGE_CAPTIONS",
    "IMAGE_FOLDERS",
    "LABEL_FILE",
    "LABEL_KEYS",
    "LAYOUTS",
    "NAME",
    "NAMED_FILES",
    "ORDER",
    "PATH",
    "SAMPLE_JSON_FIELD",
    "SAMPLE_LABEL_FIELDS",
    "STEM",
    "STEM_NUMBER",
    "TABLES",
    "TEXT_FOLDERS",
    "UNDER",
    "WEBDATASET",
]

IMAGE_FOLDERS, TEXT_FOLDERS, NAMED_FILES, TABLES = "image_folders", "text_folders", "named_files", "tables"
LABEL_FILE, COCO, IMAGE_CAPTIONS, WEBDATASET = "label_file", "coco", "image_captions", "webdataset"
ARRAYS = "arrays"
LAYOUTS = (IMAGE_FOLDERS, TEXT_FOLDERS, NAMED_FILES, TABLES, LABEL_FILE, COCO, IMAGE_CAPTIONS, WEBDATASET, ARRAYS)
# WebDataset members that label a sample, in the order they are looked for: `000001.cls` or
# `000001.label` (the label itself), `000001.json` (an object with a label field).
SAMPLE_LABEL_FIELDS = ("cls", "label", "json")
SAMPLE_JSON_FIELD = "json"
# How a label file's keys name files (see beam_jobs/discover/label_file.py).
PATH, NAME, STEM, ORDER = "path", "name", "stem", "order"
# Paths relative to the folder the label file lies in (TACO's data/annotations.json naming
# `batch_1/000006.jpg` for data/batch_1/000006.jpg): found by detection, never guessed by shape.
BESIDE = "beside"
# The stem is the key, `-` or `_`, and a number: PetFinder's `<PetID>-1.jpg`, `<PetID>-2.jpg`, several
# files for one row, each written as its own record with the row's labels.
STEM_NUMBER = "stem_number"
# Paths relative to one folder under SRC (`key_folder`), found by detection where the keys are the
# tails of the listed paths: Derm7pt's meta.csv names `NEL/Nel026.jpg` for release_v0/images/NEL/Nel026.jpg.
UNDER = "under"
LABEL_KEYS = (PATH, NAME, STEM, ORDER, BESIDE, STEM_NUMBER, UNDER)
