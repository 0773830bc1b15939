"""A new user's downloads, converted with no option (newcomer35): what the plan promises is what is written.

Oxford-IIIT Pet as it unpacks (tfds' `oxford_iiit_pet` builder, read in the code corpus: images in `images/`,
`annotations/trainval.txt` and `test.txt` of `name class species breed` lines, `annotations/trimaps/<name>.png`;
the dataset's README: "trimaps/ Trimap annotations for every image"): the images are labelled by their names and
the trimaps are set aside, stored in no record. The plan still said "masks of one channel or a palette ...: a mask
in colour or of more values is its image's reject", and a colour trimap rejected nothing: a promise not kept. Now
the note (and `SourceLayout.masks_indexed`) comes only where masks are stored (SEGMENTATION_MASKS evidence,
beam_jobs/discover/mask_modes.py). The neighbour: a `masks/` folder beside `images/`, stored, keeps the note.

Pascal VOC 2007 (tfds' `voc` builder: `VOCdevkit/VOC2007/ImageSets/Main/{train,val,test}.txt`, trainval the union
of train and val; the trainval and test tars unpack into the same `VOC2007/`): an image in no Main list is set
aside with the auxiliary files, not a record and not a reject, as the plan says (docs/datasets.md said
"rejected"). The two tars unpacked each into a folder of its own (`VOCtrainval_06-Nov-2007/`,
`VOCtest_06-Nov-2007/`), converted with the `--label-level 0` the first stop names, read only the trainval
part's lists: the test third fell in no split, exit 0. Now the same list folder of another part naming other
splits is read too (shardify/plan/list_parts.py); the hostile twin, two parts naming the same splits (two
editions), keeps one part's lists as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from helpers.cli_runs import run_shardify
from helpers.made_files import image_file
from helpers.shard_io import records_by_split
from shardify.format import contract

_BREEDS = ("Abyssinian", "Bengal", "basset_hound", "beagle")  # cats capitalised, dogs not (list.txt's preamble)


def _pets(root: Path, *, colour_trimap: str = "") -> dict[str, tuple[str, str]]:
    """images/<breed>_<n>.jpg, annotations/{trainval,test}.txt and grey trimaps (values 1-3); {file: (breed, split)}."""
    from PIL import Image

    truth, lines = {}, {"trainval": [], "test": []}
    for number, breed in enumerate(_BREEDS, 1):
        for n in range(1, 4):
            name, split = f"{breed}_{n}", "trainval" if n <= 2 else "test"
            image_file(root / "images" / f"{name}.jpg", name, 24, 20)
            trimap = np.full((20, 24), 2, np.uint8)
            trimap[4:12, 5:15] = 1
            (root / "annotations" / "trimaps").mkdir(parents=True, exist_ok=True)
            if name == colour_trimap:
                pixels = np.random.default_rng(7).integers(0, 256, (20, 24, 3), dtype=np.uint8)
                Image.fromarray(pixels).save(root / "annotations" / "trimaps" / f"{name}.png")
            else:
                Image.fromarray(trimap).save(root / "annotations" / "trimaps" / f"{name}.png")
            lines[split].append(f"{name} {number} {1 if breed[0].isupper() else 2} {n}")
            truth[f"images/{name}.jpg"] = (breed, split)
    for split, rows in lines.items():
        (root / "annotations" / f"{split}.txt").write_text("\n".join(rows) + "\n")
    return truth


def _text(value: bytes | list[bytes]) -> str:
    """A record's class text: one value, or the one name of a multi-label record of one object."""
    values = value if isinstance(value, list) else [value]
    return ",".join(v.decode() for v in values)


def _written(out: Path) -> dict[str, tuple[str, str]]:
    """{file: (class text, split)} of every record written, read back from the shards."""
    return {
        r[contract.IMAGE_FILENAME].decode(): (_text(r[contract.LABEL_TEXT]), split)
        for split, records in records_by_split(out).items()
        for r in records
    }


def test_pet_trimaps_stored_nowhere_promise_no_reject(tmp_path) -> None:
    truth = _pets(tmp_path / "pets", colour_trimap="beagle_3")
    result = run_shardify("convert", str(tmp_path / "pets"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert "its image's reject" not in result.stderr
    assert _written(tmp_path / "out") == truth
    assert not (tmp_path / "out" / "rejected.jsonl").exists() or not (tmp_path / "out" / "rejected.jsonl").read_text()
    assert all(contract.SEGMENTATION not in r for rs in records_by_split(tmp_path / "out").values() for r in rs)


def test_neighbour_stored_masks_keep_the_promise(tmp_path) -> None:
    from PIL import Image

    for i in range(5):
        image_file(tmp_path / "src" / "images" / f"img{i}.jpg", f"m{i}", 24, 20)
        (tmp_path / "src" / "masks").mkdir(parents=True, exist_ok=True)
        values = np.zeros((20, 24), np.uint8)
        values[2:9, 3:14] = 1 + i % 3
        Image.fromarray(values).save(tmp_path / "src" / "masks" / f"img{i}.png")
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert "a mask in colour or of more values is its image's reject" in result.stderr
    assert all(contract.SEGMENTATION in r for r in records_by_split(tmp_path / "out")["train"])


def _voc2007(root: Path) -> dict[str, tuple[str, str]]:
    """VOCdevkit/VOC2007 with train, val, test lists and 000010.jpg in none; {file: (first object, split)}."""
    voc, truth, lists = root / "VOCdevkit" / "VOC2007", {}, {"train": [], "val": [], "test": []}
    for i in range(1, 11):
        stem, name = f"{i:06d}", ("cat", "dog", "person")[i % 3]
        image_file(voc / "JPEGImages" / f"{stem}.jpg", stem, 30, 20)
        (voc / "Annotations").mkdir(parents=True, exist_ok=True)
        (voc / "Annotations" / f"{stem}.xml").write_text(
            f"<annotation><filename>{stem}.jpg</filename><size><width>30</width><height>20</height><depth>3</depth>"
            f"</size><object><name>{name}</name><difficult>0</difficult><bndbox><xmin>2</xmin><ymin>3</ymin>"
            "<xmax>20</xmax><ymax>15</ymax></bndbox></object></annotation>"
        )
        if i < 10:
            split = ("train", "val", "test")[i % 3]
            lists[split].append(stem)
            truth[f"VOCdevkit/VOC2007/JPEGImages/{stem}.jpg"] = (name, split)
    (voc / "ImageSets" / "Main").mkdir(parents=True)
    for split, stems in {**lists, "trainval": lists["train"] + lists["val"]}.items():
        (voc / "ImageSets" / "Main" / f"{split}.txt").write_text("\n".join(stems) + "\n")
    return truth


def test_voc2007_image_in_no_main_list_is_auxiliary_not_a_reject(tmp_path) -> None:
    truth = _voc2007(tmp_path / "voc")
    result = run_shardify("convert", str(tmp_path / "voc"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert _written(tmp_path / "out") == truth
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["rejected"]["count"] == 0
    assert "inputs in no split list: in no split, counted with the auxiliary files" in result.stderr


def _voc2007_in_parts(root: Path, *, test_part_splits: tuple[str, ...] = ("test",)) -> dict[str, tuple[str, str]]:
    """Each tar unpacked into a folder of its own: train and val in one part, `test_part_splits` in the other."""
    truth = {}
    for part, splits in (("VOCtrainval_06-Nov-2007", ("train", "val")), ("VOCtest_06-Nov-2007", test_part_splits)):
        voc = root / part / "VOCdevkit" / "VOC2007"
        (voc / "ImageSets" / "Main").mkdir(parents=True)
        for split in splits:
            stems = [f"{part[3:5]}{split}{k}" for k in range(2)]
            (voc / "ImageSets" / "Main" / f"{split}.txt").write_text("\n".join(stems) + "\n")
            for k, stem in enumerate(stems):
                name = ("cat", "dog")[k]
                image_file(voc / "JPEGImages" / f"{stem}.jpg", stem, 30, 20)
                (voc / "Annotations").mkdir(exist_ok=True)
                (voc / "Annotations" / f"{stem}.xml").write_text(
                    f"<annotation><filename>{stem}.jpg</filename><size><width>30</width><height>20</height>"
                    f"<depth>3</depth></size><object><name>{name}</name><bndbox><xmin>2</xmin><ymin>3</ymin>"
                    "<xmax>20</xmax><ymax>15</ymax></bndbox></object></annotation>"
                )
                truth[f"{part}/VOCdevkit/VOC2007/JPEGImages/{stem}.jpg"] = (name, split)
    return truth


def test_voc2007_tars_unpacked_apart_keep_the_test_split(tmp_path) -> None:
    truth = _voc2007_in_parts(tmp_path / "voc")
    result = run_shardify("convert", str(tmp_path / "voc"), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 0, result.stderr
    assert _written(tmp_path / "out") == truth


def test_hostile_twin_parts_naming_the_same_split_stay_apart(tmp_path) -> None:
    truth = _voc2007_in_parts(tmp_path / "voc", test_part_splits=("val",))
    result = run_shardify("convert", str(tmp_path / "voc"), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 0, result.stderr
    assert "split lists not used: VOCtest_06-Nov-2007/VOCdevkit/VOC2007/ImageSets/Main/val.txt" in result.stderr
    assert _written(tmp_path / "out") == {f: v for f, v in truth.items() if f.startswith("VOCtrainval")}
