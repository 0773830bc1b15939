"""The conversion as an Apache Beam pipeline: Discover | Plan | WriteShards | WriteManifest."""

import sys

from shardify.beam_jobs.runners.beam_mends import mend_beam

# A local worker process (Beam's SDK harness, Beam already imported) imports this package first
# when it unpickles our DoFns, before it inspects them, weighs side inputs or calls S3: mended here. The launcher is mended where
# it makes the pipeline (runners/runner.py); a command that only reads an output (export-metadata)
# imports parts of this package without Beam, and must not pay Beam's import for it.
if "apache_beam" in sys.modules:
    mend_beam()
