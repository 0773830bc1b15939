"""The catalog of known datasets (shardify/layouts/*.yaml, `--layout-file NAME`): every entry is a
valid layout file that reads its dataset's download right.

Each entry converts the miniature of its download that the suite already builds from the dataset's
published layout (tests/helpers/shipped.py, unseen.py, unseen2.py), and the records' splits and
labels meet the miniature's own truth, counted from the shards (never from the manifest). Where
detection reads the download right by itself, the entry is detection's reading, so it writes the
same bytes; where detection doubts or cannot tell, its refusal names the entry. Every entry must
have a miniature here: adding a dataset is a YAML file and a line in MINIATURES.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import re
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from typer.testing import CliRunner

from helpers.cli_runs import message
from helpers.shard_io import read_shard
from helpers.shipped import DATASETS as SHIPPED
from helpers.shipped import Truth
from helpers.sources import REPO
from helpers.unseen import DATASETS as UNSEEN
from helpers.unseen2 import ALIASES
from helpers.unseen2 import DATASETS as UNSEEN2
from shardify.beam_jobs.discover import detect
from shardify.beam_jobs.launch import run_conversion
from shardify.cli.main import app
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan import known_layouts, layout_file
from shardify.plan.structure import split_word


def _subset(name: str, build):
    """EMNIST's truth, of one subset: its splits named as the catalog entry's (`train`, not `balanced-train`)."""
    def built(dest: Path) -> Truth:
        truth = build(dest)
        records = {rid: (split.split("-", 1)[1], labels) for rid, (split, labels) in truth.records.items() if split.startswith(name + "-")}
        return dataclasses.replace(truth, records=records)
    return built


# Catalog entry -> the miniature of its download.
MINIATURES = {
    **{name: SHIPPED[name] for name in ("imagenette", "oxford_iiit_pet", "celeba", "oxford_flowers102", "cifar10", "mnist",
                                         "imdb", "ag_news", "coco2017", "pascal_voc2012", "cifar100", "dbpedia",
                                         "glue_sst2")},
    **{name: UNSEEN[name] for name in ("cityscapes", "places365", "omniglot")},
    **{name: UNSEEN2[name] for name in ("svhn", "gtsrb")},
    "emnist-balanced": _subset("balanced", UNSEEN2["emnist"]),
    "emnist-digits": _subset("digits", UNSEEN2["emnist"]),
}
# Entries whose download detection doubts or cannot read alone: its refusal names them.
REFUSED = {"cityscapes", "places365", "omniglot", "emnist-balanced", "emnist-digits"}
# Entries that read a download detection converts only past --max-rejects (SST-2's original/ texts).
_MENDED = {"glue_sst2"}
# The entry's reading where it differs from the truth's by design, said in its file's header:
# Cityscapes' cities are groups (its labels are the masks): records unlabelled.
_UNLABELLED = {"cityscapes"}
# IMDB's unlabelled reviews (train/unsup/) are a split of their own (as tests/layouts/test_as_shipped.py).
_OWN_SPLIT = {"imdb": ("/unsup/", "unsup")}
_SAME_SPLIT = {"val": "validation", "valid": "validation", "dev": "validation", "testing": "test", "training": "train"}
_ALIASES = {"gtsrb": ALIASES["gtsrb"], "emnist-balanced": ALIASES["emnist"]}
CATALOG = [known.name for known in known_layouts.catalog()]
runner = CliRunner()


def _split(name: str) -> str:
    word = split_word(name) or name
    return _SAME_SPLIT.get(word, word)


def _label(entry: str, name: str) -> str:
    name = name.lstrip("/")  # Places365 names its classes `/a/abbey`
    for documented, values in _ALIASES.get(entry, {}).items():
        if name in values:
            return documented.casefold()
    return name.casefold()


def _expected(entry: str, truth: Truth) -> dict[str, tuple[str, frozenset[str] | None]]:
    expected = {}
    for rid, (split, labels) in truth.records.items():
        rid = re.sub(r"\.(zip|tar\.gz|tgz|tar)/", "/", rid)
        mark, own = _OWN_SPLIT.get(entry, (None, None))
        if mark and mark in rid:
            split = own
        if entry in _UNLABELLED:
            labels = None
        expected[rid] = (_split(split), None if labels is None else frozenset(_label(entry, n) for n in labels))
    return expected


def _written(entry: str, out: Path) -> dict[str, tuple[str, frozenset[str] | None]]:
    """Every record of the shards as (truth-style id, (split, labels))."""
    manifest = load_manifest(str(out))
    found, rows = {}, defaultdict(list)
    for split, info in manifest.splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                rid = (record.get(contract.IMAGE_FILENAME) or record.get(contract.TEXT_SOURCE)).decode()
                value = record.get(contract.LABEL_TEXT, record.get(contract.TEXT_LABEL_TEXT))
                index = record.get(contract.LABEL, record.get(contract.TEXT_LABEL))
                labels = None
                if value is not None and index != contract.UNLABELLED and info.num_unlabelled != info.num_records:
                    labels = frozenset(_label(entry, n.decode()) for n in (value if isinstance(value, list) else [value]))
                table, _, row = rid.rpartition("#")
                if table and re.fullmatch(r"\d+", row) and not re.search(r"\.(jpe?g|png|ppm|txt)$", table):
                    rows[table].append((int(row), (_split(split), labels)))  # a table's rows: matched in order
                else:
                    found[re.sub(r"#(?:(x_\w+):)?(\d+)$", lambda m: f":{m[1] + ':' if m[1] else ''}{m[2]}", rid)] = (_split(split), labels)
    for table, numbered in rows.items():
        for i, (_, value) in enumerate(sorted(numbered)):
            found[f"{table}:{i}"] = value
    return found


def _spec(name: str) -> layout_file.LayoutSpec:
    known = known_layouts.entry(name)
    assert known is not None
    return layout_file.loads(known.path.read_text(encoding="utf-8"), where=str(known.path))


def test_every_entry_has_a_miniature_and_the_catalog_ships_as_package_data() -> None:
    assert sorted(MINIATURES) == sorted(CATALOG), "a catalog entry without a miniature test, or a miniature without its entry"
    package_data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["shardify"]
    for known in known_layouts.catalog():
        shipped = known.path.relative_to(REPO / "shardify").as_posix()
        assert any(fnmatch.fnmatch(shipped, glob) for glob in package_data), f"{shipped} is not in the wheel's package data"


@pytest.mark.parametrize("name", CATALOG)
def test_every_entry_is_a_valid_layout_file_that_says_what_it_reads(name: str) -> None:
    known = known_layouts.entry(name)
    text = known.path.read_text(encoding="utf-8")
    spec = _spec(name)
    assert known_layouts.is_name(name)
    header = [line for line in text.splitlines() if line.startswith("#")]
    for key in ("# dataset: ", "# download: ", "# decides: "):
        assert any(line.startswith(key) and len(line) > len(key) + 3 for line in header), f"{name}: no `{key.strip()}` line"
    assert known.dataset and spec.match, f"{name}: an entry says which dataset it reads and which files show it"
    assert spec.options.get("class_ids"), "the numbering of classes is always written"


@pytest.mark.parametrize("name", CATALOG)
def test_each_entry_converts_its_miniature_to_the_truth(name: str, tmp_path: Path) -> None:
    truth = MINIATURES[name](tmp_path / "download")
    spec, out = _spec(name), tmp_path / "out"
    assert known_layouts.matching(str(truth.root)) and name in {k.name for k in known_layouts.matching(str(truth.root))}
    run_conversion(ConvertConfig(str(truth.root), str(out), **spec.options, layout_given=spec.layout))
    expected, written = _expected(name, truth), _written(name, out)
    assert sorted(set(expected) - set(written)) == [], "inputs the truth has that no record holds"
    assert sorted(set(written) - set(expected)) == [], "records of inputs the truth does not have"
    assert Counter(written.values()) == Counter(expected.values()), "(split, labels) counted against the truth's"
    assert {rid: v for rid, v in written.items() if v != expected[rid]} == {}


def _reading(layout: object) -> object:
    """A layout without what detection narrates (notes, the labels a sample showed): what reads the files."""
    structure = layout.structure
    if structure is not None and structure.name_pattern is not None:
        structure = dataclasses.replace(structure, name_pattern=dataclasses.replace(structure.name_pattern, labels=()))
    evidence = tuple(dataclasses.replace(e, note="") for e in layout.evidence)
    return dataclasses.replace(layout, notes=(), structure=structure, evidence=evidence)


@pytest.mark.parametrize("name", [n for n in CATALOG if n not in REFUSED | _MENDED])
def test_where_detection_is_right_the_entry_is_its_reading(name: str, tmp_path: Path) -> None:
    truth = MINIATURES[name](tmp_path / "download")
    detected, _ = detect.detect_source(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert _reading(_spec(name).layout) == _reading(detected)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_refusal_names_the_entry_of_the_download_it_refused(name: str, tmp_path: Path) -> None:
    truth = MINIATURES[name](tmp_path / "download")
    with pytest.raises(UsageError) as refused:
        detect.detect_source(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    dataset = known_layouts.entry(name).dataset
    assert f"this looks like {dataset}: --layout-file {name}" in str(refused.value)


def test_a_refusal_names_no_entry_whose_files_are_not_there(tmp_path: Path) -> None:
    """The hint needs every glob of an entry: Cityscapes' images without its gtFine/ masks look like no entry."""
    truth = UNSEEN["cityscapes"](tmp_path / "download")
    import shutil

    shutil.rmtree(truth.root / "gtFine")
    with pytest.raises(UsageError) as refused:
        detect.detect_source(ConvertConfig(str(truth.root), str(tmp_path / "out")))
    assert "this looks like" not in str(refused.value)


def test_the_command_line_runs_an_entry_by_name_with_detections_bytes_lists_them_and_refuses_an_unknown_name(tmp_path: Path) -> None:
    truth = SHIPPED["coco2017"](tmp_path / "download")  # splits, boxes and the declared classes
    from_entry = runner.invoke(app, ["convert", str(truth.root), str(tmp_path / "b"), "-q", "--layout-file", "coco2017"])
    assert from_entry.exit_code == 0, from_entry.output
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "a")))  # detection's reading
    shards = sorted(p.name for p in (tmp_path / "a").glob("*.tfrecord*"))
    assert shards and shards == sorted(p.name for p in (tmp_path / "b").glob("*.tfrecord*"))
    assert all((tmp_path / "a" / s).read_bytes() == (tmp_path / "b" / s).read_bytes() for s in shards)
    unknown = runner.invoke(app, ["convert", str(truth.root), str(tmp_path / "u"), "--layout-file", "coco2071"])
    said = message(unknown.output)
    assert unknown.exit_code == 2 and said.startswith("error: ") and "coco2071" in said and "coco2017" in said
    assert not (tmp_path / "u").exists()
    listed = runner.invoke(app, ["layouts"])
    assert listed.exit_code == 0
    assert [line.split()[0] for line in listed.output.splitlines()] == CATALOG


@pytest.mark.parametrize(
    ("match", "said"),
    [
        ("match: train/*.jpg\n", "match must be a list"),
        ("match: [../etc/passwd]\n", "leaves SRC"),
        ("match: [/etc/passwd]\n", "leaves SRC"),
        ("match: [a/../../b]\n", "leaves SRC"),
        ("match: [3]\n", "match[0] must be a path glob"),
        ("match: ['']\n", "match[0] must be a path glob"),
        (f"match: ['{'x' * 201}']\n", "match[0] must be a path glob"),
        ("match: [" + ", ".join(["a"] * 17) + "]\n", "at most 16"),
    ],
)
def test_a_faulty_match_is_refused_in_one_line(match: str, said: str) -> None:
    with pytest.raises(UsageError, match=re.escape(said)):
        layout_file.loads(f"shardify_layout: 1\nlayout: image_folders\nmedia: image\n{match}", where="l.yaml")
