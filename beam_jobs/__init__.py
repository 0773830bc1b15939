"""The conversion as an Apache Beam pipeline: Discover | Plan | WriteShards | WriteManifest."""

import sys

from shardify.beam_jobs.runners.s3_clients import share_s3_clients
from shardify.beam_jobs.runners.signatures import cache_signatures
from shardify.beam_jobs.runners.state_weights import weigh_state_once_per_import

# A local worker process (Beam's SDK harness, Beam already imported) imports this package first
# when it unpickles our DoFns, before it inspects them, weighs side inputs or calls S3: mended here. The launcher is mended where
# it makes the pipeline (runners/runner.py); a command that only reads an output (export-metadata)
# imports parts of this package without Beam, and must not pay Beam's import for it.
if "apache_beam" in sys.modules:
    cache_signatures()
    share_s3_clients()
    weigh_state_once_per_import()
