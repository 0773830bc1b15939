"""The layouts public datasets ship in, each on a miniature built here with the real layout and
synthetic content: one table as SRC, Parquet, headerless news CSVs with numbered labels, label files
keyed by bare file names or stems (competition downloads), labels in file names (Oxford-IIIT Pets,
cats vs dogs), COCO annotation files, ImageNet's validation labels. Inputs are counted from what the
test made, never from the manifest's own sums."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from helpers.cli_runs import message
from helpers.shard_io import read_shard, rejects_by_path
from helpers.sources import image_bytes
from shardify.cli.main import app
from shardify.format import contract
from shardify.format.manifest import load_manifest

runner = CliRunner()


def _write(root: Path, files: dict[str, bytes | str]) -> Path:
    for relpath, data in files.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data.encode() if isinstance(data, str) else data)
    return root


def _convert(*args: str) -> str:
    result = runner.invoke(app, ["convert", *args, "--max-rejects", "100%"])
    assert result.exit_code == 0, result.output
    return result.output


def _records(out: Path) -> list[dict]:
    manifest = load_manifest(str(out))
    return [
        {**record, "split": name}
        for name, split in manifest.splits.items()
        for shard in split.shards
        for record in read_shard(out / shard.path)
    ]


def _labels_by_file(out: Path) -> dict[str, object]:
    return {r[contract.IMAGE_FILENAME].decode(): r.get(contract.LABEL_TEXT) for r in _records(out)}


# One table as SRC -------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["csv", "tsv", "jsonl", "parquet"])
def test_one_table_given_as_src_converts_its_rows_only(fmt: str, tmp_path: Path) -> None:
    rows = [("a fine film", "pos"), ("dull", "neg"), ("great, really", "pos")]
    folder = tmp_path / "data"
    folder.mkdir()
    table = folder / f"reviews.{fmt}"
    if fmt == "csv":
        table.write_text("text,label\n" + "".join(f'"{t}",{lab}\n' for t, lab in rows))
    elif fmt == "tsv":
        table.write_text("text\tlabel\n" + "".join(f"{t}\t{lab}\n" for t, lab in rows))
    elif fmt == "jsonl":
        table.write_text("".join(json.dumps({"text": t, "label": lab}) + "\n" for t, lab in rows))
    else:
        pq.write_table(pa.table({"text": [t for t, _ in rows], "label": [lab for _, lab in rows]}), table)
    (folder / "other.csv").write_text("text,label\nnot me,x\n")  # beside it, not part of SRC
    out = tmp_path / "out"
    output = _convert(str(table), str(out))
    assert "wrote 3 records" in output
    records = _records(out)
    assert sorted((r[contract.TEXT].decode(), r[contract.TEXT_LABEL_TEXT].decode()) for r in records) == sorted(rows)
    assert {r[contract.TEXT_SOURCE].decode().split("#")[0] for r in records} == {f"reviews.{fmt}"}
    assert load_manifest(str(out)).inputs == {"seen": 3, "written": 3, "rejected": 0, "skipped": 0}


def test_parquet_rows_stream_by_row_group_into_many_shards_byte_identically(tmp_path: Path) -> None:
    texts = [f"review number {i} " + "words " * (i % 7) for i in range(300)]
    labels = [("pos", "neg", "mixed")[i % 3] for i in range(300)]
    source = tmp_path / "src"
    source.mkdir()
    table = pa.table({"id": list(range(300)), "review": texts, "sentiment": labels})
    pq.write_table(table, source / "part-0.parquet", row_group_size=64)  # 5 row groups
    pq.write_table(table.slice(0, 10), source / "part-1.parquet", row_group_size=3)
    outs = [tmp_path / "out1", tmp_path / "out2"]
    for out in outs:
        _convert(str(source), str(out), "--shards", "7", "--keep-columns", "id")
    records = _records(outs[0])
    assert len(records) == 310
    by_source = {r[contract.TEXT_SOURCE].decode(): r for r in records}
    for position in range(300):
        record = by_source[f"part-0.parquet#{position + 1}"]
        assert record[contract.TEXT].decode() == texts[position]
        assert record[contract.TEXT_LABEL_TEXT].decode() == labels[position]
        assert record[contract.column_key("id")] == position
    assert sorted(p.name for p in outs[0].iterdir()) == sorted(p.name for p in outs[1].iterdir())
    for shard in outs[0].glob("*.tfrecord"):
        assert shard.read_bytes() == (outs[1] / shard.name).read_bytes()


def test_parquet_rows_survive_a_shard_that_opens_more_tables_than_are_kept_open(tmp_path: Path) -> None:
    """A shard's Parquet rows are fetched before it is written; reopening CSVs past the open-table
    limit must not drop them."""
    from shardify.converters import table_rows

    source = tmp_path / "src"
    source.mkdir()
    for index in range(table_rows.MAX_OPEN_TABLES + 6):
        (source / f"t{index:03d}.csv").write_text(f"text,label\ncsv row {index},{'ab'[index % 2]}\n")
    # Enough rows that some come after the limit is reached, in any record order.
    pq.write_table(pa.table({"text": [f"parquet row {i}" for i in range(60)], "label": ["a", "b"] * 30}), source / "p.parquet")
    out = tmp_path / "out"
    _convert(str(source), str(out), "--shards", "1")
    expected = {f"csv row {i}" for i in range(table_rows.MAX_OPEN_TABLES + 6)} | {f"parquet row {i}" for i in range(60)}
    assert sorted(r[contract.TEXT].decode() for r in _records(out)) == sorted(expected)


# Tables without a header ------------------------------------------------------------------------


def test_headerless_news_csv_with_numbered_labels(tmp_path: Path) -> None:
    """The AG News shape: `"3","title","description"`, classes.txt numbering the classes from 1. Both
    columns hold text: the title is the record's text and the description its pair, never joined."""
    rows = [
        ("3", "Wall St. Bears Claw Back", "Short-sellers are seeing green again."),
        ("4", "Space probe finds ice", 'Scientists say "it is big".'),
        ("1", "Talks resume", "Both sides met, again."),
        ("2", "Team wins cup", 'A late goal, then a "party".'),
    ]
    source = tmp_path / "ag_news"
    source.mkdir()
    (source / "train.csv").write_text("".join(",".join('"' + c.replace('"', '""') + '"' for c in row) + "\n" for row in rows))
    (tmp_path / "classes.txt").write_text("World\nSports\nBusiness\nSci/Tech\n")
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(source / "train.csv"), str(out), "--label-names", str(tmp_path / "classes.txt"), "--dry-run"])
    assert result.exit_code == 0, result.output
    assert "no header row (3 columns, numbered from 1); text = column 2, pair = column 3, label = column 1" in result.output
    assert "labels are numbers: mapped through --label-names, counting from 1" in result.output
    _convert(str(source / "train.csv"), str(out), "--label-names", str(tmp_path / "classes.txt"))
    names = ["World", "Sports", "Business", "Sci/Tech"]
    got = sorted(
        (r[contract.TEXT].decode(), r[contract.TEXT_PAIR].decode(), r[contract.TEXT_LABEL_TEXT].decode(), r[contract.TEXT_LABEL])
        for r in _records(out)
    )
    assert got == sorted((title, text, names[int(label) - 1], int(label) - 1) for label, title, text in rows)
    assert load_manifest(str(out)).labels == tuple(names)

    out2 = tmp_path / "out2"  # only the titles, and the header question settled by the user
    _convert(str(source / "train.csv"), str(out2), "--no-header", "--text-column", "2", "--label-column", "1")
    assert sorted(r[contract.TEXT].decode() for r in _records(out2)) == sorted(title for _, title, _ in rows)
    assert load_manifest(str(out2)).labels == ("1", "2", "3", "4")


# Label files whose keys do not spell the path ---------------------------------------------------


def test_label_file_keyed_by_bare_file_names_of_images_in_a_subfolder(tmp_path: Path) -> None:
    """The competition-download shape that converted to zero records: labels.csv says `img_00.jpg`,
    the image is images/img_00.jpg."""
    files = {f"images/img_{i:02d}.jpg": image_bytes(seed=i) for i in range(6)}
    files["labels.csv"] = "id,label\n" + "".join(f"img_{i:02d}.jpg,{'cat' if i % 2 else 'dog'}\n" for i in range(6))
    source = _write(tmp_path / "comp", files)
    out = tmp_path / "out"
    output = _convert(str(source), str(out))
    assert "keys are file names, matched anywhere under SRC" in output or "wrote 6 records" in output
    assert _labels_by_file(out) == {f"images/img_{i:02d}.jpg": ("cat" if i % 2 else "dog").encode() for i in range(6)}
    out2 = tmp_path / "out2"  # the label file itself as SRC: its files are found in its folder
    output = _convert(str(source / "labels.csv"), str(out2))
    assert "wrote 6 records" in output and _labels_by_file(out2) == _labels_by_file(out)


def test_label_file_keyed_by_stems_and_an_ambiguous_key_names_every_candidate(tmp_path: Path) -> None:
    files = {
        "train/0001.jpg": image_bytes(seed=1),
        "train/0002.jpg": image_bytes(seed=2),
        "test/0003.jpg": image_bytes(seed=3),
        "test/0002.png": image_bytes(fmt="PNG", seed=4),  # a second file whose stem is 0002
        "labels.csv": "id,label\n0001,a\n0002,b\n0003,a\n",
    }
    source = _write(tmp_path / "src", files)
    out = tmp_path / "out"
    result = runner.invoke(app, ["convert", str(source), str(out), "--dry-run"])
    assert "label file labels.csv: keys are file names without their extension (ids)" in message(result.output)
    _convert(str(source), str(out))
    assert _labels_by_file(out) == {"train/0001.jpg": b"a", "test/0003.jpg": b"a"}
    rejects = rejects_by_path(out)
    for path in ("train/0002.jpg", "test/0002.png"):
        assert "'0002' names 2 files (test/0002.png, train/0002.jpg): a key must name one" in rejects[path]
    assert load_manifest(str(out)).splits.keys() == {"train", "test"}


# Labels from file names -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "pattern", "labels"),
    [
        (["cat.1.jpg", "cat.2.jpg", "dog.1.jpg"], r"^([a-z]+)\.\d+", ["cat", "cat", "dog"]),
        (["Abyssinian_12.jpg", "Abyssinian_3.jpg", "great_pyrenees_7.jpg"], r"^(.+)_\d+\.", ["Abyssinian", "Abyssinian", "great_pyrenees"]),
    ],
    ids=["cats_vs_dogs", "oxford_pets"],
)
def test_labels_from_file_names_in_a_flat_folder(names: list[str], pattern: str, labels: list[str], tmp_path: Path) -> None:
    files = {name: image_bytes(seed=i) for i, name in enumerate(names)}
    files["README"] = "not an image, and its name has no label"  # documentation beside images: auxiliary
    files["0001.jpg"] = image_bytes(seed=99)  # an image whose name holds no label: rejected, named
    source = _write(tmp_path / "src", files)
    out = tmp_path / "out"
    _convert(str(source), str(out), "--label-from-name", pattern)
    assert _labels_by_file(out) == {name: label.encode() for name, label in zip(names, labels)}
    rejects = rejects_by_path(out)
    assert set(rejects) == {"0001.jpg"} and "does not match --label-from-name" in rejects["0001.jpg"]


def test_a_flat_folder_without_labels_is_refused_with_the_ways_to_label_it(tmp_path: Path) -> None:
    source = _write(tmp_path / "src", {"a.jpg": image_bytes(seed=1), "b.jpg": image_bytes(seed=2)})
    result = runner.invoke(app, ["convert", str(source), str(tmp_path / "out")])
    assert result.exit_code == 2 and "--label-from-name" in result.output and "no class folders" in result.output
    for bad in ("(a)(b)", "no group", "(unclosed"):
        result = runner.invoke(app, ["convert", str(source), str(tmp_path / "out"), "--label-from-name", bad])
        assert result.exit_code == 2, (bad, result.output)


# COCO -------------------------------------------------------------------------------------------


def _coco(images: list[tuple[int, str]], annotations: list[dict], categories: list[dict] | None) -> str:
    document = {"info": {"year": 2017}, "licenses": [], "images": [{"id": i, "file_name": n, "width": 24, "height": 16} for i, n in images], "annotations": annotations}
    if categories is not None:
        document["categories"] = categories
    return json.dumps(document)


def test_coco_instances_become_one_multi_label_record_per_image(tmp_path: Path) -> None:
    images = [(1, "000000000001.jpg"), (2, "000000000002.jpg"), (3, "000000000003.jpg")]
    files = {f"val2017/{name}": image_bytes(seed=i) for i, name in images}
    categories = [{"id": 1, "name": "person"}, {"id": 18, "name": "dog"}, {"id": 3, "name": "car"}]
    annotations = [
        {"id": 10, "image_id": 1, "category_id": 1, "bbox": [0, 0, 4, 4]},
        {"id": 11, "image_id": 1, "category_id": 18, "bbox": [1, 1, 4, 4]},
        {"id": 12, "image_id": 1, "category_id": 1, "bbox": [2, 2, 4, 4]},
        {"id": 13, "image_id": 2, "category_id": 3, "bbox": [0, 0, 2, 2]},
    ]  # image 3 has no annotation: a record with no labels
    files["annotations/instances_val2017.json"] = _coco(images, annotations, categories)
    source = _write(tmp_path / "coco", files)
    out = tmp_path / "out"
    output = _convert(str(source), str(out))
    assert "wrote 3 records" in output
    manifest = load_manifest(str(out))
    # every category of the file, in id order (person 1, car 3, dog 18): a split converted alone numbers them alike
    assert manifest.label_mode == "multi" and manifest.labels == ("person", "car", "dog")
    assert _labels_by_file(out) == {
        "val2017/000000000001.jpg": [b"person", b"dog"],  # in label index order
        "val2017/000000000002.jpg": b"car",
        "val2017/000000000003.jpg": [],
    }

    captions = [{"id": 20 + i, "image_id": i, "caption": f"caption {c} of {i}"} for i in (1, 2) for c in (1, 2)]
    (source / "annotations" / "captions_val2017.json").write_text(_coco(images, captions, None))
    result = runner.invoke(app, ["convert", str(source), str(tmp_path / "ambiguous")])
    assert result.exit_code == 2 and "holds 2 annotation files" in message(result.output)
    out2 = tmp_path / "out2"
    _convert(str(source), str(out2), "--labels", str(source / "annotations" / "captions_val2017.json"))
    texts = {r[contract.IMAGE_FILENAME].decode(): r[contract.TEXT].decode() for r in _records(out2)}
    assert texts["val2017/000000000001.jpg"] == "caption 1 of 1\ncaption 2 of 1"
    assert texts["val2017/000000000003.jpg"] == ""
    assert load_manifest(str(out2)).label_mode == "none"


# ImageNet validation labels ---------------------------------------------------------------------


def test_imagenet_validation_labels_as_name_label_lines_and_as_one_index_per_line(tmp_path: Path) -> None:
    names = [f"ILSVRC2012_val_{i:08d}.JPEG" for i in range(1, 6)]
    synsets = ["n01440764", "n01443537", "n01484850"]
    source = _write(tmp_path / "val", {name: image_bytes(seed=i) for i, name in enumerate(names)})
    pairs = tmp_path / "val.txt"
    pairs.write_text("".join(f"{name} {synsets[i % 3]}\n" for i, name in enumerate(names)))
    out = tmp_path / "out"
    _convert(str(source), str(out), "--labels", str(pairs))
    assert _labels_by_file(out) == {name: synsets[i % 3].encode() for i, name in enumerate(names)}

    truth = tmp_path / "ILSVRC2012_validation_ground_truth.txt"
    truth.write_text("".join(f"{(i % 3) + 1}\n" for i in range(len(names))))  # indexes from 1, in file order
    (tmp_path / "synsets.txt").write_text("\n".join(synsets) + "\n")
    out2 = tmp_path / "out2"
    result = runner.invoke(app, ["convert", str(source), str(out2), "--labels", str(truth), "--label-names", str(tmp_path / "synsets.txt"), "--dry-run"])
    assert "one label per line, the n-th for the n-th image in path order" in message(result.output)
    _convert(str(source), str(out2), "--labels", str(truth), "--label-names", str(tmp_path / "synsets.txt"))
    assert _labels_by_file(out2) == _labels_by_file(out)

    truth.write_text("1\n2\n3\n")  # fewer labels than images: any pairing would shift labels
    out3 = tmp_path / "out3"
    result = runner.invoke(app, ["convert", str(source), str(out3), "--labels", str(truth), "--label-names", str(tmp_path / "synsets.txt")])
    assert result.exit_code == 1
    rejects = rejects_by_path(out3)
    assert all("gives 3 labels for 5 files" in rejects[name] for name in names)
