"""Per-image costs of the write path, piece by piece, in one process: the CPU microseconds each
step of a default conversion spends on one benchmark JPEG, with shardify's own functions, so the
pieces add up to the part of the per-image slope that is not Beam's (stage boundaries, coders,
bundles: the rest of a whole run, seen in a sampling profile of it; docs/performance.md).

Steps, in the order a conversion runs them for an image stored as read:
  read      the whole file (page cache warm), as the shard writer reads it
  probe     discovery's header probe (`images.probe_image`: sniff, Pillow's header parse)
  check     `store_image(validate="header")`: signature, truncation, header again vs the plan
  decode    what `validate="full"` adds: the 1/8-scale JPEG decode (`images._decode`)
  sha256    `image_values`' hash of the stored bytes (image/sha256, also the content hash)
  example   the record's features and `contract.encode_record` (tf.train.Example bytes)
  framing   `TFRecordWriter.write`: 2 masked CRC32Cs and the shard's running sha256

Usage: python -m benchmarks.per_image IMAGES_DIR [--limit N] [--rounds R]
Prints µs of CPU per image for each step (the least of R rounds) and their sum.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable
from pathlib import Path

from shardify.converters import images
from shardify.format import contract
from shardify.format.tfrecord import TFRecordWriter


class _Sink(io.RawIOBase):
    def write(self, data) -> int:  # the bytes go nowhere: framing's cost, not the disk's
        return len(data)


def _steps(paths: list[Path]) -> dict[str, Callable[[], None]]:
    schema = contract.record_schema(image=True, text=False)
    index_key, name_key = contract.label_keys(image=True)
    datas = [p.read_bytes() for p in paths]
    probed = []
    for p in paths:
        with p.open("rb") as f:
            probed.append(images.probe_image(f))
    names = [str(p.relative_to(p.parent.parent)) for p in paths]
    stored = [images.store_image(d, probed=i, filename=n, validate="header") for d, i, n in zip(datas, probed, names)]
    values = [images.image_values(s, filename=n, source_id=str(k)) for k, (s, n) in enumerate(zip(stored, names))]
    for v, p in zip(values, paths):
        v.update({index_key: [int(p.parent.name[-2:])], name_key: [p.parent.name.encode()]})
    records = [contract.encode_record(schema, v) for v in values]

    def read() -> None:
        for p in paths:
            with p.open("rb") as f:
                f.read()

    def probe() -> None:
        for p in paths:
            with p.open("rb") as f:
                images.probe_image(f)

    def check() -> None:
        for d, i, n in zip(datas, probed, names):
            images.store_image(d, probed=i, filename=n, validate="header")

    def full() -> None:
        for d, i, n in zip(datas, probed, names):
            images.store_image(d, probed=i, filename=n, validate="full")

    def sha256() -> None:
        for s, n in zip(stored, names):
            images.image_values(s, filename=n, source_id="0")

    def example() -> None:
        for v in values:
            contract.encode_record(schema, v)

    def framing() -> None:
        writer = TFRecordWriter(_Sink())
        for r in records:
            writer.write(r)
        writer.sha256

    return {"read": read, "probe": probe, "check": check, "check+decode": full, "sha256": sha256, "example": example, "framing": framing}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.per_image", description=__doc__.splitlines()[0])
    parser.add_argument("images", type=Path)
    parser.add_argument("--limit", type=int, default=2_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    paths = sorted(args.images.rglob("*.jpg"))[: args.limit]
    steps = _steps(paths)
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for name, step in steps.items():
            started = time.process_time()
            step()
            best[name] = min(best.get(name, float("inf")), (time.process_time() - started) / len(paths) * 1e6)
    best["decode"] = best.pop("check+decode") - best["check"]
    order = ["read", "probe", "check", "decode", "sha256", "example", "framing"]
    print(f"{len(paths)} images, {sum(p.stat().st_size for p in paths) / len(paths) / 1e3:.0f} KB each; CPU µs per image (least of {args.rounds} rounds)")
    for name in order:
        print(f"  {name:8} {best[name]:8.0f}")
    print(f"  {'sum':8} {sum(best[n] for n in order):8.0f}  (above --validate header: decode)")


if __name__ == "__main__":
    main()
