"""How an object's class number (`image/object/class/label`) numbers its class: the conventions.

The feature keys are the contract's (`shardify.format.contract`, which re-exports these names);
which number stands for which class is a choice of its own, made once per conversion
(`--class-ids`), written to the manifest's `objects.class_ids`, shown in the plan and read back by
every reader and exporter (tfds's metadata, the label map). Kept here, apart from the keys, so that
the choice and what each reader makes of it are read in one place.
"""

from __future__ import annotations

__all__ = [
    "CLASS_IDS_CONTIGUOUS", "CLASS_IDS_LABEL_MAP", "CLASS_IDS_SOURCE", "CLASS_ID_CONVENTIONS", "CLASS_ID_READERS",
    "DEFAULT_CLASS_IDS", "FIRST_CLASS_ID",
]

# How an object's class/label numbers its class (the manifest's objects.class_ids says which):
# from 1 (a label map's ids; label_map.pbtxt is written beside the shards), from 0, or the
# source's own ids (COCO's 1-90). From 1 is the default: the trainers that read these keys (Model
# Garden's RetinaNet and Mask R-CNN parsers, the Object Detection API) and torchvision's detection
# models take class 0 for the background, so an object numbered 0 would train as background with
# no error. 0-based readers (tfds's ClassLabel) are given their own view: their index is the
# record's number less FIRST_CLASS_ID, where the convention has one (the source's ids need not be
# contiguous, so they have none).
CLASS_IDS_CONTIGUOUS, CLASS_IDS_LABEL_MAP, CLASS_IDS_SOURCE = "contiguous", "label-map", "source"
CLASS_ID_CONVENTIONS = (CLASS_IDS_LABEL_MAP, CLASS_IDS_CONTIGUOUS, CLASS_IDS_SOURCE)
DEFAULT_CLASS_IDS = CLASS_IDS_LABEL_MAP
# The number of the first class (in the manifest's class order) under each numbered convention.
FIRST_CLASS_ID = {CLASS_IDS_LABEL_MAP: 1, CLASS_IDS_CONTIGUOUS: 0}
# What each convention's numbers are to the readers (the plan prints it).
CLASS_ID_READERS = {
    CLASS_IDS_LABEL_MAP: "from 1, as Model Garden, the Object Detection API, torchvision, shardify.load and "
    "shardify.torch read them (0 is their background); tfds reads them 0-based",
    CLASS_IDS_CONTIGUOUS: "from 0, as tfds and shardify.load read them; detection trainers (Model Garden, torchvision) "
    "take class 0 for the background",
    CLASS_IDS_SOURCE: "the source's own ids, as every reader reads them (tfds too)",
}
