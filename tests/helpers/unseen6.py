"""A sixth round of miniatures of public datasets no rule, test or doc here named before.

Chosen by kind: class folders with spaces under train/ beside a flat unlabelled test/ and a
submission table naming one class for every test file, numbered labels in a table beside a JSON
number-to-name map, a bare-id label table over TIFF tiles, class folders under a doubled container
with class-id list files, class folders beside a flat test folder whose file names carry the class,
a multi-label table whose label cell is a Python list beside its one-hot columns, file names with
spaces and parentheses, question pairs with a test table of another id column, a review table of
ten columns, question/sentence pairs in per-split TSVs, a latin-1 tweet table, Pascal VOC with
ImageSets split lists beside a box table named `test.csv`, per-class folders of OIDv4 images with
`Label/` text files naming classes, YOLO labels with no class names, and X-rays with two mask
folders and per-image clinical readings.

The builders reuse round four's table (tests/helpers/unseen4.py: `Put`, `build`): a record id is the
path relative to the root; a row or a line is "<file>:<i>". The truth comes from each dataset's
documented meaning (its data page, cited in `source`), never from what shardify does.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from PIL import Image

from helpers.shipped import _image_bytes, _words
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row


def _tif(key: str) -> bytes:
    """Histopathologic Cancer Detection's tiles are 96x96 RGB TIFFs (here 20x16)."""
    rng = np.random.default_rng(sum(key.encode()))
    buf = io.BytesIO()
    Image.fromarray(rng.integers(0, 256, (16, 20, 3), dtype=np.uint8), "RGB").save(buf, "TIFF")
    return buf.getvalue()


def _hex(seed: str, n: int) -> str:
    rng = np.random.default_rng(sum(seed.encode()) * 7919 + len(seed))
    return "".join("0123456789abcdef"[int(i)] for i in rng.integers(0, 16, n))


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_SEEDLINGS = ["Black-grass", "Charlock", "Common Chickweed", "Loose Silky-bent", "Shepherds Purse", "Sugar beet"]


def _plant_seedlings() -> Iterator[Put]:
    for k, species in enumerate(_SEEDLINGS):
        for n in range(2):
            yield img(f"train/{species}/{_hex(f'ps{k}{n}', 9)}.png", "train", species, kind="png")
    tests = [f"{_hex(f'pt{n}', 9)}.png" for n in range(4)]
    for name in tests:
        yield img(f"test/{name}", "test", kind="png")
    # the competition's sample submission names one species for every test file: a format example
    yield aux("sample_submission.csv", "file,species\n" + "".join(f"{name},Sugar beet\n" for name in tests))


_CASSAVA = {"0": "Cassava Bacterial Blight (CBB)", "1": "Cassava Brown Streak Disease (CBSD)",
            "2": "Cassava Green Mottle (CGM)", "3": "Cassava Mosaic Disease (CMD)", "4": "Healthy"}


def _cassava() -> Iterator[Put]:
    lines = ["image_id,label"]
    for i in range(10):
        name, label = f"{1000015157 + 7919 * i * i}.jpg", str((3, 0, 1, 3, 4, 2, 3, 1, 0, 4)[i])
        lines.append(f"{name},{label}")
        yield img(f"train_images/{name}", "train", _CASSAVA[label])
    yield img("test_images/2216849948.jpg", "test")
    yield aux("train.csv", "\n".join(lines) + "\n")
    yield aux("label_num_to_disease_map.json", json.dumps(_CASSAVA))
    yield aux("sample_submission.csv", "image_id,label\n2216849948.jpg,4\n")


def _histopathologic() -> Iterator[Put]:
    lines = ["id,label"]
    for i in range(9):
        stem, label = _hex(f"hc{i}", 40), str(int(i % 3 == 1))
        lines.append(f"{stem},{label}")
        yield Put(f"train/{stem}.tif", data=_tif(stem), record=True, split="train", labels=frozenset({label}))
    tests = [_hex(f"ht{i}", 40) for i in range(3)]
    for stem in tests:
        yield Put(f"test/{stem}.tif", data=_tif(stem), record=True, split="test")
    yield aux("train_labels.csv", "\n".join(lines) + "\n")
    yield aux("sample_submission.csv", "id,label\n" + "".join(f"{s},0\n" for s in tests))


_GARBAGE = {"glass": 1, "paper": 2, "cardboard": 3, "plastic": 4, "metal": 5, "trash": 6}


def _garbage() -> Iterator[Put]:
    one, zero = [], []
    for cls, number in _GARBAGE.items():
        for n in (1, 2, 17):
            yield img(f"Garbage classification/Garbage classification/{cls}/{cls}{n}.jpg", "train", cls)
            one.append(f"{cls}{n}.jpg {number}")
            zero.append(f"{cls}{n}.jpg {number - 1}")
    yield aux("one-indexed-files.txt", "\n".join(one) + "\n")
    yield aux("zero-indexed-files.txt", "\n".join(zero) + "\n")


_SIMPSONS = ["abraham_grampa_simpson", "bart_simpson", "homer_simpson", "lisa_simpson", "marge_simpson"]


def _simpsons() -> Iterator[Put]:
    boxes = []
    for character in _SIMPSONS:
        for n in range(3):
            yield img(f"simpsons_dataset/{character}/pic_{n:04d}.jpg", "train", character)
            boxes.append(f"./characters/{character}/pic_{n:04d}.jpg,{3 + n},{2 + n},{15 + n},{13 + n},{character}")
        # the test set names each image's character in its file name
        yield img(f"kaggle_simpson_testset/kaggle_simpson_testset/{character}_{7 * len(character) % 50}.jpg", "test",
                  character)
    yield aux("annotation.txt", "\n".join(boxes) + "\n")
    yield aux("number_pic_char.csv", ",name,total,train,test,bounding_box\n" + "".join(
        f"{i},{c.replace('_', ' ').title()},3,3,1,3\n" for i, c in enumerate(_SIMPSONS)))


_GENRES = ["Action", "Adventure", "Animation", "Biography", "Comedy", "Crime", "Documentary", "Drama", "Family",
           "Fantasy", "History", "Horror", "Music", "Musical", "Mystery", "N/A", "News", "Reality-TV", "Romance",
           "Sci-Fi", "Short", "Sport", "Thriller", "War", "Western"]
_MOVIES = [("tt0086425", ["Comedy", "Drama"]), ("tt0085549", ["Drama", "Romance", "Music"]),
           ("tt0086465", ["Comedy"]), ("tt0086567", ["Sci-Fi", "Thriller"]), ("tt0086034", ["Action", "Adventure", "Thriller"]),
           ("tt0086979", ["Drama"]), ("tt0087089", ["Crime", "Drama"]), ("tt0087277", ["Drama", "Music", "Romance"])]


def _movie_posters() -> Iterator[Put]:
    lines = ["Id,Genre," + ",".join(_GENRES)]
    for movie, genres in _MOVIES:
        cell = "[" + ", ".join(f"'{g}'" for g in genres) + "]"
        lines.append(_csv(movie, cell) + "," + ",".join(str(int(g in genres)) for g in _GENRES))
        yield img(f"Multi_Label_dataset/Images/{movie}.jpg", "train", set(genres))
    yield aux("Multi_Label_dataset/train.csv", "\n".join(lines) + "\n")


def _rice() -> Iterator[Put]:
    for cls in ("Arborio", "Basmati", "Ipsala", "Jasmine", "Karacadag"):
        for n in (1, 2, 10):
            yield img(f"Rice_Image_Dataset/{cls}/{cls} ({n}).jpg", "train", cls)
    yield aux("Rice_Image_Dataset/Rice_Citation_Request.txt", "Cinar I., Koklu M. (2019). Classification of Rice "
              "Varieties Using Artificial Intelligence Methods.\n")


# ------------------------------------------------------------------------------------------------
# Texts
# ------------------------------------------------------------------------------------------------

def _quora() -> Iterator[Put]:
    train = ['"id","qid1","qid2","question1","question2","is_duplicate"']
    for i in range(9):
        q1 = f"What is the {_words(f'qa{i}', 5)}?"
        q2 = f"How do I {_words(f'qb{i}', 6)}?"
        label = str(int(i % 3 == 0))
        train.append(",".join(f'"{c}"' for c in (str(i), str(2 * i + 1), str(2 * i + 2), q1, q2, label)))
        yield row(f"train.csv:{i}", "train", label, (q1, q2))
    test = ['"test_id","question1","question2"']
    for i in range(3):
        q1, q2 = f"Why {_words(f'qt{i}', 5)}?", f"Is {_words(f'qu{i}', 4)} true?"
        test.append(",".join(f'"{c}"' for c in (str(i), q1, q2)))
        yield row(f"test.csv:{i}", "test", None, (q1, q2))
    yield aux("train.csv", "\n".join(train) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("sample_submission.csv", "test_id,is_duplicate\n" + "".join(f"{i},1\n" for i in range(3)))


def _fine_food() -> Iterator[Put]:
    lines = ["Id,ProductId,UserId,ProfileName,HelpfulnessNumerator,HelpfulnessDenominator,Score,Time,Summary,Text"]
    for i in range(10):
        score = str((5, 1, 4, 2, 5, 3, 5, 4, 1, 5)[i])
        text = f"{_words(f'ff{i}', 14).capitalize()}. {_words(f'fg{i}', 9).capitalize()}!<br />Would buy again."
        lines.append(_csv(str(i + 1), f"B00{813 + i}GRG4", f"A3SGXH7AUHU{i}G", f"delmartian {i}", str(i % 3),
                          str(i % 3 + 1), score, str(1303862400 + 86400 * i), _words(f"fs{i}", 3).title(), text))
        yield row(f"Reviews.csv:{i}", "train", score, text)
    yield aux("Reviews.csv", "\n".join(lines) + "\n")


def _wikiqa() -> Iterator[Put]:
    for file, split, n in (("train", "train", 8), ("dev", "validation", 4), ("test", "test", 4)):
        lines = ["QuestionID\tQuestion\tDocumentID\tDocumentTitle\tSentenceID\tSentence\tLabel"]
        for i in range(n):
            q = f"how {_words(f'wq{file}{i // 2}', 4)}"
            s = f"{_words(f'ws{file}{i}', 11).capitalize()} ."
            label = str(int(i % 4 == 1))
            title = _words(f"wt{file}{i // 2}", 2).title()
            lines.append("\t".join((f"Q{i // 2 + 1}", q, f"D{i // 2 + 1}", title, f"D{i // 2 + 1}-{i % 2}", s, label)))
            yield row(f"WikiQACorpus/WikiQA-{file}.tsv:{i}", split, label, (q, s))
        yield aux(f"WikiQACorpus/WikiQA-{file}.tsv", "\n".join(lines) + "\n")
    yield aux("WikiQACorpus/README.txt", "WikiQA: the question, a Wikipedia sentence, and whether it answers the "
              "question (Label 1).\n")


_CORONA = ["Extremely Negative", "Negative", "Neutral", "Positive", "Extremely Positive"]


def _corona_tweets() -> Iterator[Put]:
    for file, split, n in (("Corona_NLP_train.csv", "train", 10), ("Corona_NLP_test.csv", "test", 5)):
        lines = ["UserName,ScreenName,Location,TweetAt,OriginalTweet,Sentiment"]
        for i in range(n):
            text = f"@user {_words(f'ct{file}{i}', 9)} caf\u00e9 #COVID19 https://t.co/{i}Xz"
            label = _CORONA[(i * 2 + len(file)) % 5]
            lines.append(_csv(str(3799 + i), str(48751 + i), ("London", "", "UK", "Vagabonds")[i % 4],
                              f"{16 + i % 3:02d}-03-2020", text, label))
            yield row(f"{file}:{i}", split, label, text)
        yield aux(file, "\r\n".join(lines) + "\r\n", encoding="latin-1")


# ------------------------------------------------------------------------------------------------
# Objects and masks
# ------------------------------------------------------------------------------------------------

_BLOOD = {0: ["RBC", "RBC", "WBC"], 1: ["RBC", "Platelets"], 2: ["WBC", "RBC"], 3: ["RBC", "RBC", "RBC"],
          4: ["Platelets", "WBC"], 5: ["RBC"], 6: ["WBC", "Platelets", "RBC"]}
_BLOOD_SPLIT = {0: "train", 1: "train", 2: "train", 3: "train", 4: "validation", 5: "test", 6: "test"}


def _bccd() -> Iterator[Put]:
    table = ["filename,cell_type,xmin,xmax,ymin,ymax"]
    for n, names in _BLOOD.items():
        stem = f"BloodImage_{n:05d}"
        objs = ""
        for k, name in enumerate(names):
            box = (1 + 2 * k, 2 + k, 9 + 2 * k, 12 + k)
            objs += (f"\t<object>\n\t\t<name>{name}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
                     f"\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>{box[0]}</xmin>\n\t\t\t<ymin>{box[1]}</ymin>\n"
                     f"\t\t\t<xmax>{box[2]}</xmax>\n\t\t\t<ymax>{box[3]}</ymax>\n\t\t</bndbox>\n\t</object>\n")
            table.append(f"{stem}.jpg,{name},{box[0]},{box[2]},{box[1]},{box[3]}")
        yield img(f"BCCD_Dataset/BCCD/JPEGImages/{stem}.jpg", _BLOOD_SPLIT[n], set(names), objects=names)
        yield aux(f"BCCD_Dataset/BCCD/Annotations/{stem}.xml",
                  f"<annotation>\n\t<folder>JPEGImages</folder>\n\t<filename>{stem}.jpg</filename>\n"
                  f"\t<path>/home/pi/detection_dataset/JPEGImages/{stem}.jpg</path>\n\t<source>\n\t\t<database>Unknown"
                  f"</database>\n\t</source>\n\t<size>\n\t\t<width>20</width>\n\t\t<height>16</height>\n\t\t<depth>3</depth>\n"
                  f"\t</size>\n\t<segmented>0</segmented>\n{objs}</annotation>\n")
    for part, splits in (("train", {"train"}), ("val", {"validation"}), ("test", {"test"}),
                         ("trainval", {"train", "validation"})):
        stems = [f"BloodImage_{n:05d}" for n, s in _BLOOD_SPLIT.items() if s in splits]
        yield aux(f"BCCD_Dataset/BCCD/ImageSets/Main/{part}.txt", "\n".join(stems) + "\n")
    # export.py's table of every box (all images, not a test split)
    yield aux("BCCD_Dataset/test.csv", "\n".join(table) + "\n")
    yield aux("BCCD_Dataset/README.md", "# BCCD Dataset\n\nBCCD Dataset is a small-scale dataset for blood cells "
              "detection. Annotations in VOC format; RBC, WBC, Platelets.\n")


_OID = {"Apple": ["Apple"], "Traffic light": ["Traffic light"], "Orange": ["Orange"]}


def _oidv4() -> Iterator[Put]:
    for split_folder, split, per in (("train", "train", 3), ("validation", "validation", 1), ("test", "test", 1)):
        for k, cls in enumerate(_OID):
            for n in range(per):
                stem = _hex(f"oid{split_folder}{k}{n}", 16)
                count = 1 + (n + k) % 2
                lines = [f"{cls} {1.5 + 3 * j} {2.25 + j} {9.0 + 3 * j} {12.75 + j}" for j in range(count)]
                yield img(f"OID/Dataset/{split_folder}/{cls}/{stem}.jpg", split, cls, objects=[cls] * count)
                yield aux(f"OID/Dataset/{split_folder}/{cls}/Label/{stem}.txt", "\n".join(lines) + "\n")


# Ultralytics' coco.yaml `names`, in index order (the download itself does not carry them).
COCO80 = ("person bicycle car motorcycle airplane bus train truck boat traffic_light fire_hydrant stop_sign parking_meter "
          "bench bird cat dog horse sheep cow elephant bear zebra giraffe backpack umbrella handbag tie suitcase frisbee "
          "skis snowboard sports_ball kite baseball_bat baseball_glove skateboard surfboard tennis_racket bottle "
          "wine_glass cup fork knife spoon bowl banana apple sandwich orange broccoli carrot hot_dog pizza donut cake "
          "chair couch potted_plant bed dining_table toilet tv laptop mouse remote keyboard cell_phone microwave oven "
          "toaster sink refrigerator book clock vase scissors teddy_bear hair_drier toothbrush")
COCO80_NAMES = tuple(name.replace("_", " ") for name in COCO80.split())
_COCO128 = {"000000000009": [45, 45, 50], "000000000025": [23], "000000000030": [75, 58], "000000000034": [22],
            "000000000036": [25, 0], "000000000042": [16], "000000000049": [0, 0, 17], "000000000061": []}


def _coco128() -> Iterator[Put]:
    for stem, classes in _COCO128.items():
        yield img(f"coco128/images/train2017/{stem}.jpg", "train", {str(c) for c in classes} or None,
                  objects=[str(c) for c in classes])
        if classes:  # an image with no object has no label file
            yield aux(f"coco128/labels/train2017/{stem}.txt", "".join(
                f"{c} {0.3 + 0.05 * j:.6f} {0.4 + 0.03 * j:.6f} {0.2:.6f} {0.25:.6f}\n" for j, c in enumerate(classes)))
    yield aux("coco128/README.txt", "WARNING: this is a small subset of COCO2017 for tutorials; labels are "
              "class index, x_center, y_center, width, height, normalised.\n")
    yield aux("coco128/LICENSE", "Creative Commons Attribution 4.0\n")


def _montgomery() -> Iterator[Put]:
    for n, abnormal in ((1, 0), (2, 0), (4, 1), (6, 0), (8, 1), (11, 1)):
        stem = f"MCUCXR_{n:04d}_{abnormal}"
        # the masks are for lung segmentation: the X-rays are the records, with no class label
        yield img(f"MontgomerySet/CXR_png/{stem}.png", "train", kind="png")
        yield img(f"MontgomerySet/ManualMask/leftMask/{stem}.png", kind="mask", record=False)
        yield img(f"MontgomerySet/ManualMask/rightMask/{stem}.png", kind="mask", record=False)
        yield aux(f"MontgomerySet/ClinicalReadings/{stem}.txt", f"Patient's Sex: {'FM'[n % 2]}\nPatient's Age: "
                  f"0{30 + n}Y\n{'normal' if not abnormal else 'Right upper lobe infiltrate, TB'}\n")


SPECS: dict[str, Spec] = {
    "plant_seedlings": Spec("plant-seedlings-classification", "image", _plant_seedlings,
                            "https://www.kaggle.com/c/plant-seedlings-classification/data (train/<species>/*.png, "
                            "test/*.png, sample_submission.csv file,species)",
                            "12 species folders (spaces in names); test unlabelled; the sample submission's one "
                            "species for all is no label."),
    "cassava": Spec("cassava-leaf-disease-classification", "image", _cassava,
                    "https://www.kaggle.com/c/cassava-leaf-disease-classification/data (train_images/, train.csv "
                    "image_id,label, label_num_to_disease_map.json, test_images/)",
                    "labels 0-4 in train.csv, named by the JSON map; one unlabelled test image.",
                    aliases={name: {number} for number, name in _CASSAVA.items()}),
    "histopathologic": Spec("histopathologic-cancer-detection", "image", _histopathologic,
                            "https://www.kaggle.com/c/histopathologic-cancer-detection/data (train/<id>.tif, "
                            "train_labels.csv id,label, test/)",
                            "ids without the .tif extension; label 1: tumour tissue in the centre; test unlabelled."),
    "garbage": Spec("garbage-classification", "image", _garbage,
                    "https://www.kaggle.com/datasets/asdasdasasdas/garbage-classification ('Garbage classification/"
                    "Garbage classification/<class>/<class>N.jpg', one-indexed-files.txt)",
                    "six class folders under a doubled container with spaces; the list files give the same classes "
                    "as 1- and 0-based ids (the notrash split lists left out: they omit trash)."),
    "simpsons": Spec("the-simpsons-characters-dataset", "image", _simpsons,
                     "https://www.kaggle.com/datasets/alexattia/the-simpsons-characters-dataset (simpsons_dataset/"
                     "<character>/pic_NNNN.jpg, kaggle_simpson_testset/kaggle_simpson_testset/<character>_<n>.jpg)",
                     "character folders; the test set is flat, the character in each file name; annotation.txt's "
                     "boxes name ./characters/ paths."),
    "movie_posters": Spec("movie-classifier", "image", _movie_posters,
                          "https://www.kaggle.com/datasets/raman77768/movie-classifier (Multi_Label_dataset/Images/"
                          "<imdb id>.jpg, train.csv Id,Genre,<25 one-hot columns>)",
                          "multi-label: Genre is a Python list, the 25 columns repeat it as 0/1."),
    "rice": Spec("rice-image-dataset", "image", _rice,
                 "https://www.kaggle.com/datasets/muratkokludataset/rice-image-dataset (Rice_Image_Dataset/<variety>/"
                 "<variety> (n).jpg)",
                 "five variety folders; file names with spaces and parentheses; one split."),
    "quora": Spec("quora-question-pairs", "text", _quora,
                  "https://www.kaggle.com/c/quora-question-pairs/data (train.csv id,qid1,qid2,question1,question2,"
                  "is_duplicate; test.csv test_id,question1,question2)",
                  "question pairs; is_duplicate 0/1; test unlabelled; the submission's 1s are no labels."),
    "fine_food": Spec("amazon-fine-food-reviews", "text", _fine_food,
                      "https://www.kaggle.com/datasets/snap/amazon-fine-food-reviews (Reviews.csv)",
                      "ten columns; the review is Text, its rating Score (1-5); Summary is a title."),
    "wikiqa": Spec("WikiQACorpus", "text", _wikiqa,
                   "https://www.microsoft.com/en-us/download/details.aspx?id=52419 (WikiQACorpus/WikiQA-train.tsv, "
                   "-dev, -test: QuestionID Question DocumentID DocumentTitle SentenceID Sentence Label)",
                   "question/sentence pairs, Label 1 if the sentence answers; one split per file (the .txt/.ref "
                   "copies left out)."),
    "corona_tweets": Spec("covid-19-nlp-text-classification", "text", _corona_tweets,
                          "https://www.kaggle.com/datasets/datatattle/covid-19-nlp-text-classification "
                          "(Corona_NLP_train.csv, Corona_NLP_test.csv, latin-1)",
                          "text OriginalTweet, label Sentiment (five values); CRLF; latin-1."),
    "bccd": Spec("BCCD_Dataset-master", "image", _bccd,
                 "https://github.com/Shenggan/BCCD_Dataset (BCCD/Annotations, JPEGImages, ImageSets/Main/*.txt, test.csv)",
                 "Pascal VOC with split lists; trainval repeats train+val; test.csv lists every box (not a test split)."),
    "oidv4": Spec("OIDv4_ToolKit", "image", _oidv4,
                  "https://github.com/EscVM/OIDv4_ToolKit (OID/Dataset/<split>/<Class>/<id>.jpg, Label/<id>.txt "
                  "'<Class name> xmin ymin xmax ymax' absolute)",
                  "per-class folders per split; each image's boxes in its Label/ text file, class names with spaces."),
    "coco128": Spec("coco128", "image", _coco128,
                    "https://github.com/ultralytics/assets/releases (coco128.zip: images/train2017, labels/train2017)",
                    "YOLO class indices with no names in the download (the yaml is Ultralytics'); an image with no "
                    "object has no label file.",
                    aliases={str(i): {name} for i, name in enumerate(COCO80_NAMES)}),
    "montgomery": Spec("NLM-MontgomeryCXRSet", "image", _montgomery,
                       "https://lhncbc.nlm.nih.gov/LHC-downloads/downloads.html#tuberculosis-image-data-sets "
                       "(MontgomerySet/CXR_png, ManualMask/leftMask, rightMask, ClinicalReadings)",
                       "X-rays with lung masks in two mask folders of the same names; clinical readings as text."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
