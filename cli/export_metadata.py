"""`shardify export-metadata OUT`: other tools' metadata for an output made before shardify wrote it.

Every conversion writes TensorFlow Datasets' files (`dataset_info.json`, `features.json`, label
names) and, for a detection dataset numbered from 1, the Object Detection API's `label_map.pbtxt`
beside its manifest. This command derives the same files from an existing output's manifest,
through the same code (`shardify/interop/`), so an older output becomes readable by
`tfds.builder_from_directory(OUT)` without converting it again. It imports neither TensorFlow nor
tfds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from shardify.errors import ShardifyError

__all__ = ["export_metadata"]


def export_metadata(
    out: Annotated[
        Path,
        typer.Argument(
            metavar="OUT", exists=True, file_okay=False, help="A finished shardify output folder (with manifest.json)."
        ),
    ],
) -> None:
    """Write the files TensorFlow Datasets reads (dataset_info.json, features.json, label names) from OUT's manifest."""
    from apache_beam.io.filesystem import BeamIOError

    from shardify.beam_jobs.output import folder as output_folder
    from shardify.beam_jobs.output.lock import OutputLock
    from shardify.format.manifest import load_manifest
    from shardify.interop import metadata_files
    from shardify.interop.tfds_metadata import why_not_tfds

    folder = str(out)
    try:
        # The conversion's own lock: never written beside a conversion that is replacing the shards.
        with OutputLock(folder):
            manifest = load_manifest(folder)
            refusal = why_not_tfds(manifest)
            if refusal:
                raise ShardifyError(refusal)
            files = metadata_files(manifest)
            try:
                output_folder.replace_metadata_files(folder, files)
            except (OSError, BeamIOError) as error:
                raise ShardifyError(f"cannot write into {folder}: {error}") from None
    except ShardifyError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(code=1) from None
    typer.echo(f"wrote {', '.join(files)} to {folder}: tfds.builder_from_directory({folder!r}) reads it")
