"""What a user writes first: Create(paths) | Map(read, tf.train.Example) | WriteToTFRecord(num_shards).

Runs on Beam's FnApiRunner with its defaults (what the DirectRunner uses locally once the Prism
attempt is skipped; constructed directly so the figure does not depend on the network).
Usage: python -m benchmarks.alt_beam_plain SRC OUT SHARDS [image|text]
"""

import os
import sys

import apache_beam as beam
from apache_beam.runners.portability.fn_api_runner import FnApiRunner


def to_example(path: str, labels: dict, kind: str) -> bytes:
    import tensorflow as tf

    with open(path, "rb") as f:
        data = f.read()
    label = os.path.basename(os.path.dirname(path))
    prefix = "image" if kind == "image" else "text"
    feature = {
        "image/encoded" if kind == "image" else "text": tf.train.Feature(bytes_list=tf.train.BytesList(value=[data])),
        f"{prefix}/class/label": tf.train.Feature(int64_list=tf.train.Int64List(value=[labels[label]])),
    }
    return tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString()


def main(src: str, out: str, shards: int, kind: str = "image") -> None:
    paths = sorted(os.path.join(d, n) for d, _, names in os.walk(src) for n in names if not n.startswith("."))
    labels = {name: i for i, name in enumerate(sorted(os.listdir(src)) ) if not name.startswith(".")}
    with beam.Pipeline(runner=FnApiRunner()) as p:
        _ = (
            p
            | "Create" >> beam.Create(paths)
            | "ToExample" >> beam.Map(to_example, labels, kind)
            | "Write" >> beam.io.WriteToTFRecord(os.path.join(out, "train"), num_shards=shards)
        )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), *sys.argv[4:5])
