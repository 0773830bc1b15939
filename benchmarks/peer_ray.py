"""Ray Data: `ray.data.read_binary_files(SRC, include_paths=True)`, a `map` that adds the class
index from the folder name, then `Dataset.write_tfrecords` (one tf.train.Example per row: the
bytes, the path and the label); a local Ray instance on this machine's cores, started and shut
down by the script. Read back with `ray.data.read_tfrecords`.

Usage: python -m benchmarks.peer_ray SRC OUT
"""

from __future__ import annotations

import os
import sys

from benchmarks.peer_common import check_count, listing, require


def main(src: str, out: str) -> None:
    require("ray", "bench-ray")
    import ray

    items, classes = listing(src)
    index = {name: i for i, name in enumerate(classes)}

    def label(row: dict) -> dict:
        return {"image": row["bytes"], "label": index[os.path.basename(os.path.dirname(row["path"]))]}

    ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        dataset = ray.data.read_binary_files(os.path.abspath(src), include_paths=True, file_extensions=["jpg"])
        dataset.map(label).write_tfrecords(os.path.join(os.path.abspath(out), "tfrecords"))
        count = ray.data.read_tfrecords(os.path.join(os.path.abspath(out), "tfrecords")).count()
    finally:
        ray.shutdown()
    check_count("Ray Data", count, len(items))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
