"""A fourth round of miniatures of public datasets no rule, test or doc here named before.

Chosen by kind: class ids in file names under split folders, per-class split lists beside a flat
image folder, class folders whose names repeat in the files, split/class folders beside a CSV of the
same facts and a model file, masks in a mirror folder, per-image text annotations, one folder per
image holding its image and its masks, one-row-per-box CSVs, multi-label tables per category
folder, headerless multi-label TSVs with an id list, binary label columns, `text;label` lines, text
files in class folders (latin-1), a plain `text,category` table, and a headerless 14-column TSV.

The shape is one table: a builder yields `Put`s (a file to write, and whether it is a record with
its split, labels, text and objects) and `build` writes them and collects the truth. A record id is
the path relative to the root; a row of a table or a line of a line file is "<file>:<0-based
index>". Labels are frozensets of documented names (None: unlabelled; empty: labelled, no positive
label); `objects` holds each detection record's object class names (None in a name: the files name
no class); `texts` the text a text record must carry. The truth comes from each dataset's documented
meaning (its README, loader or challenge page, cited in `source`), never from what shardify does.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from helpers.shipped import _gray_png, _image_bytes, _words, _write


@dataclass(frozen=True)
class Put:
    """One file of the download (`data`; an image made from `image` when data is None), or one row
    record of a table written by another Put (`path` "<file>:<i>", no data, no image)."""

    path: str
    data: bytes | str | None = None
    image: str | None = None  # "jpg", "png", "mask" (1-channel PNG) or "maskjpg" (a white shape on black, JPEG)
    record: bool = False
    split: str | None = None
    labels: frozenset[str] | None = None
    text: str | tuple[str, str] | None = None
    objects: tuple[str | None, ...] | None = None
    encoding: str = "utf-8"


def _two_valued_jpeg(path: str, width: int, height: int) -> bytes:
    """A mask as Kvasir-SEG's are: a white region on black, saved as JPEG (grey along its edges)."""
    from PIL import Image, ImageDraw

    seed = sum(path.encode())
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).ellipse((2 + seed % 3, 2, width - 3, height - 2 - seed % 4), fill=255)
    buffer = io.BytesIO()
    mask.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


@dataclass(frozen=True)
class Truth4:
    root: Path
    media: str
    records: dict[str, tuple[str, frozenset[str] | None]]
    source: str
    notes: str
    texts: dict[str, str | tuple[str, str]] = field(default_factory=dict)
    objects: dict[str, tuple[str | None, ...]] = field(default_factory=dict)
    aliases: dict[str, set[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Spec:
    root: str
    media: str
    puts: Callable[[], Iterator[Put]]
    source: str
    notes: str
    aliases: dict[str, set[str]] = field(default_factory=dict)


def img(path: str, split: str | None = None, labels=None, *, kind: str = "jpg", objects=None, record: bool = True) -> Put:
    return Put(path, image=kind, record=record, split=split,
               labels=None if labels is None else frozenset([labels] if isinstance(labels, str) else labels),
               objects=None if objects is None else tuple(objects))


def row(path: str, split: str | None, labels, text=None) -> Put:
    """A row record; `labels` one name, a collection of names, or None (unlabelled) (the blind batches'
    text helpers each kept a copy, as `_row`)."""
    return Put(path, record=True, split=split,
               labels=None if labels is None else frozenset([labels] if isinstance(labels, str) else labels), text=text)


def aux(path: str, data: bytes | str, encoding: str = "utf-8") -> Put:
    return Put(path, data=data, encoding=encoding)


def given(path: str, data: bytes, split: str | None = None, labels=None, objects=None) -> Put:
    """A record whose bytes are given (a TIFF, a BMP, a grey PNG), not made by `build` from a kind
    (the blind batches' helpers each kept a copy, as `_file`)."""
    return Put(path, data=data, record=True, split=split,
               labels=None if labels is None else frozenset([labels] if isinstance(labels, str) else labels),
               objects=None if objects is None else tuple(objects))


def build(spec: Spec, dest: Path) -> Truth4:
    root = dest / spec.root
    records, texts, objects = {}, {}, {}
    for put in spec.puts():
        if put.image is not None:
            fmt = "JPEG" if put.image in ("jpg", "maskjpg") else "PNG"
            mode = "L" if put.image.startswith("mask") else "RGB"
            if put.image == "mask":
                data = _gray_png(put.path, 20, 16, [0, 255])
            elif put.image == "maskjpg":
                data = _two_valued_jpeg(put.path, 20, 16)
            else:
                data = _image_bytes(put.path, 20, 16, fmt, mode)
            _write(root / put.path, data)
        elif put.data is not None:
            _write(root / put.path, put.data, put.encoding)
        if put.record:
            records[put.path] = (put.split, put.labels)
            if put.text is not None:
                texts[put.path] = put.text
            if put.objects is not None:
                objects[put.path] = put.objects
    return Truth4(root=root, media=spec.media, records=records, source=spec.source, notes=spec.notes,
                  texts=texts, objects=objects, aliases=spec.aliases)


def _csv(*cells) -> str:
    return ",".join(c if isinstance(c, str) and not any(x in c for x in ',"\n') and not c.startswith(" ")
                    else ('"' + str(c).replace('"', '""') + '"' if isinstance(c, str) else str(c)) for c in cells)


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_FOOD11 = ["Bread", "Dairy product", "Dessert", "Egg", "Fried food", "Meat", "Noodles/Pasta", "Rice",
           "Seafood", "Soup", "Vegetable/Fruit"]


def _food11() -> Iterator[Put]:
    for folder, split, per_class in (("training", "train", 2), ("validation", "validation", 1), ("evaluation", "test", 1)):
        for c in (0, 2, 5, 9, 10):
            for n in range(per_class):
                yield img(f"{folder}/{c}_{n + 3 * c}.jpg", split, _FOOD11[c])


_ACTIONS = ["applauding", "blowing_bubbles", "brushing_teeth", "riding_a_horse", "waving_hands"]


def _stanford40() -> Iterator[Put]:
    lists: dict[str, list[str]] = {"train": [], "test": []}
    counts = "".join(f"{a}\t{200 + i}\n" for i, a in enumerate(_ACTIONS))
    yield aux("ImageSplits/actions.txt", "action_name\tnumber_of_images\n" + counts)
    for action in _ACTIONS:
        per: dict[str, list[str]] = {"train": [], "test": []}
        for n in range(1, 5):
            name = f"{action}_{n:03d}.jpg"
            split = "train" if n % 2 else "test"
            per[split].append(name)
            lists[split].append(name)
            yield img(f"JPEGImages/{name}", split, action)
            yield aux(f"XMLAnnotations/{action}_{n:03d}.xml",
                      f"<annotation>\n  <filename>{name}</filename>\n  <object>\n    <action>{action}</action>\n"
                      "    <bndbox><xmax>18</xmax><xmin>2</xmin><ymax>15</ymax><ymin>1</ymin></bndbox>\n"
                      "    <name>person</name>\n  </object>\n"
                      "  <size><depth>3</depth><height>16</height><width>20</width></size>\n"
                      "</annotation>\n")
        for split, names in per.items():
            yield aux(f"ImageSplits/{action}_{split}.txt", "\n".join(names) + "\n")
    for split, names in lists.items():
        yield aux(f"ImageSplits/{split}.txt", "\n".join(names) + "\n")


def _resisc45() -> Iterator[Put]:
    for cls in ("airplane", "basketball_court", "sea_ice", "thermal_power_station", "church"):
        for n in range(1, 4):
            yield img(f"{cls}/{cls}_{n:03d}.jpg", "train", cls)


_SPORTS = ["air hockey", "ampute football", "bull riding", "figure skating men", "log rolling"]


def _h5_model() -> bytes:
    """A real (tiny) Keras-style HDF5 model file, as the download ships its trained model."""
    import h5py  # noqa: PLC0415 (only this miniature needs it)
    import numpy as np  # noqa: PLC0415

    buf = io.BytesIO()
    with h5py.File(buf, "w") as f:
        f.attrs["keras_version"] = "2.4.0"
        f.attrs["backend"] = "tensorflow"
        f.attrs["model_config"] = json.dumps({"class_name": "Functional", "config": {"name": "model"}})
        f.create_dataset("model_weights/dense/dense/kernel:0", data=np.arange(12, dtype=np.float32).reshape(4, 3))
    return buf.getvalue()


def _sports100() -> Iterator[Put]:
    lines = ["class id,filepaths,labels,data set"]
    for folder, split, count in (("train", "train", 3), ("valid", "validation", 1), ("test", "test", 1)):
        for c, cls in enumerate(_SPORTS):
            for n in range(1, count + 1):
                rel = f"{folder}/{cls}/{n:03d}.jpg"
                lines.append(_csv(str(c), rel, cls, folder))
                yield img(rel, split, cls)
    yield aux("sports.csv", "\n".join(lines) + "\n")
    yield aux("EfficientNetB0-100-(224 X 224)- 98.40.h5", _h5_model())


_MLRS_LABELS = ["airplane", "airport", "bare soil", "baseball diamond", "basketball court", "beach", "bridge",
                "buildings", "cars", "cloud", "containers", "crosswalk", "dense residential area", "freeway",
                "grass", "sea", "sand", "pavement", "river", "trees"]
_MLRS = {"airplane": [{"airplane", "airport", "pavement"}, {"airplane", "cars", "pavement", "grass"}, {"airplane", "airport"}],
         "beach": [{"beach", "sea", "sand"}, {"beach", "sand", "trees"}, {"beach", "sea", "sand", "buildings"}],
         "bridge": [{"bridge", "river"}, {"bridge", "river", "cars", "trees"}, {"bridge", "river", "pavement"}],
         "freeway": [{"freeway", "cars", "pavement"}, {"freeway", "grass", "trees"}, {"freeway", "cars", "bare soil"}]}


def _mlrsnet() -> Iterator[Put]:
    for category, tag_sets in _MLRS.items():
        lines = [",".join(["image", *_MLRS_LABELS])]
        for n, tags in enumerate(tag_sets, start=1):
            name = f"{category}_{n:05d}.jpg"
            lines.append(",".join([name, *("1" if t in tags else "0" for t in _MLRS_LABELS)]))
            yield img(f"Images/{category}/{name}", "train", tags)
        yield aux(f"Labels/{category}.csv", "\n".join(lines) + "\n")
    xlsx = io.BytesIO()
    with zipfile.ZipFile(xlsx, "w") as z:
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
        z.writestr("xl/workbook.xml", '<?xml version="1.0"?><workbook/>')
    yield aux("Categories_names.xlsx", xlsx.getvalue())


# ------------------------------------------------------------------------------------------------
# Images: masks and objects
# ------------------------------------------------------------------------------------------------

_KVASIR = ["cju0qkwl35piu0993l0dewei2", "cju0qoxqj9q6s0835b43399p4", "cju0roawvklrq0799vmjorwfv",
           "cju0rx1idathl0835detmsp84", "cju0s2a9ekvms080138tjjpxr", "cju0s690hkp960855tjuaqvv0"]


def _kvasir_seg() -> Iterator[Put]:
    boxes = {}
    for stem in _KVASIR:
        yield img(f"Kvasir-SEG/images/{stem}.jpg", "train")
        yield img(f"Kvasir-SEG/masks/{stem}.jpg", kind="maskjpg", record=False)
        boxes[stem] = {"height": 16, "width": 20, "bbox": [{"label": "polyp", "xmin": 3, "ymin": 2, "xmax": 15, "ymax": 12}]}
    yield aux("Kvasir-SEG/kavsir_bboxes.json", json.dumps(boxes))


_DOTA = {"P0003": ["plane", "plane", "small-vehicle"], "P0017": ["harbor", "ship", "ship", "ship"],
         "P0024": ["storage-tank"], "P0101": ["tennis-court", "tennis-court", "swimming-pool"],
         "P0146": ["large-vehicle", "small-vehicle"], "P0208": ["roundabout", "small-vehicle"]}


def _dota() -> Iterator[Put]:
    for split, folder, stems in (("train", "train", ["P0003", "P0017", "P0024", "P0101"]),
                                 ("validation", "val", ["P0146", "P0208"]), ("test", "test", ["P0412", "P0533"])):
        for stem in stems:
            names = _DOTA.get(stem)
            # detection records carry their objects' classes as the image's labels (docs/records.md)
            yield img(f"{folder}/images/{stem}.png", split, None if names is None else set(names), kind="png", objects=names)
            if names is not None:
                lines = ["imagesource:GoogleEarth", "gsd:0.146343590398"]
                for k, name in enumerate(names):
                    x, y = 1 + 2 * k, 2 + k
                    lines.append(f"{x}.0 {y}.0 {x + 5}.0 {y}.0 {x + 5}.0 {y + 4}.0 {x}.0 {y + 4}.0 {name} {k % 2}")
                yield aux(f"{folder}/labelTxt/{stem}.txt", "\n".join(lines) + "\n")


_DSB = ["00071198d059ba7f5914a526d124d28e6d010c92466da21d4a04cd5413362552",
        "003cee89357d9fe13516167fd67b609a164651b21934585648c740d2c3d86dc1",
        "00ae65c1c6631ae6f2be1a449902976e6eb8483bf6b0740d00530220832c6d3e",
        "0121d6759c5adb290c8e828fc882f37dfaf3663ec885c663859948c154a443ed"]
_DSB_TEST = ["0114f484a16c152baa2d82fdd43740880a762c93f436c8988ac461c5c9dbe7d5",
             "0999dab07b11bc85fb8464fc36c947fbd8b5d6ec49817361cb780659ca805eac"]


def _dsb2018() -> Iterator[Put]:
    rle = ["ImageId,EncodedPixels"]
    for i, image_id in enumerate(_DSB):
        yield img(f"stage1_train/{image_id}/images/{image_id}.png", "train", kind="png")
        for m in range(2 + i % 2):
            yield img(f"stage1_train/{image_id}/masks/{_DSB[(i + m + 1) % 4][:40]}{m:024d}.png", kind="mask", record=False)
            rle.append(f"{image_id},{20 * m + 3} 4 {20 * m + 23} 4")
    for image_id in _DSB_TEST:
        yield img(f"stage1_test/{image_id}/images/{image_id}.png", "test", kind="png")
    yield aux("stage1_train_labels.csv", "\n".join(rle) + "\n")
    yield aux("stage1_sample_submission.csv", "ImageId,EncodedPixels\n" + "".join(f"{t},1 1\n" for t in _DSB_TEST))


def _global_wheat() -> Iterator[Put]:
    rows = ["image_id,width,height,bbox,source"]
    for i, image_id in enumerate(["00333207f", "005b0d8bb", "006a994f7", "00764ad5d", "00b5fefed", "00b70a919"]):
        count = (3, 1, 2, 0, 4, 2)[i]  # 00764ad5d: an image of the train folder with no wheat head
        for k in range(count):
            source = ("usask_1", "arvalis_1", "ethz_1")[i % 3]
            # (the miniature's images are 20x16: the boxes are drawn inside them, as the real ones are in 1024x1024)
            rows.append(f'{image_id},1024,1024,"[{1.0 + 3 * k}, {2.0 + k}, 4.0, 3.0]",{source}')
        yield img(f"train/{image_id}.jpg", "train", "wheat_head" if count else None, objects=[None] * count)
    for image_id in ("2fd875eaa", "348a992bb", "51b3e36ab"):
        yield img(f"test/{image_id}.jpg", "test")
    yield aux("train.csv", "\n".join(rows) + "\n")
    yield aux("sample_submission.csv", "image_id,PredictionString\n" + "".join(
        f"{t},1.0 0 0 50 50\n" for t in ("2fd875eaa", "348a992bb", "51b3e36ab")))


# ------------------------------------------------------------------------------------------------
# Texts
# ------------------------------------------------------------------------------------------------

_GOEMO = ["admiration", "amusement", "anger", "annoyance", "approval", "caring", "confusion", "curiosity", "desire",
          "disappointment", "disapproval", "disgust", "embarrassment", "excitement", "fear", "gratitude", "grief",
          "joy", "love", "nervousness", "optimism", "pride", "realization", "relief", "remorse", "sadness",
          "surprise", "neutral"]
_GOEMO_ROWS = [([27], "My favourite food is anything I didn't have to cook myself."),
               ([2, 3], "WHY THE FUCK IS BAYLESS ISOING"), ([14], "To make her feel threatened"),
               ([3], "Dirty Southern Wankers"), ([26], "OmG pEyToN iSn'T gOoD eNoUgH tO hElP uS iN tHe PlAyOfFs!"),
               ([15], "Yes I heard abt the f bombs! That has to be why. Thanks for your reply:) "
                      "until then hubby and I will anxiously wait 😝"),
               ([8, 20], "We need more boards and to create a bit more space for [NAME]. Then we'll be good."),
               ([0, 15], "Damn youtube and outrage drama is super lucrative for reddit"),
               ([27], "It might be linked to the trust factor of your friend.")]


def _go_emotions() -> Iterator[Put]:
    yield aux("data/emotions.txt", "\n".join(_GOEMO) + "\n")
    yield aux("data/ekman_mapping.json",
              json.dumps({"anger": ["anger", "annoyance", "disapproval"], "joy": ["joy", "amusement"]}))
    yield aux("data/sentiment_mapping.json", json.dumps({"positive": ["amusement", "joy"], "negative": ["fear", "anger"]}))
    for split, file, take in (("train", "train", range(0, 5)), ("validation", "dev", range(5, 7)), ("test", "test", range(7, 9))):
        lines = []
        for i, k in enumerate(take):
            ids, text = _GOEMO_ROWS[k]
            lines.append(f"{text}\t{','.join(map(str, ids))}\ted{k}{'abcdef'[k % 6]}x{k}k")
            yield row(f"data/{file}.tsv:{i}", split, {_GOEMO[j] for j in ids}, text)
        yield aux(f"data/{file}.tsv", "\n".join(lines) + "\n")


_TOXIC = ["toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"]


def _jigsaw_toxic() -> Iterator[Put]:
    header = '"id","comment_text",' + ",".join(f'"{t}"' for t in _TOXIC)
    train = [header]
    for i in range(8):
        flags = [int(i % 3 == 1), int(i == 4), int(i in (1, 4)), 0, int(i % 3 == 1), int(i == 7)]
        text = f"{_words(f'tox{i}', 6).capitalize()} \"{_words(f'q{i}', 2)}\" edit,\n{_words(f'tox2{i}', 4)} == talk =="
        train.append(f'"{i:016x}",' + _csv(text) + "," + ",".join(map(str, flags)))
        yield row(f"train.csv:{i}", "train", {t for t, f in zip(_TOXIC, flags) if f}, text)
    test, test_labels = ['"id","comment_text"'], ['"id",' + ",".join(f'"{t}"' for t in _TOXIC)]
    for i in range(5):
        flags = [-1] * 6 if i % 2 == 0 else [int(i == 3), 0, int(i == 3), 0, 0, 0]
        text = f"== {_words(f'te{i}', 2)} == {_words(f'test{i}', 5)}"
        test.append(f'"{0xa0 + i:016x}",' + _csv(text))
        test_labels.append(f'"{0xa0 + i:016x}",' + ",".join(map(str, flags)))
        # -1: the comment was not used for scoring (the challenge's data page): no label
        yield row(f"test.csv:{i}", "test", None if flags[0] == -1 else {t for t, f in zip(_TOXIC, flags) if f}, text)
    yield aux("train.csv", "\n".join(train) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("test_labels.csv", "\n".join(test_labels) + "\n")
    yield aux("sample_submission.csv", '"id",' + ",".join(f'"{t}"' for t in _TOXIC) + "\n"
              + "".join(f'"{0xa0 + i:016x}",0.5,0.5,0.5,0.5,0.5,0.5\n' for i in range(5)))


_CARER = ["sadness", "joy", "love", "anger", "fear", "surprise"]


def _dair_emotion() -> Iterator[Put]:
    for split, file, n in (("train", "train", 8), ("validation", "val", 3), ("test", "test", 3)):
        lines = []
        for i in range(n):
            label = _CARER[(i + len(file)) % 6]
            text = f"i feel {_words(f'{file}{i}', 5)} and a little {label if i % 2 else 'lost'} today"
            lines.append(f"{text};{label}")
            yield row(f"{file}.txt:{i}", split, label, text)
        yield aux(f"{file}.txt", "\n".join(lines) + "\n")


def _bbc_news() -> Iterator[Put]:
    yield aux("bbc/README.TXT", "Consists of 2225 documents from the BBC news website corresponding to stories in five "
              "topical areas from 2004-2005.\nClass Labels: 5 (business, entertainment, politics, sport, tech)\n")
    for cls in ("business", "entertainment", "politics", "sport", "tech"):
        for n in range(1, 4):
            title = _words(f"bbc{cls}{n}", 4).title()
            body = f"{_words(f'body{cls}{n}', 12)} for \u00a3{n * 3}.5m, up {n}% on 2003.\n\n{_words(f'b2{cls}{n}', 9)}."
            text = f"{title}\n\n{body}\n"
            yield Put(f"bbc/{cls}/{n:03d}.txt", data=text, encoding="latin-1", record=True, split="train",
                      labels=frozenset({cls}), text=text)


_BANKING = ["card_arrival", "card_linking", "exchange_rate", "lost_or_stolen_card", "top_up_failed"]


def _banking77() -> Iterator[Put]:
    yield aux("categories.json", json.dumps(_BANKING, indent=4))
    for split, n in (("train", 10), ("test", 5)):
        lines = ["text,category"]
        for i in range(n):
            cat = _BANKING[i % 5]
            text = (f"I am still waiting on my card, {_words(f'bank{split}{i}', 4)}?" if i % 2
                    else f"How do I {_words(f'b{split}{i}', 5)}")
            lines.append(_csv(text, cat))
            yield row(f"{split}.csv:{i}", split, cat, text)
        yield aux(f"{split}.csv", "\n".join(lines) + "\n")


_LIAR = ["pants-fire", "false", "barely-true", "half-true", "mostly-true", "true"]


def _liar() -> Iterator[Put]:
    yield aux("README", "LIAR: A BENCHMARK DATASET FOR FAKE NEWS DETECTION\n\nColumns:\nColumn 1: the ID of the statement "
              "([ID].json).\nColumn 2: the label.\nColumn 3: the statement.\nColumn 4: the subject(s).\nColumn 5: the "
              "speaker.\n...\nColumn 14: the context (venue / location of the speech or statement).\n")
    for split, file, n in (("train", "train", 8), ("validation", "valid", 3), ("test", "test", 3)):
        lines = []
        for i in range(n):
            label = _LIAR[(3 * i + len(file)) % 6]
            statement = f"Says the {_words(f'liar{file}{i}', 6)} has cost taxpayers ${i + 2}.{i} billion since 2009."
            cells = [f"{2635 + 97 * i + len(file)}.json", label, statement, "economy,taxes", f"speaker-{i % 3}",
                     "State Senator" if i % 2 else "", "Texas" if i % 3 else "", ("republican", "democrat", "none")[i % 3],
                     str(i), str(2 * i), str(i % 4), "0", str(i % 2), f"a {_words(f'ctx{file}{i}', 2)} interview"]
            lines.append("\t".join(cells))
            yield row(f"{file}.tsv:{i}", split, label, statement)
        yield aux(f"{file}.tsv", "\n".join(lines) + "\n")


SPECS: dict[str, Spec] = {
    "food11": Spec("Food-11", "image", _food11,
                   "https://www.epfl.ch/labs/mmspg/downloads/food-image-datasets/ (Food-11: training/, validation/, "
                   "evaluation/; file '<class id>_<n>.jpg')",
                   "flat split folders; the class is the number before '_' (0 Bread ... 10 Vegetable/Fruit).",
                   {name.casefold(): {str(i)} for i, name in enumerate(_FOOD11)}),
    "stanford40": Spec("Stanford40", "image", _stanford40,
                       "http://vision.stanford.edu/Datasets/40actions.html (JPEGImages/, ImageSplits/, XMLAnnotations/)",
                       "one flat JPEGImages/; ImageSplits/<action>_<train|test>.txt and train.txt/test.txt list names; "
                       "the action is the name before the last '_' (and the XML's <action>)."),
    "resisc45": Spec("NWPU-RESISC45", "image", _resisc45,
                     "tfds image_classification/resisc45.py (NWPU-RESISC45/<class>/<class>_NNN.jpg; one split train)",
                     "45 class folders (here 5), class names with underscores; one split."),
    "sports100": Spec("sports", "image", _sports100,
                      "Kaggle gpiosenka/sports-classification (train/ valid/ test/<class>/NNN.jpg, sports.csv, a .h5 model)",
                      "split folders over class folders with spaces in names; sports.csv restates them; a Keras .h5 model."),
    "mlrsnet": Spec("MLRSNet", "image", _mlrsnet,
                    "https://github.com/cugbrs/MLRSNet README (Images/<category>/, Labels/<category>.csv, Categories_names.xlsx)",
                    "multi-label: each image's labels are the 1-columns of its category's CSV (image, 60 label columns); "
                    "the folder is the scene category the image was collected under."),
    "kvasir_seg": Spec("kvasir-seg", "image", _kvasir_seg,
                       "https://datasets.simula.no/kvasir-seg/ (Kvasir-SEG/images, masks of the same names, kavsir_bboxes.json)",
                       "polyp images with JPEG masks of the same names in masks/; one split, no class label."),
    "dota": Spec("DOTA", "image", _dota,
                 "https://captain-whu.github.io/DOTA/dataset.html (v1.0: <split>/images/Pxxxx.png, <split>/labelTxt/Pxxxx.txt)",
                 "labelTxt: 'imagesource:', 'gsd:' then 'x1 y1 .. x4 y4 category difficult' per object; test has no labels."),
    "dsb2018": Spec("data-science-bowl-2018", "image", _dsb2018,
                    "https://www.kaggle.com/c/data-science-bowl-2018/data (stage1_train/<id>/images/<id>.png, masks/*.png)",
                    "one folder per image (its hash id) with images/ and masks/ (one PNG per nucleus); "
                    "stage1_test has no masks."),
    "global_wheat": Spec("global-wheat-detection", "image", _global_wheat,
                         "https://www.kaggle.com/c/global-wheat-detection/data (train.csv image_id,width,height,bbox,source)",
                         "one CSV row per wheat-head box, bbox '[x, y, w, h]'; train images with no box have no row; "
                         "test unlabelled."),
    "go_emotions": Spec("goemotions", "text", _go_emotions,
                        "https://github.com/google-research/google-research/tree/master/goemotions (data/*.tsv, emotions.txt)",
                        "headerless 'text<TAB>ids<TAB>comment id'; ids are comma-separated lines of emotions.txt (multi-label).",
                        {name: {str(i)} for i, name in enumerate(_GOEMO)}),
    "jigsaw_toxic": Spec("jigsaw-toxic-comment-classification-challenge", "text", _jigsaw_toxic,
                         "https://www.kaggle.com/c/jigsaw-toxic-comment-classification-challenge/data",
                         "train.csv: id, comment_text (multi-line), six 0/1 columns; test labels in test_labels.csv, "
                         "-1: unscored.",
                         ),
    "dair_emotion": Spec("emotion", "text", _dair_emotion,
                         "https://github.com/dair-ai/emotion_dataset (train.txt, val.txt, test.txt 'text;label')",
                         "one line per text, the label after ';'."),
    "bbc_news": Spec("bbc-fulltext", "text", _bbc_news,
                     "http://mlg.ucd.ie/datasets/bbc.html (bbc-fulltext.zip: bbc/<class>/NNN.txt, README.TXT)",
                     "one text file per article in its class folder, latin-1 ('\u00a3' is byte 0xA3); one split."),
    "banking77": Spec("banking_data", "text", _banking77,
                      "https://github.com/PolyAI-LDN/task-specific-datasets (banking_data/train.csv, test.csv, categories.json)",
                      "'text,category' tables, one per split; categories.json lists the 77 names."),
    "liar": Spec("liar_dataset", "text", _liar,
                 "https://www.cs.ucsb.edu/~william/data/liar_dataset.zip (README: 14 tab-separated columns, no header)",
                 "headerless TSV: id ('2635.json'), label, statement, subjects, speaker, ... context; the text is column 3."),
}

GO_EMOTIONS_NAMES = tuple(_GOEMO)  # emotions.txt, line i naming id i

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
