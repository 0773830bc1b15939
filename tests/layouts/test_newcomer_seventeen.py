"""Round seventeen's newcomer trial (tests/helpers/newcomer_seventeen.py), the kinds it showed, each
on its case, two neighbours no file names and, where one applies, an ambiguous twin that must still
read as before:

- archives looked into as folders: a zipped CVAT 'YOLO 1.1' export wrote its box rows as captions
  (exit 0); the zip in a folder, the zip as SRC and a zip of KITTI-like calibration rows now stop,
  a zip of real captions still converts, and labels found inside an archive stop before writing
  (they failed mid-run: "cannot list the source folder <zip's folder>/labels");
- `--label-column NAME` checked on JSON-lines, JSON and Parquet tables as on CSVs;
- split lists: a row holding `;` split on it alone (Jester's `34870;Swiping Left`), a layout file's
  list of `id label with spaces` stops naming `label_rest`; a trailing number is no such word;
- MURA's kind: `--no-header` holds for a `--labels` glob's agreement; a split list's folder key
  with a trailing '/' names its folder;
- `--labels` / `--label-names` looked for under SRC when not found from the working folder;
- YOLO lines beside their images (Darknet's layout) and a YOLO stop beside `classes.txt`: messages
  that name what converts, never deny a file that is there;
- the plan's wording: a split-named label table's split, the mask folders' share; bench without
  TensorFlow in one line.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

from helpers.cli_runs import message, run_shardify
from helpers.newcomer_seventeen import DATASETS
from helpers.shipped import _image_bytes
from helpers.unseen_judge import assert_right
from shardify.errors import UsageError
from shardify.plan import table_groups


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """name -> truth, each miniature built once for the module."""
    cache: dict = {}

    def get(name: str):
        if name not in cache:
            cache[name] = DATASETS[name](tmp_path_factory.mktemp(name) / "download")
        return cache[name]

    return get


def _stop(*args: str) -> str:
    result = run_shardify("convert", *args)
    assert result.returncode == 2, (result.returncode, result.stdout[-800:], result.stderr[-1500:])
    return message(result.stderr)


def _right(*args: str) -> None:
    result = run_shardify("convert", *args)
    assert result.returncode == 0, (result.returncode, result.stderr[-1500:])


# ------------------------------------------------------------------------------------------------
# Archives looked into as folders
# ------------------------------------------------------------------------------------------------

def test_zipped_cvat_yolo_stops_as_unzipped(built, tmp_path):
    truth = built("cvat_yolo_zip")
    said = _stop(str(truth.root), str(tmp_path / "out"))
    # (read where they lie once unpacked: yolo_beside_read; inside the zip, labels are not read)
    assert "unpack the archive" in said and "obj_train_data" in said and "obj.names" in said, said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_zip_as_src_of_yolo_rows_stops(built, tmp_path):
    truth = built("cvat_yolo_zip")
    archive = next(truth.root.glob("*.zip"))
    said = _stop(str(archive), str(tmp_path / "out"))
    assert "unpack the archive" in said and "obj_train_data" in said, said


def _zip(path: Path, members: dict[str, bytes | str]) -> Path:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data.encode() if isinstance(data, str) else data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buffer.getvalue())
    return path


def test_zip_of_calibration_rows_is_not_captions(tmp_path):
    # KITTI-like: each image's .txt of 12 numbers a line (calibration), no class word, not YOLO
    members: dict[str, bytes | str] = {}
    for i in range(6):
        members[f"scans/{i:06d}.png"] = _image_bytes(f"k{i}", 20, 16, "PNG", "RGB")
        members[f"scans/{i:06d}.txt"] = " ".join(f"{0.5 + i + j:.4f}" for j in range(12)) + "\n"
    _zip(tmp_path / "src" / "kitti_calib.zip", members)
    said = _stop(str(tmp_path / "src"), str(tmp_path / "out"))
    assert "rows of numbers named like the inputs" in said, said


def test_zip_of_real_captions_still_converts(tmp_path):
    members: dict[str, bytes | str] = {}
    for i in range(6):
        members[f"pics/img_{i}.jpg"] = _image_bytes(f"c{i}", 20, 16, "JPEG", "RGB")
        members[f"pics/img_{i}.txt"] = f"a small {['red', 'blue', 'green'][i % 3]} bird sitting on a branch number {i}\n"
    _zip(tmp_path / "src" / "captions.zip", members)
    _right(str(tmp_path / "src"), str(tmp_path / "out"))
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["layout"] == "image_captions", manifest["layout"]


def test_labels_inside_an_archive_stop_before_writing(built, tmp_path):
    truth = built("labelstudio_yolo")
    archive = shutil.make_archive(str(tmp_path / "ls"), "zip", truth.root.parent, truth.root.name)
    said = _stop(archive, str(tmp_path / "out"), "--label-names", str(truth.root / "classes.txt"))
    assert "lie inside the archive" in said and "labels" in said and "unpack" in said, said


def test_yolo_labels_inside_an_archive_say_unpack_first(built, tmp_path):
    truth = built("labelstudio_yolo")
    archive = shutil.make_archive(str(tmp_path / "ls"), "zip", truth.root)
    said = _stop(archive, str(tmp_path / "out"))
    assert "inside an archive" in said and "unpack the archive" in said and "--label-names classes.txt" in said, said


# ------------------------------------------------------------------------------------------------
# --label-column on every table kind
# ------------------------------------------------------------------------------------------------

_ROWS = [{"text": "the cat sat on the mat", "label": "pets"}, {"text": "stocks fell again today", "label": "money"},
         {"text": "the dog ran far away", "label": "pets"}]


def _tables(root: Path, kind: str) -> Path:
    root.mkdir(parents=True)
    if kind == "jsonl":
        (root / "train.jsonl").write_text("".join(json.dumps(r) + "\n" for r in _ROWS))
        (root / "test.jsonl").write_text(json.dumps({"text": "a bird sang loudly"}) + "\n")  # the twin: no label column
    elif kind == "json":
        (root / "train.json").write_text(json.dumps(_ROWS))
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.table({k: [r[k] for r in _ROWS] for k in ("text", "label")}), root / "train.parquet")
    return root


@pytest.mark.parametrize("kind", ["jsonl", "json", "parquet"])
def test_misspelt_label_column_stops_on_every_table_kind(kind, tmp_path):
    src = _tables(tmp_path / "src", kind)
    said = _stop(str(src), str(tmp_path / "out"), "--label-column", "lable")
    assert "--label-column 'lable' is no field" in said and "label" in said, said
    _right(str(src), str(tmp_path / "out2"), "--label-column", "label")
    manifest = json.loads((tmp_path / "out2" / "manifest.json").read_text())
    assert sorted(manifest["labels"]) == ["money", "pets"], manifest.get("labels")


# ------------------------------------------------------------------------------------------------
# Split lists: labels holding spaces
# ------------------------------------------------------------------------------------------------

def _list_source(root: Path, lines: list[str], name: str) -> Path:
    for stem in ("a", "b", "c"):
        (root / "imgs").mkdir(parents=True, exist_ok=True)
        (root / "imgs" / f"{stem}.jpg").write_bytes(_image_bytes(stem, 20, 16, "JPEG", "RGB"))
    (root / name).write_text("\n".join(lines) + "\n")
    return root


def _list_layout(path: Path, name: str, rest: bool = False) -> Path:
    path.write_text(
        "shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  root: imgs/\n  label_levels:\n"
        f"    '*': -1\nevidence:\n  - path: {name}\n    kind: split list\n    key: {{parts: 1, extension: false}}\n    split: train\n"
        f"    label_column: 1\n" + ("    label_rest: true\n" if rest else "")
    )
    return path


def test_semicolon_rows_keep_labels_with_spaces(tmp_path):
    src = _list_source(tmp_path / "src", ["a;Swiping Left", "b;Thumb Up", "c;Doing other things"], "train.csv")
    _right(str(src), str(tmp_path / "out"), "--layout-file", str(_list_layout(tmp_path / "l.yaml", "train.csv")))
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert sorted(manifest["labels"]) == ["Doing other things", "Swiping Left", "Thumb Up"], manifest["labels"]


def test_space_rows_with_words_after_the_label_stop_naming_label_rest(tmp_path):
    src = _list_source(tmp_path / "src", ["a Cessna 172", "b Boeing 737", "c Airbus A320"], "train.txt")
    said = _stop(str(src), str(tmp_path / "out"), "--layout-file", str(_list_layout(tmp_path / "l.yaml", "train.txt")))
    assert "label_rest: true" in said and "train.txt" in said, said
    _right(str(src), str(tmp_path / "out2"), "--layout-file", str(_list_layout(tmp_path / "r.yaml", "train.txt", rest=True)))
    manifest = json.loads((tmp_path / "out2" / "manifest.json").read_text())
    assert sorted(manifest["labels"]) == ["Airbus A320", "Boeing 737", "Cessna 172"], manifest["labels"]


def test_a_trailing_number_is_no_label_cut_at_a_space(tmp_path):
    # the twin: `name label score` rows, the score a number nothing reads, not a label's second word
    src = _list_source(tmp_path / "src", ["a cat 0.91", "b dog 0.35", "c cat 0.77"], "train.txt")
    _right(str(src), str(tmp_path / "out"), "--layout-file", str(_list_layout(tmp_path / "l.yaml", "train.txt")))


# ------------------------------------------------------------------------------------------------
# MURA's kind
# ------------------------------------------------------------------------------------------------

def test_headerless_glob_tables_agree_by_width():
    table_groups.check_given("*.csv", {"a.csv": ["x/,1", "y/,0"], "b.csv": ["z/,0", "w/,1"]}, headerless=True)
    with pytest.raises(UsageError, match="one header"):
        table_groups.check_given("*.csv", {"a.csv": ["x/,1", "y/,0"], "b.csv": ["z/,0", "w/,1"]})  # as headed: differ
    with pytest.raises(UsageError, match="holds '2'"):
        table_groups.check_given("*.csv", {"a.csv": ["x/,1", "y/,0"], "b.csv": ["z/,2", "w/,1"]}, headerless=True)


def test_mura_folder_keys_with_a_trailing_slash(built, tmp_path):
    truth = built("mura")
    lists = "".join(
        f"  - path: {folder}_labeled_studies.csv\n    kind: split list\n    key: {{folder: 1, parts: 4}}\n"
        f"    split: {split}\n    label_column: 1\n"
        for folder, split in (("train", "train"), ("valid", "validation"))
    )
    layout_file = tmp_path / "mura.yaml"
    layout_file.write_text("shardify_layout: 1\nlayout: image_folders\nmedia: image\nstructure:\n  root: ''\n"
                           f"  label_levels:\n    '*': -1\nevidence:\n{lists}")
    _right(str(truth.root), str(tmp_path / "out"), "--layout-file", str(layout_file))
    assert_right(truth, tmp_path / "out")


# ------------------------------------------------------------------------------------------------
# Files named relative to SRC
# ------------------------------------------------------------------------------------------------

def test_labels_file_not_found_names_both_places(built, tmp_path, monkeypatch):
    truth = built("mura")
    monkeypatch.chdir(tmp_path)
    said = _stop(str(truth.root), str(tmp_path / "out"), "--labels", "nowhere.csv")
    assert "does not exist: not from the working folder" in said and "nor under SRC" in said, said
    # found under SRC: read there (MURA's one table then stops for its split twin, not for the path)
    said = _stop(str(truth.root), str(tmp_path / "out"), "--labels", "train_labeled_studies.csv")
    assert "labels the train split" in said, said


def test_label_names_under_src_convert_label_studio(built, tmp_path, monkeypatch):
    truth = built("labelstudio_yolo")
    said = _stop(str(truth.root), str(tmp_path / "out0"))
    assert "classes.txt may list them" in said and "--label-names classes.txt" in said, said
    monkeypatch.chdir(tmp_path)
    _right(str(truth.root), str(tmp_path / "out"), "--label-names", "classes.txt")
    assert_right(truth, tmp_path / "out")


def test_yolo_beside_images_with_obj_names_convert_as_they_lie(built, tmp_path):
    truth = built("cvat_yolo")  # obj.names numbers the .txt files' classes beside each image (yolo_beside_read)
    _right(str(truth.root), str(tmp_path / "out"))
    assert_right(truth, tmp_path / "out")
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert sorted(manifest["labels"]) == ["crosswalk", "speed_limit", "stop_sign", "traffic_light"]


# ------------------------------------------------------------------------------------------------
# Wording
# ------------------------------------------------------------------------------------------------

def test_following_fsd50ks_table_advice_still_says_audio_is_not_converted(built, tmp_path):
    # the table stop's advice (keep one ground-truth CSV) had read every .wav clip as a text, each rejected, exit 1;
    # the clips now stop the run first, with or without the advice (media_beside_tables.check_clip_inputs)
    truth = built("fsd50k")
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"), "--dry-run",
                          "--exclude", "FSD50K.ground_truth/eval.csv")
    assert result.returncode == 2, result.stdout + result.stderr
    assert "the inputs are audio or video files" in result.stdout + result.stderr


def test_mask_share_over_all_mask_folders(built, tmp_path):
    truth = built("covid_radiography")
    result = run_shardify("convert", str(truth.root), str(tmp_path / "out"), "--dry-run", "--label-level", "1")
    plan = result.stdout + result.stderr
    assert "100% of all sampled images have one in the 4 mask folders" in plan, plan[-2000:]


def test_bench_without_tensorflow_says_so_in_one_line(built, tmp_path, monkeypatch):
    truth = built("labelstudio_yolo")
    out = tmp_path / "out"
    _right(str(truth.root), str(out), "--label-names", str(truth.root / "classes.txt"))
    monkeypatch.setitem(sys.modules, "tensorflow", None)  # import tensorflow: ImportError
    monkeypatch.delitem(sys.modules, "shardify.read.bench", raising=False)
    result = run_shardify("bench", str(out))
    assert result.returncode != 0 and "Traceback" not in result.stderr, result.stderr[-1500:]
    assert "needs TensorFlow" in result.stderr and "--reader torch" in result.stderr, result.stderr
