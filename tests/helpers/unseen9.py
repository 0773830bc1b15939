"""A ninth round of miniatures of public datasets no rule, test or doc here named before.

Chosen by kind: a document-image download whose labels are `path class-id` list files in a folder
beside the images (RVL-CDIP); one flat image folder split by three `filename,label` CSVs (the
few-shot Mini-ImageNet split); species folders under split folders beside COCO-like JSONs that
name the same images (iNaturalist 2021); a Kaggle re-upload whose class folders sit under a
doubled wrapper with a flat, unlabelled test folder beside it (New Plant Diseases); pixel-column
tables of a Kaggle competition with an extra evaluation table (Kannada-MNIST); per-image JSON
annotations of form entities (FUNSD) and of clothing items keyed `item1`, `item2` (DeepFashion2);
per-image text annotations named `<image>.txt` with a count line, split by id lists
(WiderPerson); masks in a folder beside the images per split (SUIM) and per split and domain
(LoveDA); JSON-lines claims with a second label-like field (FEVER); a Kaggle table with a text
and its selected span (Tweet Sentiment Extraction); extensionless text files in category folders
under split folders (OHSUMED); parallel line files, one per language (Multi30k as torchtext
unpacks it); and headerless Chinese sentence-pair TSVs (LCQMC).

The builders reuse round four's table (tests/helpers/unseen4.py: `Put`, `build`): a record id is the
path relative to the root; a row or a line is "<file>:<i>". The truth comes from each dataset's
documented meaning (its data page, README or loader, cited in `source`), never from what shardify does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from helpers.shipped import _gray_png, _image_bytes, _words
from helpers.unseen4 import Put, Spec, Truth4, aux, build, img, row


def _picture(key: str, fmt: str = "JPEG", mode: str = "RGB") -> bytes:
    return _image_bytes(key, 20, 16, fmt, mode)


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_RVL = ["letter", "form", "email", "handwritten", "advertisement", "scientific report", "scientific publication",
        "specification", "file folder", "news article", "budget", "invoice", "presentation", "questionnaire",
        "resume", "memo"]
_RVL_FILES = {"train": [("imagesq/q/o/c/qoc54c00/0000008341.tif", 11), ("imagese/e/w/z/ewz13e00/ewz13e00.tif", 2),
                        ("imagesw/w/b/e/wbe21e00/2085133627a.tif", 0), ("imagesl/l/x/t/lxt19d00/502213303.tif", 4),
                        ("imagesc/c/d/d/cdd26d00/524022495+-2495.tif", 11), ("imagesa/a/a/a/aaa06d00/50486482-6482.tif", 0)],
              "val": [("imagesr/r/r/u/rru08e00/2028726011.tif", 2), ("imagesg/g/t/n/gtn27e00/2048493046.tif", 4)],
              "test": [("imagesm/m/b/m/mbm33e00/2501296541.tif", 11), ("imagesk/k/j/u/kju55f00/2021602290.tif", 0)]}


def _rvl_cdip() -> Iterator[Put]:
    for split, files in _RVL_FILES.items():
        for path, cls in files:
            yield Put(f"images/{path}", data=_picture(path, "TIFF", "L"), record=True, split=split,
                      labels=frozenset({_RVL[cls]}))
        yield aux(f"labels/{split}.txt", "".join(f"{path} {cls}\n" for path, cls in files))
    yield aux("readme.txt", "RVL-CDIP dataset\n\nlabels/train.txt, val.txt, test.txt: <path relative to images/> "
              "<label>\n\n" + "".join(f"{i} {name}\n" for i, name in enumerate(_RVL)))


_MINI = {"train": ["n01532829", "n01558993"], "val": ["n01855672", "n02091244"], "test": ["n01930112", "n01981276"]}


def _mini_imagenet() -> Iterator[Put]:
    for split, wnids in _MINI.items():
        lines = ["filename,label"]
        for wnid in wnids:
            for n in (5, 6, 17):
                name = f"{wnid}{n:08d}.jpg"
                lines.append(f"{name},{wnid}")
                yield img(f"images/{name}", split, wnid)
        yield aux(f"{split}.csv", "\n".join(lines) + "\n")


_INAT = [(0, "Abudefduf abdominalis", "00000_Animalia_Chordata_Actinopterygii_Perciformes_Pomacentridae_Abudefduf_abdominalis"),
         (5729, "Acer rubrum", "05729_Plantae_Tracheophyta_Magnoliopsida_Sapindales_Sapindaceae_Acer_rubrum"),
         (9999, "Zygophyllum fabago", "09999_Plantae_Tracheophyta_Magnoliopsida_Zygophyllales_Zygophyllaceae_Zygophyllum_fabago")]


def _inat_json(images: list[tuple[int, str, int | None]]) -> str:
    info = {"year": 2021, "version": "2021", "description": "iNat2021", "contributor": "iNat"}
    cats = [{"id": cid, "name": name, "common_name": name, "supercategory": folder.split("_")[1],
             "kingdom": folder.split("_")[1], "image_dir_name": folder} for cid, name, folder in _INAT]
    doc = {"info": info, "images": [{"id": i, "width": 20, "height": 16, "file_name": f, "license": 1,
                                     "rights_holder": "someone", "date": "2019-06-01 12:00:00", "latitude": 43.1,
                                     "longitude": -72.3, "location_uncertainty": 10} for i, f, _ in images],
           "categories": cats, "licenses": [{"id": 1, "name": "CC BY 4.0", "url": "https://creativecommons.org/"}]}
    if all(c is not None for _, _, c in images):
        doc["annotations"] = [{"id": i, "image_id": i, "category_id": c} for i, _, c in images]
    return json.dumps(doc)


def _inaturalist() -> Iterator[Put]:
    ident = 0
    for split, folder, per_class in (("train", "train", 3), ("validation", "val", 1)):
        images = []
        for cid, name, cat_folder in _INAT:
            for n in range(per_class):
                ident += 1
                path = f"{folder}/{cat_folder}/{ident:08x}-1c2d-4e5f-8a9b-{cid:012d}.jpg"
                images.append((ident, path, cid))
                yield img(path, split, name)
        yield aux(f"{folder}.json", _inat_json(images))
    tests = []
    for n in range(3):
        ident += 1
        path = f"public_test/{ident:08x}-9f8e-4d7c-b6a5-{n:012d}.jpg"
        tests.append((ident, path, None))
        yield img(path, "test")
    yield aux("public_test.json", _inat_json(tests))


_PLANT = {"Apple___Apple_scab": "FREC_Scab", "Apple___Cedar_apple_rust": "FREC_C.Rust",
          "Potato___Early_blight": "RS_Erly.B", "Tomato___healthy": "GH_HL Leaf"}


def _plant_diseases() -> Iterator[Put]:
    base = "New Plant Diseases Dataset(Augmented)/New Plant Diseases Dataset(Augmented)"
    for folder, split, per_class in (("train", "train", 3), ("valid", "validation", 1)):
        for k, (cls, code) in enumerate(_PLANT.items()):
            for n in range(per_class):
                suffix = "_new30degFlipLR" if n == 2 else ""
                name = f"{(0x00075aa8 + 977 * k + 31 * n):08x}-d81a-4184-8541-b692b78d398a___{code} {3335 + n}{suffix}.JPG"
                yield img(f"{base}/{folder}/{cls}/{name}", split, cls)
    # the 33 test images named for what they show, camel-cased (no class folder's name): unlabelled
    for name in ("AppleCedarRust1.JPG", "AppleScab2.JPG", "PotatoEarlyBlight1.JPG", "TomatoHealthy4.JPG"):
        yield img(f"test/test/{name}", "test")


def _pixel_rows(key: str, n: int) -> list[list[int]]:
    rng = np.random.default_rng(sum(key.encode()))
    return rng.integers(0, 256, (n, 784)).tolist()


def _kannada_mnist() -> Iterator[Put]:
    header = ",".join(f"pixel{i}" for i in range(784))
    for file, split, labels in (("train.csv", "train", [0, 1, 2, 3, 4, 5, 9, 9]), ("Dig-MNIST.csv", "dig_mnist", [0, 1, 2, 7])):
        lines = ["label," + header]
        for i, (label, pixels) in enumerate(zip(labels, _pixel_rows(file, len(labels)))):
            lines.append(f"{label}," + ",".join(map(str, pixels)))
            yield Put(f"{file}:{i}", record=True, split=split, labels=frozenset({str(label)}))
        yield aux(file, "\n".join(lines) + "\n")
    lines = ["id," + header]
    for i, pixels in enumerate(_pixel_rows("test", 4)):
        lines.append(f"{i}," + ",".join(map(str, pixels)))
        yield Put(f"test.csv:{i}", record=True, split="test")
    yield aux("test.csv", "\n".join(lines) + "\n")
    yield aux("sample_submission.csv", "id,label\n" + "".join(f"{i},0\n" for i in range(4)))


# ------------------------------------------------------------------------------------------------
# Objects
# ------------------------------------------------------------------------------------------------

_FUNSD = {"training_data": {"0000971160": ["header", "question", "answer", "question", "other"],
                            "00040534": ["question", "answer"], "82092117": ["header", "other", "other"]},
          "testing_data": {"82504862": ["question", "answer", "answer"], "83443897": ["other"]}}


def _funsd() -> Iterator[Put]:
    for folder, images in _FUNSD.items():
        split = "train" if folder == "training_data" else "test"
        for stem, labels in images.items():
            form = []
            for k, label in enumerate(labels):
                text = _words(f"f{stem}{k}", 2).upper() + (":" if label == "question" else "")
                box = [1 + k, 1 + k, 12 + k, 5 + k]
                form.append({"box": box, "text": text, "label": label,
                             "words": [{"box": box, "text": w} for w in text.split()],
                             "linking": [[k, k + 1]] if label == "question" else [], "id": k})
            yield img(f"dataset/{folder}/images/{stem}.png", split, set(labels), kind="png", objects=labels)
            yield aux(f"dataset/{folder}/annotations/{stem}.json", json.dumps({"form": form}, indent=4))


_FASHION = {"train": {"000001": ["short sleeve top", "trousers"], "000002": ["long sleeve dress"],
                      "000003": ["vest", "skirt"], "000004": ["short sleeve top"]},
            "validation": {"000001": ["shorts", "sling"], "000002": ["long sleeve outwear"]}}
_FASHION_IDS = {"short sleeve top": 1, "long sleeve top": 2, "short sleeve outwear": 3, "long sleeve outwear": 4,
                "vest": 5, "sling": 6, "shorts": 7, "trousers": 8, "skirt": 9, "short sleeve dress": 10,
                "long sleeve dress": 11, "vest dress": 12, "sling dress": 13}


def _deepfashion2() -> Iterator[Put]:
    for split, images in _FASHION.items():
        for stem, names in images.items():
            annos = {"source": "user", "pair_id": int(stem)}
            for k, name in enumerate(names, start=1):
                x, y = 1 + 2 * k, 1 + k
                annos[f"item{k}"] = {"segmentation": [[x, y, x + 6, y, x + 6, y + 8, x, y + 8]], "scale": 2,
                                     "viewpoint": 2, "zoom_in": 1, "landmarks": [x + 1, y + 1, 2, x + 3, y + 1, 1],
                                     "style": 1, "bounding_box": [x, y, x + 6, y + 8], "category_id": _FASHION_IDS[name],
                                     "occlusion": 1, "category_name": name}
            yield img(f"{split}/image/{stem}.jpg", split, set(names), objects=names)
            yield aux(f"{split}/annos/{stem}.json", json.dumps(annos))
    for stem in ("000001", "000002"):
        yield img(f"test/image/{stem}.jpg", "test")


_WIDER = {"pedestrians": {"1"}, "riders": {"2"}, "partially-visible persons": {"3"}, "crowd": {"5"}}
_WIDER_CLASS = {1: "pedestrians", 2: "riders", 3: "partially-visible persons", 5: "crowd"}
_WIDER_IMAGES = {"train": {"000040": [1, 1, 3, 4], "000041": [1, 2], "000045": [3, 3, 5], "000047": [1]},
                 "val": {"000050": [1, 4, 2], "000051": [3]}, "test": {"000060": None, "000063": None}}


def _widerperson() -> Iterator[Put]:
    for split, images in _WIDER_IMAGES.items():
        for stem, classes in images.items():
            if classes is None:
                yield img(f"Images/{stem}.jpg", split)
                continue
            # class 4 is an ignore region (people on posters, reflections): no person to train on
            names = [_WIDER_CLASS[c] for c in classes if c != 4]
            yield img(f"Images/{stem}.jpg", split, set(names), objects=names)
            boxes = "".join(f"{c} {1 + 2 * k} {1 + k} {8 + 2 * k} {12 + k}\n" for k, c in enumerate(classes))
            yield aux(f"Annotations/{stem}.jpg.txt", f"{len(classes)}\n{boxes}")
        yield aux(f"{split}.txt", "".join(f"{stem}\n" for stem in images))
    yield aux("ReadMe.txt", "WiderPerson\n\nImages/ holds the images; Annotations/<image>.txt the boxes of train and "
              "val: the first line the number of boxes, then one box a line: < class_label x1 y1 x2 y2 >.\n"
              "class_label = 1: pedestrians; 2: riders; 3: partially-visible persons; 4: ignore regions; 5: crowd\n"
              "train.txt, val.txt and test.txt name each split's images.\n")


# ------------------------------------------------------------------------------------------------
# Masks
# ------------------------------------------------------------------------------------------------


def _suim() -> Iterator[Put]:
    for folder, split, stems in (("train_val", "train_val", ["d_r_122_", "f_r_1058_", "n_l_100_", "w_r_27_"]),
                                 ("TEST", "test", ["d_r_47_", "f_r_497_"])):
        for stem in stems:
            yield img(f"{folder}/images/{stem}.jpg", split)
            # each mask an RGB bitmap of the eight category colours (000 background ... 111 sea-floor)
            yield aux(f"{folder}/masks/{stem}.bmp", _picture(f"mask{stem}", "BMP"))


def _loveda() -> Iterator[Put]:
    for folder, split, masked in (("Train", "train", True), ("Val", "validation", True), ("Test", "test", False)):
        for domain, first in (("Urban", 1366), ("Rural", 0)):
            for n in range(first, first + 2):
                stem = str(n + (folder == "Val") * 3514 + (folder == "Test") * 4191)
                yield img(f"{folder}/{domain}/images_png/{stem}.png", split, kind="png")
                if masked:
                    yield aux(f"{folder}/{domain}/masks_png/{stem}.png", _gray_png(f"m{stem}", 20, 16, [0, 1, 2, 3, 7]))


# ------------------------------------------------------------------------------------------------
# Tables and texts
# ------------------------------------------------------------------------------------------------

_FEVER = ["SUPPORTS", "REFUTES", "NOT ENOUGH INFO"]


def _fever() -> Iterator[Put]:
    for file, split, n in (("train.jsonl", "train", 6), ("shared_task_dev.jsonl", "dev", 3), ("shared_task_test.jsonl", "test", 3)):
        lines = []
        for i in range(n):
            claim = f"{_words(f'fc{file}{i}', 3).title()} {_words(f'fv{file}{i}', 5)}."
            ident = 75397 + 113 * i + len(file)
            if split == "test":
                lines.append(json.dumps({"id": ident, "claim": claim}))
                yield row(f"{file}:{i}", split, None, claim)
                continue
            label = _FEVER[i % 3]
            evidence = ([[[92206 + i, None, None, None]]] if label == "NOT ENOUGH INFO"
                        else [[[92206 + i, 104971 + i, _words(f"fp{i}", 1).title(), i]]])
            lines.append(json.dumps({"id": ident, "verifiable": "NOT VERIFIABLE" if label == "NOT ENOUGH INFO" else "VERIFIABLE",
                                     "label": label, "claim": claim, "evidence": evidence}))
            yield row(f"{file}:{i}", split, label, claim)
        yield aux(file, "\n".join(lines) + "\n")


def _tweet_sentiment() -> Iterator[Put]:
    sentiments = ["neutral", "negative", "positive"]
    for file, split, n in (("train.csv", "train", 7), ("test.csv", "test", 3)):
        lines = ["textID,text,selected_text,sentiment" if split == "train" else "textID,text,sentiment"]
        for i in range(n):
            words = _words(f"tw{file}{i}", 8)
            text = f" {words} today"
            selected = " ".join(words.split()[2:5])
            sentiment = sentiments[(i + n) % 3]
            ident = f"{(0xcb774db0d1 + 7 * i * 100003 + len(file)):010x}"
            cells = [ident, f'"{text}"'] + ([f'"{selected}"'] if split == "train" else []) + [sentiment]
            lines.append(",".join(cells))
            yield row(f"{file}:{i}", split, sentiment, text)
        yield aux(file, "\n".join(lines) + "\n")
    yield aux("sample_submission.csv", "textID,selected_text\n" + "".join(
        f"{(0xf87dea47db + i):010x},\n" for i in range(3)))


def _ohsumed() -> Iterator[Put]:
    for folder, split, docs in (("training", "train", {"C01": ["0000005", "0000011", "0000042"], "C04": ["0000013", "0000022"],
                                                        "C14": ["0000031", "0000042"]}),
                                ("test", "test", {"C01": ["0010007"], "C04": ["0010026", "0010031"], "C14": ["0010031"]})):
        for cat, stems in docs.items():
            for stem in stems:
                text = (f"{_words(f'ot{stem}', 6).capitalize()}.\n {_words(f'oa{stem}', 20)}. "
                        f"{_words(f'ob{stem}', 12)}.\n")
                yield Put(f"ohsumed-first-20000-docs/{folder}/{cat}/{stem}", data=text, record=True, split=split,
                          labels=frozenset({cat}), text=text)


def _multi30k() -> Iterator[Put]:
    for stem, split, n in (("train", "train", 6), ("val", "validation", 3), ("test2016", "test", 3)):
        de, en = [], []
        for i in range(n):
            en.append(f"A {_words(f'me{stem}{i}', 5)} in the {_words(f'mp{stem}{i}', 1)}.")
            de.append(f"Ein {_words(f'md{stem}{i}', 5)} im {_words(f'mq{stem}{i}', 1)}.")
            # torchtext's Multi30k reads the pair as language_pair=("de", "en") by default
            yield Put(f"{stem}.de:{i}", record=True, split=split, text=(de[-1], en[-1]))
        yield aux(f"{stem}.de", "\n".join(de) + "\n")
        yield aux(f"{stem}.en", "\n".join(en) + "\n")


_LCQMC_WORDS = ["喜欢", "打篮球", "的", "男生", "喜欢", "什么样", "女生", "我", "手机", "丢", "了", "怎么办", "为什么", "天空", "是", "蓝色"]


def _zh(key: str, n: int) -> str:
    rng = np.random.default_rng(sum(key.encode()))
    return "".join(_LCQMC_WORDS[int(i)] for i in rng.integers(0, len(_LCQMC_WORDS), n))


def _lcqmc() -> Iterator[Put]:
    for file, split, n in (("train.txt", "train", 7), ("dev.txt", "dev", 5), ("test.txt", "test", 5)):
        lines = []
        for i in range(n):
            first, second, label = _zh(f"a{file}{i}", 4) + "？", _zh(f"b{file}{i}", 5), str((i + n) % 2)
            lines.append(f"{first}\t{second}\t{label}")
            yield row(f"{file}:{i}", split, label, (first, second))
        yield aux(file, "\n".join(lines) + "\n")


SPECS: dict[str, Spec] = {
    "rvl_cdip": Spec("rvl-cdip", "image", _rvl_cdip,
                     "https://www.cs.cmu.edu/~aharley/rvl-cdip/ (rvl-cdip.tar.gz: images/imagesX/x/y/z/<doc>/<n>.tif, "
                     "labels/train.txt, val.txt, test.txt '<path under images/> <class 0-15>'); huggingface datasets "
                     "rvl_cdip.py (_CLASSES letter ... memo)",
                     "16 classes numbered in the list files; each list file a split.",
                     aliases={name: {str(i)} for i, name in enumerate(_RVL)}),
    "mini_imagenet": Spec("mini-imagenet", "image", _mini_imagenet,
                          "https://github.com/twitter/meta-learning-lstm/tree/master/data/miniImagenet (train.csv, "
                          "val.csv, test.csv: filename,label; images/n0153282900000005.jpg flat)",
                          "each CSV a split of disjoint classes, the label its wnid."),
    "inaturalist": Spec("inat2021", "image", _inaturalist,
                        "https://github.com/visipedia/inat_comp/tree/master/2021 (train/<image_dir_name>/<uuid>.jpg, "
                        "val/..., public_test/<uuid>.jpg; train.json, val.json COCO-like with categories name and "
                        "image_dir_name; public_test.json without annotations)",
                        "species folders; the JSONs name the same classes; the public test unlabelled.",
                        aliases={name: {folder, str(cid)} for cid, name, folder in _INAT}),
    "plant_diseases": Spec("new-plant-diseases-dataset", "image", _plant_diseases,
                           "https://www.kaggle.com/datasets/vipoooool/new-plant-diseases-dataset (New Plant Diseases "
                           "Dataset(Augmented)/New Plant Diseases Dataset(Augmented)/{train,valid}/<38 classes>/"
                           "<uuid>___<code> <n>.JPG; test/test/AppleCedarRust1.JPG ... 33 images)",
                           "38 classes as folders under train and valid; the test images unlabelled."),
    "kannada_mnist": Spec("Kannada-MNIST", "image", _kannada_mnist,
                          "https://www.kaggle.com/c/Kannada-MNIST/data (train.csv label,pixel0..pixel783; test.csv "
                          "id,pixel0..; Dig-MNIST.csv label,pixel0.. a second, real-world evaluation set; "
                          "sample_submission.csv id,label)",
                          "28x28 digits 0-9 as pixel rows; Dig-MNIST a set of its own; test unlabelled."),
    "funsd": Spec("FUNSD", "image", _funsd,
                  "https://guillaumejaume.github.io/FUNSD/ (dataset.zip: dataset/training_data/images/<id>.png, "
                  "annotations/<id>.json {form: [{box, text, label, words, linking, id}]}; testing_data/ alike)",
                  "each form entity an object labelled question, answer, header or other."),
    "deepfashion2": Spec("deepfashion2", "image", _deepfashion2,
                         "https://github.com/switchablenorms/DeepFashion2 (train/image/000001.jpg, train/annos/000001.json "
                         "{source, pair_id, item1: {bounding_box, category_id, category_name, ...}, item2...}; "
                         "validation/ alike; test/image/ without annos)",
                         "each item an object of its category_name; test unlabelled."),
    "widerperson": Spec("WiderPerson", "image", _widerperson,
                        "http://www.cbsr.ia.ac.cn/users/sfzhang/WiderPerson/ (Images/000040.jpg, Annotations/"
                        "000040.jpg.txt: a count line then 'class x1 y1 x2 y2'; train.txt, val.txt, test.txt ids; "
                        "classes 1 pedestrians, 2 riders, 3 partially-visible persons, 4 ignore regions, 5 crowd)",
                        "boxes the objects, ignore regions none; test unannotated.",
                        aliases=_WIDER),
    "suim": Spec("SUIM", "image", _suim,
                 "https://irvlab.cs.umn.edu/resources/suim-dataset (train_val/images/d_r_122_.jpg, train_val/masks/"
                 "d_r_122_.bmp; TEST/images, TEST/masks)",
                 "segmentation: the images are the records, unlabelled; the masks are masks."),
    "loveda": Spec("LoveDA", "image", _loveda,
                   "https://github.com/Junjue-Wang/LoveDA (Train/Urban/images_png/1366.png, Train/Urban/masks_png/"
                   "1366.png, Train/Rural/...; Val/ alike; Test/<domain>/images_png only)",
                   "segmentation: the images are the records, unlabelled; Urban and Rural are domains, no classes."),
    "fever": Spec("fever", "text", _fever,
                  "https://fever.ai/dataset/fever.html (train.jsonl, shared_task_dev.jsonl: id, verifiable, label "
                  "SUPPORTS/REFUTES/NOT ENOUGH INFO, claim, evidence; shared_task_test.jsonl: id, claim)",
                  "the claim is the text, label the label; `verifiable` follows from it."),
    "tweet_sentiment": Spec("tweet-sentiment-extraction", "text", _tweet_sentiment,
                            "https://www.kaggle.com/c/tweet-sentiment-extraction/data (train.csv textID,text,"
                            "selected_text,sentiment; test.csv textID,text,sentiment; sample_submission.csv)",
                            "the tweet is the text and sentiment its label (test labelled too); selected_text a span of "
                            "the tweet, no text of its own."),
    "ohsumed": Spec("ohsumed", "text", _ohsumed,
                    "http://disi.unitn.it/moschitti/corpora.htm (ohsumed-first-20000-docs.tar.gz: training/C01/0000005, "
                    "test/C04/..., files without an extension, a document in each of its categories' folders)",
                    "each file a record labelled by its folder; splits training and test."),
    "multi30k": Spec("multi30k", "text", _multi30k,
                     "torchtext/datasets/multi30k.py (training.tar.gz, validation.tar.gz, mmt16_task1_test.tar.gz "
                     "unpacked: train.de, train.en, val.de, val.en, test2016.de, test2016.en; language_pair "
                     "('de', 'en'))",
                     "line i of each language file one sentence pair; no label."),
    "lcqmc": Spec("lcqmc", "text", _lcqmc,
                  "https://www.luge.ai/#/luge/dataDetail?id=14 and huggingface C-MTEB/LCQMC (train.txt, dev.txt, "
                  "test.txt: sentence1<TAB>sentence2<TAB>label, no header; 1 same intent, 0 not)",
                  "sentence pairs labelled 0/1."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
