"""Split lists none of whose rows name a file stop before writing (beam_jobs/discover/unnamed_list_rows.py).

Blind round seventeen's DeepPCB: `PCBData/trainval.txt` names `group00041/00041/00041001.jpg` while
the disk holds only `00041001_test.jpg` and its template `00041001_temp.jpg`; every input was rejected
'names no file' and the run ended with exit 1. Neighbours of the kind, from documented layouts: KITTI
2015's frame pairs (`training/image_2/000000_10.png`, `000000_11.png`: the devkit's naming) under a list
of frame ids with `.png`; DTD's `labels/train1.txt` (`banded/banded_0002.jpg`, tfds' dtd builder) over a
copy re-encoded to PNG. Twins that must not stop here: a list of which one row is misspelt (that row
rejected, the rest read) and a list of stems naming the files.
"""

from __future__ import annotations

from pathlib import Path

from helpers.blind17 import DATASETS
from helpers.cli_runs import message, run_shardify
from helpers.shipped import _image_bytes


def _image(path: Path, key: str, kind: str = "PNG") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, 12, 10, kind))


def _kitti_pairs(dest: Path) -> Path:
    # cvlibs.net KITTI 2015 stereo/flow: training/image_2/<nnnnnn>_10.png and _11.png (two frames of one scene)
    # (SRC its training/ folder, the lists of frame ids beside image_2/)
    root = dest / "training"
    for i in range(4):
        for frame in ("10", "11"):
            _image(root / f"image_2/{i:06d}_{frame}.png", f"k{i}{frame}")
    (root / "train.txt").write_text("".join(f"image_2/{i:06d}.png\n" for i in range(3)))
    (root / "val.txt").write_text("image_2/000003.png\n")
    return root


def _dtd_png(dest: Path, *, misspelt: bool = False, reencoded: bool = True) -> Path:
    # robots.ox.ac.uk/~vgg/data/dtd (tfds dtd): dtd/images/<class>/<class>_<nnnn>.jpg, dtd/labels/train1.txt,
    # test1.txt of 'banded/banded_0002.jpg'; here a copy whose images were re-encoded to PNG
    root = dest / "dtd"
    rows = {"train1": [], "test1": []}
    for c in ("banded", "dotted", "zigzagged"):
        for i in range(3):
            name = f"{c}/{c}_{i + 2:04d}"
            _image(root / f"images/{name}.{'png' if reencoded else 'jpg'}", name, "PNG" if reencoded else "JPEG")
            rows["test1" if i == 2 else "train1"].append(f"{name}.jpg")
    if misspelt:
        rows["train1"][0] = rows["train1"][0].replace("banded_", "bandd_")
    for part, lines in rows.items():
        (root / f"labels/{part}.txt").parent.mkdir(parents=True, exist_ok=True)
        (root / f"labels/{part}.txt").write_text("\n".join(lines) + "\n")
    return root


def _stops_naming(root: Path, tmp_path: Path, *words: str, options: tuple[str, ...] = ()) -> None:
    result = run_shardify("convert", str(root), str(tmp_path / "out"), *options)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "no row of the split lists" in said
    for word in words:
        assert word in said
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_deeppcb_lists_of_unsuffixed_names_stop_naming_rows_and_nearest_files(tmp_path: Path) -> None:
    truth = DATASETS["deeppcb"](tmp_path / "download")
    _stops_naming(truth.root, tmp_path, "'group00041/00041/00041077.jpg'", "00041077_test.jpg", "00041077_temp.jpg",
                  "layout file's `evidence`")


def test_kitti_frame_pairs_under_a_list_of_frame_ids_stop(tmp_path: Path) -> None:
    # (unlabelled: --label-level 0, as the first command's stop on its one image folder says)
    _stops_naming(_kitti_pairs(tmp_path), tmp_path, "'image_2/000000.png'", "000000_10.png", "000000_11.png",
                  options=("--label-level", "0"))


def test_a_list_naming_the_original_extension_of_a_reencoded_copy_stops(tmp_path: Path) -> None:
    _stops_naming(_dtd_png(tmp_path), tmp_path, "'banded/banded_0004.jpg'", "banded_0004.png")


def test_one_misspelt_row_is_rejected_alone_not_a_stop(tmp_path: Path) -> None:
    root = _dtd_png(tmp_path, misspelt=True, reencoded=False)
    result = run_shardify("convert", str(root), str(tmp_path / "out"))
    said = message(result.stderr)
    assert "no row of the split lists" not in said
    assert "labels/train1.txt row 1: names no file: 'banded/bandd_0002.jpg'" in said  # (1 of 9: over --max-rejects)
