"""Reading shardify output with NVIDIA DALI: a pipeline built from the manifest alone, decoding on
the GPU where there is one, and iterators for PyTorch and TensorFlow around it.

    pipe = shardify.dali.pipeline("out/", "train", batch_size=64, image_size=(224, 224), fit="random_crop",
                                  flip=True, seed=0, device_id=0)      # pipe.build(); pipe.run()
    for batch in shardify.dali.torch_iterator("out/", "train", batch_size=64, image_size=(224, 224), device_id=0):
        images, labels = batch[0]["image"], batch[0]["label"]     # [64, 3, 224, 224] float32 on cuda:0, [64] int64

Why DALI: its `fn.decoders.image(device="mixed")` decodes JPEGs with nvJPEG (or the hardware
decoder) and fits them on the GPU, leaving the CPUs to read. The manifest gives the shards, their
index files (written beside each shard, so no `tfrecord2idx` pass) and the feature keys; the
options are `ReadOptions`, checked by the code every shardify reader shares, and an option DALI
cannot honour is refused with what to use instead (`shardify/read/dali_spec.py`, which decides
everything without importing DALI; `dali_graph.py` holds the operators).

Nothing here imports DALI until a pipeline is made, and the plugins (PyTorch's, TensorFlow's)
only when their iterator is asked for, each with the package to install when it is missing.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from shardify.errors import ReadOptionError
from shardify.format import contract
from shardify.read.dali_spec import READER_NAME, DaliSpec, batches_per_epoch, make_spec, rank_records
from shardify.read.options import DALI_PIPELINE, DALI_TF, DALI_TORCH, ReadOptions

__all__ = ["pipeline", "torch_iterator", "tf_dataset", "dali_torch_iterator", "epoch_batches", "rank_records", "READER_NAME"]

# DALI's own default: two batches in flight ahead of the one being consumed.
PREFETCH_QUEUE_DEPTH = 2
_INSTALL_DALI = (
    "shardify.dali needs NVIDIA DALI: pip install nvidia-dali-cuda120 (Linux x86_64 and aarch64; the test extra "
    "has it), or the build for your CUDA from DALI's installation guide"
)


def _default_threads() -> int:
    """DALI's CPU worker threads: the cores, up to 8 (a trainer's process needs some too)."""
    return max(1, min(8, os.cpu_count() or 1))


def _build(spec: DaliSpec) -> Any:
    try:
        from shardify.read import dali_graph
    except ModuleNotFoundError as error:
        if not (error.name or "").startswith("nvidia"):
            raise
        raise ImportError(_INSTALL_DALI) from None
    return dali_graph.build_pipeline(spec)


def _spec(reader: str, path: str, split: str, options: ReadOptions | None, keywords: Mapping[str, Any], **pipe: Any) -> DaliSpec:
    pipe["num_threads"] = pipe["num_threads"] if pipe["num_threads"] is not None else _default_threads()
    return make_spec(reader, path, split, options, keywords, **pipe)


def pipeline(
    path: str,
    split: str = "train",
    *,
    options: ReadOptions | None = None,
    device_id: int | None = None,
    num_threads: int | None = None,
    prefetch_queue_depth: int = PREFETCH_QUEUE_DEPTH,
    layout: str = "HWC",
    **keywords: Any,
) -> Any:
    """A DALI pipeline (not yet built) reading `split` of the output at `path`.

    Its outputs, in order: `image` (decoded to RGB, fitted as asked), then `label` (int64 per
    record, -1 for an unlabelled one) where the records have one; or, with `features=`, the
    features named there, the image first (strings come as uint8 arrays of their bytes). Every
    batch is whole: a rank's last batch of an epoch is padded with repeats of its last record, as
    DALI's `pad_last_batch` does; DALI's iterators (and `torch_iterator`, `tf_dataset`) drop the
    padding.

    Args:
      path: the output folder (or its manifest.json); local.
      split: split name, e.g. "train".
      options: how to read (`shardify.ReadOptions`): batch_size (needed), shuffle (default True),
        seed, image_size, fit, flip, normalize, dtype, features, version, and rank and world_size
        (DALI's shard_id and num_shards, taken under those names too). Give every rank the same
        seed: ranks that shuffle need one.
      device_id: the GPU to decode on (`device="mixed"`: nvJPEG) and to leave batches on; None
        decodes on the CPU (`device="cpu"`).
      num_threads: DALI's CPU threads; None: the cores, up to 8.
      prefetch_queue_depth: batches DALI prepares ahead.
      layout: "HWC" (DALI's and TensorFlow's) or "CHW" (PyTorch's).
      **keywords: ReadOptions' fields, a shorthand; they override `options`' fields.

    Raises:
      ManifestError: no finished output at `path`, no such split, or no index files.
      ReadOptionError: an option DALI cannot honour (see the message for what to use instead).
      ImportError: DALI is not installed (naming the package).
    """
    spec = _spec(DALI_PIPELINE, path, split, options, keywords, device_id=device_id, num_threads=num_threads,
                 prefetch_queue_depth=prefetch_queue_depth, layout=layout)  # fmt: skip
    return _build(spec)


def _check_dense(spec: DaliSpec, reader: str) -> None:
    """Iterators hand out dense batches: every output one shape per batch."""
    if spec.image_size is None:
        raise ReadOptionError(f"{reader} needs image_size=(height, width): its batches are dense tensors of one shape")
    strings = [name for name, _, dtype in spec.outputs if dtype == contract.BYTES and name != spec.names[0]]
    if strings:
        raise ReadOptionError(
            f"{reader} gives dense tensors and {strings} are strings of any length: read them with "
            "shardify.dali.pipeline (as uint8 arrays of their bytes), or leave them out of features="
        )


def _place(keywords: dict[str, Any], options: ReadOptions | None) -> dict[str, Any]:
    """`keywords` with rank and world_size from torch.distributed, where it is initialized and no
    place is given."""
    given = any(keywords.get(name) is not None for name in ("rank", "world_size", "shard_id", "num_shards"))
    if given or (options is not None and options.rank is not None):
        return keywords
    import torch.distributed as distributed

    if distributed.is_available() and distributed.is_initialized():
        return {**keywords, "rank": distributed.get_rank(), "world_size": distributed.get_world_size()}
    return keywords


def torch_iterator(
    path: str,
    split: str = "train",
    *,
    options: ReadOptions | None = None,
    device_id: int | None = None,
    num_threads: int | None = None,
    prefetch_queue_depth: int = PREFETCH_QUEUE_DEPTH,
    layout: str = "CHW",
    **keywords: Any,
) -> Any:
    """DALI's PyTorch iterator (`DALIGenericIterator`) over `pipeline(...)`'s outputs.

    Each batch is `[{"image": tensor, "label": tensor}]` (one dict per pipeline, DALI's form; the
    outputs `features=` names, where given), on GPU `device_id` or on the CPU. An epoch is this
    rank's records exactly once: the last batch is smaller (`drop_remainder=True`: dropped); at
    its end the iterator raises StopIteration, and `reset()` starts the next epoch.

    Args:
      path, split, options, device_id, num_threads, prefetch_queue_depth, **keywords: as for
        `pipeline`, plus drop_remainder; image_size is needed (batches are dense). rank and
        world_size default to torch.distributed's when it is initialized.
      layout: "CHW" (PyTorch's, the default) or "HWC".

    Raises:
      ImportError: DALI, or PyTorch (which DALI's PyTorch plugin needs), is not installed.
      ReadOptionError, ManifestError: as for `pipeline`.
    """
    try:
        from nvidia.dali.plugin.base_iterator import LastBatchPolicy
        from nvidia.dali.plugin.pytorch import DALIGenericIterator
    except ModuleNotFoundError as error:
        if error.name == "torch":
            raise ImportError("shardify.dali.torch_iterator needs PyTorch: pip install torch (the build you want)") from None
        raise ImportError(_INSTALL_DALI) from None
    spec = _spec(DALI_TORCH, path, split, options, _place(dict(keywords), options), device_id=device_id,
                 num_threads=num_threads, prefetch_queue_depth=prefetch_queue_depth, layout=layout)  # fmt: skip
    _check_dense(spec, DALI_TORCH)
    return DALIGenericIterator(
        [_build(spec)],
        list(spec.names),
        reader_name=READER_NAME,
        # With reader_name, DALI reads the padding (pad_last_batch) and epoch size from the reader.
        last_batch_policy=LastBatchPolicy.DROP if spec.drop_remainder else LastBatchPolicy.PARTIAL,
        auto_reset=False,
    )


def dali_torch_iterator(path: str, split: str = "train", **keywords: Any) -> Any:
    """`torch_iterator` under the name `benchmarks/gpu_train.py` calls: images NCHW."""
    return torch_iterator(path, split, **keywords)


def tf_dataset(
    path: str,
    split: str = "train",
    *,
    options: ReadOptions | None = None,
    device_id: int | None = None,
    num_threads: int | None = None,
    prefetch_queue_depth: int = PREFETCH_QUEUE_DEPTH,
    layout: str = "HWC",
    **keywords: Any,
) -> Any:
    """DALI's TensorFlow dataset (`nvidia.dali.plugin.tf.DALIDataset`) over `pipeline(...)`:
    `(image, label)` batches (or the outputs `features=` names, as a tuple), one epoch of this
    rank's records each record once (`repeat=True`: forever; a number: that many epochs), the last
    batch of each epoch smaller (`drop_remainder=True`: dropped).

    Args: as for `pipeline`, plus repeat and drop_remainder; image_size is needed.

    Raises:
      ImportError: DALI, TensorFlow, or DALI's TensorFlow plugin (the separate package
        nvidia-dali-tf-plugin-cuda120) is not installed.
      ReadOptionError, ManifestError: as for `pipeline`.
    """
    try:
        import tensorflow as tf
        from nvidia.dali.plugin.tf import DALIDataset
    except ModuleNotFoundError as error:
        if error.name == "tensorflow":
            raise ImportError("shardify.dali.tf_dataset needs TensorFlow: pip install 'shardify[tf]'") from None
        if (error.name or "").startswith("nvidia.dali_tf_plugin"):
            raise ImportError(
                "shardify.dali.tf_dataset needs DALI's TensorFlow plugin, a separate package built against your "
                "TensorFlow: pip install nvidia-dali-tf-plugin-cuda120 (the same version as nvidia-dali-cuda120)"
            ) from None
        raise ImportError(_INSTALL_DALI) from None
    spec = _spec(DALI_TF, path, split, options, keywords, device_id=device_id, num_threads=num_threads,
                 prefetch_queue_depth=prefetch_queue_depth, layout=layout)  # fmt: skip
    _check_dense(spec, DALI_TF)
    height, width = spec.image_size or (0, 0)
    image_shape = (spec.batch_size, height, width, 3) if spec.layout == "HWC" else (spec.batch_size, 3, height, width)
    shapes = (image_shape, *((spec.batch_size,) for _ in spec.outputs[1:]))
    dtypes = (tf.as_dtype(spec.image_dtype), *(tf.as_dtype(dtype) for _, _, dtype in spec.outputs[1:]))
    with tf.device("/cpu:0" if device_id is None else f"/gpu:{device_id}"):
        dataset = DALIDataset(pipeline=_build(spec), batch_size=spec.batch_size, output_shapes=shapes,
                              output_dtypes=dtypes, device_id=device_id)  # fmt: skip
    return epoch_batches(dataset, spec)


def epoch_batches(dataset: Any, spec: DaliSpec) -> Any:
    """`dataset`, the pipeline's endless batches (each epoch's last padded), cut into the epochs
    `spec.repeat` asks for (one, a number, or forever), each epoch's last batch trimmed to its
    records or, with `spec.drop_remainder`, dropped. A tf.data.Dataset of tuples in, one out."""
    import tensorflow as tf

    steps = batches_per_epoch(spec, drop_remainder=False)  # what the pipeline gives per epoch
    rest = spec.num_records - (steps - 1) * spec.batch_size  # records in an epoch's last batch
    if rest < spec.batch_size:
        last = steps - 1

        def keep(position: Any, batch: tuple) -> Any:
            return position % steps != last

        def trim(position: Any, batch: tuple) -> tuple:
            size = tf.where(position % steps == last, rest, spec.batch_size)
            return tuple(values[:size] for values in batch)

        if spec.drop_remainder:
            dataset, steps = dataset.enumerate().filter(keep).map(lambda position, batch: batch), steps - 1
        else:
            dataset = dataset.enumerate().map(trim)
    return dataset if spec.repeat is True else dataset.take(steps * (1 if spec.repeat is False else int(spec.repeat)))
