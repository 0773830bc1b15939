"""The named values reading options take, and the readers' names: one vocabulary for every reader.

`ReadOptions` checks its fields against these, each reader compares what it was given with them
(`fit == PAD`, `decoder == NO_DECODER`), and the refusals name readers by READERS; apart from the
class that checks them, so that a reader needing only a name (DALI's graph, the PyTorch
transforms) imports no checking. Nothing here imports TensorFlow or PyTorch.
"""

from __future__ import annotations

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
]

# How an image meets `image_size`: stretched, padded to keep its aspect, a centred crop of that
# aspect, or a random crop (Inception-style random-resized-crop for training).
STRETCH, PAD, CENTER_CROP, RANDOM_CROP = "stretch", "pad", "center_crop", "random_crop"
FITS = (STRETCH, PAD, CENTER_CROP, RANDOM_CROP)
# Random crops cover this fraction of the image's area, with width/height in this range; after
# this many tries at a window that fits, the whole image is taken (as TensorFlow's sampler does).
CROP_AREA_RANGE = (0.08, 1.0)
CROP_ASPECT_RANGE = (3 / 4, 4 / 3)
CROP_ATTEMPTS = 10
# A semantic segmentation output's mask of each image (`image/segmentation/class/encoded`, a PNG of
# class indices) comes back decoded under its reader name (`segmentation`), [H, W], moved with the
# image: the same crop window and flip, nearest-neighbour resizing, and `pad`'s border filled with
# `segmentation_fill`, by default SEGMENTATION_FILL: 255, the class Pascal VOC's and Cityscapes'
# masks, torchvision's and Model Garden's segmentation references ignore (`ignore_index=255`).
SEGMENTATION_FILL = 255
# The largest class a mask may hold: a 16-bit PNG's.
MAX_SEGMENTATION_CLASS = 65535
# The PyTorch readers' JPEG decoders. "auto": torchvision's where torchvision imports, else Pillow.
# "none": no decoding in the reader: the image comes back as its stored bytes (a 1-D uint8 tensor)
# for the training process to decode on the GPU (torchvision.io.decode_jpeg(..., device="cuda"),
# nvJPEG), so that DataLoader workers only read and parse; options that need pixels are refused.
DECODERS = ("auto", "pillow", "torchvision", "none")
NO_DECODER = "none"
# tf.data service processing modes (`service=`): every record once per epoch across the workers
# (the dispatcher hands out shards), or each worker its own whole epoch.
DISTRIBUTED_EPOCH, PARALLEL_EPOCHS = "distributed_epoch", "parallel_epochs"
SERVICE_MODES = (DISTRIBUTED_EPOCH, PARALLEL_EPOCHS)
# Image dtypes by name, spelled alike by TensorFlow and PyTorch: one ReadOptions serves both.
DTYPE_NAMES = ("uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64")
# The readers, by the names their errors give.
LOAD, DISTRIBUTE, SHARD_DATASET, INDEXED_DATASET = "load", "distribute", "ShardDataset", "IndexedDataset"
# shardify.dali's pipeline and the iterators that wrap it (they take the same options, and the
# last-batch options the pipeline leaves to them).
DALI_PIPELINE, DALI_TORCH, DALI_TF = "dali.pipeline", "dali.torch_iterator", "dali.tf_dataset"
READERS = (LOAD, DISTRIBUTE, SHARD_DATASET, INDEXED_DATASET, DALI_PIPELINE, DALI_TORCH, DALI_TF)
