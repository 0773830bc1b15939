"""A seventh round of miniatures of public datasets no rule, test or doc here named before.

Chosen by kind: an archive as shipped holding split and class folders (hymenoptera), class folders
named by code (`c0`..`c9`) beside a driver table and a submission of fractions, a MedMNIST `.npz`
of `<split>_images`/`<split>_labels` arrays, Pascal VOC XMLs beside their images in one folder, a
COCO-like file naming images in batch folders (class ids from 0), per-image comma-separated box
text files (VisDrone), a headerless one-row-per-box CSV per split (SKU-110K), retinal images with
two mask trees of other suffixes and extensions (DRIVE), aerial tiles with `<split>_labels` mask
folders (Massachusetts roads), a multi-label table of one-hot columns under two text columns, a
phrase table zipped per split, a review table of ten columns with two text columns and two label
candidates, question titles and HTML bodies with dates and tags, one line file per class with no
extension to tell them apart, and a tweet table whose label comes before its text.

The builders reuse round four's table (tests/helpers/unseen4.py: `Put`, `build`): a record id is the
path relative to the root; a row or a line is "<file>:<i>"; a file inside an archive is
"<archive stem>/<member>"; an image of an array file "<file>#<array>:<i>". The truth comes from each dataset's documented meaning (its data page,
README or loader, cited in `source`), never from what shardify does.
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from PIL import Image

from helpers.shipped import _gray_png, _image_bytes, _words
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row


def _zip(members: dict[str, bytes | str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buf.getvalue()


def _picture(key: str, fmt: str) -> bytes:
    return _image_bytes(key, 20, 16, fmt, "RGB")


def _gif_mask(key: str) -> bytes:
    """DRIVE's manual segmentations and field-of-view masks are 1-bit GIFs of 0 and 255."""
    rng = np.random.default_rng(sum(key.encode()))
    buf = io.BytesIO()
    Image.fromarray(np.where(rng.random((16, 20)) > 0.5, 255, 0).astype(np.uint8), "L").save(buf, "GIF")
    return buf.getvalue()


def _voc(folder: str, filename: str, objects: list[tuple[str, tuple[int, int, int, int]]]) -> str:
    body = "".join(
        f"\t<object>\n\t\t<name>{name}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
        f"\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>{b[0]}</xmin>\n\t\t\t<ymin>{b[1]}</ymin>\n"
        f"\t\t\t<xmax>{b[2]}</xmax>\n\t\t\t<ymax>{b[3]}</ymax>\n\t\t</bndbox>\n\t</object>\n" for name, b in objects)
    return (f"<annotation>\n\t<folder>{folder}</folder>\n\t<filename>{filename}</filename>\n"
            f"\t<path>C:\\tensorflow1\\models\\research\\object_detection\\images\\{folder}\\{filename}</path>\n"
            f"\t<source>\n\t\t<database>Unknown</database>\n\t</source>\n\t<size>\n\t\t<width>20</width>\n"
            f"\t\t<height>16</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segmented>0</segmented>\n{body}</annotation>\n")


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_HYMENOPTERA = {("train", "ants"): ["0013035.jpg", "1030023514_aad5c608f9.jpg", "trap-jaw-ant-insect-bg.jpg"],
                ("train", "bees"): ["1092977343_cb42b38d62.jpg", "1093831624_fb5fbe2308.jpg", "98391118_bdb1e80cce.jpg"],
                ("val", "ants"): ["10308379_1b6c72e180.jpg", "desert_ant.jpg"],
                ("val", "bees"): ["1032546534_06907fe3b3.jpg", "abeja.jpg"]}


def _hymenoptera() -> Iterator[Put]:
    members = {}
    for (split, cls), names in _HYMENOPTERA.items():
        for name in names:
            member = f"hymenoptera_data/{split}/{cls}/{name}"
            members[member] = _picture(member, "JPEG")
            yield Put(f"hymenoptera_data/{member}", record=True, split=split, labels=frozenset({cls}))
    yield aux("hymenoptera_data.zip", _zip(members))


_DRIVING = {"c0": "safe driving", "c1": "texting - right", "c2": "talking on the phone - right",
            "c3": "texting - left", "c9": "talking to passenger"}


def _state_farm() -> Iterator[Put]:
    drivers = ["subject,classname,img"]
    for k, cls in enumerate(_DRIVING):
        for n in range(2):
            name = f"img_{1000 + 37 * k + 11 * n}.jpg"
            drivers.append(f"p0{12 + n * 2},{cls},{name}")
            yield img(f"imgs/train/{cls}/{name}", "train", cls)
    tests = [f"img_{n}.jpg" for n in (1, 10, 100)]
    for name in tests:
        yield img(f"imgs/test/{name}", "test")
    yield aux("driver_imgs_list.csv", "\n".join(drivers) + "\n")
    yield aux("sample_submission.csv", "img," + ",".join(f"c{i}" for i in range(10)) + "\n" + "".join(
        f"{name}," + ",".join(["0.1"] * 10) + "\n" for name in tests))


_PATH_TISSUES = ["adipose", "background", "debris", "lymphocytes", "mucus", "smooth muscle",
                 "normal colon mucosa", "cancer-associated stroma", "colorectal adenocarcinoma epithelium"]


def _medmnist() -> Iterator[Put]:
    rng = np.random.default_rng(7)
    arrays = {}
    for split, labels in (("train", [0, 3, 8, 5, 1, 7]), ("val", [2, 4]), ("test", [6, 0, 3])):
        arrays[f"{split}_images"] = rng.integers(0, 256, (len(labels), 28, 28, 3), dtype=np.uint8)
        arrays[f"{split}_labels"] = np.asarray(labels, dtype=np.uint8).reshape(-1, 1)
        for i, label in enumerate(labels):
            yield Put(f"pathmnist.npz#{split}_images:{i}", record=True, split=split, labels=frozenset({str(label)}))
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    yield aux("pathmnist.npz", buf.getvalue())


# ------------------------------------------------------------------------------------------------
# Texts
# ------------------------------------------------------------------------------------------------

_TOPICS = ["Computer Science", "Physics", "Mathematics", "Statistics", "Quantitative Biology", "Quantitative Finance"]


def _arxiv_topics() -> Iterator[Put]:
    train = ["ID,TITLE,ABSTRACT," + ",".join(_TOPICS)]
    picks = [{0}, {1}, {2, 3}, {0, 3}, {4}, {1, 2}, {5, 3}, {0}]
    for i, topics in enumerate(picks):
        title = _words(f"at{i}", 5).title()
        abstract = f"  {_words(f'ab{i}', 16).capitalize()}. {_words(f'ac{i}', 10).capitalize()}.\n"
        train.append(_csv(str(i + 1), title, abstract) + "," + ",".join(str(int(k in topics)) for k in range(6)))
        yield row(f"train.csv:{i}", "train", {_TOPICS[k] for k in topics}, (title, abstract))
    test = ["ID,TITLE,ABSTRACT"]
    for i in range(3):
        title, abstract = _words(f"tt{i}", 4).title(), f"{_words(f'tb{i}', 14).capitalize()}."
        test.append(_csv(str(20973 + i), title, abstract))
        yield row(f"test.csv:{i}", "test", None, (title, abstract))
    yield aux("train.csv", "\n".join(train) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("sample_submission.csv", "ID," + ",".join(_TOPICS) + "\n" + "".join(
        f"{20973 + i},0,0,0,0,0,0\n" for i in range(3)))


_PHRASE_SENTIMENT = {"0": "negative", "1": "somewhat negative", "2": "neutral", "3": "somewhat positive", "4": "positive"}


def _movie_phrases() -> Iterator[Put]:
    train, test = ["PhraseId\tSentenceId\tPhrase\tSentiment"], ["PhraseId\tSentenceId\tPhrase"]
    for i in range(10):
        phrase = _words(f"mp{i}", 3 + i % 5) + (" ." if i % 3 == 0 else "")
        label = str((1, 2, 2, 3, 4, 0, 2, 3, 1, 2)[i])
        train.append(f"{i + 1}\t{1 + i // 4}\t{phrase}\t{label}")
        yield row(f"train.tsv/train.tsv:{i}", "train", label, phrase)
    for i in range(4):
        phrase = _words(f"mq{i}", 2 + i)
        test.append(f"{156061 + i}\t{8545 + i // 2}\t{phrase}")
        yield row(f"test.tsv/test.tsv:{i}", "test", None, phrase)
    yield aux("train.tsv.zip", _zip({"train.tsv": "\n".join(train) + "\n"}))
    yield aux("test.tsv.zip", _zip({"test.tsv": "\n".join(test) + "\n"}))
    yield aux("sampleSubmission.csv", "PhraseId,Sentiment\n" + "".join(f"{156061 + i},2\n" for i in range(4)))


def _womens_clothing() -> Iterator[Put]:
    lines = [",Clothing ID,Age,Title,Review Text,Rating,Recommended IND,Positive Feedback Count,Division Name,"
             "Department Name,Class Name"]
    for i in range(10):
        title = "" if i % 4 == 0 else _words(f"wt{i}", 3).capitalize()
        text = f"{_words(f'wr{i}', 12).capitalize()}, {_words(f'ws{i}', 8)}."
        rating = str((4, 5, 3, 5, 5, 2, 5, 4, 1, 5)[i])
        lines.append(_csv(str(i), str(767 + 41 * i), str(33 + i), title, text, rating, str(int(int(rating) >= 4)),
                          str(i % 4), ("Initmates", "General", "General Petite")[i % 3],
                          ("Intimate", "Dresses", "Bottoms", "Tops")[i % 4], ("Intimates", "Dresses", "Pants", "Blouses")[i % 4]))
        yield row(f"Womens Clothing E-Commerce Reviews.csv:{i}", "train", rating, text)
    yield aux("Womens Clothing E-Commerce Reviews.csv", "\n".join(lines) + "\n")


# Each question's tags, a list in one cell: a combination of its own, not a class.
_TAGS = ["<java><repeat>", "<python><pandas><dataframe>", "<javascript><jquery>", "<c#><linq>", "<php><mysql>",
         "<android><kotlin>", "<html><css><flexbox>", "<java><spring-boot>", "<python><django><orm>", "<sql><join>",
         "<c++><templates>", "<r><ggplot2>", "<ios><swift>"]


def _stackoverflow() -> Iterator[Put]:
    for file, split, n in (("train.csv", "train", 9), ("valid.csv", "validation", 4)):
        lines = ["Id,Title,Body,Tags,CreationDate,Y"]
        for i in range(n):
            title = f"How to {_words(f'so{file}{i}', 5)}?"
            body = f"<p>{_words(f'sb{file}{i}', 14).capitalize()}.</p>\n\n<pre><code>x = {i}\n</code></pre>\n"
            label = ("HQ", "LQ_EDIT", "LQ_CLOSE")[(i + len(file)) % 3]
            lines.append(_csv(str(34552656 + 97 * i), title, body, _TAGS[(i + 9 * (split != "train")) % len(_TAGS)],
                              f"2016-01-0{1 + i % 9} 00:21:59", label))
            yield row(f"{file}:{i}", split, label, (title, body))
        yield aux(file, "\n".join(lines) + "\n")


def _subjectivity() -> Iterator[Put]:
    for file, label, n in (("quote.tok.gt9.5000", "subjective", 6), ("plot.tok.gt9.5000", "objective", 6)):
        lines = []
        for i in range(n):
            line = f"{_words(f'{file}{i}', 11)} . " + ("caf\u00e9 " if i == 2 else "")
            lines.append(line)
            yield row(f"rotten_imdb/{file}:{i}", "train", label, line)
        yield aux(f"rotten_imdb/{file}", "\n".join(lines) + "\n", encoding="latin-1")
    yield aux("rotten_imdb/subjdata.README.1.0", "Subjectivity dataset v1.0: 5000 subjective (quote.tok.gt9.5000) and "
              "5000 objective (plot.tok.gt9.5000) processed sentences.\n")


_EMOTIONS = ["empty", "sadness", "enthusiasm", "neutral", "worry", "surprise", "love", "fun", "hate", "happiness"]


def _tweet_emotions() -> Iterator[Put]:
    lines = ["tweet_id,sentiment,content"]
    for i in range(12):
        label = _EMOTIONS[(i * 3) % len(_EMOTIONS)]
        text = f"@user{i} {_words(f'te{i}', 9)} http://twitpic.com/{i}w"
        lines.append(_csv(str(1956967341 + 13 * i), label, text))
        yield row(f"tweet_emotions.csv:{i}", "train", label, text)
    yield aux("tweet_emotions.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Objects and masks
# ------------------------------------------------------------------------------------------------

_FRUIT = {("train", "apple_1"): ["apple"], ("train", "apple_2"): ["apple", "apple"], ("train", "banana_1"): ["banana"],
          ("train", "orange_3"): ["orange", "orange"], ("train", "mixed_1"): ["apple", "banana", "orange"],
          ("test", "apple_77"): ["apple"], ("test", "banana_77"): ["banana", "banana"], ("test", "mixed_21"): ["orange", "apple"]}


def _fruit_detection() -> Iterator[Put]:
    for (split, stem), names in _FRUIT.items():
        folder = f"{split}_zip/{split}"
        boxes = [(name, (1 + 2 * k, 1 + k, 10 + 2 * k, 12 + k)) for k, name in enumerate(names)]
        yield img(f"{folder}/{stem}.jpg", split, set(names), objects=names)
        yield aux(f"{folder}/{stem}.xml", _voc(split, f"{stem}.jpg", boxes))


_TACO_CATEGORIES = [(0, "Aluminium foil", "Aluminium foil"), (5, "Clear plastic bottle", "Bottle"),
                    (12, "Drink can", "Can"), (36, "Other plastic wrapper", "Plastic bag & wrapper"),
                    (59, "Cigarette", "Cigarette")]
_TACO = {"batch_1/000006.jpg": [5, 59], "batch_1/000008.jpg": [0], "batch_1/000010.jpg": [12, 12, 36],
         "batch_2/000000.jpg": [59], "batch_2/000003.jpg": [36, 0], "batch_3/IMG_4852.JPG": [5]}


def _taco() -> Iterator[Put]:
    names = {cid: name for cid, name, _ in _TACO_CATEGORIES}
    images, annotations = [], []
    for image_id, (path, classes) in enumerate(_TACO.items()):
        images.append({"id": image_id, "width": 20, "height": 16, "file_name": path, "license": None,
                       "flickr_url": f"https://farm66.staticflickr.com/65535/{33978196618 + image_id}_7fd9.jpg",
                       "coco_url": None, "date_captured": None, "flickr_640_url": None})
        for k, cid in enumerate(classes):
            box = [1.0 + k, 2.0, 8.0, 6.0 + k]
            annotations.append({"id": len(annotations), "image_id": image_id, "category_id": cid,
                                "segmentation": [[box[0], box[1], box[0] + box[2], box[1], box[0] + box[2], box[1] + box[3]]],
                                "area": box[2] * box[3] / 2, "bbox": box, "iscrowd": 0})
        yield img(f"data/{path}", "train", {names[c] for c in classes}, objects=[names[c] for c in classes])
    document = {"info": {"year": 2019, "version": None, "description": "TACO", "contributor": None, "url": None,
                         "date_created": "2019-12-19T16:11:15.258399+00:00"},
                "images": images, "annotations": annotations,
                "scene_annotations": [{"image_id": i, "background_ids": [3]} for i in range(len(images))],
                "licenses": [], "categories": [{"supercategory": s, "id": c, "name": n} for c, n, s in _TACO_CATEGORIES],
                "scene_categories": [{"id": 3, "name": "Pavement"}, {"id": 0, "name": "Clean"}]}
    yield aux("data/annotations.json", json.dumps(document))
    yield aux("data/all_image_urls.csv", "Flickr 640 URL,Original URL\n" + "".join(
        f"https://farm66.staticflickr.com/{i}_z.jpg,https://farm66.staticflickr.com/{i}_o.jpg\n" for i in range(6)))
    yield aux("README.md", "# TACO\n\nTACO is a growing image dataset of waste in the wild. Annotations are provided "
              "in COCO format.\n")


_VISDRONE_NAMES = {1: "pedestrian", 2: "people", 3: "bicycle", 4: "car", 5: "van", 6: "truck", 7: "tricycle",
                   8: "awning-tricycle", 9: "bus", 10: "motor", 11: "others"}


def _visdrone() -> Iterator[Put]:
    parts = (("VisDrone2019-DET-train", "train", {"0000002_00005_d_0000014": [4, 4, 0, 1], "0000002_00448_d_0000015": [10, 2],
                                                  "0000006_00159_d_0000001": [9, 4, 11]}),
             ("VisDrone2019-DET-val", "validation", {"0000001_02999_d_0000005": [5, 0, 3]}),
             ("VisDrone2019-DET-test-dev", "test", {"0000006_00611_d_0000002": [6, 7, 8]}))
    for folder, split, images in parts:
        for stem, categories in images.items():
            lines = []
            for k, cat in enumerate(categories):
                score = 0 if cat == 0 else 1  # an ignored region is scored 0 and is no object
                lines.append(f"{1 + k},{2 + k},{6 + k},{5 + k},{score},{cat},0,{k % 3}")
            names = [_VISDRONE_NAMES[c] for c in categories if c]
            yield img(f"{folder}/images/{stem}.jpg", split, set(names), objects=names)
            yield aux(f"{folder}/annotations/{stem}.txt", "\n".join(lines) + "\n")


def _sku110k() -> Iterator[Put]:
    for split, count in (("train", 4), ("val", 2), ("test", 2)):
        lines = []
        for n in range(count):
            name = f"{split}_{n * 3}.jpg"
            objects = 1 + (n + len(split)) % 3
            for k in range(objects):
                lines.append(f"{name},{1 + 2 * k},{1 + k},{8 + 2 * k},{9 + k},object,20,16")
            yield img(f"SKU110K_fixed/images/{name}", split, "object", objects=["object"] * objects)
        yield aux(f"SKU110K_fixed/annotations/annotations_{split}.csv", "\n".join(lines) + "\n")


def _drive() -> Iterator[Put]:
    for n in (21, 22, 23, 24):
        yield Put(f"DRIVE/training/images/{n}_training.tif", data=_picture(f"d{n}", "TIFF"), record=True, split="train")
        yield aux(f"DRIVE/training/1st_manual/{n}_manual1.gif", _gif_mask(f"m{n}"))
        yield aux(f"DRIVE/training/mask/{n}_training_mask.gif", _gif_mask(f"f{n}"))
    for n in (1, 2, 3):
        yield Put(f"DRIVE/test/images/{n:02d}_test.tif", data=_picture(f"t{n}", "TIFF"), record=True, split="test")
        yield aux(f"DRIVE/test/mask/{n:02d}_test_mask.gif", _gif_mask(f"g{n}"))


def _massachusetts() -> Iterator[Put]:
    rows = ["image_id,split,sat_image_path,map_image_path"]
    for split, stems in (("train", ["10078660_15", "10228675_15", "10828720_15"]), ("val", ["10228690_15"]),
                         ("test", ["10378780_15", "10528720_15"])):
        for stem in stems:
            yield Put(f"tiff/{split}/{stem}.tiff", data=_picture(stem, "TIFF"), record=True, split=split)
            yield aux(f"tiff/{split}_labels/{stem}.tif", _gray_png(f"l{stem}", 20, 16, [0, 255]))
            rows.append(f"{stem},{split},tiff/{split}/{stem}.tiff,tiff/{split}_labels/{stem}.tif")
    yield aux("metadata.csv", "\n".join(rows) + "\n")
    yield aux("label_class_dict.csv", "name,r,g,b\nbackground,0,0,0\nroad,255,255,255\n")


SPECS: dict[str, Spec] = {
    "hymenoptera": Spec("hymenoptera", "image", _hymenoptera,
                        "https://download.pytorch.org/tutorial/hymenoptera_data.zip (PyTorch's transfer-learning "
                        "tutorial: hymenoptera_data/train/{ants,bees}, val/{ants,bees})",
                        "the zip as downloaded, unopened; two classes, train and val."),
    "state_farm": Spec("state-farm-distracted-driver-detection", "image", _state_farm,
                       "https://www.kaggle.com/c/state-farm-distracted-driver-detection/data (imgs/train/c0..c9, "
                       "imgs/test, driver_imgs_list.csv subject,classname,img, sample_submission.csv img,c0..c9)",
                       "ten classes coded c0..c9 (documented names as aliases); the driver table repeats the "
                       "folders and adds the driver; test unlabelled; the submission's 0.1s are no labels.",
                       aliases={name: {code} for code, name in _DRIVING.items()}),
    "medmnist": Spec("medmnist", "image", _medmnist,
                     "https://medmnist.com/ (pathmnist.npz: train_images, train_labels, val_*, test_*; labels an "
                     "(N, 1) array; names in the medmnist package's INFO, not in the file)",
                     "nine tissue classes numbered 0-8; three splits in one .npz.",
                     aliases={name: {str(i)} for i, name in enumerate(_PATH_TISSUES)}),
    "fruit_detection": Spec("fruit-images-for-object-detection", "image", _fruit_detection,
                            "https://www.kaggle.com/datasets/mbkinaci/fruit-images-for-object-detection "
                            "(train_zip/train/apple_1.jpg + apple_1.xml, test_zip/test/; LabelImg VOC XML)",
                            "each image's XML beside it; mixed_N images hold several fruits."),
    "taco": Spec("TACO-master", "image", _taco,
                 "https://github.com/pedropro/TACO (data/annotations.json COCO-like, file_name 'batch_1/000006.jpg', "
                 "category ids from 0, scene_annotations; data/all_image_urls.csv)",
                 "one annotation file, images in batch folders; objects' categories as labels."),
    "visdrone": Spec("VisDrone2019-DET", "image", _visdrone,
                     "https://github.com/VisDrone/VisDrone2018-DET-toolkit (VisDrone2019-DET-<split>/images, "
                     "annotations/<stem>.txt: bbox_left,bbox_top,bbox_width,bbox_height,score,object_category,"
                     "truncation,occlusion; categories 0 ignored regions, 1 pedestrian ... 11 others)",
                     "comma-separated box lines; category 0 (score 0) is an ignored region, no object."),
    "sku110k": Spec("SKU110K", "image", _sku110k,
                    "https://github.com/eg4000/SKU110K_CVPR19 (SKU110K_fixed/images/{train,val,test}_N.jpg, "
                    "annotations/annotations_<split>.csv headerless image_name,x1,y1,x2,y2,class,image_width,"
                    "image_height; Ultralytics' SKU-110K.yaml: one class, object)",
                    "one folder of images, split by the annotation file's name; one class."),
    "drive": Spec("DRIVE", "image", _drive,
                  "https://drive.grand-challenge.org/ (DRIVE/training/images/21_training.tif, 1st_manual/"
                  "21_manual1.gif, mask/21_training_mask.gif; test/images, test/mask)",
                  "vessel segmentation: the images are the records (no class); manual and FOV masks are masks."),
    "massachusetts": Spec("massachusetts-roads-dataset", "image", _massachusetts,
                          "https://www.kaggle.com/datasets/balraj98/massachusetts-roads-dataset (tiff/train/*.tiff, "
                          "tiff/train_labels/*.tif, val, val_labels, test, test_labels; metadata.csv, "
                          "label_class_dict.csv)",
                          "road segmentation: the tiles are the records (no class), the _labels folders their masks."),
    "arxiv_topics": Spec("topic-modeling-for-research-articles", "text", _arxiv_topics,
                         "https://www.kaggle.com/datasets/blessondensil294/topic-modeling-for-research-articles "
                         "(train.csv ID,TITLE,ABSTRACT,<6 topic columns of 0/1>, test.csv ID,TITLE,ABSTRACT)",
                         "multi-label by one-hot topic columns; the title is the text, the abstract its pair; "
                         "test unlabelled; the submission's zeros are no labels."),
    "movie_phrases": Spec("sentiment-analysis-on-movie-reviews", "text", _movie_phrases,
                          "https://www.kaggle.com/c/sentiment-analysis-on-movie-reviews/data (train.tsv.zip, "
                          "test.tsv.zip: PhraseId SentenceId Phrase Sentiment; sampleSubmission.csv)",
                          "phrases labelled 0-4 (negative ... positive); each table zipped; test unlabelled.",
                          aliases={name: {code} for code, name in _PHRASE_SENTIMENT.items()}),
    "womens_clothing": Spec("womens-ecommerce-clothing-reviews", "text", _womens_clothing,
                            "https://www.kaggle.com/datasets/nicapotato/womens-ecommerce-clothing-reviews (Womens "
                            "Clothing E-Commerce Reviews.csv: an unnamed index, Clothing ID, Age, Title, Review Text, "
                            "Rating, Recommended IND, ...)",
                            "ten columns; Review Text is the review, Rating (1-5) its rating; Recommended IND a second "
                            "candidate label; Title empty in some rows."),
    "stackoverflow": Spec("60k-stack-overflow-questions-with-quality-rate", "text", _stackoverflow,
                          "https://www.kaggle.com/datasets/imoore/60k-stack-overflow-questions-with-quality-rate "
                          "(train.csv, valid.csv: Id,Title,Body,Tags,CreationDate,Y)",
                          "the title is the text, the HTML body its pair; Y is HQ, LQ_EDIT or LQ_CLOSE."),
    "subjectivity": Spec("rotten_imdb", "text", _subjectivity,
                         "https://www.cs.cornell.edu/people/pabo/movie-review-data/ (rotten_imdb.tar.gz: "
                         "quote.tok.gt9.5000 subjective, plot.tok.gt9.5000 objective, subjdata.README.1.0)",
                         "a sentence a line, one file per class (the README names them), latin-1.",
                         aliases={"subjective": {"quote"}, "objective": {"plot"}}),
    "tweet_emotions": Spec("emotion-detection-from-text", "text", _tweet_emotions,
                           "https://www.kaggle.com/datasets/pashupatigupta/emotion-detection-from-text "
                           "(tweet_emotions.csv: tweet_id,sentiment,content)",
                           "thirteen emotions in sentiment; the text content comes last."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
