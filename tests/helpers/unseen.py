"""Miniatures of public datasets no detection rule names, laid out as their downloads unpack.

Each builder writes a small copy of one download's real layout (file and folder names as the
dataset ships them, read from its download page and from the loaders of TensorFlow Datasets or
torchvision, cited in `Truth.source`) and returns a `Truth` (see tests/helpers/shipped.py for the
conventions). The conversion of each must give exactly the truth's records, splits and labels, or
stop before writing (exit 2) naming the files that show the problem and an option that helps.
`REFUSAL` says, per dataset, what its refusal must name.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from helpers.shipped import Truth, _cell_of_str, _gray_png, _image_bytes, _img, _write, _zip_bytes, mat5_bytes


def build_omniglot(dest: Path) -> Truth:
    """images_background.zip and images_evaluation.zip, unopened: <set>/<alphabet>/characterNN/."""
    root = dest / "omniglot"
    records: dict = {}
    sets = {
        "images_background": ("train", {"Greek": 3, "Latin": 2, "Braille": 2}),
        "images_evaluation": ("test", {"Angelic": 2, "Tengwar": 3}),
    }
    number = 394
    for top, (split, alphabets) in sets.items():
        members: list[tuple[str, bytes | None]] = []
        for alphabet, characters in alphabets.items():
            for c in range(1, characters + 1):
                character = f"character{c:02d}"
                for drawer in (1, 2):
                    name = f"{top}/{alphabet}/{character}/{number:04d}_{drawer:02d}.png"
                    members.append((name, _image_bytes(f"omniglot/{name}", 16, 16, "PNG", "L")))
                    records[f"{top}.zip/{name}"] = (split, frozenset({f"{alphabet}/{character}"}))
                number += 1
        _write(root / f"{top}.zip", _zip_bytes(members))
    return Truth(
        root=root, media="image", records=records,
        record_key="path through the zip (images_background.zip/images_background/<alphabet>/characterNN/<id>_<drawer>.png)",
        source="https://github.com/brendenlake/omniglot (python/images_*.zip); tfds image/omniglot.py",
        notes=("Two zips, each with one top folder over its alphabets, each alphabet over character01..NN: "
               "the character names repeat in every alphabet, so the class is the pair alphabet/character "
               "(tfds: 'label' over 1623 characters, 'alphabet' beside it). background is train, evaluation test."),
    )


def build_cityscapes(dest: Path) -> Truth:
    """leftImg8bit_trainvaltest.zip and gtFine_trainvaltest.zip unpacked side by side."""
    root = dest / "cityscapes"
    records: dict = {}
    cities = {"train": ("aachen", "bochum"), "val": ("frankfurt",), "test": ("berlin",)}
    for split, names in cities.items():
        for city in names:
            for frame in (19, 42):
                stem = f"{city}_000000_{frame:06d}"
                rel = f"leftImg8bit/{split}/{city}/{stem}_leftImg8bit.png"
                _img(root, rel, w=32, h=16, fmt="PNG")
                records[rel] = (split, None)
                for kind, values in (("labelIds", [7, 8, 26]), ("instanceIds", [7, 26000]), ("color", [1, 2])):
                    data = _gray_png(f"{rel}/{kind}", 32, 16, [v % 256 for v in values])
                    _write(root / f"gtFine/{split}/{city}/{stem}_gtFine_{kind}.png", data)
                _write(root / f"gtFine/{split}/{city}/{stem}_gtFine_polygons.json", '{"imgHeight": 16, "objects": []}')
    _write(root / "README", "The Cityscapes Dataset\n")
    _write(root / "license.txt", "Cityscapes license\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the leftImg8bit PNG relative to root",
        source="https://www.cityscapes-dataset.com/downloads/ ; tfds image/cityscapes.py",
        notes=("leftImg8bit/<split>/<city>/<city>_<seq>_<frame>_leftImg8bit.png beside gtFine/<split>/<city>/"
               "<...>_gtFine_{labelIds,instanceIds,color}.png and _polygons.json: masks, not inputs. Cities are "
               "not classes (each split has its own cities); the records carry no class label."),
    )


def build_kitti(dest: Path) -> Truth:
    """data_object_image_2.zip, data_object_label_2.zip and data_object_calib.zip unpacked."""
    root = dest / "kitti"
    records: dict = {}
    for folder, split, ids in (("training", "train", range(0, 5)), ("testing", "test", range(0, 3))):
        for i in ids:
            rel = f"{folder}/image_2/{i:06d}.png"
            _img(root, rel, w=640, h=300, fmt="PNG")  # room for the boxes below (KITTI's are 1242 x 375)
            records[rel] = (split, frozenset({"Car", "Tram"}) if folder == "training" else None)
            _write(root / f"{folder}/calib/{i:06d}.txt", "P0: 7.07e+02 0.0 6.04e+02 0.0\nP1: 7.07e+02 0.0 6.04e+02 -3.79e+02\n")
            if folder == "training":
                _write(root / f"{folder}/label_2/{i:06d}.txt", (
                    "Tram 0.11 0 1.64 0.00 153.54 290.09 374.00 3.19 1.84 14.68 -9.26 1.95 15.35 1.09\n"
                    "Car 0.00 0 -1.56 564.62 174.59 616.43 224.74 1.61 1.66 3.20 -0.69 1.69 25.01 -1.59\n"))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the PNG relative to root",
        source="https://www.cvlibs.net/datasets/kitti/eval_object.php ; tfds object_detection/kitti.py",
        notes=("training/image_2/<id>.png with training/label_2/<id>.txt (one object a line: type, truncation, "
               "occlusion, alpha, box, dimensions, location, rotation) and calib/<id>.txt; testing/ has no labels. "
               "An image's labels are its objects' classes."),
    )


def build_places365(dest: Path) -> Truth:
    """train_256_places365standard.tar unpacked: data_256/<letter>/<class>[/<subclass>]/."""
    root = dest / "places365"
    records: dict = {}
    classes = ["a/abbey", "a/apartment_building/outdoor", "b/bedroom", "b/bakery/shop", "c/campsite",
               "c/church/indoor", "c/church/outdoor", "d/dining_room", "e/elevator/door", "f/forest_path"]
    for index, cls in enumerate(classes):
        for i in range(2):
            rel = f"data_256/{cls}/{i + 1:08d}.jpg"
            _img(root, rel)
            records[rel] = ("train", frozenset({f"/{cls}"}))
    _write(root / "categories_places365.txt", "".join(f"/{c} {i}\n" for i, c in enumerate(classes)))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the JPEG relative to root",
        source="http://places2.csail.mit.edu/download.html ; tfds image_classification/places365_small.py",
        notes=("data_256/<first letter>/<category>[/<subcategory>]/<n>.jpg: the class is one or two folders "
               "below the letter; categories_places365.txt names them (/a/abbey 0)."),
    )


def build_stanford_cars(dest: Path) -> Truth:
    """cars_train.tgz, cars_test.tgz and car_devkit.tgz unpacked: the labels are in .mat files."""
    root = dest / "stanford_cars"
    records: dict = {}
    for folder, split in (("cars_train", "train"), ("cars_test", "test")):
        for i in range(1, 5):
            rel = f"{folder}/{i:05d}.jpg"
            _img(root, rel)
            records[rel] = (split, frozenset({"AM General Hummer SUV 2000" if i % 2 else "Acura RL Sedan 2012"}))
    names = _cell_of_str(["AM General Hummer SUV 2000", "Acura RL Sedan 2012"])
    _write(root / "devkit/cars_meta.mat", mat5_bytes({"class_names": names}))
    _write(root / "devkit/cars_train_annos.mat", mat5_bytes({"bbox": np.array([[1.0, 2.0, 3.0, 4.0]] * 4)}))
    _write(root / "devkit/README.txt", "This file gives documentation for the cars 196 dataset.\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the JPEG relative to root",
        source="https://ai.stanford.edu/~jkrause/cars/car_dataset.html ; tfds image_classification/cars196.py",
        notes="cars_train/<n>.jpg, cars_test/<n>.jpg; the classes are in devkit/*.mat, which shardify does not read.",
    )


def build_numbered_classes(dest: Path) -> Truth:
    """An ImageNet-style export with class folders named by their index (0..N-1)."""
    root = dest / "imagenet_numbered"
    records: dict = {}
    for split, n in (("train", 2), ("val", 1)):
        for cls in range(12):
            for i in range(n):
                rel = f"{split}/{cls}/{split}_{cls}_{i}.JPEG"
                _img(root, rel)
                records[rel] = (split, frozenset({str(cls)}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the JPEG relative to root",
        source="torchvision ImageFolder exports of ImageNet by class index (train/0 .. train/999)",
        notes="class folders 0..11: label index must be the number, not the position of the name sorted as text.",
    )


def build_split_pair_zips(dest: Path, *, test_name: str = "{name}-test-set") -> Truth:
    """<name>.zip beside <name>-test-set.zip (or validation-<name>.zip), each over the same classes."""
    root = dest / "split_pair"
    records: dict = {}
    name = "fruits"
    for archive, split in ((name, "train"), (test_name.format(name=name), "test" if "test" in test_name else "validation")):
        members: list[tuple[str, bytes | None]] = []
        for cls in ("apple", "banana", "cherry"):
            for i in range(3 if split == "train" else 2):
                member = f"{archive}/{cls}/{cls}_{i}.jpg"
                members.append((member, _image_bytes(f"pair/{member}")))
                records[f"{archive}.zip/{member}"] = (split, frozenset({cls}))
        _write(root / f"{archive}.zip", _zip_bytes(members))
    return Truth(
        root=root, media="image", records=records,
        record_key="path through the zip",
        source="Kaggle-style downloads: <name>.zip and <name>-test-set.zip (or validation-<name>.zip)",
        notes="two archives named like a split pair over the same class folders: splits, not classes.",
    )


DATASETS = {
    "omniglot": build_omniglot,
    "cityscapes": build_cityscapes,
    "kitti": build_kitti,
    "places365": build_places365,
    "stanford_cars": build_stanford_cars,
    "numbered_classes": build_numbered_classes,
    "split_pair_test_set": build_split_pair_zips,
    "split_pair_validation": lambda dest: build_split_pair_zips(dest, test_name="validation-{name}"),
}
