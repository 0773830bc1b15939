"""A detection output that the other readers' tests share: COCO 2017's miniature
(tests/helpers/shipped.py) converted once per test session with masks and COCO's own category ids,
with what its annotation files say of each image (tests/helpers/coco_truth.py)."""

from __future__ import annotations

import pytest

from helpers.coco_truth import CocoOutput, coco_images
from helpers.shipped import build_coco2017
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig


@pytest.fixture(scope="session")
def coco_objects(tmp_path_factory: pytest.TempPathFactory) -> CocoOutput:
    """COCO 2017's miniature converted once (one shard a split, masks, `--class-ids source`); tests
    must not modify it."""
    truth = build_coco2017(tmp_path_factory.mktemp("coco_download"))
    out = tmp_path_factory.mktemp("coco_objects")
    run_conversion(ConvertConfig(str(truth.root), str(out), shards=1, masks=True, class_ids="source"))
    return CocoOutput(out, coco_images(truth.root))
