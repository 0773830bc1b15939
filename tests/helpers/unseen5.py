"""A fifth round of miniatures of public datasets no rule, test or doc here named before.

Chosen by kind: flat image and mask folders with a metadata table keyed by another id (GIF masks),
a product table of many candidate label columns keyed by a bare id, per-image VOC XMLs with no split
lists, class names as letter prefixes of flat file names, split folders over class folders with
abbreviated prefixes, a `file,0/1` table over a doubled container and a submission table of the same
columns, tweets with keyword/location columns and a submission table, `text@label` lines in four
overlapping agreement files, a table of many columns (confidences, reasons) beside its text, a
three-author table with a probabilities submission, JSON lines in a `.json` file (link, headline,
description), a sentence-pair dataset shipped in two formats, an unopened `.tgz` of wnid folders,
letter folders holding unreadable files, and a one-row-per-box CSV with a space in its name.

The builders reuse round four's table (tests/helpers/unseen4.py: `Put`, `build`): a record id is the
path relative to the root (a `.tgz`'s member: "<archive stem>/<member>"); a row or a line is "<file>:<i>".
The truth comes from each dataset's documented meaning (its data page or loader, cited in `source`),
never from what shardify does.
"""

from __future__ import annotations

import io
import json
import tarfile
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
from PIL import Image

from helpers.shipped import _image_bytes, _words, _write
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row


def _gif_mask(key: str) -> bytes:
    """Carvana's masks are 1-bit GIFs of the image's size."""
    rng = np.random.default_rng(sum(key.encode()))
    im = Image.fromarray((rng.integers(0, 2, (16, 20)) * 255).astype(np.uint8), "L").convert("P")
    buf = io.BytesIO()
    im.save(buf, "GIF")
    return buf.getvalue()


# ------------------------------------------------------------------------------------------------
# Images
# ------------------------------------------------------------------------------------------------

_CARS = ["00087a6bd4dc", "02159e548029", "0495dcf27283", "0d3adbbc9a8b"]


def _carvana() -> Iterator[Put]:
    meta = ["id,year,make,model,trim1,trim2"]
    rle = ["img,rle_mask"]
    for i, car in enumerate(_CARS):
        meta.append(_csv(car, str(2014 + i), ("Acura", "Audi", "BMW", "Chevrolet")[i], ("TL", "A4", "3 Series", "Cruze")[i],
                         "Base", "w/Tech"))
        for angle in (1, 2, 3):
            name = f"{car}_{angle:02d}"
            if i < 3:
                yield img(f"train/{name}.jpg", "train")
                yield aux(f"train_masks/{name}_mask.gif", _gif_mask(name))
                rle.append(f"{name}.jpg,{20 * angle + 3} 5 {20 * angle + 23} 5")
            else:
                yield img(f"test/{name}.jpg", "test")
    yield aux("metadata.csv", "\n".join(meta) + "\n")
    yield aux("train_masks.csv", "\n".join(rle) + "\n")
    yield aux("sample_submission.csv", "img,rle_mask\n" + "".join(f"{_CARS[3]}_{a:02d}.jpg,1 1\n" for a in (1, 2, 3)))


_STYLES = [(15970, "Men", "Apparel", "Topwear", "Shirts", "Navy Blue", "Fall", 2011, "Casual", "Turtle Check Men Navy Blue Shirt"),
           (39386, "Men", "Apparel", "Bottomwear", "Jeans", "Blue", "Summer", 2012, "Casual", "Peter England Men Party Blue Jeans"),
           (59263, "Women", "Accessories", "Watches", "Watches", "Silver", "Winter", 2016, "Casual", "Titan Women Silver Watch"),
           (21379, "Men", "Apparel", "Bottomwear", "Track Pants", "Black", "Fall", 2011, "Casual", "Manchester United Men Solid Black Track Pants"),
           (53759, "Men", "Apparel", "Topwear", "Tshirts", "Grey", "Summer", 2012, "Casual", "Puma Men Grey T-shirt"),
           (1855, "Men", "Apparel", "Topwear", "Tshirts", "Grey", "Summer", 2011, "Casual", "Inkfruit Mens Chain Reaction T-shirt"),
           (30805, "Men", "Apparel", "Topwear", "Shirts", "Green", "Summer", 2012, "Ethnic", "Fabindia Men Striped Green Shirt"),
           (26960, "Women", "Apparel", "Topwear", "Shirts", "Purple", "Summer", 2012, "Casual", "Jealous 21 Women Purple Shirt"),
           (29114, "Men", "Accessories", "Socks", "Socks", "Navy Blue", "Summer", 2012, "Casual", "Puma Men Pack of 3 Socks"),
           (30039, "Men", "Accessories", "Watches", "Watches", "Black", "Winter", 2016, "Casual", "Skagen Men Black Watch")]


def _fashion_products() -> Iterator[Put]:
    lines = ["id,gender,masterCategory,subCategory,articleType,baseColour,season,year,usage,productDisplayName"]
    for cells in _STYLES:
        lines.append(",".join(str(c) for c in cells))
        # the product's type (tfds-style single label; the data page's classification example uses articleType)
        yield img(f"myntradataset/images/{cells[0]}.jpg", "train", cells[4])
    yield aux("myntradataset/styles.csv", "\n".join(lines) + "\n")


_SIGNS = {"road0": ["trafficlight"], "road1": ["trafficlight", "trafficlight"], "road10": ["speedlimit"],
          "road100": ["crosswalk", "speedlimit"], "road101": ["stop"], "road102": ["speedlimit", "speedlimit"],
          "road103": ["crosswalk"]}


def _road_signs() -> Iterator[Put]:
    for stem, names in _SIGNS.items():
        objs = "".join(
            f"\t<object>\n\t\t<name>{n}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
            f"\t\t<occluded>0</occluded>\n\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>{2 + 3 * k}</xmin>\n"
            f"\t\t\t<ymin>{1 + k}</ymin>\n\t\t\t<xmax>{8 + 3 * k}</xmax>\n\t\t\t<ymax>{9 + k}</ymax>\n\t\t</bndbox>\n\t</object>\n"
            for k, n in enumerate(names))
        yield img(f"images/{stem}.png", "train", set(names), kind="png", objects=names)
        yield aux(f"annotations/{stem}.xml",
                  f"<annotation>\n\t<folder>images</folder>\n\t<filename>{stem}.png</filename>\n\t<size>\n\t\t<width>20</width>\n"
                  f"\t\t<height>16</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segmented>0</segmented>\n{objs}</annotation>\n")


def _weather() -> Iterator[Put]:
    for cls, count in (("cloudy", 4), ("rain", 3), ("shine", 3), ("sunrise", 4)):
        for n in range(1, count + 1):
            ext = "jpeg" if (cls, n) == ("rain", 2) else "jpg"
            yield img(f"dataset2/{cls}{n * 37}.{ext}", "train", cls)


def _brain_tumor() -> Iterator[Put]:
    for folder, prefix, split, count in (("Training", "Tr", "train", 3), ("Testing", "Te", "test", 2)):
        for cls, short in (("glioma", "gl"), ("meningioma", "me"), ("notumor", "no"), ("pituitary", "pi")):
            for n in range(count):
                yield img(f"{folder}/{cls}/{prefix}-{short}_{n * 11 + 10:04d}.jpg", split, cls)


_CACTUS = ["0004be2cfeaba1c0361d39e2b000257b", "000c8a36845c0208e833c79c1bffedd1", "000d1e9a533f62e55c289303b072733d",
           "0011485b40695e9138e92d0b3fb55128", "0014d7a11e90b62848904c1418fc8cf2", "0017c3c18ddd57a2ea6f9848c79d83d2",
           "002e175c3c1e060769475f52182583d0"]
_CACTUS_TEST = ["000940378805c44108d287872b2f04ce", "0017242f54ececa4512b4d7937d1e21e", "001ee6d8564003107853118ab87df407"]


def _aerial_cactus() -> Iterator[Put]:
    lines = ["id,has_cactus"]
    for i, stem in enumerate(_CACTUS):
        label = str(int(i % 3 != 0))
        lines.append(f"{stem}.jpg,{label}")
        yield img(f"train/train/{stem}.jpg", "train", label)
    for stem in _CACTUS_TEST:
        yield img(f"test/test/{stem}.jpg", "test")
    yield aux("train.csv", "\n".join(lines) + "\n")
    yield aux("sample_submission.csv", "id,has_cactus\n" + "".join(f"{s}.jpg,0.5\n" for s in _CACTUS_TEST))


# ------------------------------------------------------------------------------------------------
# Texts
# ------------------------------------------------------------------------------------------------

def _disaster_tweets() -> Iterator[Put]:
    train = ["id,keyword,location,text,target"]
    for i in range(9):
        keyword, location = [("", ""), ("ablaze", "London"), ("flood", ""), ("wreckage", "Birmingham, AL")][i % 4]
        text = f"{_words(f'dis{i}', 6)} #{_words(f'tag{i}', 1)} http://t.co/{i}xQ{i}"
        target = str(int(i % 2 == 1))
        train.append(_csv(str(1 + 3 * i), keyword, location, text, target))
        yield row(f"train.csv:{i}", "train", target, text)
    test = ["id,keyword,location,text"]
    for i in range(4):
        text = f"Just happened a {_words(f'dt{i}', 5)} @user"
        test.append(_csv(str(2 * i), "" if i % 2 else "earthquake", "", text))
        yield row(f"test.csv:{i}", "test", None, text)
    yield aux("train.csv", "\n".join(train) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("sample_submission.csv", "id,target\n" + "".join(f"{2 * i},0\n" for i in range(4)))


_PHRASE = ["negative", "neutral", "positive"]


def _financial_phrasebank() -> Iterator[Put]:
    sentences = [(f"{_words(f'fin{i}', 8).capitalize()} , EUR {i + 1}.{i} mn , from {_words(f'f2{i}', 3)} \u00e4 .",
                  _PHRASE[i % 3]) for i in range(10)]
    # each file holds the sentences with at least that agreement: 50% all ten, 66% eight, 75% six, all four
    for file, take in (("Sentences_50Agree", 10), ("Sentences_66Agree", 8), ("Sentences_75Agree", 6), ("Sentences_AllAgree", 4)):
        lines = []
        for i, (text, label) in enumerate(sentences[:take]):
            lines.append(f"{text}@{label}")
            # one split per file: the loaders read one agreement level each (Hugging Face's four configs)
            yield row(f"FinancialPhraseBank-v1.0/{file}.txt:{i}", file, label, text)
        yield aux(f"FinancialPhraseBank-v1.0/{file}.txt", "\r\n".join(lines) + "\r\n", encoding="latin-1")
    yield aux("FinancialPhraseBank-v1.0/README.txt", "FinancialPhrasebank-v1.0\n\nThe files are in the format "
              "sentence@sentiment where sentiment is either \"positive\", \"neutral\" or \"negative\".\n")
    yield aux("FinancialPhraseBank-v1.0/License.txt", "Creative Commons Attribution-NonCommercial-ShareAlike 3.0\n")


def _airline_tweets() -> Iterator[Put]:
    lines = ["tweet_id,airline_sentiment,airline_sentiment_confidence,negativereason,negativereason_confidence,airline,"
             "airline_sentiment_gold,name,negativereason_gold,retweet_count,text,tweet_coord,tweet_created,"
             "tweet_location,user_timezone"]
    for i in range(10):
        sentiment = ("negative", "neutral", "positive", "negative")[i % 4]
        reason = ("Late Flight", "", "", "Customer Service Issue")[i % 4]
        airline = ("Virgin America", "United", "Southwest", "Delta")[i % 4]
        text = f"@{airline.replace(' ', '')} {_words(f'air{i}', 7)}"
        lines.append(_csv(str(570306133677760513 + 97 * i), sentiment, f"{0.3 + i / 20:.4f}", reason,
                          "0.7033" if reason else "", airline, "", f"user{i}", "", str(i % 2), text,
                          "[40.74804263, -73.99295302]" if i == 3 else "", f"2015-02-24 11:{10 + i}:36 -0800",
                          ("", "San Francisco CA", "Lets Play")[i % 3], "Eastern Time (US & Canada)"))
        yield row(f"Tweets.csv:{i}", "train", sentiment, text)
    yield aux("Tweets.csv", "\n".join(lines) + "\n")


def _spooky_author() -> Iterator[Put]:
    train = ['"id","text","author"']
    for i in range(9):
        author = ("EAP", "HPL", "MWS")[i % 3]
        text = f"{_words(f'spk{i}', 9).capitalize()}, and {_words(f'sp2{i}', 5)}."
        train.append(f'"id{26305 + 17 * i}",' + _csv(text) + f',"{author}"')
        yield row(f"train.csv:{i}", "train", author, text)
    test = ['"id","text"']
    for i in range(3):
        text = f"{_words(f'spt{i}', 8).capitalize()}."
        test.append(f'"id{2 + 5 * i:05d}",' + _csv(text))
        yield row(f"test.csv:{i}", "test", None, text)
    yield aux("train.csv", "\n".join(train) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("sample_submission.csv", '"id","EAP","HPL","MWS"\n' + "".join(
        f'"id{2 + 5 * i:05d}",0.403493538995863,0.287808366106543,0.308698094897594\n' for i in range(3)))


_NEWS = ["U.S. NEWS", "COMEDY", "PARENTING", "WORLD NEWS", "CULTURE & ARTS"]


def _news_category() -> Iterator[Put]:
    lines = []
    for i in range(10):
        headline = f"{_words(f'hl{i}', 6).title()} Says {_words(f'hs{i}', 2)}"
        description = f"{_words(f'ds{i}', 12).capitalize()}." if i != 4 else ""
        lines.append(json.dumps({"link": f"https://www.huffpost.com/entry/{headline.lower().replace(' ', '-')}_n_{632 + i}",
                                 "headline": headline, "category": _NEWS[i % 5], "short_description": description,
                                 "authors": "Carla K. Johnson, AP" if i % 2 else "", "date": f"2022-09-{23 - i:02d}"}))
        # the headline is the text and the description its pair, as AG News' title and description
        yield row(f"News_Category_Dataset_v3.json:{i}", "train", _NEWS[i % 5], (headline, description))
    yield aux("News_Category_Dataset_v3.json", "\n".join(lines) + "\n")


def _scitail() -> Iterator[Put]:
    for split, file, n in (("train", "train", 6), ("validation", "dev", 3), ("test", "test", 3)):
        tsv, jsonl = [], []
        for i in range(n):
            premise = f"{_words(f'sp{file}{i}', 9).capitalize()}."
            hypothesis = f"{_words(f'sh{file}{i}', 6).capitalize()}."
            label = ("entails", "neutral")[(i + n) % 2]
            tsv.append(f"{premise}\t{hypothesis}\t{label}")
            jsonl.append(json.dumps({"answer": "A", "sentence2_structure": "x", "sentence1": premise,
                                     "sentence2": hypothesis, "gold_label": label, "question": f"q{i}?"}))
            yield row(f"SciTailV1.1/tsv_format/scitail_1.0_{file}.tsv:{i}", split, label, (premise, hypothesis))
        yield aux(f"SciTailV1.1/tsv_format/scitail_1.0_{file}.tsv", "\n".join(tsv) + "\n")
        yield aux(f"SciTailV1.1/snli_format/scitail_1.0_{file}.txt", "\n".join(jsonl) + "\n")
    yield aux("SciTailV1.1/README.txt", "SciTail: the same data in four formats: tsv_format, snli_format, dgem_format, "
              "predictor_format.\n")


# ------------------------------------------------------------------------------------------------
# Odd ones: an archive, unreadable files, a box table
# ------------------------------------------------------------------------------------------------

_WOOF = ["n02086240", "n02087394", "n02088364", "n02093754"]


def _imagewoof() -> Iterator[Put]:
    buf = io.BytesIO()
    noisy = ["path,noisy_labels_0,noisy_labels_1,noisy_labels_5,noisy_labels_25,noisy_labels_50,is_valid"]
    with tarfile.open(fileobj=buf, mode="w:gz", format=tarfile.GNU_FORMAT) as tar:
        for folder, split, per in (("train", "train", 3), ("val", "validation", 1)):
            for k, wnid in enumerate(_WOOF):
                for n in range(per):
                    member = f"imagewoof2-160/{folder}/{wnid}/{wnid}_{1059 + 31 * n + k}.JPEG"
                    data = _image_bytes(member, 20, 16, "JPEG")
                    info = tarfile.TarInfo(member)
                    info.size, info.mtime = len(data), 1_580_000_000
                    tar.addfile(info, io.BytesIO(data))
                    noisy.append(",".join([member.split("/", 1)[1], wnid, wnid, wnid, _WOOF[(k + 1) % 4], wnid,
                                           str(folder == "val")]))
                    # an unopened archive reads as the folder its name without `.tgz` names (docs/converting.md)
                    yield Put(f"imagewoof2-160/{member}", record=True, split=split, labels=frozenset({wnid}))
        data = ("\n".join(noisy) + "\n").encode()
        info = tarfile.TarInfo("imagewoof2-160/noisy_imagewoof.csv")
        info.size, info.mtime = len(data), 1_580_000_000
        tar.addfile(info, io.BytesIO(data))
    yield aux("imagewoof2-160.tgz", buf.getvalue())


def _notmnist() -> Iterator[Put]:
    for letter in "ABCDEFGHIJ":
        for n, font in enumerate(("MDEtMDEtMDAudHRm", "Q3Jvc3NvdmVyIEJvbGRPYmxpcXVlLnR0Zg==", "SnVyYSBMaWdodC50dGY=")):
            if (letter, n) in (("A", 1), ("F", 2)):
                # two files of the download cannot be read (the notMNIST notebooks skip them): not records
                yield aux(f"notMNIST_small/{letter}/{font}.png", b"")
                continue
            yield Put(f"notMNIST_small/{letter}/{font}.png", image="mask", record=True, split="train",
                      labels=frozenset({letter}))


def _car_detection() -> Iterator[Put]:
    rows = ["image,xmin,ymin,xmax,ymax"]
    for i, (frame, count) in enumerate(((1000, 0), (10000, 1), (10020, 2), (10040, 1), (10060, 0))):
        name = f"vid_4_{frame}.jpg"
        for k in range(count):
            rows.append(f"{name},{1.2590448 + 4 * k},{2.0350708 + k},{9.7274963 + 4 * k},{12.22508 + k}")
        # one class, named by no file: the boxes' count is what the records must carry, their class the
        # placeholder a table of boxes with no class column is read with (box_formats' `object`), said in the plan
        yield img(f"data/training_images/{name}", "train", "object" if count else None, objects=[None] * count)
    for frame in (26560, 26580):
        yield img(f"data/testing_images/vid_5_{frame}.jpg", "test")
    yield aux("data/train_solution_bounding_boxes (1).csv", "\n".join(rows) + "\n")
    yield aux("data/sample_submission.csv", "image,xmin,ymin,xmax,ymax\n" + "".join(
        f"vid_5_{f}.jpg,0.0,0.0,0.0,0.0\n" for f in (26560, 26580)))


SPECS: dict[str, Spec] = {
    "carvana": Spec("carvana-image-masking-challenge", "image", _carvana,
                    "https://www.kaggle.com/c/carvana-image-masking-challenge/data (train/<id>_NN.jpg, "
                    "train_masks/<id>_NN_mask.gif, test/, metadata.csv, train_masks.csv)",
                    "16 views per car id; masks are GIFs in a parallel folder; metadata.csv describes the car ids "
                    "(make/model), not classes; no labels."),
    "fashion_products": Spec("fashion-product-images-small", "image", _fashion_products,
                             "https://www.kaggle.com/datasets/paramaggarwal/fashion-product-images-small "
                             "(myntradataset/images/<id>.jpg, styles.csv)",
                             "styles.csv keys images by a bare numeric id; nine attribute columns; the product type "
                             "(articleType) is the label a user names."),
    "road_signs": Spec("road-sign-detection", "image", _road_signs,
                       "https://www.kaggle.com/datasets/andrewmvd/road-sign-detection (images/roadN.png, annotations/roadN.xml)",
                       "Pascal VOC XML per image, four classes, no split lists; numbers not zero-padded."),
    "weather": Spec("Multi-class Weather Dataset", "image", _weather,
                    "https://data.mendeley.com/datasets/4drtyfjtfy/1 (dataset2/<class><n>.jpg, a few .jpeg)",
                    "one flat folder; the class is the letters before the number (cloudy, rain, shine, sunrise)."),
    "brain_tumor": Spec("brain-tumor-mri-dataset", "image", _brain_tumor,
                        "https://www.kaggle.com/datasets/masoudnickparvar/brain-tumor-mri-dataset (Training/, Testing/<class>/)",
                        "split folders named Training/Testing over four class folders; files prefixed Tr-gl_ etc."),
    "aerial_cactus": Spec("aerial-cactus-identification", "image", _aerial_cactus,
                          "https://www.kaggle.com/c/aerial-cactus-identification/data (train.csv id,has_cactus; "
                          "train/train/, test/test/)",
                          "labels 0/1 in train.csv keyed by file name; test unlabelled; sample_submission's 0.5s are no labels."),
    "disaster_tweets": Spec("nlp-getting-started", "text", _disaster_tweets,
                            "https://www.kaggle.com/c/nlp-getting-started/data (train.csv id,keyword,location,text,target)",
                            "text is 'text', label 'target' (1: a real disaster); test.csv unlabelled; "
                            "sample_submission's zeros are no labels."),
    "financial_phrasebank": Spec("FinancialPhraseBank-v1.0", "text", _financial_phrasebank,
                                 "https://huggingface.co/datasets/financial_phrasebank (FinancialPhraseBank-v1.0.zip: "
                                 "Sentences_<agree>.txt, 'sentence@sentiment', latin-1)",
                                 "four files of overlapping agreement levels (configs, each its own set), not one split."),
    "airline_tweets": Spec("twitter-airline-sentiment", "text", _airline_tweets,
                           "https://www.kaggle.com/datasets/crowdflower/twitter-airline-sentiment (Tweets.csv)",
                           "15 columns; the label is airline_sentiment, the text 'text'; negativereason and airline "
                           "are other columns."),
    "spooky_author": Spec("spooky-author-identification", "text", _spooky_author,
                          "https://www.kaggle.com/c/spooky-author-identification/data (train.csv id,text,author)",
                          "author EAP/HPL/MWS; test unlabelled; sample_submission holds probabilities, not labels."),
    "news_category": Spec("news-category-dataset", "text", _news_category,
                          "https://www.kaggle.com/datasets/rmisra/news-category-dataset (News_Category_Dataset_v3.json, "
                          "JSON lines)",
                          "one JSON object per line: link, headline, category, short_description, authors, date."),
    "scitail": Spec("SciTailV1.1", "text", _scitail,
                    "https://allenai.org/data/scitail (SciTailV1.1/tsv_format/, snli_format/, ...: the same data)",
                    "headerless premise<TAB>hypothesis<TAB>label in tsv_format; snli_format repeats it as JSON lines."),
    "imagewoof": Spec("imagewoof", "image", _imagewoof,
                      "https://github.com/fastai/imagenette (imagewoof2-160.tgz: train/, val/<wnid>/, noisy_imagewoof.csv)",
                      "an unopened .tgz over split and wnid folders."),
    "notmnist": Spec("notMNIST", "image", _notmnist,
                     "http://yaroslavvb.blogspot.com/2011/09/notmnist-dataset.html (notMNIST_small/<A-J>/<base64 font>.png)",
                     "letter folders; two files are unreadable (empty)."),
    "car_detection": Spec("car-object-detection", "image", _car_detection,
                          "https://www.kaggle.com/datasets/sshikamaru/car-object-detection (data/training_images, "
                          "data/train_solution_bounding_boxes (1).csv image,xmin,ymin,xmax,ymax)",
                          "one row per box, one unnamed class (car); frames with no car have no row; test unlabelled."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
