"""ArrayRecord: each image's bytes as one record (no re-encode, no label), one file per process,
with the `array_record` package's own writer; read back with its `ArrayRecordDataSource`.

Usage: python -m benchmarks.peer_arrayrecord SRC OUT [PROCESSES]
"""

from __future__ import annotations

import multiprocessing
import os
import sys

from benchmarks.peer_common import check_count, listing, part, require


def _write(job: tuple[list[tuple[str, int]], str]) -> int:
    from array_record.python.array_record_module import ArrayRecordWriter

    items, path = job
    # group_size:1 is what the docs give for random access by index (the readers' use).
    writer = ArrayRecordWriter(path, "group_size:1")
    for image, _ in items:
        with open(image, "rb") as f:
            writer.write(f.read())
    writer.close()
    return len(items)


def main(src: str, out: str, processes: int = 1) -> None:
    require("array_record", "bench-arrayrecord")
    items, _ = listing(src)
    os.makedirs(out, exist_ok=True)
    jobs = [(part(items, i, processes), os.path.join(out, f"images-{i:05d}-of-{processes:05d}.array_record")) for i in range(processes)]
    if processes == 1:
        _write(jobs[0])
    else:
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            pool.map(_write, jobs)
    from array_record.python.array_record_data_source import ArrayRecordDataSource

    source = ArrayRecordDataSource([path for _, path in jobs])
    check_count("ArrayRecord", len(source), len(items))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:4]))
