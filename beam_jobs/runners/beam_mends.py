"""Beam's per-process costs this project mends, installed together wherever our DoFns run.

Each mend is idempotent and changes nothing Beam computes, only what it pays for it; both places
that must install them (the launcher, where it makes a pipeline, and a local worker process, when
it first imports `beam_jobs`) call `mend_beam`, so a new mend is added here once.
"""

from __future__ import annotations

from shardify.beam_jobs.runners.s3_clients import share_s3_clients
from shardify.beam_jobs.runners.signatures import cache_signatures
from shardify.beam_jobs.runners.state_weights import weigh_state_once_per_import

__all__ = ["mend_beam"]


def mend_beam() -> None:
    """Installs every mend (idempotent)."""
    cache_signatures()  # Beam's inspection of every DoFn, once per function (see signatures.py)
    share_s3_clients()  # one boto3 client per process for Beam's S3 calls (see s3_clients.py)
    weigh_state_once_per_import()  # side inputs weighed without a walk over every module each (see state_weights.py)
