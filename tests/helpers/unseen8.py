"""An eighth round of miniatures of public datasets no rule, test or doc here named before.

Chosen by kind: an archive's class folders one wrapper deeper than the split folder, its test
set flat and labelled by file name (ASL alphabet); three domain folders holding the same class
folders (Office-31); a zip as shipped with `__MACOSX/` resource forks beside its class folders
(TrashNet); Pascal VOC XMLs in an `annotations/` folder beside `images/` of PNGs (hard hat
workers); a headerless space-separated one-row-per-box table with quoted classes (Udacity's
Autti set); JSON-lines annotation files (`.odgt`) naming the images of one shared folder
(CrowdHuman); a segmentation tree whose masks mirror the images in two other folders (the
semantic drone dataset); one folder per image holding the image and its masks in subfolders
(PH2); a GLUE sentence-pair task whose test is unlabelled (WNLI); a Hugging Face parquet export
with its dataset card (poem_sentiment); a multi-label table of 1.0/0.0/-1.0/empty columns naming
images by paths from the folder above (CheXpert); an HDF5 file of `train`/`test` groups holding
`data`/`target` (USPS); two `.npy` files of faces and their targets (Olivetti); a Kaggle
competition download of a keyed label table and a submission of probabilities (dog breeds); and
a headerless tab-separated file of translation pairs with an attribution column (Tatoeba's
Anki export).

The builders reuse round four's table (tests/helpers/unseen4.py: `Put`, `build`): a record id is the
path relative to the root; a row or a line is "<file>:<i>"; a file inside an archive is
"<archive stem>/<member>"; an image of an array file "<file>#<array>:<i>". The truth comes from
each dataset's documented meaning (its data page, README or loader, cited in `source`), never
from what shardify does.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from helpers.shipped import _gray_png, _image_bytes, _words
from helpers.unseen4 import Put, Spec, Truth4, aux, build, img, row
from helpers.unseen7 import _voc, _zip


def _picture(key: str, fmt: str = "JPEG") -> bytes:
    return _image_bytes(key, 20, 16, fmt, "RGB")


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_ASL_TRAIN = {"A": 3, "B": 2, "del": 2, "nothing": 2, "space": 2}
_ASL_TEST = ["A", "B", "nothing", "space"]  # the download has no del_test.jpg


def _asl_alphabet() -> Iterator[Put]:
    for cls, n in _ASL_TRAIN.items():
        for i in range(1, n + 1):
            yield img(f"asl_alphabet_train/asl_alphabet_train/{cls}/{cls}{i}.jpg", "train", cls)
    for cls in _ASL_TEST:
        yield img(f"asl_alphabet_test/asl_alphabet_test/{cls}_test.jpg", "test", cls)


_OFFICE_CLASSES = {"back_pack": 2, "bike": 2, "mug": 1}


def _office31() -> Iterator[Put]:
    for domain in ("amazon", "dslr", "webcam"):
        for cls, n in _OFFICE_CLASSES.items():
            for i in range(1, n + 1 + (domain == "amazon")):
                yield img(f"domain_adaptation_images/{domain}/images/{cls}/frame_{i:04d}.jpg", domain, cls)


_TRASH = {"cardboard": 2, "glass": 2, "metal": 1, "paper": 2, "plastic": 1, "trash": 1}


def _trashnet() -> Iterator[Put]:
    members = {}
    for cls, n in _TRASH.items():
        for i in range(1, n + 1):
            member = f"dataset-resized/{cls}/{cls}{i}.jpg"
            members[member] = _picture(member)
            # macOS's zip keeps each file's resource fork as an AppleDouble `._` file under __MACOSX/
            members[f"__MACOSX/dataset-resized/{cls}/._{cls}{i}.jpg"] = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        "
            yield Put(f"dataset-resized/{member}", record=True, split="train", labels=frozenset({cls}))
    members["dataset-resized/.DS_Store"] = b"\x00\x00\x00\x01Bud1" + bytes(24)
    yield aux("dataset-resized.zip", _zip(members))


_BREEDS = ["affenpinscher", "afghan_hound", "beagle", "boston_bull", "chihuahua", "golden_retriever"]


def _dog_breeds() -> Iterator[Put]:
    labels = ["id,breed"]
    for i in range(10):
        ident = f"{(0x000bec180eb18c7604dcecc8fe0dba07 + 7919 * i * 1_000_003):032x}"
        breed = _BREEDS[(i * 5) % len(_BREEDS)]
        labels.append(f"{ident},{breed}")
        yield img(f"train/{ident}.jpg", "train", breed)
    tests = [f"{(0x00a338a92e4e7bf543340dc849230e0b + 104729 * i * 999_983):032x}" for i in range(4)]
    for ident in tests:
        yield img(f"test/{ident}.jpg", "test")
    yield aux("labels.csv", "\n".join(labels) + "\n")
    yield aux("sample_submission.csv", "id," + ",".join(_BREEDS) + "\n" + "".join(
        f"{ident}," + ",".join([f"{1 / len(_BREEDS):.16f}"] * len(_BREEDS)) + "\n" for ident in tests))


# ------------------------------------------------------------------------------------------------
# Objects and masks
# ------------------------------------------------------------------------------------------------

_HARD_HAT = {0: ["helmet", "helmet", "head"], 1: ["head"], 2: ["helmet", "person"], 3: ["helmet"], 4: ["head", "head"]}


def _hard_hat() -> Iterator[Put]:
    for n, names in _HARD_HAT.items():
        stem = f"hard_hat_workers{n}"
        boxes = [(name, (1 + 2 * k, 1 + k, 10 + 2 * k, 12 + k)) for k, name in enumerate(names)]
        yield img(f"images/{stem}.png", "train", set(names), kind="png", objects=names)
        yield aux(f"annotations/{stem}.xml", _voc("images", f"{stem}.png", boxes))


_AUTTI = {"1478019952686311006.jpg": [("car", None), ("car", None), ("pedestrian", None)],
          "1478019953180167674.jpg": [("trafficLight", "Red"), ("car", None)],
          "1478019953689774621.jpg": [("truck", None)],
          "1478019954186238236.jpg": [("biker", None), ("trafficLight", "Green"), ("trafficLight", "Green")]}


def _udacity() -> Iterator[Put]:
    lines = []
    for frame, objects in _AUTTI.items():
        for k, (cls, attribute) in enumerate(objects):
            line = f'{frame} {1 + 2 * k} {1 + k} {9 + 2 * k} {10 + k} {k % 2} "{cls}"'
            lines.append(line + (f' "{attribute}"' if attribute else ""))
        names = [cls for cls, _ in objects]
        yield img(f"object-dataset/{frame}", "train", set(names), objects=names)
    yield aux("object-dataset/labels.csv", "\n".join(lines) + "\n")


_CROWD = {"train": {"273271,c9db000d5146c15": ["person", "person", "mask"], "273271,1a0d6000b9e1f5b7": ["person"],
                    "273275,2ca0e00070ad4c8a": ["person", "person", "person"]},
          "val": {"273271,1b9330008da38cd6": ["person", "mask"], "273278,c9d7f000a4ac9a3b": ["person"]}}


def _crowdhuman() -> Iterator[Put]:
    for split, images in _CROWD.items():
        lines = []
        for ident, tags in images.items():
            boxes = []
            for k, tag in enumerate(tags):
                box = [1 + 2 * k, 1 + k, 8, 10]
                entry = {"tag": tag, "hbox": [box[0], box[1], 4, 3], "head_attr": {"ignore": 0, "occ": 0, "unsure": 0},
                         "fbox": box, "vbox": box, "extra": {"box_id": k, "occ": 0}}
                if tag == "mask":  # a crowd or a reflection: an ignored region, no person
                    entry = {"tag": "mask", "hbox": box, "fbox": box, "vbox": box, "extra": {"ignore": 1}, "head_attr": {}}
                boxes.append(entry)
            lines.append(json.dumps({"ID": ident, "gtboxes": boxes}))
            persons = [t for t in tags if t == "person"]
            yield img(f"Images/{ident}.jpg", split, set(persons), objects=persons)
        yield aux(f"annotation_{split}.odgt", "\n".join(lines) + "\n")


def _semantic_drone() -> Iterator[Put]:
    base = "dataset/semantic_drone_dataset"
    for n in (0, 1, 2, 3, 4):
        yield img(f"{base}/original_images/{n:03d}.jpg", "train")
        yield aux(f"{base}/label_images_semantic/{n:03d}.png", _gray_png(f"s{n}", 20, 16, [0, 1, 2, 3, 5, 9]))
        yield aux(f"RGB_color_image_masks/RGB_color_image_masks/{n:03d}.png", _picture(f"rgb{n}", "PNG"))
    yield aux("class_dict_seg.csv", "name, r, g, b\nunlabeled, 0, 0, 0\npaved-area, 128, 64, 128\n"
              "dirt, 130, 76, 0\ngrass, 0, 102, 0\ngravel, 112, 103, 87\nwater, 28, 42, 168\n")


def _ph2() -> Iterator[Put]:
    for n in (2, 3, 4, 6, 8):
        case = f"IMD{n:03d}"
        folder = f"PH2Dataset/PH2 Dataset images/{case}"
        yield Put(f"{folder}/{case}_Dermoscopic_Image/{case}.bmp", data=_picture(case, "BMP"), record=True, split="train")
        yield aux(f"{folder}/{case}_lesion/{case}_lesion.bmp", _gray_png(f"l{case}", 20, 16, [0, 255]))
        if n != 4:
            yield aux(f"{folder}/{case}_roi/{case}_R1_Label_2.bmp", _gray_png(f"r{case}", 20, 16, [0, 255]))
    yield aux("PH2Dataset/PH2_dataset.txt", "|| Name || Histological Diagnosis || Common Nevus || Atypical Nevus || "
              "Melanoma || Asymmetry || Pigment Network || Dots/Globules || Streaks || Regression Areas || "
              "Blue-Whitish Veil || Colors ||\n|| IMD003 || || X || || || 0 || T || A || A || A || A || 4 ||\n")


# ------------------------------------------------------------------------------------------------
# Tables and texts
# ------------------------------------------------------------------------------------------------

_CHEXPERT = ["No Finding", "Enlarged Cardiomediastinum", "Cardiomegaly", "Lung Opacity", "Lung Lesion", "Edema",
             "Consolidation", "Pneumonia", "Atelectasis", "Pneumothorax", "Pleural Effusion", "Pleural Other",
             "Fracture", "Support Devices"]


def _chexpert() -> Iterator[Put]:
    header = "Path,Sex,Age,Frontal/Lateral,AP/PA," + ",".join(_CHEXPERT)
    # each row's findings: 1.0 positive, 0.0 negative, -1.0 uncertain, "" not mentioned (the labeler's
    # four values); only the positives are the image's labels
    rows = {"train": [{0: "1.0", 13: "1.0"}, {3: "1.0", 10: "-1.0", 5: "0.0"}, {2: "1.0", 8: "-1.0"},
                      {10: "1.0", 13: "1.0", 0: "0.0"}, {5: "-1.0"}, {6: "1.0", 7: "1.0"}],
            "valid": [{0: "1.0", 2: "0.0"}, {10: "1.0", 3: "1.0"}, {2: "1.0"}]}
    for split, findings in rows.items():
        lines = [header]
        for i, cells in enumerate(findings):
            path = f"CheXpert-v1.0-small/{split}/patient{i + 1 + 64540 * (split == 'valid'):05d}/study1/view1_frontal.jpg"
            values = [cells.get(k, "" if split == "train" else "0.0") for k in range(len(_CHEXPERT))]
            lines.append(f"{path},{('Female', 'Male')[i % 2]},{40 + 3 * i},Frontal,{('AP', 'PA')[i % 2]}," + ",".join(values))
            positives = {_CHEXPERT[k] for k, v in cells.items() if v == "1.0"}
            yield img(path.removeprefix("CheXpert-v1.0-small/"), "validation" if split == "valid" else "train", positives)
        yield aux(f"{split}.csv", "\n".join(lines) + "\n")


_WNLI = {"0": "not_entailment", "1": "entailment"}


def _wnli() -> Iterator[Put]:
    for file, split, n in (("train.tsv", "train", 6), ("dev.tsv", "dev", 3), ("test.tsv", "test", 3)):
        lines = ["index\tsentence1\tsentence2" + ("\tlabel" if split != "test" else "")]
        for i in range(n):
            first = f"The {_words(f'w1{file}{i}', 6)} because it was {_words(f'w2{file}{i}', 2)}."
            second = f"The {_words(f'w3{file}{i}', 3)} was {_words(f'w4{file}{i}', 2)}."
            label = str((i + len(file)) % 2)
            lines.append(f"{i}\t{first}\t{second}" + (f"\t{label}" if split != "test" else ""))
            yield row(f"WNLI/{file}:{i}", split, label if split != "test" else None, (first, second))
        yield aux(f"WNLI/{file}", "\n".join(lines) + "\n")


_POEM = ["negative", "positive", "no_impact"]
_POEM_CARD = """---
annotations_creators:
- expert-generated
language:
- en
license:
- cc-by-4.0
task_categories:
- text-classification
task_ids:
- sentiment-classification
pretty_name: Gutenberg Poem Dataset
dataset_info:
  features:
  - name: id
    dtype: int32
  - name: verse_text
    dtype: string
  - name: label
    dtype:
      class_label:
        names:
          '0': negative
          '1': positive
          '2': no_impact
  splits:
  - name: train
    num_bytes: 48555
    num_examples: 892
  - name: validation
    num_bytes: 5788
    num_examples: 105
  - name: test
    num_bytes: 5588
    num_examples: 104
configs:
- config_name: default
  data_files:
  - split: train
    path: data/train-*
  - split: validation
    path: data/validation-*
  - split: test
    path: data/test-*
---

# Dataset Card for Gutenberg Poem Dataset

Poem Sentiment is a sentiment dataset of poem verses from Project Gutenberg.
"""


def _parquet(columns: dict[str, list]) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    buf = io.BytesIO()
    pq.write_table(pa.table(columns), buf)
    return buf.getvalue()


def _poem_sentiment() -> Iterator[Put]:
    for split, n in (("train", 7), ("validation", 3), ("test", 3)):
        verses, labels = [], []
        for i in range(n):
            verse = f"with {_words(f'pv{split}{i}', 7)},"
            label = (i * 2 + len(split)) % 3
            verses.append(verse)
            labels.append(label)
            file = f"data/{split}-00000-of-00001.parquet"
            yield row(f"{file}:{i}", split, _POEM[label], verse)
        yield aux(f"data/{split}-00000-of-00001.parquet",
                  _parquet({"id": list(range(n)), "verse_text": verses, "label": labels}))
    yield aux("README.md", _POEM_CARD)


def _tatoeba() -> Iterator[Put]:
    pairs = [("Go.", "Va !"), ("Hi.", "Salut !"), ("Run!", "Cours\u202f!"), ("Who?", "Qui ?"),
             ("I see.", "Je comprends."), ("Help me.", "Aidez-moi."), ("Be nice.", "Soyez gentil !"),
             ("I'm hungry.", "J'ai faim.")]
    lines = []
    for i, (en, fr) in enumerate(pairs):
        lines.append(f"{en}\t{fr}\tCC-BY 2.0 (France) Attribution: tatoeba.org #{2877272 + 31 * i} (CM) & "
                     f"#{1158250 + 17 * i} (Wittydev)")
        yield row(f"fra.txt:{i}", "train", None, (en, fr))
    yield aux("fra.txt", "\n".join(lines) + "\n")
    yield aux("_about.txt", "** Info **\n\nCheck for newest version here:\n  http://www.manythings.org/anki/\n\n"
              "** Terms of Use **\n\nSee the terms of use.\nThese files have been released under the same license "
              "as the source.\n\nhttp://tatoeba.org/eng/terms_of_use\nhttp://creativecommons.org/licenses/by/2.0\n")


# ------------------------------------------------------------------------------------------------
# Arrays
# ------------------------------------------------------------------------------------------------


def _usps() -> Iterator[Put]:
    import h5py

    rng = np.random.default_rng(8)
    buf = io.BytesIO()
    with h5py.File(buf, "w") as f:
        for split, labels in (("train", [6, 5, 4, 7, 3, 6, 3]), ("test", [9, 6, 3, 6])):
            group = f.create_group(split)
            # 16x16 grey digits flattened to 256 floats in [0, 1] (Kaggle's usps.h5, from the -1..1 zip.train)
            group.create_dataset("data", data=rng.random((len(labels), 256)), compression="gzip")
            group.create_dataset("target", data=np.asarray(labels, dtype=np.int64), compression="gzip")
            for i, label in enumerate(labels):
                yield Put(f"usps.h5#{split}/data:{i}", record=True, split=split, labels=frozenset({str(label)}))
    yield aux("usps.h5", buf.getvalue())


def _npy(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, array)
    return buf.getvalue()


def _olivetti() -> Iterator[Put]:
    rng = np.random.default_rng(40)
    targets = [0, 0, 0, 1, 1, 1, 2, 2, 2, 39]
    for i, target in enumerate(targets):
        yield Put(f"olivetti_faces.npy:{i}", record=True, split="train", labels=frozenset({str(target)}))
    yield aux("olivetti_faces.npy", _npy(rng.random((len(targets), 64, 64), dtype=np.float32)))
    yield aux("olivetti_faces_target.npy", _npy(np.asarray(targets, dtype=np.int32)))


SPECS: dict[str, Spec] = {
    "asl_alphabet": Spec("asl-alphabet", "image", _asl_alphabet,
                         "https://www.kaggle.com/datasets/grassknoted/asl-alphabet (asl_alphabet_train/"
                         "asl_alphabet_train/<A..Z, del, nothing, space>/A1.jpg; asl_alphabet_test/"
                         "asl_alphabet_test/A_test.jpg, one per class but del)",
                         "29 classes; the test set is flat, each file named <class>_test.jpg."),
    "office31": Spec("office31", "image", _office31,
                     "https://faculty.cc.gatech.edu/~judy/domainadapt/ (domain_adaptation_images.tar.gz: "
                     "amazon/images/<31 classes>/frame_0001.jpg, dslr/images/..., webcam/images/...)",
                     "three domains holding the same 31 classes: each domain a split of its own, never a class."),
    "trashnet": Spec("trashnet", "image", _trashnet,
                     "https://github.com/garythung/trashnet (data/dataset-resized.zip: dataset-resized/<cardboard, "
                     "glass, metal, paper, plastic, trash>/<class>N.jpg, zipped on macOS with __MACOSX/)",
                     "six classes; the zip unopened; the __MACOSX resource forks are no images."),
    "dog_breeds": Spec("dog-breed-identification", "image", _dog_breeds,
                       "https://www.kaggle.com/c/dog-breed-identification/data (labels.csv id,breed; train/<id>.jpg; "
                       "test/<id>.jpg; sample_submission.csv id,<120 breeds>)",
                       "120 breeds keyed by image id; test unlabelled; the submission's uniform fractions no labels."),
    "hard_hat": Spec("hard-hat-detection", "image", _hard_hat,
                     "https://www.kaggle.com/datasets/andrewmvd/hard-hat-detection (images/hard_hat_workersN.png, "
                     "annotations/hard_hat_workersN.xml, PASCAL VOC; classes helmet, head, person)",
                     "each image's XML in a folder beside the images."),
    "udacity": Spec("udacity-autti", "image", _udacity,
                    "https://github.com/udacity/self-driving-car/tree/master/annotations (object-dataset.tar.gz: "
                    "frames and a headerless labels.csv: frame xmin ymin xmax ymax occluded label [attributes], "
                    "space-separated, labels quoted)",
                    "one row per box; car, truck, pedestrian, biker, trafficLight (its colour an attribute)."),
    "crowdhuman": Spec("CrowdHuman", "image", _crowdhuman,
                       "https://www.crowdhuman.org/ (Images/<ID>.jpg from the train and val zips, annotation_train.odgt, "
                       "annotation_val.odgt: a JSON object a line, ID and gtboxes with tag person or mask)",
                       "each annotation file's images its split; tag mask is an ignored region, no object."),
    "semantic_drone": Spec("semantic-drone-dataset", "image", _semantic_drone,
                           "https://www.kaggle.com/datasets/bulentsiyah/semantic-drone-dataset (dataset/"
                           "semantic_drone_dataset/original_images/000.jpg, label_images_semantic/000.png; "
                           "RGB_color_image_masks/RGB_color_image_masks/000.png; class_dict_seg.csv)",
                           "segmentation: the original images are the records, unlabelled; both mask trees masks."),
    "ph2": Spec("PH2", "image", _ph2,
                "https://www.fc.up.pt/addi/ph2%20database.html (PH2Dataset/PH2 Dataset images/IMD002/"
                "IMD002_Dermoscopic_Image/IMD002.bmp, IMD002_lesion/IMD002_lesion.bmp, IMD002_roi/)",
                "a folder per image; the dermoscopic image is the record, unlabelled; lesion and roi masks."),
    "chexpert": Spec("CheXpert-v1.0-small", "image", _chexpert,
                     "https://stanfordmlgroup.github.io/competitions/chexpert/ (CheXpert-v1.0-small/train.csv, "
                     "valid.csv: Path from the folder above, Sex, Age, Frontal/Lateral, AP/PA, 14 observations "
                     "1.0 positive, 0.0 negative, -1.0 uncertain, blank unmentioned; train/patientN/studyM/*.jpg)",
                     "multi-label by the observations marked 1.0; uncertain (-1.0) is no positive."),
    "wnli": Spec("glue_data", "text", _wnli,
                 "https://gluebenchmark.com/tasks (WNLI.zip: train.tsv, dev.tsv index sentence1 sentence2 label; "
                 "test.tsv without label); tfds glue/wnli: label names not_entailment, entailment",
                 "sentence pairs; test unlabelled.",
                 aliases={name: {code} for code, name in _WNLI.items()}),
    "poem_sentiment": Spec("poem_sentiment", "text", _poem_sentiment,
                           "https://huggingface.co/datasets/google-research-datasets/poem_sentiment (data/"
                           "<split>-00000-of-00001.parquet: id, verse_text, label; README.md configs and "
                           "class_label names negative, positive, no_impact)",
                           "three splits, labels 0-2 named by the card."),
    "tatoeba": Spec("fra-eng", "text", _tatoeba,
                    "https://www.manythings.org/anki/ (fra-eng.zip: fra.txt English<TAB>French<TAB>attribution, "
                    "_about.txt)",
                    "translation pairs, no label; the attribution is no text."),
    "usps": Spec("usps", "image", _usps,
                 "https://www.kaggle.com/datasets/bistaumanga/usps-dataset (usps.h5: groups train and test, each "
                 "with data (N, 256) floats in [0, 1] and target (N,) digits)",
                 "16x16 digits 0-9; the groups are the splits."),
    "olivetti": Spec("olivetti", "image", _olivetti,
                     "https://scikit-learn.org/stable/datasets/real_world.html#olivetti-faces (Kaggle's "
                     "olivetti_faces.npy (400, 64, 64) float32 in [0, 1], olivetti_faces_target.npy (400,) person ids)",
                     "40 people numbered 0-39; no split."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
