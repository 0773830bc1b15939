"""Appending to an output (issue 26): new inputs become new shards and a new version; every version
stays readable with exactly its records, counted here from the source folders, never from the
manifest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.made_files import run_copy
from helpers.shard_io import read_report, read_shard
from helpers.sources import SAMPLE_DATA, SAMPLE_IMAGES, image_bytes
from shardify.beam_jobs.launch import run_conversion
from shardify.beam_jobs.output import folder as output_folder
from shardify.beam_jobs.output.lock import OutputLock
from shardify.config import ConvertConfig
from shardify.errors import ManifestError, OutputError, UsageError
from shardify.format import contract, naming
from shardify.format.manifest import load_manifest


def _run(source: Path, out: Path, *, append: bool = False, **options) -> None:
    options.setdefault("max_rejects", "100%")
    run_conversion(ConvertConfig(str(source), str(out), **options), append=append)


def _source_files(source: Path) -> set[str]:
    return {p.relative_to(source).as_posix() for p in source.rglob("*") if p.is_file()}


def _records(out: Path, version: int | None = None) -> dict[str, dict]:
    """image/filename -> record, over the shards the version's manifest lists."""
    manifest = load_manifest(str(out), version=version)
    records = {}
    for split in manifest.splits.values():
        for shard in split.shards:
            for record in read_shard(out / shard.path):
                name = (record.get(contract.IMAGE_FILENAME) or record.get(contract.TEXT_SOURCE)).decode()
                assert name not in records, f"{name} is in two records"
                records[name] = record
    return records


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _label(record: dict) -> object:
    return next(record[key] for key in contract.LABEL_INDEX_KEYS if key in record)


@pytest.fixture(scope="module")
def grown(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """sample_data/images without its `more/` folders converted (version 1), then the `more/`
    folders appended (version 2), then a new class (version 3); each version's source files noted."""
    root = tmp_path_factory.mktemp("grown")
    source, out = root / "src", root / "out"
    shutil.copytree(SAMPLE_IMAGES, source, ignore=shutil.ignore_patterns("more"))
    files, shard_bytes = {}, {}
    _run(source, out, shards=4)
    files[1] = _source_files(source)
    shard_bytes[1] = {p.name: p.read_bytes() for p in out.iterdir() if naming.is_shard_file(p.name)}
    for label in ("circle", "square", "triangle"):
        shutil.copytree(SAMPLE_IMAGES / label / "more", source / label / "more")
    _run(source, out, append=True)
    files[2] = _source_files(source)
    shard_bytes[2] = {p.name: p.read_bytes() for p in out.iterdir() if naming.is_shard_file(p.name)}
    (source / "hexagon").mkdir()
    for index in range(5):
        (source / "hexagon" / f"h{index}.png").write_bytes(image_bytes(fmt="PNG", seed=100 + index))
    _run(source, out, append=True)
    files[3] = _source_files(source)
    return {"source": source, "out": out, "files": files, "shard_bytes": shard_bytes}


@pytest.fixture(scope="module")
def circles(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sample's circles converted once (source, output), for the tests that damage a copy of
    the output: copies keep the files' mtimes, so the copied output's inputs file still matches."""
    root = tmp_path_factory.mktemp("circles")
    source, out = root / "src", root / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    _run(source, out)
    return source, out


def test_each_version_holds_exactly_its_source_files(grown: dict) -> None:
    for version in (1, 2, 3):
        assert set(_records(grown["out"], version)) == grown["files"][version], version
    assert set(_records(grown["out"])) == grown["files"][3]  # the latest


def test_old_shards_are_never_rewritten(grown: dict) -> None:
    out = grown["out"]
    for before in (grown["shard_bytes"][1], grown["shard_bytes"][2]):
        for name, data in before.items():
            assert (out / name).read_bytes() == data, name
    appended = [p.name for p in out.iterdir() if p.name.endswith(naming.SHARD_SUFFIX) and "-v0000" in p.name]
    assert appended and all(naming.parse_shard_filename(name).version in (2, 3) for name in appended)


def test_existing_labels_keep_their_indices(grown: dict) -> None:
    out = grown["out"]
    first, latest = load_manifest(str(out), version=1), load_manifest(str(out))
    assert latest.labels[: len(first.labels)] == first.labels
    assert latest.labels[len(first.labels) :] == ("hexagon",)
    latest_records = _records(out)
    for name, record in _records(out, 1).items():
        assert latest_records[name][contract.LABEL] == record[contract.LABEL]
    for name, record in latest_records.items():  # every record's index names its folder
        assert latest.labels[record[contract.LABEL]] == name.split("/")[0]


def test_versions_say_what_they_added(grown: dict) -> None:
    manifest = load_manifest(str(grown["out"]))
    assert manifest.version == 3 and [v["number"] for v in manifest.versions] == [1, 2, 3]
    added = [v["added"] for v in manifest.versions]
    files = grown["files"]
    assert [a["records"] for a in added] == [len(files[1]), len(files[2] - files[1]), len(files[3] - files[2])]
    assert added[1]["held"] == len(files[1]) and added[2]["held"] == len(files[2])
    assert added[2]["labels"] == ["hexagon"]
    assert manifest.versions[2]["parent"] == 2 and manifest.versions[0]["parent"] is None
    for number in (1, 2, 3):
        assert (grown["out"] / naming.version_manifest_filename(number)).exists()


def test_appended_shards_are_balanced_and_shuffled_among_themselves(grown: dict) -> None:
    manifest = load_manifest(str(grown["out"]), version=2)
    new = [s for s in manifest.split("train").shards if naming.parse_shard_filename(s.path).version == 2]
    counts = [s.num_records for s in new]
    assert max(counts) - min(counts) <= 1


def test_load_reads_each_version(grown: dict) -> None:
    import shardify

    out = str(grown["out"])
    for version in (1, 2, 3):
        expected = grown["files"][version]
        loaded = {r["filename"].numpy().decode() for r in shardify.load(out, version=version, features=["filename"])}
        assert loaded == expected, version
    with pytest.raises(ManifestError, match="version"):
        shardify.load(out, version=4)


def test_the_pytorch_reader_reads_each_version(grown: dict) -> None:
    pytest.importorskip("torch")
    import shardify.torch as shardify_torch

    out = str(grown["out"])
    for version in (1, 2, 3):
        torch_read = {_text(r["filename"]) for r in shardify_torch.ShardDataset(out, version=version, features=["filename"], shuffle=False)}
        assert torch_read == grown["files"][version], version


def test_tfds_reads_the_latest_version_batch_by_batch(grown: dict) -> None:
    tfds = pytest.importorskip("tensorflow_datasets")
    builder = tfds.builder_from_directory(str(grown["out"]))
    files = grown["files"]
    sizes = {name: split.num_examples for name, split in builder.info.splits.items()}
    assert sizes == {"train_v1": len(files[1]), "train_v2": len(files[2] - files[1]), "train_v3": len(files[3] - files[2])}
    names = {r["image/filename"].numpy().decode() for r in builder.as_dataset(split="train_v1+train_v2+train_v3")}
    assert names == files[3]


def test_a_changed_file_is_reported_not_appended(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES, source, ignore=shutil.ignore_patterns("more"))
    _run(source, out, shards=2)
    (source / "circle" / "circle_000.jpg").write_bytes(image_bytes(seed=7))
    (source / "circle" / "new.jpg").write_bytes(image_bytes(seed=8))
    _run(source, out, append=True)
    rejects = read_report(out, naming.REJECTS_FILENAME)
    assert [(r["path"], r["stage"]) for r in rejects] == [("circle/circle_000.jpg", "append")]
    records = _records(out)
    assert "circle/new.jpg" in records and set(records) == _source_files(source)
    assert load_manifest(str(out)).versions[-1]["added"]["changed"] == 1


def test_a_new_split_can_be_added(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_DATA / "texts", source)
    validation = source.with_name("validation")
    shutil.move(str(source / "test"), str(validation))
    _run(source, out)
    before = {name: r for name, r in _records(out).items()}
    shutil.move(str(validation), str(source / "test"))
    _run(source, out, append=True)
    manifest = load_manifest(str(out))
    assert sorted(manifest.splits) == ["test", "train"] and sorted(load_manifest(str(out), version=1).splits) == ["train"]
    records = _records(out)
    assert set(records) == _source_files(source)
    for name, record in before.items():
        assert _label(records[name]) == _label(record)
    tfds = pytest.importorskip("tensorflow_datasets")
    builder = tfds.builder_from_directory(str(out))  # a split one version wrote keeps its name
    test_files = {name for name in _source_files(source) if name.startswith("test/")}
    assert builder.info.splits["test"].num_examples == len(test_files)
    read = {r["text/source"].numpy().decode() for r in builder.as_dataset(split="test")}
    assert read == test_files


def test_nothing_new_makes_no_version(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square")
    _run(source, out)
    before = (out / naming.MANIFEST_FILENAME).read_bytes()
    _run(source, out, append=True)
    assert (out / naming.MANIFEST_FILENAME).read_bytes() == before
    assert not (out / naming.version_manifest_filename(2)).exists()


def test_label_names_that_renumber_are_refused(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES, source, ignore=shutil.ignore_patterns("more"))
    _run(source, out)
    with pytest.raises(UsageError, match="renumber"):
        _run(source, out, append=True, label_names=("square", "circle", "triangle"))
    _run(source, out, append=True, label_names=("circle", "square", "triangle", "star"))  # extends: fine


def test_append_needs_a_finished_output(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="nothing to append to"):
        _run(SAMPLE_IMAGES, tmp_path / "empty", append=True)


def test_an_append_interrupted_leaves_the_last_version_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES, source, ignore=shutil.ignore_patterns("more"))
    _run(source, out, shards=2)
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file() and p.name != naming.PLAN_FILENAME}
    for label in ("circle", "square"):
        shutil.copytree(SAMPLE_IMAGES / label / "more", source / label / "more")
    real = output_folder.write_text_atomically

    def dies_at_the_version(folder: str, name: str, text: str) -> None:
        if name == naming.version_manifest_filename(2):
            raise OutputError("killed")
        real(folder, name, text)

    monkeypatch.setattr(output_folder, "write_text_atomically", dies_at_the_version)
    with pytest.raises(Exception, match="killed"):
        _run(source, out, append=True)
    monkeypatch.undo()
    assert load_manifest(str(out)).version == 1
    assert set(_records(out)) == _source_files(source) - {p for p in _source_files(source) if "/more/" in p}
    for name, data in before.items():
        if naming.is_shard_file(name) or name == naming.MANIFEST_FILENAME:
            assert (out / name).read_bytes() == data, name
    left = [p.name for p in out.iterdir() if naming.is_shard_result(p.name)]
    assert left  # the appended shards were written whole, and wait for the re-run
    _run(source, out, append=True)
    assert load_manifest(str(out)).version == 2
    assert set(_records(out)) == _source_files(source)


def test_two_runs_into_one_output_are_refused(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square")
    _run(source, out)
    with OutputLock(str(out)), pytest.raises(OutputError, match="process"):
        _run(source, out, append=True)


def test_append_from_the_command_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from shardify.cli.main import app

    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    assert CliRunner().invoke(app, ["convert", str(source), str(out), "-q"]).exit_code == 0
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square")
    result = CliRunner().invoke(app, ["convert", str(source), str(out), "--append", "-q"])
    assert result.exit_code == 0, result.output
    assert "version 2: appended 24 records" in result.output
    assert json.loads((out / naming.MANIFEST_FILENAME).read_text())["dataset_version"]["number"] == 2


def test_dali_reads_each_version_from_its_manifest(grown: dict) -> None:
    pytest.importorskip("nvidia.dali")
    import nvidia.dali.tfrecord as tfrec
    from nvidia.dali import fn, pipeline_def

    out = grown["out"]
    for version in (1, 2, 3):
        shards = load_manifest(str(out), version=version).split("train").shards

        @pipeline_def(batch_size=4, num_threads=2, device_id=None)
        def pipe():
            records = fn.readers.tfrecord(
                path=[str(out / shard.path) for shard in shards],
                index_path=[str(out / shard.index) for shard in shards],
                features={contract.IMAGE_FILENAME: tfrec.FixedLenFeature((), tfrec.string, "")},
                name="reader",
                pad_last_batch=True,
            )
            return records[contract.IMAGE_FILENAME]

        reader = pipe()
        reader.build()
        size, names = reader.epoch_size("reader"), []
        while len(names) < size:
            (batch,) = reader.run()
            names += [bytes(batch.at(i)).decode() for i in range(len(batch))][: size - len(names)]
        assert sorted(names) == sorted(grown["files"][version]), version


def test_verify_checks_every_version(grown: dict, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from shardify.cli.main import app

    result = CliRunner().invoke(app, ["verify", str(grown["out"])])
    assert result.exit_code == 0, result.output
    copy = tmp_path / "copy"
    shutil.copytree(grown["out"], copy)
    first = json.loads((copy / naming.version_manifest_filename(1)).read_text())
    first["splits"]["train"]["shards"][0]["sha256"] = "0" * 64
    (copy / naming.version_manifest_filename(1)).write_text(json.dumps(first))
    result = CliRunner().invoke(app, ["verify", str(copy)])
    assert result.exit_code == 1 and naming.version_manifest_filename(1) in result.output


def test_inspect_lists_the_versions(grown: dict) -> None:
    from typer.testing import CliRunner

    from shardify.cli.main import app

    result = CliRunner().invoke(app, ["inspect", str(grown["out"]), "--versions"])
    assert result.exit_code == 0, result.output
    assert "3 versions; the latest is 3" in result.output
    assert "new labels: hexagon" in result.output and "version=2" in result.output


def test_command_line_dry_run_and_nothing_new(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from shardify.cli.main import app

    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    assert CliRunner().invoke(app, ["convert", str(source), str(out), "-q"]).exit_code == 0
    result = CliRunner().invoke(app, ["convert", str(source), str(out), "--append", "-q"])
    assert result.exit_code == 0, result.output
    assert "nothing new to append" in result.output and "version 1 stays the latest" in result.output
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square")
    before = sorted(p.name for p in out.iterdir())
    result = CliRunner().invoke(app, ["convert", str(source), str(out), "--append", "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "24" in result.output and "dry run: nothing written" in result.output
    assert sorted(p.name for p in out.iterdir()) == before


def test_a_conversion_without_append_starts_over_at_version_one(grown: dict, tmp_path: Path) -> None:
    out = tmp_path / "again"
    shutil.copytree(grown["out"], out)
    _run(grown["source"], out, shards=2)
    manifest = load_manifest(str(out))
    assert manifest.version == 1 and set(_records(out)) == grown["files"][3]
    assert not [p.name for p in out.iterdir() if naming.parse_version_filename(p.name) and p.name.endswith("v00002.json")]
    assert not [p.name for p in out.iterdir() if p.name.endswith(naming.SHARD_SUFFIX) and "-v0000" in p.name]


def test_an_append_killed_with_sigkill_leaves_the_last_version_and_resumes(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES, source, ignore=shutil.ignore_patterns("more"))
    _run(source, out, shards=2)
    before = {p.name: p.read_bytes() for p in out.iterdir() if naming.is_shard_file(p.name) or p.name == naming.MANIFEST_FILENAME}
    for label in ("circle", "square", "triangle"):
        shutil.copytree(SAMPLE_IMAGES / label / "more", source / label / "more")
    command = [str(Path(sys.executable).with_name("shardify")), "convert", str(source), str(out), "--append", "--shards", "12", "-q"]
    # Its own session, so that the kill reaches Beam's worker processes too.
    run = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not any(naming.parse_shard_filename(p.name) and "-v00002-" in p.name for p in out.iterdir()):
        assert run.poll() is None and time.monotonic() < deadline, "the append ended before it wrote a shard"
        time.sleep(0.002)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    manifest = load_manifest(str(out))
    assert manifest.version == 1 and set(_records(out)) == {p for p in _source_files(source) if "/more/" not in p}
    for name, data in before.items():
        assert (out / name).read_bytes() == data, name

    rerun = run_shardify(*command[1:])  # the resume: what the command does, this process will do
    assert rerun.returncode == 0, rerun.stderr
    assert load_manifest(str(out)).version == 2 and set(_records(out)) == _source_files(source)
    assert not [p.name for p in out.iterdir() if naming.is_temp_filename(p.name) or naming.is_shard_result(p.name)]


@pytest.mark.parametrize(
    "line",
    [
        b"not json\n",
        b'{"path": "circle/circle_000.jpg"}\n',
        b'{"path": "a.jpg", "size": -1, "mtime_ns": 0, "sha256": "' + b"0" * 64 + b'", "record_sha256": "' + b"0" * 64 + b'", "split": "train"}\n',
        b'{"path": "a.jpg", "size": 1, "mtime_ns": 0, "sha256": "xyz", "record_sha256": "' + b"0" * 64 + b'", "split": "train"}\n',
        b"[" * 100_000,
    ],
    ids=["not json", "fields missing", "negative size", "not a digest", "too long"],
)
def test_a_damaged_inputs_file_is_refused_before_any_work(circles: tuple[Path, Path], tmp_path: Path, line: bytes) -> None:
    source, out = run_copy(circles, tmp_path)
    with open(out / naming.inputs_filename(1), "ab") as f:
        f.write(line)
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square")
    with pytest.raises(ManifestError, match=naming.inputs_filename(1)):
        _run(source, out, append=True)
    assert load_manifest(str(out)).version == 1


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["dataset_version"].update(number=3),
        lambda d: d.update(history="v0"),
        lambda d: d["dataset_version"].update(manifest="../manifest.json"),
        lambda d: d["dataset_version"].pop("added"),
    ],
    ids=["number skips", "history not a list", "names another file", "says nothing added"],
)
def test_a_crafted_version_record_is_refused(circles: tuple[Path, Path], tmp_path: Path, change) -> None:
    _, out = run_copy(circles, tmp_path)
    document = json.loads((out / naming.MANIFEST_FILENAME).read_text())
    change(document)
    (out / naming.MANIFEST_FILENAME).write_text(json.dumps(document))
    with pytest.raises(ManifestError):
        load_manifest(str(out))


@pytest.mark.parametrize("version", [0, -1, True, 1.5, "1", 100_000])
def test_a_version_no_file_can_name_is_refused(grown: dict, version: object) -> None:
    from shardify.errors import ReadOptionError
    from shardify.read.options import ReadOptions

    with pytest.raises((ManifestError, ReadOptionError)):
        load_manifest(str(grown["out"]), version=version)
    if not (isinstance(version, int) and not isinstance(version, bool) and version >= 1):
        with pytest.raises(ReadOptionError, match="version"):
            ReadOptions(version=version)


def test_indexed_dataset_reads_a_version(grown: dict) -> None:
    pytest.importorskip("torch")
    import shardify.torch as shardify_torch

    dataset = shardify_torch.IndexedDataset(str(grown["out"]), version=1, features=["filename"])
    assert len(dataset) == len(grown["files"][1])
    assert {_text(dataset[i]["filename"]) for i in range(len(dataset))} == grown["files"][1]


def test_a_source_read_as_another_layout_is_refused(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    shutil.copytree(SAMPLE_IMAGES / "square", source / "square")
    _run(source, out)
    with pytest.raises(UsageError, match="was converted as image_folders"):
        _run(source, out, append=True, layout="named_files", label_from_name=r"^([a-z]+)_")


def test_ratio_splits_follow_the_first_conversions_rule(tmp_path: Path) -> None:
    """Each file lands in the split a full conversion of the final source gives it, whatever the
    append's own --seed or --split."""
    from shardify.plan.requests import parse_split_ratios

    source, out, full = tmp_path / "src", tmp_path / "out", tmp_path / "full"
    shutil.copytree(SAMPLE_IMAGES, source, ignore=shutil.ignore_patterns("more"))
    _run(source, out, split=parse_split_ratios("train=0.5,test=0.5"), seed=3)
    for label in ("circle", "square", "triangle"):
        shutil.copytree(SAMPLE_IMAGES / label / "more", source / label / "more")
    _run(source, out, append=True, split=parse_split_ratios("train=0.9,test=0.1"), seed=9)
    _run(source, full, split=parse_split_ratios("train=0.5,test=0.5"), seed=3)

    def splits(output: Path) -> dict[str, str]:
        manifest = load_manifest(str(output))
        return {
            record[contract.IMAGE_FILENAME].decode(): name
            for name, split in manifest.splits.items()
            for shard in split.shards
            for record in read_shard(output / shard.path)
        }

    assert splits(out) == splits(full)
    assert set(splits(out)) == _source_files(source)


def test_a_copy_of_an_existing_record_is_reported_as_a_duplicate(tmp_path: Path) -> None:
    source, out = tmp_path / "src", tmp_path / "out"
    shutil.copytree(SAMPLE_IMAGES / "circle", source / "circle")
    _run(source, out)
    shutil.copy(source / "circle" / "circle_000.jpg", source / "circle" / "copy_of_000.jpg")
    _run(source, out, append=True)
    groups = read_report(out, naming.DUPLICATES_FILENAME)
    assert [sorted(record["id"] for record in group["records"]) for group in groups] == [
        ["circle/circle_000.jpg", "circle/copy_of_000.jpg"]
    ]
