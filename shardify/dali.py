"""`shardify.dali`, the NVIDIA DALI reader's public name: `pipeline`, `torch_iterator`,
`tf_dataset` (and `dali_torch_iterator`, `epoch_batches`, `rank_records`), from
`shardify/read/dali.py`, where they live beside the other readers and the options all share.
Importing it imports no DALI: a pipeline does, when made (`pip install nvidia-dali-cuda120`), and
each iterator its DALI plugin (PyTorch's needs torch; TensorFlow's is the separate
`nvidia-dali-tf-plugin-cuda120`). Each takes `options=shardify.ReadOptions(...)`, or its fields as
keywords.
"""

from shardify.read.dali import (
    READER_NAME,
    dali_torch_iterator,
    epoch_batches,
    pipeline,
    rank_records,
    tf_dataset,
    torch_iterator,
)

__all__ = ["pipeline", "torch_iterator", "tf_dataset", "dali_torch_iterator", "epoch_batches", "rank_records", "READER_NAME"]
