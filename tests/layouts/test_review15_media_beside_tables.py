"""Images beside a table stay inputs; a table naming clips says shardify reads none (review15).

wrongs15 set media beside a tables layout aside (`layout.is_auxiliary`, `media_beside_tables`).
Image datasets that ship a table beside their images must still be read as images labelled by it,
never as a tables layout with the images set aside: Kaggle's competition layout (`train/<id>.png`,
`train.csv` of `id,label`, `test/`, `sample_submission.csv`), HAM10000's (`HAM10000_images_part_1/`,
`_part_2/`, `HAM10000_metadata.csv` keyed by `image_id`, the class `dx`), and a folder of images
beside a `filename,label` table. The stop for a table naming its clips (Common Voice's `path`)
offered `--labels TABLE` over the media, which reads no audio: it now says so.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from helpers.cli_runs import message, run_shardify
from helpers.shipped import _image_bytes


def _image(path: Path, key: str, fmt: str = "JPEG") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, 12, 10, fmt))


def _table(path: Path, rows: list[list[object]]) -> None:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    path.write_text(out.getvalue())


def _kaggle(root: Path) -> tuple[str, ...]:
    rows = [["id", "label"]]
    for i in range(12):
        _image(root / f"train/img{i:04d}.png", f"k{i}", "PNG")
        rows.append([f"img{i:04d}", ("cat", "dog", "owl")[i % 3]])
    for i in range(4):
        _image(root / f"test/t{i:04d}.png", f"t{i}", "PNG")
    _table(root / "train.csv", rows)
    _table(root / "sample_submission.csv", [["id", "label"], *([f"t{i:04d}", "cat"] for i in range(4))])
    return ("layout: image_folders; 16 records, 3 labels, 2 splits", "labels: cat=4, dog=4, owl=4")


def _ham10000(root: Path) -> tuple[str, ...]:
    rows = [["lesion_id", "image_id", "dx", "dx_type", "age", "sex", "localization"]]
    for i in range(16):
        _image(root / f"HAM10000_images_part_{1 + i // 8}/ISIC_{24306 + i:07d}.jpg", f"h{i}")
        rows.append([f"HAM_{i:07d}", f"ISIC_{24306 + i:07d}", ("nv", "mel", "bkl", "bcc")[i % 4], "histo", 45.0, "male", "back"])
    _table(root / "HAM10000_metadata.csv", rows)
    return ("layout: image_folders; 16 records, 4 labels, 1 split", "labels: bcc=4, bkl=4, mel=4, nv=4")


def _named_images(root: Path) -> tuple[str, ...]:
    rows = [["filename", "label"]]
    for i in range(10):
        _image(root / f"images/{i:03d}.jpg", f"f{i}")
        rows.append([f"{i:03d}.jpg", ("no", "yes")[i % 2]])
    _table(root / "labels.csv", rows)
    return ("10 records, 2 labels, 1 split", "labels: no=5, yes=5")


@pytest.mark.parametrize("build", [_kaggle, _ham10000, _named_images], ids=["kaggle", "ham10000", "filename-table"])
def test_images_beside_a_table_are_its_inputs(build, tmp_path: Path) -> None:
    said = build(tmp_path / "src")
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--dry-run")
    assert result.returncode == 0, message(result.stderr)
    assert "media beside the tables" not in result.stdout and "layout: tables" not in result.stdout
    for line in said:
        assert line in result.stdout, result.stdout


def test_a_table_naming_its_clips_says_no_audio_is_read(tmp_path: Path) -> None:
    root = tmp_path / "cv" / "en"
    (root / "clips").mkdir(parents=True)
    rows = [["client_id", "path", "sentence", "up_votes", "down_votes", "age", "gender", "accent"]]
    for i in range(6):
        name = f"common_voice_en_{1000 + i}.mp3"
        (root / "clips" / name).write_bytes(b"ID3\x03\x00\x00\x00")
        rows.append([f"{i:040x}", name, f"the sentence read aloud here number {i}", "2", "0", "twenties", "male", "us"])
    (root / "train.tsv").write_text("".join("\t".join(r) + "\n" for r in rows))
    result = run_shardify("convert", str(tmp_path / "cv"), str(tmp_path / "out"), "--dry-run")
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "names media files beside the tables (common_voice_en_1000.mp3" in said
    assert "shardify reads no audio or video" in said and "--labels" not in said
