"""shardify: raw files to balanced, deterministic TFRecord shards, and back as `tf.data`.

`import shardify` stays light: the TensorFlow reader loads on first use of `shardify.load`
(`pip install 'shardify[tf]'`), and the PyTorch reader on first use of `shardify.torch`
(`pip install 'shardify[torch]'`), and DALI when `shardify.dali` makes a pipeline, so the
converter and Beam workers import none of them, and the PyTorch reader never imports TensorFlow.

    ds = shardify.load("out/", split="train", batch_size=64, image_size=(224, 224), as_supervised=True)
    ds = shardify.torch.ShardDataset("out/", split="train", image_size=(224, 224), as_supervised=True)

Every reader takes its options as one `shardify.ReadOptions` too (importing it imports neither
TensorFlow nor torch), its fields as keywords overriding it:

    options = shardify.ReadOptions(image_size=(224, 224), as_supervised=True, seed=0)
    ds = shardify.load("out/", split="train", options=options, batch_size=64)
"""

from __future__ import annotations

import importlib
from typing import Any

from shardify._version import __version__
from shardify.errors import ShardifyError
from shardify.format.manifest import load_manifest
from shardify.format.manifest_model import Manifest
from shardify.read.options import ReadOptions

__all__ = [
    "__version__",
    "ShardifyError",
    "Manifest",
    "load_manifest",
    "ReadOptions",
    "load",
    "distribute",
    "read_manifest",
    "labels",
    "Labels",
    "mix",
    "mix_labels",
    "torch",
    "dali",
]

_READER_NAMES = ("load", "distribute", "read_manifest", "labels", "Labels")
_MIX_NAMES = ("mix", "mix_labels")


def __getattr__(name: str) -> Any:
    if name in _READER_NAMES or name in _MIX_NAMES:
        try:
            reader = importlib.import_module("shardify.read." + ("tf_mix" if name in _MIX_NAMES else "tf_data"))
        except ModuleNotFoundError as error:
            if error.name != "tensorflow":
                raise
            raise ImportError(
                f"shardify.{name} reads with TensorFlow, which is not installed: pip install 'shardify[tf]' "
                "(or read with shardify.torch, tfds or DALI: see the README's Reading section)"
            ) from None
        return getattr(reader, name)
    if name in ("torch", "dali"):  # shardify.dali imports DALI only when a pipeline is made
        return importlib.import_module(f"shardify.{name}")
    raise AttributeError(f"module 'shardify' has no attribute {name!r}")
