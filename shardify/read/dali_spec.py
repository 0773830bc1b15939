"""What a `shardify.dali` pipeline reads and returns, decided from the manifest and `ReadOptions`
without importing DALI: every refusal happens here, before DALI is loaded, and the graph
(`shardify/read/dali_graph.py`) only builds what a `DaliSpec` says.

Sharding is DALI's own (`shard_id`, `num_shards`): of the split's records, in the order of its
shards (shuffled every epoch, with a seed every rank shares, when shuffling), rank k of n reads
records [N*k/n, N*(k+1)/n). Each record is read by exactly one rank per epoch, and ranks differ by
at most one record (`rank_records`), where shardify's other readers split by shard (see
`shardify.read.options.share`): DALI's reader cannot take every n-th shard, and the even split keeps
the ranks' iterators in step, which distributed training needs.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shardify.errors import CorruptShardError, ManifestError, ReadOptionError
from shardify.format.manifest import load_manifest
from shardify.format.manifest_model import Manifest, ShardInfo
from shardify.format.shard_index import check_shard_file, record_frames
from shardify.inputs.paths import is_local_path, join_path
from shardify.read.options import DTYPE_NAMES, ReadOptions, plan_read, reader_options, shuffle_buffer_records

__all__ = ["READER_NAME", "LAYOUTS", "DaliSpec", "make_spec", "rank_records", "batches_per_epoch", "dtype_name"]

# The reader's name in the pipeline: what iterators pass as `reader_name` to learn epoch sizes.
READER_NAME = "reader"
# Image layouts: DALI's and TensorFlow's (HWC), or PyTorch's (CHW).
LAYOUTS = ("HWC", "CHW")


@dataclass(frozen=True)
class DaliSpec:
    """One rank's DALI pipeline over one split.

    Attributes:
      paths, index_paths: the split's shards and their DALI index files, in manifest order.
      outputs: (reader name, record key, manifest dtype) of each output, the image first.
      label_name: the reader name of the label among `outputs`, or None.
      batch_size, num_threads, device_id, prefetch_queue_depth: the pipeline's (device_id None:
        CPU only).
      rank, world_size: DALI's shard_id and num_shards.
      shuffle: shuffle the shard order every epoch, and records through a buffer of
        `initial_fill` records.
      pipeline_seed: seeds crops, flips and the record buffer (None: DALI draws one); differs per
        rank. file_order_seed: the shard order's, the same on every rank (None: DALI's own).
      image_size, fit, flip, normalize, layout: how images come out; image_dtype their dtype name.
      num_records: records this rank reads per epoch.
      repeat, drop_remainder: the iterators' (ReadOptions'): epochs to give, and whether to drop
        an epoch's last, smaller batch.
    """

    paths: tuple[str, ...]
    index_paths: tuple[str, ...]
    outputs: tuple[tuple[str, str, str], ...]
    label_name: str | None
    batch_size: int
    num_threads: int
    device_id: int | None
    prefetch_queue_depth: int
    rank: int
    world_size: int
    shuffle: bool
    initial_fill: int
    pipeline_seed: int | None
    file_order_seed: int | None
    image_size: tuple[int, int] | None
    fit: str
    flip: bool
    normalize: bool
    layout: str
    image_dtype: str
    num_records: int
    repeat: bool | int = False
    drop_remainder: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _, _ in self.outputs)


def rank_records(num_records: int, rank: int, world_size: int) -> int:
    """Records rank `rank` of `world_size` reads per epoch: DALI's split of `num_records`.

    >>> [rank_records(63, rank, 2) for rank in range(2)]
    [31, 32]
    """
    return num_records * (rank + 1) // world_size - num_records * rank // world_size


def dtype_name(dtype: Any) -> str | None:
    """The name of a dtype given as a name, a TensorFlow, NumPy or PyTorch dtype (None: None).

    >>> dtype_name("float16"), dtype_name(None)
    ('float16', None)
    """
    if dtype is None or isinstance(dtype, str):
        return dtype
    name = getattr(dtype, "name", None)  # tf.DType and numpy.dtype
    return name if isinstance(name, str) else str(dtype).rsplit(".", 1)[-1]  # torch.uint8 -> uint8


def _count(name: str, value: Any, low: int, allow_none: bool = False) -> None:
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ReadOptionError(f"{name}={value!r} must be a whole number from {low}" + (", or None" if allow_none else ""))


def make_spec(
    reader: str,
    path: str,
    split: str,
    options: ReadOptions | None,
    keywords: Mapping[str, Any],
    *,
    device_id: int | None,
    num_threads: int,
    prefetch_queue_depth: int,
    layout: str,
) -> DaliSpec:
    """The pipeline `reader` (one of options.DALI_*) reads `split` of the output at `path` with.

    `keywords` are ReadOptions' fields, and DALI's names for two of them: `shard_id` (rank) and
    `num_shards` (world_size).

    Raises:
      ManifestError: no finished output at `path`, not a local folder, no such split, no index files.
      ReadOptionError: an option DALI cannot honour here, saying what to use instead.
    """
    keywords = _dali_names(dict(keywords))
    options = reader_options(reader, options, keywords)
    _count("num_threads", num_threads, 1)
    _count("prefetch_queue_depth", prefetch_queue_depth, 1)
    _count("device_id", device_id, 0, allow_none=True)
    if layout not in LAYOUTS:
        raise ReadOptionError(f"layout={layout!r} must be one of {', '.join(LAYOUTS)} (CHW for PyTorch)")
    if options.batch_size is None:
        raise ReadOptionError(f"{reader} needs batch_size=: DALI batches inside the pipeline")
    if not is_local_path(path):
        raise ManifestError(f"shardify.dali reads local output folders; {path} is not one (copy it here first)")
    manifest = load_manifest(path, version=options.version)
    info = manifest.split(split)
    if manifest.stores_pixels:
        raise ReadOptionError(
            f"{path} was converted with --store-pixels {manifest.data['options'].get('store_pixels')}: its records may hold "
            "raw pixels, which shardify.dali does not read (DALI's decoders take encoded images, and one pipeline "
            "cannot decode some records and reshape others); read it with shardify.load or shardify.torch, or convert "
            "again without --store-pixels"
        )
    rank, world_size = (options.rank, options.world_size) if options.rank is not None else (0, 1)
    if options.shuffle and world_size > 1 and options.seed is None:
        raise ReadOptionError(
            f"shuffle=True across world_size={world_size} ranks needs seed=, the same on every rank: the ranks "
            "shuffle the shard order alike to split each epoch's records without overlap"
        )
    num_records = rank_records(info.num_records, rank, world_size)
    if num_records == 0:
        raise ManifestError(f"split {split!r} of {path} has {info.num_records} records: none for rank {rank} of {world_size}")
    missing = [shard.path for shard in info.shards if not shard.index]
    if missing:
        raise ManifestError(
            f"{path} has no DALI index files for {missing[0]} and {len(missing) - 1} more shards: "
            f"run `shardify export-metadata {path}` to write them"
        )
    _check_shards(manifest, info.shards)
    outputs, label_name = _outputs(manifest, options, path, split)
    dtype = dtype_name(options.dtype)
    if dtype == "bfloat16":
        raise ReadOptionError(
            "dtype=bfloat16: DALI has no bfloat16; take float16 or float32 and cast on the device "
            "(images.to(torch.bfloat16), tf.cast)"
        )
    if dtype is not None and dtype not in DTYPE_NAMES:
        named = ", ".join(name for name in DTYPE_NAMES if name != "bfloat16")
        raise ReadOptionError(f"dtype={options.dtype!r}: a DALI pipeline gives one of {named}")
    fitted = options.image_size is not None or options.normalize
    seed = options.seed
    return DaliSpec(
        paths=tuple(join_path(manifest.root, shard.path) for shard in info.shards),
        index_paths=tuple(join_path(manifest.root, shard.index) for shard in info.shards),
        outputs=outputs,
        label_name=label_name,
        batch_size=options.batch_size,
        num_threads=num_threads,
        device_id=device_id,
        prefetch_queue_depth=prefetch_queue_depth,
        rank=rank,
        world_size=world_size,
        shuffle=bool(options.shuffle),
        initial_fill=shuffle_buffer_records(num_records, info.num_bytes * num_records // info.num_records),
        pipeline_seed=None if seed is None else _derived_seed(f"dali/{seed}/{rank}"),
        file_order_seed=None if seed is None else _derived_seed(f"dali/shards/{seed}"),
        image_size=options.image_size,
        fit=options.fit,
        flip=options.flip,
        normalize=options.normalize,
        layout=layout,
        image_dtype=dtype or ("float32" if fitted else "uint8"),
        num_records=num_records,
        repeat=options.repeat,
        drop_remainder=options.drop_remainder,
    )


def _check_shards(manifest: Manifest, shards: Sequence[ShardInfo]) -> None:
    """Each shard a regular file inside the output, of the manifest's size, and its index file
    giving exactly its records one after another (`shard_index.record_frames`). DALI follows an
    index without a question: offsets past the end or into the middle of a record failed deep in
    its reader (a C++ error naming no file), and an index of fewer lines silently read fewer
    records. Reading the indexes here costs what DALI's own reading of them costs.

    Raises:
      ManifestError: naming the shard or index file and what is wrong.
    """
    for shard in shards:
        try:
            check_shard_file(manifest.root, shard)
            record_frames(manifest.root, shard)
        except CorruptShardError as error:
            raise ManifestError(f"shard {error}") from None


def _dali_names(keywords: dict[str, Any]) -> dict[str, Any]:
    """`keywords` with DALI's shard_id and num_shards turned into rank and world_size."""
    for dali_name, name in (("shard_id", "rank"), ("num_shards", "world_size")):
        if dali_name in keywords:
            if keywords.get(name) is not None:
                raise ReadOptionError(f"{dali_name}= and {name}= are one option under two names: give one")
            keywords[name] = keywords.pop(dali_name)
    return keywords


def _derived_seed(text: str) -> int:
    """A seed DALI takes (31 bits), from `text`: distinct streams from one user seed."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 1


def _outputs(manifest: Manifest, options: ReadOptions, path: str, split: str) -> tuple[tuple[tuple[str, str, str], ...], str | None]:
    """((reader name, key, dtype) of each output, the image first; the label's name or None).

    Raises:
      ReadOptionError: no images, multi-label labels, objects or segmentation masks read, or a
        feature asked for that is not one value per record.
    """
    plan = plan_read(manifest, options, path=path, split=split)  # a split without masks: its images alone
    if not plan.image_name:
        raise ReadOptionError(
            f"the records of {path} hold no images ({plan.text_name or 'no text either'}): a DALI pipeline decodes "
            "images; read texts with shardify.load or shardify.torch"
        )
    if plan.object_fields or plan.segmentation_name:
        what = "objects" if plan.object_fields else "segmentation masks"
        raise ReadOptionError(
            f"{path} holds {what}, which shardify.dali does not read: read them with shardify.load or shardify.torch, "
            f"build your own DALI pipeline (docs/reading.md, NVIDIA DALI), or read images and labels alone with "
            f"features=['{plan.image_name}']"
        )
    keys_by_name = {name: key for key, name in plan.names.items()}
    if options.features is None:
        wanted = [plan.image_name] + ([plan.label_name] if plan.label_name in keys_by_name else [])
    else:
        wanted = [plan.names.get(keys_by_name.get(name, name), name) for name in options.features]  # keys: names
        if plan.image_name not in wanted:
            raise ReadOptionError(
                f"features={list(options.features)} must include {plan.image_name!r}: a DALI pipeline decodes images"
            )
        wanted.remove(plan.image_name)
        wanted.insert(0, plan.image_name)
    label_name = plan.label_name if plan.label_name in wanted else None
    if label_name and plan.multi_label:
        raise ReadOptionError(
            f"{path} is multi-label, which shardify.dali does not read: read it with shardify.load or shardify.torch "
            f"(multi_hot=True), or read images alone with features=['{plan.image_name}']"
        )
    outputs = []
    for name in dict.fromkeys(wanted):
        key = keys_by_name[name]
        spec = manifest.features[key]
        if list(spec.get("shape", [])) != []:
            raise ReadOptionError(
                f"feature {name!r} holds any number of values per record; shardify.dali reads one-value features"
            )
        outputs.append((name, key, spec["dtype"]))
    return tuple(outputs), label_name


def batches_per_epoch(spec: DaliSpec, *, drop_remainder: bool) -> int:
    """Batches one epoch of this rank gives: the last one partly padding unless dropped."""
    return spec.num_records // spec.batch_size if drop_remainder else math.ceil(spec.num_records / spec.batch_size)
