"""A ninth newcomer trial: miniatures of eight public downloads no rule, test or doc here named before.

Chosen by kind (issue 30: try it as a new user would, on data not made for the test): a Kaggle
image-classification download whose class folders come with a `cards.csv` of two label columns
(the playing cards set); an academic tarball whose labels are only in COCO-like JSON files beside
one shared image folder (iNaturalist 2018); two detection downloads in formats of their own
(INRIA Person's "PASCAL Annotation Version 1.00" text files, Latin-1; GTSDB's headerless
semicolon `gt.txt` beside class folders of sign crops, PPM images); a segmentation download of BMP
images with colour masks named `<stem>_GT.bmp` (MSRC-v2); two text-classification downloads (the
MASSIVE JSON lines with a `partition` column and two label candidates, the multilingual Amazon
reviews JSON lines in `.json` files under split folders); and an odd layout (OHSUMED: class folders
of extension-less text files).

The truth comes from each dataset's documented meaning (the source cited in `source`), never from
what shardify does. Record ids follow round four's table (tests/helpers/unseen4.py): a file's path
relative to the root; a row "<file>:<i>".
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

import numpy as np
from PIL import Image

from helpers.shipped import _image_bytes, _words
from helpers.unseen4 import Put, Spec, aux, img, row


def _picture(key: str, fmt: str) -> bytes:
    """A small real image in `fmt` (PPM, BMP), its pixels seeded by `key`."""
    buf = io.BytesIO()
    Image.open(io.BytesIO(_image_bytes(key, 20, 16, "PNG", "RGB"))).save(buf, format=fmt)
    return buf.getvalue()


# ------------------------------------------------------------------------------------------------
# Kaggle: cards-image-datasetclassification (gpiosenka)
# ------------------------------------------------------------------------------------------------

_CARDS = {"ace of clubs": (0, "ace"), "joker": (20, "joker"), "king of hearts": (23, "king")}
_CARD_SPLITS = (("train", 3), ("valid", 1), ("test", 1))


def _cards() -> Iterator[Put]:
    lines = ["class index,filepaths,labels,card type,data set"]
    for folder, n in _CARD_SPLITS:
        for label, (index, kind) in _CARDS.items():
            for i in range(1, n + 1):
                path = f"{folder}/{label}/{i:03d}.jpg"
                yield img(path, folder, label)
                lines.append(f"{index},{path},{label},{kind},{folder}")
    yield aux("cards.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# iNaturalist 2018: train_val2018/<supercategory>/<category id>/<hash>.jpg, train2018.json, val2018.json
# ------------------------------------------------------------------------------------------------

_INAT = {7477: ("Quercus agrifolia", "Plantae"), 2889: ("Danaus plexippus", "Insecta"), 4120: ("Turdus migratorius", "Aves")}


def _inat() -> Iterator[Put]:
    categories = [{"id": cid, "name": name, "supercategory": sup} for cid, (name, sup) in sorted(_INAT.items())]
    image_id = 0
    for split, per_class in (("train", 3), ("val", 1)):
        images, annotations = [], []
        for cid, (name, sup) in sorted(_INAT.items()):
            for i in range(per_class):
                image_id += 1
                path = f"train_val2018/{sup}/{cid}/{image_id:04x}{cid:x}{i}e9486db1d2ee875f11a669fbde4a.jpg"
                yield img(path, split, name)
                images.append({"id": image_id, "file_name": path, "width": 20, "height": 16, "license": 1})
                annotations.append({"id": image_id, "image_id": image_id, "category_id": cid})
        doc = {"info": {"year": 2018}, "images": images, "annotations": annotations, "categories": categories,
               "licenses": [{"id": 1, "name": "Attribution-NonCommercial License"}]}
        yield aux(f"{split}2018.json", json.dumps(doc))
    tests = []
    for i in range(3):
        image_id += 1
        path = f"test2018/{image_id:04x}0c9e2a7f3b1d4e5f8a6b7c8d9e0f1a2b.jpg"
        yield img(path, "test", None)
        tests.append({"id": image_id, "file_name": path, "width": 20, "height": 16, "license": 1})
    yield aux("test2018.json", json.dumps({"info": {"year": 2018}, "images": tests, "annotations": [], "categories": categories}))


# ------------------------------------------------------------------------------------------------
# INRIA Person: <split>/pos/*.png + <split>/annotations/*.txt (PASCAL Annotation Version 1.00), neg/
# ------------------------------------------------------------------------------------------------

def _pascal_v1(path: str, boxes: list[tuple[int, int, int, int]]) -> str:
    names = " ".join('"PASperson"' for _ in boxes)
    lines = ["# PASCAL Annotation Version 1.00", "", f'Image filename : "{path}"',
             "Image size (X x Y x C) : 20 x 16 x 3", 'Database : "The INRIA Rh\u00f4ne-Alpes Annotated Person Database"',
             f"Objects with ground truth : {len(boxes)} {{ {names} }}", "",
             "# Note that there might be other objects in the image", "# for which ground truth data has not been provided.",
             "", "# Top left pixel co-ordinates : (0, 0)", ""]
    for n, (x1, y1, x2, y2) in enumerate(boxes, 1):
        lines += [f'# Details for object {n} ("PASperson")', "# Center point -- not available in other PASCAL databases -- refers",
                  "# to person head center", f'Original label for object {n} "PASperson" : "UprightPerson"',
                  f'Center point on object {n} "PASperson" (X, Y) : ({(x1 + x2) // 2}, {y1 + 1})',
                  f'Bounding box for object {n} "PASperson" (Xmin, Ymin) - (Xmax, Ymax) : ({x1}, {y1}) - ({x2}, {y2})', ""]
    return "\n".join(lines)


def _inria() -> Iterator[Put]:
    plan = {"Train": (["crop_000010", "crop_000011", "person_014"], ["00000002a", "00000003a"]),
            "Test": (["crop001501", "person_032"], ["00001147"])}
    for split, (pos, neg) in plan.items():
        listed = {"pos": [], "neg": [], "annotations": []}
        for k, stem in enumerate(pos):
            boxes = [(2, 1, 9, 14)] + ([(11, 2, 18, 15)] if k == 0 else [])
            path = f"{split}/pos/{stem}.png"
            yield Put(path, image="png", record=True, split=split.lower(), labels=frozenset({"PASperson"}),
                      objects=("PASperson",) * len(boxes))
            yield aux(f"{split}/annotations/{stem}.txt", _pascal_v1(path, boxes), "latin-1")
            listed["pos"].append(path)
            listed["annotations"].append(f"{split}/annotations/{stem}.txt")
        for stem in neg:
            path = f"{split}/neg/{stem}.png"
            yield Put(path, image="png", record=True, split=split.lower(), labels=None, objects=())
            listed["neg"].append(path)
        for name, paths in listed.items():
            yield aux(f"{split}/{name}.lst", "\n".join(paths) + "\n")


# ------------------------------------------------------------------------------------------------
# GTSDB: FullIJCNN2013/00000.ppm ..., gt.txt (`name;x1;y1;x2;y2;class`), 00/ .. 42/ crops, ReadMe.txt
# ------------------------------------------------------------------------------------------------

_GTSDB_BOXES = {"00000.ppm": [(2, 3, 9, 10, 11)], "00001.ppm": [(1, 1, 6, 6, 38), (10, 4, 17, 12, 1)],
                "00002.ppm": [], "00003.ppm": [(5, 5, 12, 13, 1)]}
_GTSDB_CROPS = {"01": 2, "11": 1, "38": 1}


def _gtsdb() -> Iterator[Put]:
    lines = []
    for name, boxes in _GTSDB_BOXES.items():
        classes = tuple(str(c) for *_, c in boxes)
        yield Put(name, data=_picture(name, "PPM"), record=True, split="train",
                  labels=frozenset(classes) or None, objects=classes)
        lines += [f"{name};{x1};{y1};{x2};{y2};{c}" for x1, y1, x2, y2, c in boxes]
    for folder, n in _GTSDB_CROPS.items():
        for i in range(n):
            path = f"{folder}/{i:05d}.ppm"
            yield Put(path, data=_picture(path, "PPM"), record=True, split="train", labels=frozenset({str(int(folder))}))
    yield aux("gt.txt", "\n".join(lines) + "\n")
    yield aux("ReadMe.txt", "The German Traffic Sign Detection Benchmark\n\nThe archive contains:\n- the 900 training "
              "images (in PPM format)\n- the image sections containing only the traffic signs, in a folder per class\n"
              "- a file in CSV format with the ground truth (gt.txt)\n\nFormat: image;leftCol;topRow;rightCol;bottomRow;ClassID\n"
              "0 = speed limit 20 (prohibitory)\n1 = speed limit 30 (prohibitory)\n11 = right-of-way at the next intersection "
              "(danger)\n38 = keep right (mandatory)\n")


# ------------------------------------------------------------------------------------------------
# MSRC-v2: Images/<class>_<n>_s.bmp, GroundTruth/<class>_<n>_s_GT.bmp (colour-coded classes)
# ------------------------------------------------------------------------------------------------

_MSRC_COLOURS = [(0, 0, 0), (128, 0, 0), (0, 128, 0), (128, 128, 0)]  # void, building, grass, tree


def _colour_mask(key: str) -> bytes:
    rng = np.random.default_rng(sum(key.encode()))
    palette = np.asarray(_MSRC_COLOURS, dtype=np.uint8)
    buf = io.BytesIO()
    Image.fromarray(palette[rng.integers(0, len(palette), (16, 20))], "RGB").save(buf, format="BMP")
    return buf.getvalue()


def _msrc() -> Iterator[Put]:
    for cls in (1, 2, 3):
        for n in (1, 2, 3):
            stem = f"{cls}_{n}_s"
            yield Put(f"Images/{stem}.bmp", data=_picture(stem, "BMP"), record=True, split="train", labels=None)
            yield aux(f"GroundTruth/{stem}_GT.bmp", _colour_mask(stem))


# ------------------------------------------------------------------------------------------------
# MASSIVE 1.0: data/<locale>.jsonl with partition, scenario, intent, utt, annot_utt, ...
# ------------------------------------------------------------------------------------------------

_MASSIVE = [("alarm", "alarm_set"), ("audio", "audio_volume_mute"), ("iot", "iot_hue_lightoff"),
            ("alarm", "alarm_query"), ("audio", "audio_volume_mute"), ("iot", "iot_hue_lightoff")]


def _massive() -> Iterator[Put]:
    for locale in ("en-US", "fr-FR"):
        lines = []
        file = f"data/{locale}.jsonl"
        for i in range(12):
            partition = ("train", "train", "dev", "test")[i % 4]
            scenario, intent = _MASSIVE[i % len(_MASSIVE)]
            utt = _words(f"{locale}{i}", 6)
            lines.append(json.dumps({"id": str(i + 1), "locale": locale, "partition": partition, "scenario": scenario,
                                     "intent": intent, "utt": utt, "annot_utt": f"[time : {utt}]",
                                     "worker_id": str(10 + i % 3), "slot_method": [{"slot": "time", "method": "translation"}],
                                     "judgments": [{"worker_id": "8", "intent_score": 1, "slots_score": 1,
                                                    "grammar_score": 4, "spelling_score": 2, "language_identification": "target"}]}))
            yield row(f"{file}:{i}", partition, intent, utt)
        yield aux(file, "\n".join(lines) + "\n")
    yield aux("LICENSE", "Attribution 4.0 International\n")
    yield aux("NOTICE.md", "MASSIVE is derived from SLURP.\n")


# ------------------------------------------------------------------------------------------------
# The Multilingual Amazon Reviews Corpus: json/<split>/dataset_<lang>_<split>.json (JSON lines)
# ------------------------------------------------------------------------------------------------

_CATEGORIES = ["home", "wireless", "toy", "home", "apparel", "home"]


def _amazon_multi() -> Iterator[Put]:
    n = 0
    for split in ("train", "dev", "test"):
        for lang in ("en", "de"):
            file = f"json/{split}/dataset_{lang}_{split}.json"
            lines = []
            for i in range(6 if split == "train" else 5):
                n += 1
                stars = str(1 + n % 5)
                body = _words(f"body{n}", 9)
                lines.append(json.dumps({"review_id": f"{lang}_{n:07d}", "product_id": f"product_{lang}_{n % 4:07d}",
                                         "reviewer_id": f"reviewer_{lang}_{n:07d}", "stars": stars, "review_body": body,
                                         "review_title": _words(f"title{n}", 3), "language": lang,
                                         "product_category": _CATEGORIES[n % len(_CATEGORIES)]}))
                yield row(f"{file}:{i}", split, stars, body)
            yield aux(file, "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# OHSUMED (first 20,000 docs): training/<C01..C23>/<7-digit id>, test/<C..>/<id>; no extension
# ------------------------------------------------------------------------------------------------

_OHSUMED = {"training": {"C01": 3, "C04": 3, "C14": 2}, "test": {"C01": 1, "C04": 2, "C14": 1}}


def _ohsumed() -> Iterator[Put]:
    doc = 5
    for folder, classes in _OHSUMED.items():
        split = "train" if folder == "training" else "test"
        for cls, n in classes.items():
            for _ in range(n):
                doc += 7
                path = f"{folder}/{cls}/{doc:07d}"
                text = f"{_words(path + 't', 5).capitalize()}.\n{_words(path, 30)}.\n"
                yield Put(path, data=text, record=True, split=split, labels=frozenset({cls}), text=text)


SPECS = {
    "cards": Spec("cards-image-datasetclassification", "image", _cards,
                  "kaggle.com/datasets/gpiosenka/cards-image-datasetclassification as READMEs describe it "
                  "(Dimkela01/playing-cards-classification: cards.csv filepaths, labels, class index, data set)",
                  "split folders train/valid/test of class folders named with spaces; cards.csv restates them and "
                  "adds `card type`, a coarser label that must not replace the class"),
    "inaturalist2018": Spec("inaturalist2018", "image", _inat,
                            "visipedia/inat_comp 2018 README; TFDS inaturalist_2018 builder; loaders expecting "
                            "train2018.json, val2018.json, train_val2018/{supercategory}/{category_id}/{file}.jpg",
                            "train and val images share one folder; only the JSON file says which split; labels are "
                            "the categories' names, not the numbered folders"),
    "inria_person": Spec("INRIAPerson", "image", _inria,
                         "vislab's INRIAPerson tree (Train|Test/{annotations,neg,pos}{,.lst}); the PASCAL Annotation "
                         "Version 1.00 text format (VOC2006 annotations)",
                         "pos images have PASperson boxes in annotations/<stem>.txt; neg images have none"),
    "gtsdb": Spec("FullIJCNN2013", "image", _gtsdb,
                  "benchmark.ini.rub.de GTSDB ReadMe; loaders reading gt.txt as `00000.ppm;774;411;815;446;11`",
                  "full scenes with their boxes in a headerless semicolon gt.txt; a class folder per sign class of crops"),
    "msrc_v2": Spec("MSRC_ObjCategImageDatabase_v2", "image", _msrc,
                    "MSRC-v2 (Microsoft Research Cambridge) as loaders read it: Images/1_1_s.bmp, GroundTruth/1_1_s_GT.bmp",
                    "each image one record with its colour mask; the masks are no records"),
    "massive": Spec("amazon-massive-dataset-1.0", "text", _massive,
                    "alexa/massive README and the AmazonScience/massive card: data/<locale>.jsonl with id, locale, "
                    "partition, scenario, intent, utt, annot_utt, worker_id, slot_method, judgments",
                    "split from `partition`; the label is `intent` (60 of them), not `scenario` (18)"),
    "amazon_reviews_multi": Spec("amazon-reviews-ml", "text", _amazon_multi,
                                 "huggingface/datasets amazon_reviews_multi loading script: "
                                 "json/{split}/dataset_{lang}_{split}.json, JSON lines",
                                 "the label is `stars`; `product_category` is a second candidate"),
    "ohsumed": Spec("ohsumed-first-20000-docs", "text", _ohsumed,
                    "disi.unitn.it/moschitti/corpora ohsumed-first-20000-docs.tar.gz as loaders walk it: "
                    "training|test/<C01..C23>/<doc id>",
                    "class folders of extension-less files"),
}
