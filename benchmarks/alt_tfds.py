"""TensorFlow Datasets' writer: a minimal GeneratorBasedBuilder over the same class folders.

Usage: python -m benchmarks.alt_tfds SRC OUT
"""

import os
import sys

import tensorflow_datasets as tfds

SRC = sys.argv[1]


class BenchImages(tfds.core.GeneratorBasedBuilder):
    VERSION = tfds.core.Version("1.0.0")

    def _info(self) -> tfds.core.DatasetInfo:
        labels = sorted(n for n in os.listdir(SRC) if not n.startswith("."))
        return tfds.core.DatasetInfo(
            builder=self,
            features=tfds.features.FeaturesDict(
                {"image": tfds.features.Image(encoding_format="jpeg"), "label": tfds.features.ClassLabel(names=labels)}
            ),
            supervised_keys=("image", "label"),
        )

    def _split_generators(self, dl_manager):
        return {"train": self._generate_examples(SRC)}

    def _generate_examples(self, root):
        for label in sorted(os.listdir(root)):
            if label.startswith("."):
                continue
            for dirpath, _, names in os.walk(os.path.join(root, label)):
                for name in sorted(names):
                    if not name.startswith("."):
                        path = os.path.join(dirpath, name)
                        yield path, {"image": path, "label": label}


if __name__ == "__main__":
    builder = BenchImages(data_dir=sys.argv[2])
    builder.download_and_prepare(download_config=tfds.download.DownloadConfig(try_download_gcs=False))
