"""Two kinds of wrong exit 0 of blind round fifteen, each on the dataset that showed it and on
neighbours of its kind built from their documented layouts (beam_jobs/discover/unread_lists.py,
version_trees.py).

- Inputs no split list names, named by other lists beside the split lists: CCPD's hard subsets'
  `splits/ccpd_blur.txt` beside `train.txt`, `val.txt`, `test.txt`; SUN397's ten folds
  (`Partitions/Training_01.txt` .. `Testing_10.txt`, lines `/a/abbey/sun_<id>.jpg`: tfds' sun397
  reads fold 1; images of other folds only); they were set aside with exit 0. A list naming only
  what the split lists name (Caltech-UCSD Birds 2010's `lists/files.txt` beside `train.txt` and
  `test.txt`) and images no file names (MIT Indoor 67's) stay no sign.
- Versions of one input in parallel trees: DIV2K's `DIV2K_train_LR_bicubic/X2/0001x2.png` beside
  `DIV2K_train_HR/0001.png` (tfds' div2k builder's layout), Flickr2K's `Flickr2K_HR/` and
  `Flickr2K_LR_bicubic/X3/000001x3.png`, the benchmark sets as `Set5/GTmod12/baby.png` beside
  `LRbicx2/baby.png`, and as `image_SRF_2/img_001_SRF_2_HR.png` beside `img_001_SRF_2_LR.png`
  (SelfExSR's Set14, no folder of originals): read as classes `X2`, `X4` (exit 0). Class folders of
  the same file names (`cat/1.jpg`, `dog/1.jpg`) and stereo pairs (`left/`, `right/`) are no versions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.blind15 import DATASETS
from helpers.cli_runs import message, run_shardify
from helpers.shipped import _image_bytes


def _image(path: Path, key: str, size: tuple[int, int] = (12, 10), kind: str = "PNG") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(key, *size, kind))


def _dry_run(root: Path, tmp_path: Path):
    return run_shardify("convert", str(root), str(tmp_path / "out"), "--dry-run")


# ---------------------------------------------------------------- lists beside the split lists

def _sun397(dest: Path, *, other_folds: bool = True) -> Path:
    # vision.princeton.edu/projects/2010/SUN (SUN397.tar.gz, Partitions.zip): SUN397/<letter>/<class>/sun_<id>.jpg,
    # Partitions/Training_01.txt .. Testing_10.txt, lines '/a/abbey/sun_<id>.jpg' (tfds sun397's reading); classes one
    # level below their letter kept (the two-level ones stop as uneven depth: tests/layouts/test_unseen_layouts.py)
    root = dest / "SUN397"
    classes = ["a/abbey", "b/bakery", "c/canyon"]
    paths = {c: [f"/{c}/sun_{c[0]}{i:02d}{'wxyz'[i]}qrst.jpg" for i in range(4)] for c in classes}
    for c, names in paths.items():
        for name in names:
            _image(root / name.lstrip("/"), name, kind="JPEG")
    folds = ((1, 0, 1), (2, 2, 3)) if other_folds else ((1, 0, 1),)
    (root / "Partitions").mkdir()
    for fold, train, test in folds:
        (root / f"Partitions/Training_{fold:02d}.txt").write_text("".join(paths[c][train] + "\n" for c in classes))
        (root / f"Partitions/Testing_{fold:02d}.txt").write_text("".join(paths[c][test] + "\n" for c in classes))
    return root


def _cub2010(dest: Path) -> Path:
    # vision.caltech.edu/visipedia/CUB-200.html: images/<nnn>.<Class>/<name>.jpg, lists/train.txt, test.txt and
    # files.txt (every image), lines '<nnn>.<Class>/<name>.jpg'
    root = dest / "CUB200"
    lines = []
    for c in ("001.Black_footed_Albatross", "002.Laysan_Albatross"):
        for i in range(4):
            rel = f"{c}/{c.split('.')[1]}_{i:04d}.jpg"
            _image(root / "images" / rel, rel, kind="JPEG")
            lines.append(rel)
    (root / "lists").mkdir()
    (root / "lists/train.txt").write_text("".join(p + "\n" for i, p in enumerate(lines) if i % 4 < 3))
    (root / "lists/test.txt").write_text("".join(p + "\n" for i, p in enumerate(lines) if i % 4 == 3))
    (root / "lists/files.txt").write_text("".join(p + "\n" for p in lines))
    return root


def test_ccpd_hard_subsets_lists_stop_naming_them(tmp_path: Path) -> None:
    truth = DATASETS["ccpd"](tmp_path / "download")
    result = _dry_run(truth.root, tmp_path)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "splits/ccpd_blur.txt names 2" in said and "splits/ccpd_challenge.txt names 2" in said
    assert "kind: split list, split: SPLIT" in said and "--layout-file" in said


def test_other_folds_lists_stop_naming_them(tmp_path: Path) -> None:
    result = _dry_run(_sun397(tmp_path), tmp_path)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "Partitions/Training_02.txt names 3" in said and "Partitions/Testing_02.txt names 3" in said


def test_one_fold_alone_is_no_sign(tmp_path: Path) -> None:
    result = _dry_run(_sun397(tmp_path, other_folds=False), tmp_path)
    assert result.returncode == 0, message(result.stderr)
    assert "train: 3 records" in result.stdout and "test: 3 records" in result.stdout


def test_a_list_of_every_file_beside_the_split_lists_is_no_sign(tmp_path: Path) -> None:
    result = _dry_run(_cub2010(tmp_path), tmp_path)
    assert result.returncode == 0, message(result.stderr)
    assert "train: 6 records" in result.stdout and "test: 2 records" in result.stdout


# ---------------------------------------------------------------- versions in parallel trees

def _div2k_like(dest: Path, name: str, numbers: list[int], scales: tuple[int, ...], digits: int) -> Path:
    # DIV2K (tfds div2k): DIV2K_train_HR/0001.png, DIV2K_train_LR_bicubic/X2/0001x2.png; Flickr2K (EDSR's download):
    # Flickr2K/Flickr2K_HR/000001.png, Flickr2K/Flickr2K_LR_bicubic/X2/000001x2.png
    root = dest / name
    for n in numbers:
        stem = f"{n:0{digits}d}"
        _image(root / f"{name}_HR/{stem}.png", f"hr{stem}", (24, 24))
        for s in scales:
            _image(root / f"{name}_LR_bicubic/X{s}/{stem}x{s}.png", f"lr{stem}{s}", (24 // s, 24 // s))
    return root


def _set5(dest: Path) -> Path:
    # the SR benchmarks as BasicSR's download gives them: Set5/GTmod12/baby.png, Set5/LRbicx2/baby.png, LRbicx4/
    root = dest / "Set5"
    for name in ("baby", "bird", "butterfly", "head", "woman"):
        _image(root / f"GTmod12/{name}.png", name, (24, 24))
        for s in (2, 4):
            _image(root / f"LRbicx{s}/{name}.png", f"{name}{s}", (24 // s, 24 // s))
    return root


def _set14_selfexsr(dest: Path) -> Path:
    # jbhuang0604/SelfExSR's data: Set14/image_SRF_2/img_001_SRF_2_HR.png beside img_001_SRF_2_LR.png, image_SRF_4/
    root = dest / "Set14"
    for s in (2, 4):
        for i in range(1, 5):
            for kind in ("HR", "LR"):
                _image(root / f"image_SRF_{s}/img_{i:03d}_SRF_{s}_{kind}.png", f"{i}{s}{kind}", (24 if kind == "HR" else 24 // s,) * 2)
    return root


def test_div2k_scales_stop_naming_the_originals(tmp_path: Path) -> None:
    truth = DATASETS["div2k"](tmp_path / "download")
    result = _dry_run(truth.root, tmp_path)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "versions of the same inputs" in said and "DIV2K_train_LR_bicubic/X2/0001x2.png" in said
    assert "'DIV2K_train_HR/*': train, 'DIV2K_valid_HR/*': valid" in said


def test_following_the_stop_writes_the_originals_only(tmp_path: Path) -> None:
    root = _div2k_like(tmp_path, "Flickr2K", [1, 2, 3], (2, 3), 6)
    said = message(_dry_run(root, tmp_path).stderr)
    assert "'Flickr2K_HR/*': SPLIT" in said, said
    layout = tmp_path / "layout.yaml"
    layout.write_text("shardify_layout: 1\nlayout: image_folders\nmedia: image\nsplit_patterns: {'Flickr2K_HR/*': train}\n"
                      "structure:\n  split_level: -1\n  label_levels: {'*': -1}\n")
    result = run_shardify("convert", str(root), str(tmp_path / "out"), "--layout-file", str(layout))
    assert result.returncode == 0, message(result.stderr)
    assert "wrote 3 records" in result.stdout


@pytest.mark.parametrize("build, shown", [(_set5, "'GTmod12/*': SPLIT"), (_set14_selfexsr, "'FOLDER/*': SPLIT")])
def test_benchmark_sets_stop(build, shown, tmp_path: Path) -> None:
    root = build(tmp_path / "download")
    result = _dry_run(root, tmp_path)
    said = message(result.stderr)
    assert result.returncode == 2, said
    assert "versions of the same inputs" in said and shown in said


def test_same_names_in_class_folders_or_stereo_pairs_are_no_versions(tmp_path: Path) -> None:
    root = tmp_path / "src"
    for folder in ("cat", "dog", "left", "right"):
        for i in range(3):
            _image(root / "pets" / folder / f"{i:04d}.png", f"{folder}{i}")
    result = _dry_run(root / "pets", tmp_path)
    assert "versions of the same inputs" not in message(result.stderr)
