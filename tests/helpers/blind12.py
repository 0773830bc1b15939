"""A blind held-out batch (round twelve) of 16 public datasets no rule, test or doc here named before.

Built for issue 30's real test: a batch nobody tuned the detection rules for, judged on the
command a user types first (`shardify convert SRC OUT`). Chosen by kind, as the issue asks, and
each checked absent from /work/main and every worktree (its name and its characteristic file
names) on 2026-11-27:

- images, classification (6): sibling domain folders over the same class folders (Office-Home);
  one HDF5 file of images, labels and float columns (Galaxy10 DECals); `.npz` pairs per script and
  split (CMATERdb); a COCO-like classification JSON per split with nested image folders (Herbarium
  2020); per-split lists of `path index` over two image trees (VegFru); a MATLAB file of flattened
  faces `fea` and subjects `gnd` (Extended Yale B, 32x32).
- objects and segmentation (3): COCO-like instances with attributes whose val and test images share
  one folder (Fashionpedia); per-image integer region maps as text beside the images (Stanford
  Background); per-image `x1 y1 x2 y2 class` text boxes with split lists (CARPK).
- text (4): a stance table of five columns, three of them label-like (SemEval-2016 task 6);
  premise/hypothesis JSON lines in three round folders (ANLI); nested question-answering JSON of
  passages and `qa_pairs` (DROP); one-hot emotion TSVs (SemEval-2018 task 1 E-c).
- tables with a text or image column (3): a clinical table keyed by image over three image part
  folders (PAD-UFES-20); a job-posting table of several long text columns and several 0/1 columns
  (Employment Scam Aegean Dataset); a product table naming images, a phash and a title, grouped by
  `label_group` (Shopee product matching).

The builders reuse round four's table (tests/helpers/unseen4.py: `Put`, `build`): a record id is
the path relative to the root; a row or a line is "<file>:<i>"; an array's item "<file>#<array>:<i>".
The truth comes from each dataset's documented meaning (its data page, README or loader, cited in
`source`), never from what shardify does. `FOLLOW` holds, per dataset, the options a user would add
after a stop to convert it right (as data; None where no option is known to).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from helpers.shipped import _words
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row

__all__ = ["DATASETS", "FOLLOW", "SPECS"]


def _mat(variables: dict) -> bytes:
    """A MATLAB level-5 file (scipy.io.savemat), as MATLAB's `save` writes one."""
    from scipy.io import savemat

    buffer = io.BytesIO()
    savemat(buffer, variables)
    return buffer.getvalue()


def _npz(**arrays) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_OFFICE = ["Batteries", "Desk_Lamp", "Exit_Sign"]


def _office_home() -> Iterator[Put]:
    # OfficeHomeDataset_10072016.zip -> OfficeHomeDataset_10072016/{Art,Clipart,Product,Real World}/<Class>/
    # 00001.jpg ...: four domains of the same 65 classes; no split (domain adaptation picks source and target)
    for domain in ("Art", "Clipart", "Product", "Real World"):
        for k, cls in enumerate(_OFFICE):
            for n in range(1, 3 + (k + len(domain)) % 2):
                yield img(f"{domain}/{cls}/{n:05d}.jpg", "train", cls)


_GALAXY = ["Disturbed", "Merging", "Round Smooth", "In-between Round Smooth", "Cigar Shaped Smooth", "Barred Spiral",
           "Unbarred Tight Spiral", "Unbarred Loose Spiral", "Edge-on without Bulge", "Edge-on with Bulge"]


def _galaxy10() -> Iterator[Put]:
    # Galaxy10_DECals.h5: `images` (17736, 256, 256, 3) uint8, `ans` the class 0-9, `ra`, `dec`, `redshift`,
    # `pxscale` floats of the same length; one unsplit set
    import h5py

    rng = np.random.default_rng(1012)
    labels = [2, 0, 5, 9, 1, 7, 3, 2, 6, 8, 4, 5]
    buf = io.BytesIO()
    with h5py.File(buf, "w") as f:
        f.create_dataset("images", data=rng.integers(0, 256, (len(labels), 16, 16, 3), dtype=np.uint8), compression="gzip")
        f.create_dataset("ans", data=np.asarray(labels, dtype=np.uint8))
        f.create_dataset("ra", data=rng.uniform(0, 360, len(labels)))
        f.create_dataset("dec", data=rng.uniform(-20, 80, len(labels)))
        f.create_dataset("redshift", data=rng.uniform(0, 0.3, len(labels)).astype(np.float32))
        f.create_dataset("pxscale", data=np.full(len(labels), 0.262, dtype=np.float32))
    for i, label in enumerate(labels):
        yield Put(f"Galaxy10_DECals.h5#images:{i}", record=True, split="train", labels=frozenset({str(label)}))
    yield aux("Galaxy10_DECals.h5", buf.getvalue())


def _cmaterdb() -> Iterator[Put]:
    # github.com/prabhuomkar/CMATERdb: datasets/<script>-numerals/{training,testing}-images.npz, each `images`
    # (N, 32, 32, 3) uint8 and `labels` the digit 0-9 (tfds' cmaterdb reads exactly these two keys)
    rng = np.random.default_rng(74)
    for script in ("bangla", "telugu"):
        for file, split, labels in (("training-images.npz", "train", [3, 0, 7, 1, 9, 4]), ("testing-images.npz", "test", [5, 2, 8])):
            path = f"datasets/{script}-numerals/{file}"
            yield aux(path, _npz(images=rng.integers(0, 256, (len(labels), 32, 32, 3), dtype=np.uint8),
                                 labels=np.asarray(labels, dtype=np.int64)))
            for i, label in enumerate(labels):
                yield Put(f"{path}#images:{i}", record=True, split=split, labels=frozenset({str(label)}))
    yield aux("README.md", "# CMATERdb\n\nHandwritten Bangla, Devanagari and Telugu numerals, 32x32 RGB, as numpy "
              "archives: datasets/<script>-numerals/training-images.npz and testing-images.npz (`images`, `labels`).\n")


_HERB = [(7, "Aa calceata (Rchb.f.) Schltr.", "Orchidaceae", "Aa"),
         (15672, "Quercus rubra L.", "Fagaceae", "Quercus"),
         (23077, "Zinnia peruviana (L.) L.", "Asteraceae", "Zinnia")]


def _herbarium2020() -> Iterator[Put]:
    # nybg2020/train/metadata.json: COCO-like {annotations: [{category_id, id, image_id, region_id}], categories:
    # [{family, genus, id, name}], images: [{file_name: "images/<cat // 100>/<cat % 100>/<id>.jpg", height, id,
    # license, width}], info, licenses, regions}; nybg2020/test/metadata.json: images only (no labels)
    images, annotations = [], []
    ident = 354100
    for cid, name, _, _ in _HERB:
        for n in range(3):
            ident += 3 + n
            file = f"images/{cid // 100:03d}/{cid % 100:02d}/{ident}.jpg"
            images.append({"file_name": file, "height": 16, "id": ident, "license": 1, "width": 20})
            annotations.append({"category_id": cid, "id": ident, "image_id": ident, "region_id": (cid + n) % 4})
            yield img(f"train/{file}", "train", name)
    meta = {"annotations": annotations,
            "categories": [{"family": f, "genus": g, "id": cid, "name": name} for cid, name, f, g in _HERB],
            "images": images, "info": {"contributor": "New York Botanical Garden", "year": 2020, "version": "1.0"},
            "licenses": [{"id": 1, "name": "Attribution-NonCommercial-ShareAlike 4.0", "url": ""}],
            "regions": [{"id": r, "name": n} for r, n in enumerate(["Andes", "Brazil", "Peru", "Mexico"])]}
    yield aux("train/metadata.json", json.dumps(meta))
    test = []
    for n in range(4):
        test.append({"file_name": f"images/000/{n}.jpg", "height": 16, "id": n, "license": 1, "width": 20})
        yield img(f"test/images/000/{n}.jpg", "test")
    yield aux("test/metadata.json", json.dumps({"images": test, "info": meta["info"], "licenses": meta["licenses"]}))


_VEG = [("veg200_images", "achyranthes", 0), ("veg200_images", "bitter_gourd", 1), ("veg200_images", "chinese_chives", 2),
        ("fru92_images", "apricot", 200), ("fru92_images", "blood_orange", 201)]


def _vegfru() -> Iterator[Put]:
    # github.com/ustc-vim/vegfru: veg200_images/<class>/v_<...>.jpg, fru92_images/<class>/f_<...>.jpg;
    # vegfru_list/vegfru_{train,val,test}.txt '<path> <index>' (292 classes, the fruits from 200)
    lists = {"train": [], "val": [], "test": []}
    for tree, cls, index in _VEG:
        for n in range(4):
            split = ("train", "train", "val", "test")[n]
            path = f"{tree}/{cls}/{tree[0]}_{index % 200 + 1:02d}_01_{n + 1:04d}.jpg"
            lists[split].append(f"{path} {index}")
            yield img(path, split, cls)
    for split, lines in lists.items():
        yield aux(f"vegfru_list/vegfru_{split}.txt", "\n".join(lines) + "\n")


def _yale_b() -> Iterator[Put]:
    # Deng Cai's face data (www.cad.zju.edu.cn/home/dengcai/Data/FaceData.html): YaleB_32x32.mat holds `fea`
    # (2414 x 1024 doubles, a 32x32 face a row, 0-255) and `gnd` (2414 x 1, the subject 1-38); splits are
    # separate random index files, the set itself unsplit
    rng = np.random.default_rng(38)
    subjects = [1, 1, 1, 2, 2, 2, 5, 5, 5, 38, 38, 38]
    fea = rng.integers(0, 256, (len(subjects), 1024)).astype(np.float64)
    yield aux("YaleB_32x32.mat", _mat({"fea": fea, "gnd": np.asarray(subjects, dtype=np.float64).reshape(-1, 1)}))
    for i, s in enumerate(subjects):
        # (a MAT file's records are `<file>#<n>`, as SVHN's: no variable name in the id, unlike NPZ and HDF5)
        yield Put(f"YaleB_32x32.mat:{i}", record=True, split="train", labels=frozenset({str(s)}))


# ------------------------------------------------------------------------------------------------
# Objects and segmentation
# ------------------------------------------------------------------------------------------------

_FASHION = ["shirt, blouse", "top, t-shirt, sweatshirt", "sweater", "cardigan", "jacket", "vest", "pants", "shorts",
            "skirt", "coat", "dress", "jumpsuit", "cape", "glasses", "hat", "headband, head covering, hair accessory",
            "tie", "glove", "watch", "belt", "leg warmer", "tights, stockings", "sock", "shoe", "bag, wallet", "scarf",
            "umbrella", "hood", "collar", "lapel", "epaulette", "sleeve", "pocket", "neckline", "buckle", "zipper",
            "applique", "bead", "bow", "flower", "fringe", "ribbon", "rivet", "ruffle", "sequin", "tassel"]
_FASHION_IMAGES = {"train": {"0a4f8205a3b58e70eec99fbbb9422d08": [1, 31, 31, 33], "0a6d5b3c0b6a4c1d0e0f3a2b1c4d5e6f": [10, 23, 23],
                             "1b2c3d4e5f60718293a4b5c6d7e8f901": [6, 4, 31, 32, 35]},
                   "val": {"00a8764cff12b2e849c850f4be5608bc": [10, 31, 33], "0b1e5f0c9d8a7b6c5d4e3f2a1b0c9d8e": [23, 24]},
                   "test": {"00c32e1e27ca9dc2d0d6d0a2d1a7b1c3": None, "0f1e2d3c4b5a69788796a5b4c3d2e1f0": None}}


def _fashionpedia() -> Iterator[Put]:
    # github.com/cvdfoundation/fashionpedia: train2020.zip -> train/<id>.jpg; val_test2020.zip -> test/<id>.jpg
    # (the val AND the test images in one folder); instances_attributes_train2020.json, instances_attributes_
    # val2020.json (COCO: images, annotations with bbox [x,y,w,h], segmentation, attribute_ids; categories 0-45
    # of `name` and `supercategory`; attributes); info_test2020.json (the test images, no annotations)
    categories = [{"id": i, "name": n, "supercategory": "garment parts" if i >= 27 else "upperbody", "level": 2,
                   "taxonomy_id": f"cat{i}"} for i, n in enumerate(_FASHION)]
    attributes = [{"id": 0, "name": "classic (t-shirt)", "supercategory": "nickname", "level": 1, "taxonomy_id": "att0"},
                  {"id": 115, "name": "symmetrical", "supercategory": "silhouette", "level": 1, "taxonomy_id": "att115"}]
    ident, ann = 20000, 1
    for split, frames in _FASHION_IMAGES.items():
        images, annotations = [], []
        for name, cats in frames.items():
            ident += 7
            folder = "train" if split == "train" else "test"
            names = None if cats is None else [_FASHION[c] for c in cats]
            yield img(f"{folder}/{name}.jpg", split, None if names is None else set(names), objects=names)
            images.append({"id": ident, "width": 20, "height": 16, "file_name": f"{name}.jpg", "license": 4,
                           "time_captured": "March-August, 2018", "original_url": f"https://farm8.staticflickr.com/{name}.jpg",
                           "isstatic": 1, "kaggle_id": name})
            for k, c in enumerate(cats or []):
                x, y = 1 + k, 2 + k % 3
                annotations.append({"id": ann, "image_id": ident, "category_id": c, "attribute_ids": [115] if k % 2 else [],
                                    "segmentation": [[x, y, x + 8, y, x + 8, y + 9, x, y + 9]], "bbox": [x, y, 8, 9],
                                    "area": 72, "iscrowd": 0})
                ann += 1
        info = {"year": 2020, "version": "1.0", "description": "Fashionpedia", "url": "https://fashionpedia.github.io/home/"}
        if split == "test":
            yield aux("info_test2020.json", json.dumps({"info": info, "images": images, "categories": categories,
                                                         "attributes": attributes, "licenses": []}))
        else:
            yield aux(f"instances_attributes_{split}2020.json",
                      json.dumps({"info": info, "annotations": annotations, "images": images, "categories": categories,
                                  "attributes": attributes, "licenses": []}))


def _matrix(key: str, values: range) -> str:
    rng = np.random.default_rng(sum(key.encode()))
    return "".join(" ".join(str(int(v)) for v in line) + "\n" for line in rng.choice(list(values), (16, 20)))


def _stanford_background() -> Iterator[Put]:
    # iccv09Data.tar.gz -> iccv09Data/images/<id>.jpg; labels/<id>.regions.txt (a row of integers a pixel row:
    # -1 unknown, 0 sky ... 7 foreground object), <id>.surfaces.txt (0-3), <id>.layers.txt (region ids);
    # horizons.txt '<id> <row>'; README: 715 images, no split (the paper's 5-fold cross-validation)
    ids = ["0000047", "0000051", "0000059", "6000124", "9004813"]
    for n, ident in enumerate(ids):
        yield img(f"images/{ident}.jpg", "train")
        yield aux(f"labels/{ident}.regions.txt", _matrix(f"r{ident}", range(-1, 8)))
        yield aux(f"labels/{ident}.surfaces.txt", _matrix(f"s{ident}", range(-1, 4)))
        yield aux(f"labels/{ident}.layers.txt", _matrix(f"l{ident}", range(0, 5)))
    yield aux("horizons.txt", "".join(f"{ident} {6 + n}\n" for n, ident in enumerate(ids)))
    yield aux("README", "Stanford Background Dataset (Gould et al., ICCV 2009)\n\nimages/: 715 images, about 320x240.\n"
              "labels/: <image>.regions.txt: an integer a pixel, -1 unknown, 0 sky, 1 tree, 2 road, 3 grass, 4 water, "
              "5 building, 6 mountain, 7 foreground object; <image>.surfaces.txt: -1 unknown, 0 sky, 1 horizontal, "
              "2 vertical; <image>.layers.txt: distinct image regions.\nhorizons.txt: the horizon's row an image.\n")


_CARPK = {"train": {"20160331_NTU_00001": 3, "20160331_NTU_00017": 2, "20161225_TPZ_00008": 4},
          "test": {"20161225_TPZ_00137": 2, "20161226_NTU_00042": 1}}


def _carpk() -> Iterator[Put]:
    # CARPK_devkit/data/Images/<name>.png; Annotations/<name>.txt 'x1 y1 x2 y2 1' a car (class 1: the one
    # class, car); ImageSets/train.txt, test.txt the names (the LPN paper's devkit, lafi.github.io/LPN)
    for split, images in _CARPK.items():
        for name, n in images.items():
            yield img(f"data/Images/{name}.png", split, "car", kind="png", objects=["car"] * n)
            yield aux(f"data/Annotations/{name}.txt",
                      "".join(f"{1 + 3 * k} {2 + k} {6 + 3 * k} {9 + k} 1\n" for k in range(n)))
        yield aux(f"data/ImageSets/{split}.txt", "\n".join(images) + "\n")


# ------------------------------------------------------------------------------------------------
# Texts
# ------------------------------------------------------------------------------------------------

_TARGETS = ["Atheism", "Climate Change is a Real Concern", "Feminist Movement", "Hillary Clinton",
            "Legalization of Abortion"]
_OPINION = ["1.  The tweet explicitly expresses opinion about the target, a part of the target, or an aspect of the target.",
            "2. The tweet does NOT expresses opinion about the target but it HAS opinion about something or someone other "
            "than the target.", "3.  The tweet is not explicitly expressing opinion. (For example, the tweet is simply "
            "giving information.)"]


def _semeval2016_stance() -> Iterator[Put]:
    # saifmohammad.com/WebPages/StanceDataset.htm: StanceDataset.zip -> StanceDataset/train.csv, test.csv:
    # Tweet,Target,Stance,Opinion Towards,Sentiment; the task is Stance (AGAINST, FAVOR, NONE) of each tweet
    for split, n in (("train", 10), ("test", 5)):
        lines = ["Tweet,Target,Stance,Opinion Towards,Sentiment"]
        for i in range(n):
            stance = ("AGAINST", "FAVOR", "NONE")[(i * 2 + len(split)) % 3]
            tweet = f"@user {_words(f'st{split}{i}', 9)}, {_words(f'sr{split}{i}', 4)}! #SemST"
            lines.append(_csv(tweet, _TARGETS[i % 5], stance, _OPINION[(i + n) % 3], ("neg", "pos", "other")[i % 3]))
            yield row(f"StanceDataset/{split}.csv:{i}", split, stance, tweet)
        yield aux(f"StanceDataset/{split}.csv", "\r\n".join(lines) + "\r\n")


_NLI = {"e": "entailment", "n": "neutral", "c": "contradiction"}


def _anli() -> Iterator[Put]:
    # anli_v1.0.zip -> anli_v1.0/R{1,2,3}/{train,dev,test}.jsonl: uid, context, hypothesis, label (e/n/c),
    # model_label, emturk, genre, reason, tag (HF `anli`: premise = context; splits train_r1 ... test_r3)
    for rnd in ("R1", "R2", "R3"):
        for split, n in (("train", 4 + len(rnd)), ("dev", 2), ("test", 2)):
            lines = []
            for i in range(n):
                label = "enc"[(i + int(rnd[1])) % 3]
                context = f"{_words(f'an{rnd}{split}{i}', 14).capitalize()}. It was released in {1990 + i}."
                hypothesis = f"{_words(f'ah{rnd}{split}{i}', 6).capitalize()}."
                lines.append(json.dumps({"uid": f"{i:08x}-{rnd}-{split}", "context": context, "hypothesis": hypothesis,
                                         "label": label, "model_label": "enc"[i % 3], "emturk": i % 4 == 0,
                                         "genre": "wiki", "reason": _words(f"ar{rnd}{i}", 5) if i % 2 else "",
                                         "tag": ""}))
                yield row(f"anli_v1.0/{rnd}/{split}.jsonl:{i}", split, label, (context, hypothesis))
            yield aux(f"anli_v1.0/{rnd}/{split}.jsonl", "\n".join(lines) + "\n")
    yield aux("anli_v1.0/README.md", "# ANLI v1.0\n\nR1, R2, R3: the three rounds; each train.jsonl, dev.jsonl, test.jsonl.\n"
              "label: e entailment, n neutral, c contradiction.\n")


def _drop() -> Iterator[Put]:
    # drop_dataset.zip -> drop_dataset/drop_dataset_{train,dev}.json: {passage_id: {passage, qa_pairs: [{question,
    # answer: {number, date: {day, month, year}, spans}, query_id, validated_answers (dev)}], wiki_url}};
    # HF `drop`: a row per question (passage, question, answers_spans); the answers are no class
    for split, file, passages in (("train", "drop_dataset_train.json", 3), ("validation", "drop_dataset_dev.json", 2)):
        data, k = {}, 0
        for p in range(passages):
            passage = (f"{_words(f'dp{file}{p}', 18).capitalize()}. In {1980 + p} the {_words(f'dq{p}', 3)} "
                       f"scored {p + 3} touchdowns, {p + 1} of them in the second quarter.")
            pairs = []
            for q in range(1 + p % 2 + 1):
                question = f"How many {_words(f'dr{file}{p}{q}', 3)} were there?"
                answer = {"number": str(p + q + 1), "date": {"day": "", "month": "", "year": ""}, "spans": []}
                pair = {"question": question, "answer": answer, "query_id": f"{p:04x}{q:04x}-{file[13:16]}"}
                if split == "validation":
                    pair["validated_answers"] = [answer]
                pairs.append(pair)
                yield row(f"drop_dataset/{file}:{k}", split, None, (question, passage))
                k += 1
            data[f"nfl_{1184 + p * 7}"] = {"passage": passage, "qa_pairs": pairs,
                                          "wiki_url": f"https://en.wikipedia.org/wiki/{1980 + p}_season"}
        yield aux(f"drop_dataset/{file}", json.dumps(data, indent=2))
    yield aux("drop_dataset/license.txt", "CC BY-SA 4.0\n")


_EMOTIONS = ["anger", "anticipation", "disgust", "fear", "joy", "love", "optimism", "pessimism", "sadness", "surprise",
             "trust"]


def _semeval2018_ec() -> Iterator[Put]:
    # SemEval2018-Task1-all-data.zip -> English/E-c/2018-E-c-En-{train,dev,test-gold}.txt: ID, Tweet, then the 11
    # emotions 0/1 (tab-separated); a tweet may have none (neutral)
    picks = [{0, 2}, {4, 6}, set(), {3, 7, 8}, {4, 5, 6, 10}, {8}, {1, 4}, {0, 2, 8}, {9}, {6, 10}]
    start = 0
    for split, file, n in (("train", "train", 6), ("validation", "dev", 2), ("test", "test-gold", 2)):
        lines = ["ID\tTweet\t" + "\t".join(_EMOTIONS)]
        for i in range(n):
            chosen = picks[start + i]
            tweet = f"@user {_words(f'ec{file}{i}', 10)} #{_words(f'eh{i}', 1)} 😂"
            lines.append(f"2018-En-{20000 + 37 * (start + i):05d}\t{tweet}\t" + "\t".join(str(int(k in chosen)) for k in range(11)))
            yield row(f"2018-E-c-En-{file}.txt:{i}", split, {_EMOTIONS[k] for k in chosen}, tweet)
        start += n
        yield aux(f"2018-E-c-En-{file}.txt", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Tables with a text or image column
# ------------------------------------------------------------------------------------------------

_PAD = ["ACK", "BCC", "MEL", "NEV", "SCC", "SEK"]


def _pad_ufes20() -> Iterator[Put]:
    # data.mendeley.com/datasets/zr7vgbcyr2/1: images/imgs_part_{1,2,3}/PAT_<patient>_<lesion>_<n>.png and
    # metadata.csv (26 columns: patient_id, lesion_id, smoke, drink, ..., diagnostic, itch, ..., img_id, biopsed);
    # the diagnostic the label; clinical columns empty for some patients
    header = ("patient_id,lesion_id,smoke,drink,background_father,background_mother,age,pesticide,gender,"
              "skin_cancer_history,cancer_history,has_piped_water,has_sewage_system,fitspatrick,region,diameter_1,"
              "diameter_2,diagnostic,itch,grew,hurt,changed,bleed,elevation,img_id,biopsed")
    lines = [header]
    for n in range(12):
        patient, lesion = 46 + 13 * n, 881 + 7 * n
        diagnostic = _PAD[n % 6]
        name = f"PAT_{patient}_{lesion}_{939 + n}.png"
        yield img(f"images/imgs_part_{1 + n % 3}/{name}", "train", diagnostic, kind="png")
        full = n % 4 != 3
        cells = [f"PAT_{patient}", str(lesion)]
        cells += (["False", "True", "POMERANIA", "GERMANY", str(40 + n), "False", "FEMALE" if n % 2 else "MALE", "True",
                   "False", "True", "True", str(1 + n % 4)] if full else [""] * 12)
        cells += [("FACE", "ARM", "NECK", "BACK")[n % 4], f"{5 + n}.0" if full else "", f"{4 + n}.0" if full else "",
                  diagnostic, "True", "UNK" if n % 5 == 0 else "False", "False", "UNK", "True" if n % 3 else "False",
                  "False", name, "True" if diagnostic not in ("ACK", "SEK") or n % 2 else "False"]
        lines.append(",".join(cells))
    yield aux("metadata.csv", "\n".join(lines) + "\n")


def _fake_jobs() -> Iterator[Put]:
    # University of the Aegean's Employment Scam Aegean Dataset (Kaggle fake_job_postings.csv): 18 columns; the
    # label `fraudulent` 0/1 (telecommuting, has_company_logo, has_questions are 0/1 features); the text the
    # posting's `description` (company_profile, requirements, benefits are further texts)
    header = ("job_id,title,location,department,salary_range,company_profile,description,requirements,benefits,"
              "telecommuting,has_company_logo,has_questions,employment_type,required_experience,required_education,"
              "industry,function,fraudulent")
    lines = [header]
    for i in range(12):
        fraud = int(i in (2, 5, 9))
        description = (f"{_words(f'fd{i}', 12).capitalize()}, {_words(f'fe{i}', 8)}.\n\n"
                       f"Responsibilities: {_words(f'ff{i}', 10)}; \"{_words(f'fg{i}', 3)}\".")
        cells = [str(i + 1), f"{_words(f'ft{i}', 2).title()} Manager", f"US, NY, {_words(f'fl{i}', 1).title()}",
                 "Marketing" if i % 2 else "", "40000-60000" if i % 3 == 0 else "",
                 f"{_words(f'fc{i}', 14).capitalize()}." if i % 4 else "", description,
                 f"{_words(f'fr{i}', 9).capitalize()}.", f"{_words(f'fb{i}', 7).capitalize()}." if i % 2 else "",
                 str(int(i % 5 == 0)), str(int(i % 3 != 2)), str(int(i % 2)), ("Full-time", "Part-time", "Contract")[i % 3],
                 ("Mid-Senior level", "Entry level", "")[i % 3], ("Bachelor's Degree", "", "High School or equivalent")[i % 3],
                 ("Marketing and Advertising", "Computer Software", "")[i % 3], ("Marketing", "Engineering", "Sales")[i % 3],
                 str(fraud)]
        lines.append(_csv(*cells))
        yield row(f"fake_job_postings.csv:{i}", "train", str(fraud), description)
    yield aux("fake_job_postings.csv", "\n".join(lines) + "\n")


def _shopee() -> Iterator[Put]:
    # kaggle.com/c/shopee-product-matching: train.csv posting_id,image,image_phash,title,label_group (a group of
    # two or more postings of one product: the class ArcFace-style training learns); train_images/<image>;
    # test.csv posting_id,image,image_phash,title (no label_group); test_images/; sample_submission.csv
    groups = [249114794, 2937985045, 2395904891, 4093212188]
    lines = ["posting_id,image,image_phash,title,label_group"]
    for i in range(10):
        group = groups[i % 4]
        image = f"{(0x0000a0e1 + 97 * i) * 1000003 % 16 ** 32:032x}.jpg"
        title = f"{_words(f'sp{i}', 5).title()} {30 + i}ml Original"
        lines.append(_csv(f"train_{129225211 + 1013 * i}", image, f"{0x94974f937d4c2433 + i:016x}", title, str(group)))
        yield img(f"train_images/{image}", "train", str(group))
    yield aux("train.csv", "\n".join(lines) + "\n")
    test = ["posting_id,image,image_phash,title"]
    for i in range(3):
        image = f"{(0x00b1c2d3 + 101 * i) * 1000033 % 16 ** 32:032x}.jpg"
        test.append(_csv(f"test_{2255846744 + i}", image, f"{0xecc292392dc7687a + i:016x}", _words(f"sq{i}", 4).title()))
        yield img(f"test_images/{image}", "test")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("sample_submission.csv", "posting_id,matches\n" + "".join(
        f"test_{2255846744 + i},test_{2255846744 + i}\n" for i in range(3)))


SPECS: dict[str, Spec] = {
    "office_home": Spec("OfficeHomeDataset_10072016", "image", _office_home,
                        "https://www.hemanthdv.org/officeHomeDataset.html (OfficeHomeDataset_10072016.zip: Art/, Clipart/, "
                        "Product/, Real World/, each the 65 class folders, <Class>/00001.jpg)",
                        "four domains of the same classes: the class the label, the domain no class and no split."),
    "galaxy10_decals": Spec("galaxy10", "image", _galaxy10,
                            "https://astronn.readthedocs.io/en/latest/galaxy10.html (Galaxy10_DECals.h5: images, ans, ra, "
                            "dec, redshift, pxscale)",
                            "ans the class 0-9; ra, dec, redshift, pxscale floats, no labels.",
                            aliases={str(i): {n} for i, n in enumerate(_GALAXY)}),
    "cmaterdb": Spec("CMATERdb", "image", _cmaterdb,
                     "tensorflow_datasets/image_classification/cmaterdb.py (github.com/prabhuomkar/CMATERdb datasets/"
                     "<script>-numerals/training-images.npz, testing-images.npz: images, labels)",
                     "the digit the label; training and testing the splits; the script folders parts of one set."),
    "herbarium_2020": Spec("nybg2020", "image", _herbarium2020,
                           "https://www.kaggle.com/c/herbarium-2020-fgvc7/data (nybg2020/train/metadata.json: annotations, "
                           "categories, images, info, licenses, regions; test/metadata.json: images only)",
                           "each image's category (a species) the label; test unlabelled.",
                           aliases={name: {str(cid)} for cid, name, _, _ in _HERB}),
    "vegfru": Spec("vegfru", "image", _vegfru,
                   "https://github.com/ustc-vim/vegfru (veg200_images/, fru92_images/, vegfru_list/vegfru_train.txt, "
                   "vegfru_val.txt, vegfru_test.txt '<path> <index>')",
                   "the class folder the label (index in the lists); each list a split.",
                   aliases={cls: {str(index)} for _, cls, index in _VEG}),
    "yale_b": Spec("YaleB", "image", _yale_b,
                   "http://www.cad.zju.edu.cn/home/dengcai/Data/FaceData.html (YaleB_32x32.mat: fea, gnd)",
                   "each row of fea a 32x32 face; gnd its subject."),
    "fashionpedia": Spec("fashionpedia", "image", _fashionpedia,
                         "https://github.com/cvdfoundation/fashionpedia (train/, test/ holding val and test images; "
                         "instances_attributes_train2020.json, instances_attributes_val2020.json, info_test2020.json)",
                         "COCO instances; test images unlabelled; val images in test/ belong to validation."),
    "stanford_background": Spec("iccv09Data", "image", _stanford_background,
                                "http://dags.stanford.edu/projects/scenedataset.html (iccv09Data: images/, labels/*.regions."
                                "txt, *.surfaces.txt, *.layers.txt, horizons.txt, README)",
                                "segmentation: the images the records, unlabelled; the label files per-pixel maps."),
    "carpk": Spec("CARPK_devkit", "image", _carpk,
                  "https://lafi.github.io/LPN/ (CARPK_devkit/data/Images/*.png, Annotations/*.txt 'x1 y1 x2 y2 1', "
                  "ImageSets/train.txt, test.txt)",
                  "each line a car box; class 1 is car.", aliases={"car": {"1"}}),
    "semeval2016_stance": Spec("stance", "text", _semeval2016_stance,
                               "http://saifmohammad.com/WebPages/StanceDataset.htm (StanceDataset/train.csv, test.csv: "
                               "Tweet,Target,Stance,Opinion Towards,Sentiment)",
                               "Stance the task's label; Target the topic; Opinion Towards and Sentiment annotations."),
    "anli": Spec("anli", "text", _anli,
                 "https://github.com/facebookresearch/anli (anli_v1.0/R1/train.jsonl ...); HF datasets anli (context -> "
                 "premise, label e/n/c)",
                 "premise/hypothesis pairs; labels e, n, c.", aliases={v: {k} for k, v in _NLI.items()}),
    "drop": Spec("drop", "text", _drop,
                 "https://allenai.org/data/drop (drop_dataset/drop_dataset_train.json, drop_dataset_dev.json); HF "
                 "datasets drop",
                 "question-answering: a record per question (question, passage), no class label."),
    "semeval2018_ec": Spec("E-c", "text", _semeval2018_ec,
                           "https://competitions.codalab.org/competitions/17751 (SemEval2018-Task1-all-data/English/E-c/"
                           "2018-E-c-En-train.txt, -dev.txt, -test-gold.txt); HF datasets sem_eval_2018_task_1",
                           "multi-label: the emotions marked 1; none marked is neutral (labelled, no emotion)."),
    "pad_ufes_20": Spec("PAD-UFES-20", "image", _pad_ufes20,
                        "https://data.mendeley.com/datasets/zr7vgbcyr2/1 (images/imgs_part_1..3/, metadata.csv; "
                        "Pacheco et al. 2020, Data in Brief 32)",
                        "each image's diagnostic (ACK, BCC, MEL, NEV, SCC, SEK) its label; one unsplit set."),
    "fake_job_postings": Spec("fake-job-postings", "text", _fake_jobs,
                              "http://emscad.samos.aegean.gr/ and https://www.kaggle.com/datasets/shivamb/real-or-fake-"
                              "fake-jobposting-prediction (fake_job_postings.csv)",
                              "fraudulent the label; description the text."),
    "shopee": Spec("shopee-product-matching", "image", _shopee,
                   "https://www.kaggle.com/c/shopee-product-matching/data (train.csv, train_images/, test.csv, "
                   "test_images/, sample_submission.csv)",
                   "each posting's image labelled by its label_group; test unlabelled."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (the documented
# label, text and levels); None where no option is known to convert it right.
FOLLOW: dict[str, dict[str, object] | None] = {
    "office_home": {"label_level": 2},            # <domain>/<Class>/: the class the second level
    "galaxy10_decals": {"label_column": "ans"},
    "cmaterdb": None,
    "herbarium_2020": None,                      # --labels train/metadata.json: its rows name no image (tried)
    "vegfru": {"label_level": 2},                 # <tree>/<class>/, the splits from vegfru_list/
    "yale_b": None,                              # no option reads `fea` rows as 32x32 images
    "fashionpedia": None,
    "stanford_background": {"label_level": 0},    # images unlabelled, the label maps no records
    "carpk": {"label_names": ("car",)},         # the one class, numbered 1, named nowhere in the download
    "semeval2016_stance": {"label_column": "Stance", "text_column": "Tweet"},
    "anli": None,
    "drop": None,
    "semeval2018_ec": None,
    "pad_ufes_20": {"labels_file": "metadata.csv", "label_column": "diagnostic"},
    "fake_job_postings": {"label_column": "fraudulent", "text_column": "description"},
    "shopee": None,                              # --labels train.csv --label-column label_group: test images rejected (tried)
}
