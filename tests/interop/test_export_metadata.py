"""TensorFlow Datasets' metadata as files of the output: written by every conversion, by
`shardify export-metadata`, recognised as shardify's own, and never with TensorFlow imported. The
real tfds reads them in test_tfds.py; these tests need neither tfds nor TensorFlow."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from helpers.cli_runs import one_line_error, packages_imported_by, run_shardify
from shardify.beam_jobs.output.folder import prepare_output
from shardify.beam_jobs.output.lock import OutputLock
from shardify.cli.main import app
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest
from shardify.interop.tfds_metadata import tfds_files

runner = CliRunner()


@pytest.fixture
def output(converted: Path, tmp_path: Path) -> Path:
    """A copy of the sample images' conversion, free to change."""
    return Path(shutil.copytree(converted, tmp_path / "out"))


def test_a_conversion_writes_the_files_the_manifest_gives(converted: Path) -> None:
    files = tfds_files(load_manifest(str(converted)))
    assert list(files) == ["image.class.label.labels.txt", naming.TFDS_FEATURES_FILENAME, naming.TFDS_INFO_FILENAME]
    for name, text in files.items():
        assert (converted / name).read_text(encoding="utf-8") == text, name
        assert naming.is_shardify_file(name) and naming.is_tfds_file(name)
    assert (converted / "image.class.label.labels.txt").read_text().splitlines() == ["circle", "square", "triangle"]
    info = json.loads(files[naming.TFDS_INFO_FILENAME])
    shards = load_manifest(str(converted)).split("train").shards
    assert info["splits"] == [
        {
            "name": "train",
            "filepathTemplate": naming.TFDS_SHARD_TEMPLATE,
            "numBytes": str(sum(shard.num_bytes for shard in shards)),
            "shardLengths": [str(shard.num_records) for shard in shards],
        }
    ]
    template = naming.TFDS_SHARD_TEMPLATE.replace("{SHARD_X_OF_Y}", "{index:05d}-of-{count:05d}")
    for index, shard in enumerate(shards):
        name = template.format(SPLIT="train", index=index, count=len(shards), FILEFORMAT=naming.TFDS_FILE_FORMAT)
        assert name == shard.path
    assert info["supervisedKeys"] == {"input": contract.IMAGE_ENCODED, "output": contract.LABEL}


def test_export_metadata_replaces_stale_files_and_never_imports_tensorflow(output: Path) -> None:
    written = {name: (output / name).read_bytes() for name in tfds_files(load_manifest(str(output)))}
    (output / naming.TFDS_INFO_FILENAME).unlink()
    (output / naming.TFDS_FEATURES_FILENAME).write_text("{}")
    (output / naming.tfds_labels_filename(contract.TEXT_LABEL)).write_text("left by a run of another layout\n")
    result, imported = packages_imported_by(["export-metadata", str(output)], ["tensorflow", "tensorflow_datasets"])
    assert result.returncode == 0, result.stderr
    assert imported == []
    assert {p.name: p.read_bytes() for p in output.iterdir() if naming.is_tfds_file(p.name)} == written
    assert not [p.name for p in output.iterdir() if naming.is_temp_filename(p.name) or p.name == naming.LOCK_FILENAME]


def test_export_metadata_refuses_what_tfds_could_not_read(output: Path, tmp_path: Path) -> None:
    result = run_shardify("export-metadata", str(tmp_path))
    assert result.returncode == 1 and "no manifest" in one_line_error(result)

    # A shard whose name tfds's template cannot give (renamed in the file system and the manifest).
    manifest_path = output / naming.MANIFEST_FILENAME
    document = json.loads(manifest_path.read_text())
    shard = document["splits"]["train"]["shards"][1]
    (output / shard["path"]).rename(output / "renamed.tfrecord")
    shard["path"] = "renamed.tfrecord"
    manifest_path.write_text(json.dumps(document))
    result = run_shardify("export-metadata", str(output))
    assert result.returncode == 1
    assert "splits['train'].shards[1].path is 'renamed.tfrecord'" in one_line_error(result)


def test_export_metadata_waits_for_no_conversion(output: Path) -> None:
    """It takes the conversion's lock: never writes beside a run that is replacing the shards."""
    with OutputLock(str(output)):
        result = runner.invoke(app, ["export-metadata", str(output)])
    assert result.exit_code == 1 and "another conversion is writing" in result.output


def test_an_output_being_replaced_has_no_tfds_entry_point(output: Path) -> None:
    """A new run removes dataset_info.json with the manifest, so tfds cannot read shards mid-rewrite."""
    prepare_output(str(output), overwrite=False)
    assert not (output / naming.MANIFEST_FILENAME).exists()
    assert not (output / naming.TFDS_INFO_FILENAME).exists()
