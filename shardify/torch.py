"""`shardify.torch`, the PyTorch reader's public name: `ShardDataset`, `IndexedDataset`,
`collate` and `collate_detection`, from `shardify/read/torch.py`, where they live beside the
tf.data reader and the options both share. Importing it imports torch (`pip install 'shardify[torch]'`), never TensorFlow. Both
datasets take `options=shardify.ReadOptions(...)`, or its fields as keywords.
"""

from shardify.read.torch import IndexedDataset, ShardDataset, collate, collate_detection
from shardify.read.torch_mix import MixedDataset

__all__ = ["ShardDataset", "IndexedDataset", "MixedDataset", "collate", "collate_detection"]
