"""A second round of miniatures of public datasets no rule, test or doc here names.

Each builder writes a small copy of one download as it unpacks (real file names, list and
annotation formats, auxiliary files), read from the dataset's documentation and from the loaders
that read it (cited in `Truth.source`), and returns a `Truth` with the conventions of
tests/helpers/shipped.py: record ids are paths relative to the root, rows of tables and elements of
arrays are "<file>:<0-based index>", labels are frozensets of label names (None: unlabelled).

`ALIASES` gives, per dataset, the values its files hold for each documented label name (a table's
`0` for CoLA's `unacceptable`): a conversion that writes either names the same class.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import scipy.io

from helpers.shipped import Truth, _idx_images, _idx_labels, _image_bytes, _img, _rng, _words, _write


def _csv_field(s: str) -> str:
    return '"' + s.replace('"', '""') + '"'


def build_gtsrb(dest: Path) -> Truth:
    """GTSRB_Final_Training_Images.zip, GTSRB_Final_Test_Images.zip and GTSRB_Final_Test_GT.zip unpacked."""
    root = dest / "gtsrb"
    records: dict = {}
    header = "Filename;Width;Height;Roi.X1;Roi.Y1;Roi.X2;Roi.Y2;ClassId"
    for cls in (0, 1, 14):
        folder = f"GTSRB/Final_Training/Images/{cls:05d}"
        rows = [header]
        for track in range(2):
            for frame in range(2):
                name = f"{track:05d}_{frame:05d}.ppm"
                _img(root, f"{folder}/{name}", w=20, h=22, fmt="PPM")
                rows.append(f"{name};20;22;5;5;15;17;{cls}")
                records[f"{folder}/{name}"] = ("train", frozenset({str(cls)}))
        _write(root / f"{folder}/GT-{cls:05d}.csv", "\n".join(rows) + "\n")
    test_rows, gt_rows = ["Filename;Width;Height;Roi.X1;Roi.Y1;Roi.X2;Roi.Y2"], [header]
    for i, cls in enumerate((14, 0, 1, 1, 0)):
        name = f"{i:05d}.ppm"
        _img(root, f"GTSRB/Final_Test/Images/{name}", w=21, h=20, fmt="PPM")
        test_rows.append(f"{name};21;20;5;5;16;15")
        gt_rows.append(f"{name};21;20;5;5;16;15;{cls}")
        records[f"GTSRB/Final_Test/Images/{name}"] = ("test", frozenset({str(cls)}))
    _write(root / "GTSRB/Final_Test/Images/GT-final_test.test.csv", "\n".join(test_rows) + "\n")
    _write(root / "GT-final_test.csv", "\n".join(gt_rows) + "\n")
    _write(root / "GTSRB/Readme-Images.txt", "German Traffic Sign Recognition Benchmark - Images\n")
    _write(root / "GTSRB/Readme-Images-Final-test.txt", "The test images, without their class ids.\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the PPM relative to root",
        source=("https://benchmark.ini.rub.de/gtsrb_dataset.html (Readme-Images.txt); "
                "torchvision/datasets/gtsrb.py (GT-final_test.csv beside GTSRB/Final_Test/Images)"),
        notes=("Final_Training/Images/<5-digit class id>/<track>_<frame>.ppm, each class folder with its "
               "GT-<id>.csv (';'-separated, ClassId last). Final_Test/Images/*.ppm in one folder with a "
               "GT-final_test.test.csv without ClassId; the test labels come in GT-final_test.csv. Label: "
               "the class id (torchvision's target), the same class in both splits."),
    )


def build_caltech256(dest: Path) -> Truth:
    """256_ObjectCategories.tar unpacked: <NNN>.<name>/<NNN>_<NNNN>.jpg."""
    root = dest / "caltech256"
    records: dict = {}
    for number, name in ((1, "ak47"), (2, "american-flag"), (3, "backpack"), (57, "dolphin-101"), (257, "clutter")):
        folder = f"256_ObjectCategories/{number:03d}.{name}"
        for i in range(1, 4):
            rel = f"{folder}/{number:03d}_{i:04d}.jpg"
            _img(root, rel)
            records[rel] = ("train", frozenset({f"{number:03d}.{name}"}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the JPEG relative to root",
        source="https://data.caltech.edu/records/nyv15-4j048 ; torchvision/datasets/caltech.py (Caltech256)",
        notes="one folder per category named <3-digit number>.<name>; no split; torchvision's target is the folder.",
    )


def build_svhn(dest: Path) -> Truth:
    """Format 2 (cropped digits): train_32x32.mat, test_32x32.mat, as downloaded."""
    root = dest / "svhn"
    records: dict = {}
    for fname, split, digits in (("train_32x32.mat", "train", [1, 9, 2, 10, 3, 10, 5]),
                                 ("test_32x32.mat", "test", [10, 4, 7, 1, 6])):
        x = _rng(fname).integers(0, 256, (32, 32, 3, len(digits)), dtype=np.uint8)
        y = np.asarray(digits, dtype=np.uint8).reshape(-1, 1)
        root.mkdir(parents=True, exist_ok=True)
        scipy.io.savemat(root / fname, {"X": x, "y": y})
        for i, d in enumerate(digits):
            records[f"{fname}:{i}"] = (split, frozenset({str(d % 10)}))
    return Truth(
        root=root, media="image", records=records,
        record_key="'<mat file>:<index>' along X's last axis",
        source="http://ufldl.stanford.edu/housenumbers/ (format 2); tfds image_classification/svhn.py",
        notes="X is 32x32x3xN uint8, y Nx1 with 10 for the digit 0 (tfds: label = y % 10).",
    )


def build_lfw(dest: Path) -> Truth:
    """lfw.tgz unpacked (lfw/<Person_Name>/<Person_Name>_<NNNN>.jpg) with pairs.txt and people.txt beside."""
    root = dest / "lfw_download"
    records: dict = {}
    people = {"Aaron_Peirsol": 4, "Abdullah_Gul": 3, "Adam_Sandler": 1, "Zico": 1, "Ziwang_Xu": 1,
              "George_W_Bush": 5, "Tony_Blair": 2, "Alan_Ball": 1}
    for person, n in people.items():
        for i in range(1, n + 1):
            rel = f"lfw/{person}/{person}_{i:04d}.jpg"
            _img(root, rel, w=25, h=25)
            records[rel] = ("train", frozenset({person}))
    _write(root / "pairs.txt", "1\t3\nAaron_Peirsol\t1\t2\nAbdullah_Gul\t1\t3\nGeorge_W_Bush\t2\t5\n"
           "Adam_Sandler\t1\tZico\t1\nTony_Blair\t1\tZiwang_Xu\t1\nAlan_Ball\t1\tAaron_Peirsol\t4\n")
    _write(root / "people.txt", "1\n8\n" + "".join(f"{p}\t{n}\n" for p, n in people.items()))
    _write(root / "lfw-names.txt", "".join(f"{p}\t{n}\n" for p, n in people.items()))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the JPEG relative to root",
        source="http://vis-www.cs.umass.edu/lfw/ (lfw.tgz, pairs.txt, people.txt); tfds image/lfw.py",
        notes=("lfw/<Person_Name>/<Person_Name>_NNNN.jpg; most people have one image. tfds: label = the person's "
               "name, one split 'train'. pairs.txt and people.txt are verification folds, not labels."),
    )


def build_flickr8k(dest: Path) -> Truth:
    """Flickr8k_Dataset.zip (Flicker8k_Dataset/) and Flickr8k_text.zip unpacked side by side."""
    root = dest / "flickr8k"
    records: dict = {}
    names = [f"{1000268201 + 7919 * i}_{'693b08cb0e' if i % 2 else 'a1b2c3d4e5'}.jpg" for i in range(9)]
    splits = {"train": names[:5], "dev": names[5:7], "test": names[7:]}
    tokens, lemmas = [], []
    for name in names:
        _img(root, f"Flicker8k_Dataset/{name}", w=30, h=20)
        for c in range(5):
            caption = f"A {_words(name + str(c), 5)} dog runs through the grass ."
            tokens.append(f"{name}#{c}\t{caption}")
            lemmas.append(f"{name}#{c}\t{caption.lower()}")
    for split, members in splits.items():
        for name in members:
            records[f"Flicker8k_Dataset/{name}"] = (split, None)
    file_of = {"train": "Flickr_8k.trainImages.txt", "dev": "Flickr_8k.devImages.txt", "test": "Flickr_8k.testImages.txt"}
    for split, members in splits.items():
        _write(root / file_of[split], "\n".join(members) + "\n")
    _write(root / "Flickr8k.token.txt", "\n".join(tokens) + "\n")
    _write(root / "Flickr8k.lemma.token.txt", "\n".join(lemmas) + "\n")
    _write(root / "ExpertAnnotations.txt", "".join(f"{names[i]}\t{names[i + 1]}#2\t1\t2\t1\n" for i in range(4)))
    _write(root / "CrowdFlowerAnnotations.txt", "".join(f"{names[i]}\t{names[i + 1]}#0\t0.33\t1\t2\n" for i in range(4)))
    _write(root / "readme.txt", "Flickr 8k Image Caption Corpus: Flickr8k.token.txt holds 5 captions per image.\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the JPEG relative to root",
        source=("https://github.com/jbrownlee/Datasets/releases (Flickr8k_Dataset.zip, Flickr8k_text.zip); "
                "torchvision/datasets/flickr.py (Flickr8k: '<image>#<n>\\t<caption>')"),
        notes=("Images in Flicker8k_Dataset/ (sic); captions in Flickr8k.token.txt; splits by the three "
               "Flickr_8k.*Images.txt lists. No class labels: records unlabelled, captions are text."),
    )


def build_sentiment140(dest: Path) -> Truth:
    """trainingandtestdata.zip unpacked: two headerless latin-1 CSVs."""
    root = dest / "sentiment140"
    records: dict = {}
    for fname, split, polarities, query in (
        ("training.1600000.processed.noemoticon.csv", "train", [0, 0, 4, 0, 4, 4, 0, 4, 4, 0], "NO_QUERY"),
        ("testdata.manual.2009.06.14.csv", "test", [4, 4, 0, 2, 0, 2], "kindle2"),
    ):
        lines = []
        for i, p in enumerate(polarities):
            tid = 1467810369 + 1013 * i
            date = f"Mon Apr 06 22:{19 + i}:45 PDT 2009"
            user = f"user_{_words(fname + str(i), 1)}{i}"
            text = f"@friend {_words(fname + 't' + str(i), 8)} caf\u00e9 ;( day {i}"
            lines.append(",".join(_csv_field(v) for v in (str(p), str(tid), date, query, user, text)))
            records[f"{fname}:{i}"] = (split, frozenset({str(p)}))
        _write(root / fname, "\r\n".join(lines) + "\r\n", encoding="latin-1")
    return Truth(
        root=root, media="text", records=records,
        record_key="'<csv file>:<row>' (no header)",
        source="http://help.sentiment140.com/for-students ; tfds text/sentiment140.py",
        notes=("Six quoted columns: polarity (0 negative, 2 neutral, 4 positive), id, date, query, user, text; "
               "latin-1. tfds: polarity is the label, text the text."),
    )


def build_cola(dest: Path) -> Truth:
    """GLUE's CoLA.zip unpacked: train.tsv/dev.tsv headerless, test.tsv with a header, original/ beside."""
    root = dest / "CoLA"
    records: dict = {}
    names = ["unacceptable", "acceptable"]
    raw: dict[str, list[str]] = {}
    for fname, split, n in (("train.tsv", "train", 10), ("dev.tsv", "dev", 6)):
        lines = []
        for i in range(n):
            label = (i * 5 + 1) % 3 != 0
            source = ["gj04", "bc01", "ks08", "clc95"][i % 4]
            sentence = f"The {_words(f'cola{split}{i}', 5)} {'was' if label else 'were'} seen by them {i}."
            lines.append(f"{source}\t{int(label)}\t{'' if label else '*'}\t{sentence}")
            records[f"{fname}:{i}"] = (split, frozenset({names[int(label)]}))
        raw[fname] = lines
        _write(root / fname, "\n".join(lines) + "\n")
    test = ["index\tsentence"] + [f"{i}\tSome {_words(f'colatest{i}', 4)} sentence {i}." for i in range(4)]
    for i in range(4):
        records[f"test.tsv:{i}"] = ("test", None)
    _write(root / "test.tsv", "\n".join(test) + "\n")
    for kind in ("raw", "tokenized"):
        _write(root / f"original/{kind}/in_domain_train.tsv", "\n".join(raw["train.tsv"]) + "\n")
        _write(root / f"original/{kind}/in_domain_dev.tsv", "\n".join(raw["dev.tsv"][:3]) + "\n")
        _write(root / f"original/{kind}/out_of_domain_dev.tsv", "\n".join(raw["dev.tsv"][3:]) + "\n")
    return Truth(
        root=root, media="text", records=records,
        record_key="'<tsv file>:<row>' (train/dev: no header; test: after its header)",
        source="https://dl.fbaipublicfiles.com/glue/data/CoLA.zip ; tfds text/glue.py (cola: unacceptable, acceptable)",
        notes=("train.tsv/dev.tsv: source code, label 0/1, the author's '*' mark, sentence; no header. "
               "original/{raw,tokenized}/ hold the same sentences again: not records."),
    )


def build_yelp_polarity(dest: Path) -> Truth:
    """yelp_review_polarity_csv.tgz unpacked: headerless "class","text" CSVs."""
    root = dest / "yelp_review_polarity_csv"
    records: dict = {}
    for fname, split, n in (("train.csv", "train", 10), ("test.csv", "test", 6)):
        lines = []
        for i in range(n):
            cls = 1 + (i * 3) % 2
            text = f"{_words(f'yelp{split}{i}', 9)}.\\n\\nThe \"{_words(f'yq{i}', 2)}\" was {'awful' if cls == 1 else 'great'}."
            lines.append(f"{_csv_field(str(cls))},{_csv_field(text)}")
            records[f"{fname}:{i}"] = (split, frozenset({["negative", "positive"][cls - 1]}))
        _write(root / fname, "\n".join(lines) + "\n")
    _write(root / "readme.txt", (
        "Yelp Review Polarity Dataset\n\nThe files train.csv and test.csv contain all the training samples as "
        "comma-sparated values. There are 2 columns in them, corresponding to class index (1 and 2) and review "
        "text. Negative polarity is class 1, and positive class 2.\n"))
    return Truth(
        root=root, media="text", records=records,
        record_key="'<csv file>:<row>' (no header)",
        source="Zhang et al. 2015 yelp_review_polarity_csv.tgz readme.txt; tfds text/yelp_polarity.py (neg, pos)",
        notes="two columns: class index 1 (negative) or 2 (positive), text; no classes.txt.",
    )


_FER = ["Angry", "Disgust", "Fear", "Happy", "Sad", "Surprise", "Neutral"]


def build_fer2013(dest: Path) -> Truth:
    """fer2013.tar.gz unpacked: fer2013/fer2013.csv (emotion,pixels,Usage)."""
    root = dest / "fer2013"
    records: dict = {}
    rows = ["emotion,pixels,Usage"]
    usage = ["Training"] * 6 + ["PublicTest"] * 3 + ["PrivateTest"] * 3
    split_of = {"Training": "train", "PublicTest": "validation", "PrivateTest": "test"}
    for i, use in enumerate(usage):
        emotion = (i * 3) % 7
        pixels = " ".join(str(v) for v in _rng(f"fer{i}").integers(0, 256, 48 * 48))
        rows.append(f"{emotion},{pixels},{use}")
        records[f"fer2013/fer2013.csv:{i}"] = (split_of[use], frozenset({_FER[emotion]}))
    _write(root / "fer2013/fer2013.csv", "\n".join(rows) + "\n")
    _write(root / "fer2013/README", "fer2013.csv: emotion (0=Angry ... 6=Neutral), pixels (48x48), Usage.\n")
    _write(root / "fer2013/fer2013.bib", "@MISC{Goodfeli-et-al-2013, title={Challenges in representation learning}}\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="'fer2013/fer2013.csv:<row>'",
        source="Kaggle challenges-in-representation-learning fer2013.tar.gz; torchvision/datasets/fer2013.py",
        notes=("Each row is one 48x48 grey image as 2304 space-separated numbers; emotion 0..6 (Angry, Disgust, "
               "Fear, Happy, Sad, Surprise, Neutral); Usage Training/PublicTest/PrivateTest is the split."),
    )


def build_uc_merced(dest: Path) -> Truth:
    """UCMerced_LandUse.zip unpacked: Images/<class>/<class>NN.tif."""
    root = dest / "UCMerced_LandUse"
    records: dict = {}
    for cls in ("agricultural", "airplane", "baseballdiamond", "beach", "tenniscourt"):
        for i in range(3):
            rel = f"Images/{cls}/{cls}{i:02d}.tif"
            _img(root, rel, w=24, h=24, fmt="TIFF")
            records[rel] = ("train", frozenset({cls}))
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the TIFF relative to root",
        source="http://weegee.vision.ucmerced.edu/datasets/landuse.html ; tfds image_classification/uc_merced.py",
        notes="21 class folders of 256x256 TIFFs under Images/; one split (tfds: train).",
    )


def build_mit_indoor67(dest: Path) -> Truth:
    """indoorCVPR_09.tar (Images/<class>/*.jpg) with TrainImages.txt and TestImages.txt beside."""
    root = dest / "mit_indoor67"
    records: dict = {}
    unlisted = set()
    train, test = [], []
    for cls, stems in (("airport_inside", ["airport_inside_0001", "airport_inside_0002", "gate_1", "gate_2"]),
                       ("kitchen", ["int474", "int475", "kitchen_1", "k_2"]),
                       ("bowling", ["bowling_0001", "bowling_0002", "bowl_3", "bowl_4"])):
        for i, stem in enumerate(stems):
            rel = f"Images/{cls}/{stem}.jpg"
            _img(root, rel)
            if i < 2:
                train.append(f"{cls}/{stem}.jpg")
                records[rel] = ("train", frozenset({cls}))
            elif i == 2:
                test.append(f"{cls}/{stem}.jpg")
                records[rel] = ("test", frozenset({cls}))
            else:
                unlisted.add(rel)
    _write(root / "TrainImages.txt", "\n".join(train) + "\n")
    _write(root / "TestImages.txt", "\n".join(test) + "\n")
    return Truth(
        root=root, media="image", records=records, unlisted=frozenset(unlisted),
        record_key="path of the JPEG relative to root",
        source="https://web.mit.edu/torralba/www/indoor.html (indoorCVPR_09.tar, TrainImages.txt, TestImages.txt)",
        notes=("Images/<class>/<name>.jpg; the splits are the two lists ('<class>/<name>.jpg' a line, 80 + 20 per "
               "class); the images in neither list are in no split."),
    )


_KMNIST = [("U+304A", "\u304a"), ("U+304D", "\u304d"), ("U+3059", "\u3059"), ("U+3064", "\u3064"),
           ("U+306A", "\u306a"), ("U+306F", "\u306f"), ("U+307E", "\u307e"), ("U+3084", "\u3084"),
           ("U+308C", "\u308c"), ("U+3092", "\u3092")]


def build_kmnist(dest: Path) -> Truth:
    """Kuzushiji-MNIST's four idx .gz files with kmnist_classmap.csv, as downloaded."""
    root = dest / "kmnist"
    records: dict = {}
    for prefix, split, labels in (("train", "train", [0, 3, 9, 1, 5, 7, 2]), ("t10k", "test", [8, 6, 4, 0, 9])):
        images = _rng(f"k{split}").integers(0, 256, (len(labels), 28, 28), dtype=np.uint8)
        _write(root / f"{prefix}-images-idx3-ubyte.gz", _idx_images(images))
        _write(root / f"{prefix}-labels-idx1-ubyte.gz", _idx_labels(labels))
        for i, label in enumerate(labels):
            records[f"{prefix}-images-idx3-ubyte.gz:{i}"] = (split, frozenset({_KMNIST[label][1]}))
    _write(root / "kmnist_classmap.csv", "index,codepoint,char\n" + "".join(
        f"{i},{code},{char}\n" for i, (code, char) in enumerate(_KMNIST)))
    return Truth(
        root=root, media="image", records=records,
        record_key="'<images file>:<index>'",
        source="https://github.com/rois-codh/kmnist (kmnist_classmap.csv); tfds image_classification/mnist.py (KMNIST)",
        notes="idx files as MNIST's; kmnist_classmap.csv maps the label index to a hiragana (index,codepoint,char).",
    )


def build_stanford_online_products(dest: Path) -> Truth:
    """Stanford_Online_Products.zip unpacked: <super>_final/<id>_<n>.JPG with Ebay_train.txt, Ebay_test.txt."""
    root = dest / "Stanford_Online_Products"
    records: dict = {}
    supers = ["bicycle", "cabinet", "chair"]
    rows = {"train": [], "test": []}
    image_id = 1
    for super_id, sup in enumerate(supers, start=1):
        for k in range(4):
            class_id = (super_id - 1) * 4 + k + 1
            split = "train" if class_id % 4 != 0 else "test"  # the classes of the two splits are disjoint
            product = 111085122871 + 1000 * class_id
            for n in range(2):
                rel = f"{sup}_final/{product}_{n}.JPG"
                _img(root, rel)
                rows[split].append(f"{image_id} {class_id} {super_id} {rel}")
                records[rel] = (split, frozenset({str(class_id)}))
                image_id += 1
    for split, lines in rows.items():
        _write(root / f"Ebay_{split}.txt", "image_id class_id super_class_id path\n" + "\n".join(lines) + "\n")
    info = [line for split in ("train", "test") for line in rows[split]]
    _write(root / "Ebay_info.txt", "image_id class_id super_class_id path\n" + "\n".join(info) + "\n")
    _write(root / "Ebay_final.txt", "image_id class_id super_class_id path\n" + "\n".join(info) + "\n")
    _write(root / "LICENSE", "Stanford Online Products: for research only.\n")
    _write(root / "README", "Ebay_train.txt/Ebay_test.txt: image_id class_id super_class_id path.\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the JPG relative to root",
        source="https://cvgl.stanford.edu/projects/lifted_struct/ ; tfds image/stanford_online_products.py",
        notes=("<super class>_final/<product id>_<n>.JPG; Ebay_train.txt/Ebay_test.txt (header 'image_id class_id "
               "super_class_id path') give the split and the class (one product: tfds 'class_id'); the folder is "
               "the super class (tfds 'super_class_id'), not the label. Train and test classes are disjoint."),
    )


def build_emnist(dest: Path) -> Truth:
    """EMNIST's gzip.zip unpacked: gzip/emnist-<subset>-{train,test}-{images,labels}-*.gz and mapping files."""
    root = dest / "emnist"
    records: dict = {}
    for subset, codes in (("balanced", [48, 49, 65, 66, 97]), ("digits", [48, 49, 50, 51, 52])):
        mapping = "".join(f"{i} {c}\n" for i, c in enumerate(codes))
        _write(root / f"gzip/emnist-{subset}-mapping.txt", mapping)
        for split, labels in (("train", [0, 2, 4, 1, 3, 2]), ("test", [1, 4, 0])):
            images = _rng(f"emnist{subset}{split}").integers(0, 256, (len(labels), 28, 28), dtype=np.uint8)
            stem = f"gzip/emnist-{subset}-{split}"
            _write(root / f"{stem}-images-idx3-ubyte.gz", _idx_images(images))
            _write(root / f"{stem}-labels-idx1-ubyte.gz", _idx_labels(labels))
            for i, label in enumerate(labels):
                records[f"{stem}-images-idx3-ubyte.gz:{i}"] = (f"{subset}-{split}", frozenset({chr(codes[label])}))
    return Truth(
        root=root, media="image", records=records,
        record_key="'<images file>:<index>'",
        source=("https://www.nist.gov/itl/products-and-services/emnist-dataset (gzip.zip); "
                "tfds image_classification/mnist.py (EMNIST configs)"),
        notes=("Six subsets (here two) in one folder, each its own train/test pair and mapping '<label> <ASCII code>': "
               "subsets are separate datasets (tfds configs), never one split; digits is a subset of the others' images. "
               "Truth splits '<subset>-<split>'; the label is the mapped character."),
    )


# Per dataset: {documented label name: other values that name the same class}.
ALIASES: dict[str, dict[str, set[str]]] = {
    "gtsrb": {str(c): {f"{c:05d}"} for c in range(43)},
    "caltech256": {},
    "cola": {"unacceptable": {"0"}, "acceptable": {"1"}},
    "yelp_polarity": {"negative": {"1"}, "positive": {"2"}},
    "sentiment140": {"0": {"negative"}, "2": {"neutral"}, "4": {"positive"}},
    "fer2013": {name: {str(i)} for i, name in enumerate(_FER)},
    "kmnist": {char: {str(i), code} for i, (code, char) in enumerate(_KMNIST)},
    "emnist": {chr(c): {str(i)} for i, c in enumerate([48, 49, 65, 66, 97])},
}

DATASETS = {
    "gtsrb": build_gtsrb,
    "caltech256": build_caltech256,
    "svhn": build_svhn,
    "lfw": build_lfw,
    "flickr8k": build_flickr8k,
    "sentiment140": build_sentiment140,
    "cola": build_cola,
    "yelp_polarity": build_yelp_polarity,
    "fer2013": build_fer2013,
    "uc_merced": build_uc_merced,
    "mit_indoor67": build_mit_indoor67,
    "kmnist": build_kmnist,
    "stanford_online_products": build_stanford_online_products,
    "emnist": build_emnist,
}
