"""What every reader of shardify output agrees on: the reading options, what they mean for one
manifest, and which records each of several readers takes.

Every reader, `shardify.load` and `shardify.distribute` (tf.data), `shardify.torch.ShardDataset`
and `IndexedDataset` (PyTorch), and `shardify.dali`'s pipeline and iterators, takes its options as
one `ReadOptions`, checked once (its fields also serve as keywords, a shorthand:
`reader_options`), asks `plan_read` which features to return under which names, and splits a
split among readers with `share` (DALI with its own record split, which its reader cannot leave;
`ShardDataset` with contiguous parts of one epoch order, `shardify.read.epoch_order`, so that its
states resume with other numbers of readers): so they cannot drift apart. A reader refuses an
option it cannot honour, saying what to use instead, rather than read something other than what
was asked. Nothing here imports TensorFlow or PyTorch: the options that
hold their objects (`dtype`, `input_context`, `data_options`) are checked by the package that
defines the object's type, and turned into the reader's own type by that reader.

The options live in small modules, each owning one thing, and this module re-exports them so that
every reader imports its options, plan and sharding rule from one place (STYLE.md, habit 13):
`option_values` (the named values and readers), `read_options` (`ReadOptions`, its checks),
`reader_refusals` (which reader takes which option, `reader_options`), `read_plan` (`plan_read`)
and `sharing` (the sharding rule, `share`).
"""

from __future__ import annotations

from shardify.read.option_values import (
    CENTER_CROP,
    CROP_AREA_RANGE,
    CROP_ASPECT_RANGE,
    CROP_ATTEMPTS,
    DALI_PIPELINE,
    DALI_TF,
    DALI_TORCH,
    DECODERS,
    DISTRIBUTE,
    DISTRIBUTED_EPOCH,
    DTYPE_NAMES,
    FITS,
    INDEXED_DATASET,
    LOAD,
    MAX_SEGMENTATION_CLASS,
    NO_DECODER,
    PAD,
    PARALLEL_EPOCHS,
    RANDOM_CROP,
    READERS,
    SEGMENTATION_FILL,
    SERVICE_MODES,
    SHARD_DATASET,
    STRETCH,
)
from shardify.read.read_options import ReadOptions
from shardify.read.read_plan import (
    DECODER_KEYS,
    OBJECT_FIELDS,
    OBJECTS,
    PIXEL_DECODER_KEYS,
    SHUFFLE_BUFFER_BYTES,
    ReadPlan,
    plan_read,
    shuffle_buffer_records,
)
from shardify.read.reader_refusals import OPTION_NAMES, reader_options
from shardify.read.sharing import Share, share

__all__ = [
    "STRETCH",
    "PAD",
    "CENTER_CROP",
    "RANDOM_CROP",
    "FITS",
    "CROP_AREA_RANGE",
    "CROP_ASPECT_RANGE",
    "CROP_ATTEMPTS",
    "SEGMENTATION_FILL",
    "MAX_SEGMENTATION_CLASS",
    "SHUFFLE_BUFFER_BYTES",
    "DECODER_KEYS",
    "PIXEL_DECODER_KEYS",
    "OBJECTS",
    "OBJECT_FIELDS",
    "DECODERS",
    "NO_DECODER",
    "DISTRIBUTED_EPOCH",
    "PARALLEL_EPOCHS",
    "SERVICE_MODES",
    "DTYPE_NAMES",
    "LOAD",
    "DISTRIBUTE",
    "SHARD_DATASET",
    "INDEXED_DATASET",
    "DALI_PIPELINE",
    "DALI_TORCH",
    "DALI_TF",
    "READERS",
    "OPTION_NAMES",
    "ReadOptions",
    "reader_options",
    "ReadPlan",
    "plan_read",
    "shuffle_buffer_records",
    "Share",
    "share",
]
