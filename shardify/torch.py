"""`shardify.torch`, the PyTorch reader's public name: `ShardDataset`, `IndexedDataset`,
`collate`, `collate_detection` and `merge_states`, from `shardify/read/torch.py`, where they live beside the
tf.data reader and the options both share. Importing it imports torch (`pip install 'shardify[torch]'`), never TensorFlow. Both
datasets take `options=shardify.ReadOptions(...)`, or its fields as keywords. `gpu_loader` (with
`GpuDecoder`, `collate_encoded`, `EncodedBatch`; `shardify/read/torch_gpu.py`) decodes and fits a
batch's JPEGs on the GPU with nvJPEG where DALI is not installed (needs torchvision).
"""

try:
    import torch  # noqa: F401 - checked here, so that a missing torch is one clear line
except ModuleNotFoundError as _error:
    if _error.name != "torch":
        raise
    raise ModuleNotFoundError(  # still a missing module (name="torch"), for pytest.importorskip and callers
        "shardify.torch reads with PyTorch, which is not installed: install the torch build you want "
        "(docs/testing.md says how to get a CPU build), or read with shardify.load (TensorFlow), tfds or DALI",
        name="torch",
    ) from None

from shardify.read.torch import IndexedDataset, ShardDataset, collate, collate_detection, merge_states  # noqa: E402
from shardify.read.torch_gpu import EncodedBatch, GpuDecoder, collate_encoded, gpu_loader  # noqa: E402
from shardify.read.torch_mix import MixedDataset  # noqa: E402

__all__ = [
    "ShardDataset", "IndexedDataset", "MixedDataset", "merge_states", "collate", "collate_detection",
    "gpu_loader", "GpuDecoder", "collate_encoded", "EncodedBatch",
]
