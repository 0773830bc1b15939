"""A local worker process of the local runner: Beam's SDK worker, its garbage collector tuned.

Beam's FnApiRunner starts each local worker process as `python -m
apache_beam.runners.worker.sdk_worker_main`; `runner._mend_worker_start` starts this module instead,
which runs the same `main` after two changes to Python's cyclic garbage collector:

- What the worker imports (Beam, gRPC, protobuf, shardify's pipeline modules: a few hundred
  thousand objects that live as long as the process) is imported with the collector off, then
  moved out of its sight (`gc.freeze`). Each full collection otherwise walks all of them again: measured on 20,000 tiny
  texts (16 shards, 2 worker processes), the workers' collections cost ~1.3 s of their ~5.6 s of
  CPU, most of it full collections over the imports.
- Young collections run every GEN0_THRESHOLD allocations instead of Python's 700: a worker builds
  and drops Entries, records and batches by the thousand, and each young collection scans them
  all; the objects made per file are freed by their reference counts, not by the collector.

Reference counting still frees everything that is not in a cycle, at once; only cycles wait longer.
"""

from __future__ import annotations

import gc
import sys

__all__ = ["GEN0_THRESHOLD", "MODULE", "tune_collector", "main"]

MODULE = "shardify.beam_jobs.runners.worker_main"
# Allocations (net, of objects the collector tracks) between young collections; Python's is 700.
# The two older generations keep Python's thresholds (10, 10).
GEN0_THRESHOLD = 10_000


def tune_collector() -> None:
    """Freezes what is alive now and spaces the young collections out (see the module's
    docstring). Not collected first: a full collection over the imports costs ~0.15 s a worker,
    and the few cycles importing leaves behind are kept as they would be until such a collection."""
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GEN0_THRESHOLD, older, oldest)


def main() -> None:
    gc.disable()  # while importing: what is imported lives on, and is frozen below
    from apache_beam.runners.worker import sdk_worker_main

    # What every bundle of a conversion unpickles into, imported before the freeze.
    import shardify.beam_jobs.pipeline  # noqa: F401
    import shardify.converters.records  # noqa: F401

    tune_collector()
    gc.enable()
    sdk_worker_main.main(sys.argv)


if __name__ == "__main__":
    main()
