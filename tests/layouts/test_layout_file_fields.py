"""A layout file can say every decision the convert command's options make about reading SRC
(docs/layout-files.md, Options and their keys): one contract, so the option and the key give the
same shards, byte for byte.

The fields: `key_column` (`--key-column` with `--labels`), `key_folder` and `row_splits` (found by
detection under `--labels --key-column`: Derm7pt's keys are paths under release_v0/images/, its
`*_indexes.csv` list the table's rows by number), `merge_rows` (Severstal's row per image and class),
`options.exclude` (`--exclude`: Leafsnap's masks). Each is written by hand, as a user writes it from
a stop, and held to the bytes the options give; each left out changes what is written (the key is
what decides, not a bystander). The hostile twins: a key column, key folder or row list that is not
there, a row list outside SRC or away from its table, a split name no shard can hold, keys on a
layout that reads no label table: each stops before writing, naming the file's key.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from helpers.blind17 import DATASETS as BLIND17
from helpers.blind19 import DATASETS as BLIND19
from helpers.cli_runs import run_shardify
from helpers.unseen_judge import assert_right
from shardify.errors import UsageError
from shardify.plan import layout_file

DERM7PT_OPTIONS = ("--labels", "release_v0/meta/meta.csv", "--key-column", "clinic,derm", "--label-column", "diagnosis")
DERM7PT_FILE = """shardify_layout: 1
layout: label_file
media: image
labels_file: release_v0/meta/meta.csv
label_key: under
key_column: clinic,derm
key_folder: release_v0/images
row_splits:
  test: release_v0/meta/test_indexes.csv
  train: release_v0/meta/train_indexes.csv
  valid: release_v0/meta/valid_indexes.csv
options:
  label_column: diagnosis
"""
LEAFSNAP_OPTIONS = ("--labels", "leafsnap-dataset-images.txt", "--key-column", "image_path", "--label-column", "species",
                    "--exclude", "dataset/segmented")
LEAFSNAP_FILE = """shardify_layout: 1
layout: label_file
media: image
labels_file: leafsnap-dataset-images.txt
label_key: path
key_column: image_path
options:
  label_column: species
  exclude:
  - dataset/segmented
"""
# (its test_images/ left out: a label file's reading, not a keyed table's beside split folders; rows naming test
# images are then rejects, hence --max-rejects)
RUN = ("--max-rejects", "50%")
SEVERSTAL_OPTIONS = ("--labels", "train.csv", "--key-column", "ImageId", "--label-column", "ClassId", *RUN)
SEVERSTAL_FILE = """shardify_layout: 1
layout: label_file
media: image
labels_file: train.csv
label_key: name
key_column: ImageId
merge_rows: true
options:
  label_column: ClassId
"""


@pytest.fixture(scope="module")
def derm7pt(tmp_path_factory):
    return BLIND17["derm7pt"](tmp_path_factory.mktemp("derm7pt") / "download")


@pytest.fixture(scope="module")
def leafsnap(tmp_path_factory):
    return BLIND17["leafsnap"](tmp_path_factory.mktemp("leafsnap") / "download")


@pytest.fixture(scope="module")
def severstal(tmp_path_factory):
    truth = BLIND19["severstal"](tmp_path_factory.mktemp("severstal") / "download")
    shutil.rmtree(truth.root / "test_images")
    (truth.root / "sample_submission.csv").unlink()
    return dataclasses.replace(truth, records={k: v for k, v in truth.records.items() if not k.startswith("test_images/")})


def _convert(root: Path, out: Path, *args: str) -> None:
    result = run_shardify("convert", str(root), str(out), "-q", *args)
    assert result.returncode == 0, result.stderr


def _shards(out: Path) -> dict[str, bytes]:
    found = {p.name: p.read_bytes() for p in sorted(out.glob("*.tfrecord*"))}
    assert found, f"no shards in {out}"
    return found


def _from_file(root: Path, out: Path, text: str, tmp_path: Path, *args: str) -> str:
    """Converts with `text` as the layout file; stderr ("" where it converted)."""
    path = tmp_path / f"{out.name}.yaml"
    path.write_text(text)
    result = run_shardify("convert", str(root), str(out), "-q", "--layout-file", str(path), *args)
    return "" if result.returncode == 0 else result.stderr


@pytest.fixture(scope="module")
def by_options(derm7pt, leafsnap, severstal, tmp_path_factory) -> dict[str, Path]:
    """Each download converted with the options its stop names: the bytes every layout file must give."""
    outs = {}
    for name, truth, options in (("derm7pt", derm7pt, DERM7PT_OPTIONS), ("leafsnap", leafsnap, LEAFSNAP_OPTIONS),
                                 ("severstal", severstal, SEVERSTAL_OPTIONS)):
        outs[name] = tmp_path_factory.mktemp(name) / "out"
        _convert(truth.root, outs[name], *options)
    return outs


@pytest.mark.parametrize("name, text", [("derm7pt", DERM7PT_FILE), ("leafsnap", LEAFSNAP_FILE), ("severstal", SEVERSTAL_FILE)])
def test_a_hand_written_file_gives_the_options_bytes(name, text, by_options, derm7pt, leafsnap, severstal, tmp_path) -> None:
    truth = {"derm7pt": derm7pt, "leafsnap": leafsnap, "severstal": severstal}[name]
    assert _from_file(truth.root, tmp_path / "out", text, tmp_path, *(RUN if name == "severstal" else ())) == ""
    assert _shards(tmp_path / "out") == _shards(by_options[name])
    assert_right(truth, tmp_path / "out")


@pytest.mark.parametrize("name, options", [("derm7pt", DERM7PT_OPTIONS), ("leafsnap", LEAFSNAP_OPTIONS), ("severstal", SEVERSTAL_OPTIONS)])
def test_the_file_written_with_the_options_gives_their_bytes(name, options, by_options, derm7pt, leafsnap, severstal, tmp_path) -> None:
    root = {"derm7pt": derm7pt, "leafsnap": leafsnap, "severstal": severstal}[name].root
    path = tmp_path / "written.yaml"
    written = run_shardify("convert", str(root), str(tmp_path / "plan"), "--dry-run", "--layout-file", str(path), *options)
    assert written.returncode == 0 and path.exists(), written.stderr
    _convert(root, tmp_path / "out", "--layout-file", str(path), *(RUN if name == "severstal" else ()))
    assert _shards(tmp_path / "out") == _shards(by_options[name])


def test_without_row_splits_the_records_are_one_split(derm7pt, tmp_path) -> None:
    text = DERM7PT_FILE.split("row_splits:")[0] + "options:" + DERM7PT_FILE.split("options:")[1]
    assert _from_file(derm7pt.root, tmp_path / "out", text, tmp_path) == ""
    assert {name.split("-")[0] for name in _shards(tmp_path / "out")} == {"train"}


def test_without_merge_rows_an_image_of_two_rows_is_a_reject(severstal, tmp_path) -> None:
    assert _from_file(severstal.root, tmp_path / "out", SEVERSTAL_FILE.replace("merge_rows: true\n", ""), tmp_path, *RUN) == ""
    rejected = (tmp_path / "out" / "rejected.jsonl").read_text()
    assert "give it different labels" in rejected, rejected


def test_without_exclude_the_masks_are_rejects(leafsnap, tmp_path) -> None:
    said = _from_file(leafsnap.root, tmp_path / "out", LEAFSNAP_FILE.split("  exclude:")[0], tmp_path)
    assert "no usable row in leafsnap-dataset-images.txt names it" in said, said


def test_a_derm7pt_stop_mended_in_its_layout_file_converts_right(derm7pt, tmp_path) -> None:
    """The round trip: the stop names --labels, --key-column and --label-column; the file it writes
    (detection's class-folder guess, the doubt above it) is mended with the same decision as keys."""
    path = tmp_path / "derm7pt.yaml"
    stop = run_shardify("convert", str(derm7pt.root), str(tmp_path / "plan"), "--dry-run", "--layout-file", str(path))
    assert stop.returncode == 2 and "--key-column 'clinic,derm'" in stop.stderr, stop.stderr
    written = path.read_text()
    assert "DETECTION DOUBTED THIS GUESS" in written and "layout: image_folders" in written
    comments = "".join(line + "\n" for line in written.splitlines() if line.startswith("#"))
    path.write_text(comments + DERM7PT_FILE)
    _convert(derm7pt.root, tmp_path / "out", "--layout-file", str(path))
    assert_right(derm7pt, tmp_path / "out")


@pytest.mark.parametrize("old, new, said", [
    ("key_column: clinic,derm", "key_column: clinic,dermx", "key_column 'clinic,dermx': 'dermx' is no column of release_v0/meta/meta.csv"),
    ("key_folder: release_v0/images", "key_folder: release_v0/imagez", "key_folder release_v0/imagez holds no file"),
    ("train: release_v0/meta/train_indexes.csv", "train: release_v0/meta/nosuch.csv", "row_splits.train release_v0/meta/nosuch.csv"),
])
def test_a_key_naming_what_is_not_there_stops_before_writing(derm7pt, old, new, said, tmp_path) -> None:
    stderr = _from_file(derm7pt.root, tmp_path / "out", DERM7PT_FILE.replace(old, new), tmp_path)
    assert said in stderr and "Traceback" not in stderr, stderr
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.tfrecord*"))


@pytest.mark.parametrize("old, new, said", [
    ("train: release_v0/meta/train_indexes.csv", "train: ../train_indexes.csv", "row_splits: ../train_indexes.csv lies away"),
    ("key_folder: release_v0/images", "key_folder: ../images", "key_folder '../images' leaves SRC"),
    ("train: release_v0/meta/train_indexes.csv", "train: release_v0/train_indexes.csv", "row_splits: release_v0/train_indexes.csv"),
    ("train: release_v0", "train/../x: release_v0", "split name 'train/../x'"),
    ("key_column: clinic,derm", "key_column: [clinic, derm]", "key_column must be text"),
    ("key_column: clinic,derm", "key_columns: clinic,derm", "unknown key key_columns"),
    ("label_key: under\n", "label_key: path\n", "key_folder 'release_v0/images' goes with label_key 'under'"),
])
def test_a_malformed_key_is_refused_naming_it(old, new, said) -> None:
    with pytest.raises(UsageError) as refused:
        layout_file.loads(DERM7PT_FILE.replace(old, new), where="l.yaml")
    assert said in str(refused.value), str(refused.value)


@pytest.mark.parametrize("line", ["key_column: id", "merge_rows: true", "row_splits: {train: train_indexes.csv}"])
def test_label_table_keys_on_a_layout_that_reads_none_are_refused(line) -> None:
    text = f"shardify_layout: 1\nlayout: image_folders\nmedia: image\n{line}\n"
    with pytest.raises(UsageError, match=f"{line.split(':')[0]} .*label file"):
        layout_file.loads(text, where="l.yaml")


@pytest.mark.parametrize("exclude, said", [("[../x]", "climbs out of SRC"), ("['/etc/**']", "absolute path"), ("x", "must be a list")])
def test_an_exclude_in_the_file_is_checked_as_the_option_is(exclude, said) -> None:
    with pytest.raises(UsageError, match="options.exclude") as refused:
        layout_file.loads(LEAFSNAP_FILE.split("  exclude:")[0] + f"  exclude: {exclude}\n", where="l.yaml")
    assert said in str(refused.value), str(refused.value)


def test_an_exclude_in_the_file_is_read_as_the_option_reads_it() -> None:
    text = LEAFSNAP_FILE.replace("- dataset/segmented", "- ./dataset/segmented/")
    assert layout_file.loads(text, where="l.yaml").options["exclude"] == ("dataset/segmented",)


def test_an_exclude_on_the_command_line_and_another_in_the_file_stops(leafsnap, tmp_path) -> None:
    path = tmp_path / "l.yaml"
    path.write_text(LEAFSNAP_FILE)
    result = run_shardify("convert", str(leafsnap.root), str(tmp_path / "out"), "--layout-file", str(path), "--exclude", "other")
    assert result.returncode == 2 and "--exclude" in result.stderr and "give it in one place" in result.stderr, result.stderr
