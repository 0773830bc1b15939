"""Miniatures of one kind of layout: annotation files that lie beside the images they annotate,
read as objects (tests/layouts/test_beside_annotations*.py).

Kind (a), a Pascal VOC XML beside each image (labelImg's default: `<image>.xml` in the image's
folder), the folders grouping the images:

- `brand_folders`: `<brand>/<n>.jpg` with `<n>.xml` beside, one level of brand folders, the XMLs
  naming logo variants (`nike`, `nike_text`), as the logo-dataset loaders seen by search read them
  ("reads the subfolders, each a brand; for each .jpg finds the matching .xml").
- `fruit_detection`: Kaggle's "Fruit Images for Object Detection" (mbkinaci): `train_zip/train/
  apple_1.jpg` + `apple_1.xml`, `test_zip/test/...`, the XMLs naming apple, banana, orange (a
  `mixed_<n>` image several), the split the folder's. From its data page, from memory.

The twins, which must not convert as objects:

- `pklot`: PKLot's `PKLot/<lot>/<weather>/<date>/<time>.jpg` with `<time>.xml` beside, a
  `<parking id=...><space id=... occupied=...><rotatedRect>...<contour><point x= y=/>` document
  (parking spaces, not Pascal VOC; the file names and elements as the loaders seen by search read
  them): no reading of it is known here, so the run stops naming the XML.
- `synset_folders`: ImageNet-style `train/<wnid>/<wnid>_<n>.jpg` with a VOC XML beside each that
  names its folder's synset: the folders are the classes (classification, the XMLs set aside).

The builders use round four's table (tests/helpers/unseen4.py); the truth is each dataset's
documented meaning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.blind14 import _voc
from helpers.unseen4 import Put, Spec, Truth4, aux, build, img

__all__ = ["DATASETS", "SPECS", "TWINS"]


_BRANDS = {"nike": [["nike"], ["nike_text", "nike"]], "puma": [["puma_cat"], ["puma"], ["puma", "puma_cat"]],
           "rolex": [["rolex"]]}


def _brand_folders() -> Iterator[Put]:
    for brand, images in _BRANDS.items():
        for n, objects in enumerate(images, start=1):
            yield img(f"{brand}/{n}.jpg", "train", set(objects), objects=objects)
            yield aux(f"{brand}/{n}.xml", _voc(f"{n}.jpg", objects))


_FRUIT = {"train": [("apple_1", ["apple"]), ("banana_2", ["banana", "banana"]), ("orange_3", ["orange"]),
                    ("mixed_4", ["apple", "orange"])],
          "test": [("apple_77", ["apple"]), ("banana_78", ["banana"]), ("mixed_21", ["banana", "orange", "apple"])]}


def _fruit_detection() -> Iterator[Put]:
    for split, images in _FRUIT.items():
        for stem, objects in images:
            yield img(f"{split}_zip/{split}/{stem}.jpg", split, set(objects), objects=objects)
            yield aux(f"{split}_zip/{split}/{stem}.xml", _voc(f"{stem}.jpg", objects))


def _parking(lot: str, spaces: list[int]) -> str:
    body = "".join(
        f'  <space id="{i + 1}" occupied="{o}">\n    <rotatedRect>\n      <center x="{5 + i}" y="8" />\n'
        f'      <size w="6" h="4" />\n      <angle d="-74" />\n    </rotatedRect>\n    <contour>\n'
        f'      <point x="{2 + i}" y="6" />\n      <point x="{8 + i}" y="6" />\n      <point x="{8 + i}" y="10" />\n'
        f'      <point x="{2 + i}" y="10" />\n    </contour>\n  </space>\n'
        for i, o in enumerate(spaces))
    return f'<?xml version="1.0"?>\n<parking id="{lot}">\n{body}</parking>\n'


def _pklot() -> Iterator[Put]:
    for lot in ("PUCPR", "UFPR04"):
        for weather in ("Sunny", "Rainy"):
            for date, time in (("2012-09-11", "15_16_58"), ("2012-09-12", "08_20_11")):
                stem = f"{date}_{time}"
                yield img(f"PKLot/{lot}/{weather}/{date}/{stem}.jpg", "train")
                yield aux(f"PKLot/{lot}/{weather}/{date}/{stem}.xml", _parking(lot.lower(), [0, 1, 1]))


_SYNSETS = ("n01440764", "n01443537", "n01484850")


def _synset_folders() -> Iterator[Put]:
    for wnid in _SYNSETS:
        for n in (10026, 10027):
            yield img(f"train/{wnid}/{wnid}_{n}.jpg", "train", wnid)
            yield aux(f"train/{wnid}/{wnid}_{n}.xml", _voc(f"{wnid}_{n}", [wnid]))


SPECS: dict[str, Spec] = {
    "brand_folders": Spec("logos", "image", _brand_folders, "logo loaders seen by search (<brand>/<n>.jpg + <n>.xml)",
                          "detection: each image's XML objects; the brand folders no label of their own; no split."),
    "fruit_detection": Spec("fruit-images-for-object-detection", "image", _fruit_detection,
                            "kaggle.com/datasets/mbkinaci/fruit-images-for-object-detection (train_zip/, test_zip/)",
                            "detection: each image's XML objects; split by folder."),
}

TWINS: dict[str, Spec] = {
    "pklot": Spec("PKLot", "image", _pklot, "PKLot (web.inf.ufpr.br/vri/databases/parking-lot-database): <date>/<time>.xml",
                  "parking spaces as <space occupied> polygons: no reading known; must stop naming the XML."),
    "synset_folders": Spec("imagenet-like", "image", _synset_folders, "ImageNet LOC per-synset XMLs beside the images",
                           "classification: the synset folders; the XMLs name the folder."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {
    name: (lambda dest, s=spec: build(s, dest)) for name, spec in {**SPECS, **TWINS}.items()
}


def many_brands(dest: Path, brands: int = 24) -> Truth4:
    """`brands` brand folders of two images each, a VOC XML beside each naming the brand's logo
    (`brand07-logo`) and, on the second, a `wordmark` too: more folders than a small detection
    sample reads the XML of."""
    def puts() -> Iterator[Put]:
        for b in range(brands):
            for n in (1, 2):
                objects = [f"brand{b:02d}-logo"] + ["wordmark"] * (n - 1)
                yield img(f"brand{b:02d}/{n}.jpg", "train", set(objects), objects=objects)
                yield aux(f"brand{b:02d}/{n}.xml", _voc(f"{n}.jpg", objects))
    return build(Spec("many", "image", puts, "", ""), dest)


# Kind (b), a box table in each class folder naming that folder's images: UEC FOOD 100
# (foodcam.mobi/dataset100.html: UECFOOD100/<id>/<n>.jpg, <id>/bb_info.txt 'img x1 y1 x2 y2', a box a
# row; category.txt 'id<TAB>name'), the same layout as UEC FOOD 256 (blind round fourteen); its twin
# `headerless_tables` writes the rows without their header: four numbers that may be corners or a
# corner and a size, which must stop.
_FOOD100 = {"1": "rice", "7": "toast", "23": "beef curry"}


def _food_tables(header: bool) -> Iterator[Put]:
    yield aux("category.txt", "id\tname\n" + "".join(f"{i}\t{name}\n" for i, name in _FOOD100.items()))
    for k, ident in enumerate(_FOOD100):
        rows = ["img x1 y1 x2 y2"] if header else []
        for n in (1 + k, 5 + k):
            count = 1 + n % 2
            rows += [f"{n} {1 + 8 * b} {1 + b} {8 + 8 * b} {12 + b}" for b in range(count)]
            yield img(f"{ident}/{n}.jpg", "train", ident, objects=[ident] * count)
        yield aux(f"{ident}/bb_info.txt", "\n".join(rows) + "\n")


SPECS["uec_food100"] = Spec("UECFOOD100", "image", lambda: _food_tables(True), "foodcam.mobi/dataset100.html",
                            "detection: each folder's bb_info.txt rows for its images, objects of the folder's class.",
                            aliases={name: {i} for i, name in _FOOD100.items()})
TWINS["headerless_tables"] = Spec("UECFOOD100", "image", lambda: _food_tables(False), "", "four numbers a row, no header")
DATASETS.update({name: (lambda dest, s=spec: build(s, dest)) for name, spec in {**SPECS, **TWINS}.items()})


# Kind (c), a tree of per-image box files mirroring the image tree (FlickrLogos-32: classes/masks/<class>/
# <image>.bboxes.txt for classes/jpg/<class>/<image>, blind round fourteen), and its split lists of
# `<class>,<file>` rows. Its twin `headerless_mirror` writes the box files without their 'x y width height'
# line: four numbers that may be corners or a corner and a size, which must not be read as either;
# `class_file_lists` keeps only the lists over plain class folders (no boxes): the lists give the splits,
# the folders the classes.
_MIRROR = {"adidas": ["1001.jpg", "1002.jpg", "1003.jpg"], "HP": ["2001.jpg", "2002.jpg"], "nvidia": ["3001.jpg", "3002.jpg"]}
_PARTS = ("trainset", "valset", "testset")
_SPLIT_OF = {"trainset": "train", "valset": "validation", "testset": "test"}


def _mirror(header: bool, boxes: bool) -> Iterator[Put]:
    lists: dict[str, list[str]] = {part: [] for part in _PARTS}
    for brand, names in _MIRROR.items():
        for i, name in enumerate(names):
            part = _PARTS[i % 3]
            lists[part].append(f"{brand},{name}")
            count = 1 + i % 2
            yield img(f"classes/jpg/{brand}/{name}", _SPLIT_OF[part], brand, objects=[brand] * count if boxes else None)
            if boxes:
                rows = "".join(f"{1 + 5 * k} {2 + k} 4 6\n" for k in range(count))
                yield aux(f"classes/masks/{brand}/{name}.bboxes.txt", ("x y width height\n" if header else "") + rows)
    for part, lines in lists.items():
        yield aux(f"{part}.txt", "\n".join(lines) + "\n")


SPECS["class_file_lists"] = Spec("lists", "image", lambda: _mirror(True, False), "FlickrLogos-32's list shape",
                                 "classification: the class folders; splits from the three '<class>,<file>' lists.")
TWINS["headerless_mirror"] = Spec("FlickrLogos-v2", "image", lambda: _mirror(False, True), "", "no header line")
DATASETS.update({name: (lambda dest, s=spec: build(s, dest)) for name, spec in {**SPECS, **TWINS}.items()})


def many_mirrored(dest: Path, brands: int = 16) -> Truth4:
    """`brands` class folders of two images each and a mirror tree of their 'x y width height' box
    files: more folders than a small detection sample reads."""
    def puts() -> Iterator[Put]:
        for b in range(brands):
            for n in (1, 2):
                name = f"{b:02d}{n}.jpg"
                yield img(f"classes/jpg/brand{b:02d}/{name}", "train", f"brand{b:02d}", objects=[f"brand{b:02d}"] * n)
                yield aux(f"classes/masks/brand{b:02d}/{name}.bboxes.txt", "x y width height\n" + "1 2 4 6\n" * n)
    return build(Spec("many_mirrored", "image", puts, "", ""), dest)
