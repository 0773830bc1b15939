"""A newcomer's trial: 28 public downloads nobody here had named, in their real layouts (TensorFlow
Datasets' fake_examples for the file names and text files, the Kaggle and UCI pages for the rest),
each with a truth written from the files made. Chosen by kind, not by name; tested in
tests/layouts/test_newcomer_trial.py with the rounds' judge (tests/helpers/unseen_judge.py).
"""

from __future__ import annotations

import io
import random
import zipfile
import zlib

import numpy as np
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.shipped import _image_bytes
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row


def _zip(entries):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for p in entries:
            z.writestr(p, _image_bytes(p, 20, 16, "PNG", "RGB"))
    return buf.getvalue()

CELLS = {"BloodImage_00000": ["WBC", "RBC", "RBC"], "BloodImage_00001": ["WBC", "RBC", "Platelets"],
         "BloodImage_00002": ["WBC", "RBC"], "BloodImage_00003": ["WBC", "Platelets", "RBC"],
         "BloodImage_00004": ["WBC", "RBC"], "BloodImage_00005": ["WBC", "RBC", "RBC"],
         "BloodImage_00006": ["WBC", "Platelets"], "BloodImage_00007": ["WBC", "RBC"]}
SPLIT = {0: "train", 1: "train", 2: "train", 3: "train", 4: "val", 5: "val", 6: "test", 7: "test"}

def bccd():
    rows = ["filename,cell_type,xmin,xmax,ymin,ymax"]
    lists = {"train": [], "val": [], "test": []}
    for i, (stem, names) in enumerate(CELLS.items()):
        split = SPLIT[i]; lists[split].append(stem)
        objs = ""
        for k, n in enumerate(names):
            objs += (f"\t<object>\n\t\t<name>{n}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
                     f"\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>{1+k}</xmin>\n\t\t\t<ymin>{2+k}</ymin>\n"
                     f"\t\t\t<xmax>{9+k}</xmax>\n\t\t\t<ymax>{10+k}</ymax>\n\t\t</bndbox>\n\t</object>\n")
            rows.append(f"{stem}.jpg,{n},{1+k},{9+k},{2+k},{10+k}")
        yield img(f"BCCD/JPEGImages/{stem}.jpg", split, set(names), objects=names)
        yield aux(f"BCCD/Annotations/{stem}.xml",
                  f"<annotation>\n\t<folder>JPEGImages</folder>\n\t<filename>{stem}.jpg</filename>\n\t<path>/home/pi/detection_dataset/JPEGImages/{stem}.jpg</path>\n"
                  f"\t<source>\n\t\t<database>Unknown</database>\n\t</source>\n\t<size>\n\t\t<width>20</width>\n\t\t<height>16</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segmented>0</segmented>\n{objs}</annotation>\n")
    for s, stems in lists.items():
        yield aux(f"BCCD/ImageSets/Main/{s}.txt", "\n".join(stems) + "\n")
    yield aux("BCCD/ImageSets/Main/trainval.txt", "\n".join(lists["train"] + lists["val"]) + "\n")
    yield aux("test.csv", "\n".join(rows) + "\n")
    yield aux("README.md", "# BCCD Dataset\nBCCD Dataset is a small-scale dataset for blood cells detection.\n")
    yield aux("export.py", "import pandas as pd\n")
    yield img("example.jpg", record=False)

def cassava():
    for s in ("train", "test", "validation"):
        for c in ("cbb", "cbsd", "cgm", "cmd", "healthy"):
            for n in range(2):
                yield img(f"cassavaleafdata/{s}/{c}/{s}-{c}-{n}.jpg", s, c)

WNIDS = ["n01440764", "n02102040", "n02086240"]
def imagewang():
    for s in ("train", "val"):
        for w in WNIDS:
            for n in range(2):
                yield img(f"imagewang-160/{s}/{w}/{w}_{n}{s}.JPEG", s, w)
    for n in range(5):
        yield img(f"imagewang-160/unsup/ILSVRC2012_val_000{n:05d}.JPEG", "unsup")

PETS = [("86e1089a3", 2, "Nibble", "He is cute"), ("6296e909a", 0, "No Name Yet", "Friendly kitten"),
        ("3422e4906", 3, "Brisco", "Dog needs home"), ("5842f1ff5", 2, "Miko", "Good with kids"),
        ("850a43f90", 2, "Hunter", "Playful"), ("d24c30b4b", 4, "", "Rescued from the street")]
def pet_finder():
    head = "Type,Name,Age,Breed1,Breed2,Gender,Color1,Color2,Color3,MaturitySize,FurLength,Vaccinated,Dewormed,Sterilized,Health,Quantity,Fee,State,RescuerID,VideoAmt,Description,PetID,PhotoAmt,AdoptionSpeed"
    lines = [head]
    for i, (pid, speed, name, desc) in enumerate(PETS[:4]):
        lines.append(_csv("2", name, "3", "299", "0", "1", "1", "7", "0", "1", "1", "2", "2", "2", "1", "1", "100", "41326", "8480853f516546f6cf33aa88cd76c379", "0", desc, pid, "2.0", str(speed)))
        for n in (1, 2):
            yield img(f"train_images/{pid}-{n}.jpg", "train", str(speed))
    yield aux("train/train.csv", "\n".join(lines) + "\n")
    tl = [head.rsplit(",", 1)[0]]
    for pid, _, name, desc in PETS[4:]:
        tl.append(_csv("1", name, "2", "307", "0", "1", "1", "0", "0", "2", "1", "2", "2", "2", "1", "1", "0", "41401", "fa90fa5b1ee11c86938398b60abc32cb", "0", desc, pid, "1.0"))
        yield img(f"test_images/{pid}-1.jpg", "test")
    yield aux("test/test.csv", "\n".join(tl) + "\n")
    yield aux("breed_labels.csv", "BreedID,Type,BreedName\n1,1,Affenpinscher\n2,1,Afghan Hound\n299,2,Tabby\n307,1,Mixed Breed\n")
    yield aux("color_labels.csv", "ColorID,ColorName\n1,Black\n2,Brown\n7,White\n")
    yield aux("state_labels.csv", "StateID,StateName\n41326,Selangor\n41401,Kuala Lumpur\n")
    yield aux("test/sample_submission.csv", "PetID,AdoptionSpeed\n850a43f90,0\nd24c30b4b,0\n")

def civil_comments():
    head = "id,target,comment_text,severe_toxicity,obscene,identity_attack,insult,threat,created_date,publication_id,parent_id,article_id,rating,funny,wow,sad,likes,disagree,sexual_explicit,identity_annotator_count,toxicity_annotator_count"
    texts = ["Thank you for your fake comment", "This comment is unacceptable.", "Great article, thanks!", "What a dumb idea", "I agree with the author"]
    targets = ["0.0", "0.8", "0.0", "0.6666666666666666", "0.1"]
    lines = [head]
    for i, (t, y) in enumerate(zip(texts, targets)):
        lines.append(_csv(str(239575 + i), y, t, "0.0", "0.0", "0.0", y, "0.0", "2015-09-29 10:50:41.987077+00", "2", "", "2006", "rejected", "0", "0", "0", "0", "0", "0.0", "0", "4"))
        yield row(f"train.csv:{i}", "train", None, t)
    yield aux("train.csv", "\n".join(lines) + "\n")
    tl = ["id,comment_text,toxicity"]
    for i, t in enumerate(["Nice read", "Terrible people"]):
        tl.append(_csv(str(7000000 + i), t, ("0.0", "0.75")[i]))
        yield row(f"test_public_expanded.csv:{i}", "test", None, t)
    yield aux("test_public_expanded.csv", "\n".join(tl) + "\n")

def plantae_k():
    for p in ("apple", "apricot", "cherry", "grapes", "peach"):
        for h in ("d", "h"):
            for n in (1, 2):
                yield img(f"PlantaeK/{p}_{h}{n}.JPG", "train")

def citrus():
    for group, classes in (("Leaves", ("Black spot", "canker", "greening", "healthy", "Melanose")), ("Fruits", ("Black spot", "canker", "greening", "healthy", "scab"))):
        for c in classes:
            for n in (1, 2):
                yield img(f"Citrus/{group}/{c}/{c[:1]}{n}.png", "train", c, kind="png")

def horses_or_humans():
    for name, split in (("horse-or-human.zip", "train"), ("validation-horse-or-human.zip", "validation")):
        members = [f"{c}/{c[:-1]}{n:02d}-{i}.png" for c in ("horses", "humans") for n in (1, 2) for i in (0, 5)]
        yield aux(name, _zip(members))
        for m in members:
            # (an archive's members are named under its name without the suffix)
            yield Put(f"{name[:-len('.zip')]}/{m}", record=True, split=split, labels=frozenset([m.split('/')[0]]))

def imagenet_r():
    for w in ("n01443537", "n01484850", "n01494475", "n01498041"):
        for n in range(3):
            yield img(f"imagenet-r/{w}/art_{n}.jpg", "train", w)
    yield aux("imagenet-r/README.txt", "ImageNet-R(endition) contains art, cartoons, deviantart, graffiti...\n")

ANIMALS = ["cane", "cavallo", "elefante", "farfalla", "gallina", "gatto", "mucca", "pecora", "ragno", "scoiattolo"]
def animals10():
    for a in ANIMALS:
        for n in range(2):
            yield img(f"raw-img/{a}/OIP-{a[:3]}{n}AbC.jpeg", "train", a)
    yield aux("translate.py", 'translate = {"cane": "dog", "cavallo": "horse", "elefante": "elephant"}\n')

def natural_images():
    for c in ("airplane", "car", "cat", "dog", "flower", "fruit", "motorbike", "person"):
        for n in range(2):
            yield img(f"natural_images/{c}/{c}_{n:04d}.jpg", "train", c)

def quora_insincere():
    qs = [("00002165364db923c7e6", "How did Quebec nationalists see their province as a nation in the 1960s?", "0"),
          ("000032939017120e6e44", "Do you have an adopted dog, how would you encourage people to adopt and not shop?", "0"),
          ("0000412ca6e4628ce2cf", "Why does velocity affect time? Does velocity affect space geometry?", "0"),
          ("000042bf85aa498cd78e", "Why are all politicians of that party so stupid?", "1"),
          ("0000455dfa3e01eae3af", "Is it crazy if I wash or wipe my groceries off?", "0"),
          ("00004f9a462a357c33be", "Why do people from that country hate everyone?", "1")]
    lines = ["qid,question_text,target"]
    for i, (q, t, y) in enumerate(qs):
        lines.append(_csv(q, t, y)); yield row(f"train.csv:{i}", "train", y, t)
    yield aux("train.csv", "\n".join(lines) + "\n")
    tl = ["qid,question_text"]
    for i, (q, t) in enumerate([("0000163e3ea7c7a74cd7", "Why do so many women become so rude?"), ("00002bd4fb5d505b9161", "When should I apply for RV college of engineering?")]):
        tl.append(_csv(q, t)); yield row(f"test.csv:{i}", "test", None, t)
    yield aux("test.csv", "\n".join(tl) + "\n")
    yield aux("sample_submission.csv", "qid,prediction\n0000163e3ea7c7a74cd7,0\n00002bd4fb5d505b9161,0\n")
    yield aux("embeddings/glove.840B.300d/glove.840B.300d.txt", "".join(f"{w} " + " ".join(f"{0.001 * k:.3f}" for k in range(50)) + "\n" for w in ("the", ",", "of", "to")))

def fake_news():
    head = "title,text,subject,date"
    fake = [("Donald Trump Sends Out Embarrassing New Year's Eve Message", "Donald Trump just couldn't wish all Americans...", "News", "December 31, 2017"),
            ("Drunk Bragging Trump Staffer Started Russian Collusion Investigation", "House Intelligence Committee Chairman...", "politics", "December 31, 2017")]
    true = [("As U.S. budget fight looms, Republicans flip their fiscal script", "WASHINGTON (Reuters) - The head of a conservative...", "politicsNews", "December 31, 2017 "),
            ("U.S. military to accept transgender recruits on Monday: Pentagon", "WASHINGTON (Reuters) - Transgender people will...", "politicsNews", "December 29, 2017 ")]
    for name, rows_ in (("Fake.csv", fake), ("True.csv", true)):
        yield aux(name, head + "\n" + "".join(_csv(*r) + "\n" for r in rows_))
        for i, r in enumerate(rows_):
            yield row(f"{name}:{i}", "train", name[:-4], r[1])

def youtube_spam():
    data = {"Youtube01-Psy.csv": [("LZQPQhLyRh80UYxNuaDWhIGQYNQ96IuCg-AYWqNPjpU", "Julius NM", "2013-11-07T06:20:48", "Huh, anyway check out this you[tube] channel: kobyoshi02", "1"),
                                  ("z13jhp0bxqncu512g22wvzkasxmvvzjaz04", "ElNino Melendez", "2013-11-09T08:28:43", "me shaking my sexy ass on my channel enjoy ^_^ \ufeff", "1"),
                                  ("z13fwbwp1oujthgqj04chlngpvzmtt3r3dw", "GsMega", "2013-11-10T16:05:38", "watch?v=vtaRGgvGtWQ   Check this out .\ufeff", "1"),
                                  ("z13lgffb5w3ddx1ul22qy1wxspy5cpkz504", "Kyle Jaber", "2014-01-19T04:27:18", "i love this so much. AND also I Generate Free Leads on Auto Pilot", "1")],
            "Youtube02-KatyPerry.csv": [("z12pgdhovmrktzm3i23es5d5junftft3f", "lekanaVEVO1", "2014-07-22T15:27:50", "i love this song\ufeff", "0"),
                                        ("z13yx345uxepetggz04ci5rjcxeohzlrtf4", "Pyunghee", "2014-07-27T01:57:16", "this song is awesome. these guys are the best.", "0")],
            "Youtube05-Shakira.csv": [("z13lfzdo5vmdi1cm123te5uz2mqig1brz04", "Dany PK", "2015-05-24T07:04:29.844000", "Shakira is the best dancer\ufeff", "0"),
                                      ("z123dbgb0mqjfxbtz22ucjc5jvzcv3ykj", "Check my channel", "2015-05-23T21:46:01.591000", "Check out my new video\ufeff", "1")]}
    for name, rows_ in data.items():
        yield aux(name, "COMMENT_ID,AUTHOR,DATE,CONTENT,CLASS\n" + "".join(_csv(*r) + "\n" for r in rows_))
        for i, r in enumerate(rows_):
            yield row(f"{name}:{i}", "train", r[4], r[3])

def drugs_reviews():
    head = "\tdrugName\tcondition\treview\trating\tdate\tusefulCount"
    tr = [("206461", "Valsartan", "Left Ventricular Dysfunction", '"It has no side effect, I take it in combination of Bystolic 5 Mg and Fish Oil"', "9.0", "May 20, 2012", "27"),
          ("95260", "Guanfacine", "ADHD", '"My son is halfway through his fourth week of Intuniv."', "8.0", "April 27, 2010", "192"),
          ("92703", "Lybrel", "Birth Control", '"I used to take another oral contraceptive, which had 21 pill cycle"', "5.0", "December 14, 2009", "17"),
          ("138000", "Ortho Evra", "Birth Control", '"This is my first time using any form of birth control."', "8.0", "November 3, 2015", "10")]
    te = [("163740", "Mirtazapine", "Depression", '"I&#039;ve tried a few antidepressants over the years"', "10.0", "February 28, 2012", "22"),
          ("206473", "Mesalamine", "Crohn's Disease, Maintenance", '"My son has Crohn&#039;s disease and has done very well on the Asacol."', "8.0", "May 17, 2009", "17")]
    yield aux("drugsComTrain_raw.tsv", head + "\n" + "".join("\t".join(r) + "\n" for r in tr))
    yield aux("drugsComTest_raw.tsv", head + "\n" + "".join("\t".join(r) + "\n" for r in te))
    for i, r in enumerate(tr):
        # a TSV's cells are read as written, quotes and HTML entities kept (GLUE's TSVs quote nothing)
        yield row(f"drugsComTrain_raw.tsv:{i}", "train", None, r[3])
    for i, r in enumerate(te):
        yield row(f"drugsComTest_raw.tsv:{i}", "test", None, r[3])

_IMAGES_AND_TEXTS: dict[str, Spec] = {
  "bccd": Spec("BCCD_Dataset-master", "image", bccd, "github Shenggan/BCCD_Dataset", "VOC detection, ImageSets incl trainval, root test.csv of boxes"),
  "cassava": Spec("cassava", "image", cassava, "tfds cassava", "split/class"),
  "imagewang": Spec("imagewang", "image", imagewang, "fastai imagewang", "train/val wnids + unsup"),
  "pet_finder": Spec("petfinder-adoption-prediction", "image", pet_finder, "kaggle", "PetID-n images, train.csv AdoptionSpeed"),
  "civil_comments": Spec("civil_comments", "text", civil_comments, "kaggle jigsaw-unintended-bias", "fraction target"),
  "plantae_k": Spec("plantae_k", "image", plantae_k, "tfds plantae_k", "flat"),
  "citrus": Spec("citrus", "image", citrus, "tfds citrus_leaves / mendeley", "Leaves & Fruits groups"),
  "horses_or_humans": Spec("horses_or_humans", "image", horses_or_humans, "tfds", "two zips"),
  "imagenet_r": Spec("imagenet_r", "image", imagenet_r, "tfds imagenet_r", "wnid folders + README"),
  "animals10": Spec("animals10", "image", animals10, "kaggle", "italian class folders + translate.py"),
  "natural_images": Spec("natural_images", "image", natural_images, "kaggle", "class folders"),
  "quora_insincere": Spec("quora", "text", quora_insincere, "kaggle", "qid,question_text,target + embeddings"),
  "fake_news": Spec("fake_news", "text", fake_news, "kaggle ISOT", "class = file name"),
  "youtube_spam": Spec("youtube_spam", "text", youtube_spam, "UCI", "5 csvs, CLASS col"),
  "drugs_reviews": Spec("drugs", "text", drugs_reviews, "UCI drugsCom", "tsv, rating/condition"),
}


def seedlings():
    sp = ["Black-grass", "Common Chickweed", "Shepherds Purse", "Small-flowered Cranesbill", "Sugar beet"]
    for s in sp:
        for n in range(2):
            stem = f"{zlib.crc32(f'{s}{n}'.encode()):08x}"
            yield img(f"train/{s}/{stem}.png", "train", s, kind="png")
    tests = [f"{k:09x}" for k in (0x0021e90e4, 0x003d61042, 0x007b3da8b)]
    for t in tests:
        yield img(f"test/{t}.png", "test", kind="png")
    yield aux("sample_submission.csv", "file,species\n" + "".join(f"{t}.png,Sugar beet\n" for t in tests))


def sign_mnist():
    r = random.Random(3)
    for split in ("train", "test"):
        lines = ["label," + ",".join(f"pixel{i}" for i in range(1, 785))]
        for k in range(4):
            lab = (3, 6, 2, 13)[k]
            lines.append(f"{lab}," + ",".join(str(r.randrange(256)) for _ in range(784)))
            yield Put(f"sign_mnist_{split}/sign_mnist_{split}.csv:{k}", record=True, split=split, labels=frozenset([str(lab)]))
        yield aux(f"sign_mnist_{split}/sign_mnist_{split}.csv", "\n".join(lines) + "\n")
    yield img("amer_sign2.png", kind="png", record=False)
    yield img("american_sign_language.PNG", kind="png", record=False)

def utkface():
    # age_gender_race_date: ten faces, some sharing age, gender and race (the labels are in the names)
    for k, (age, g, r) in enumerate(((26, 1, 2), (26, 1, 2), (35, 0, 1), (35, 0, 1), (1, 1, 4), (1, 1, 4), (100, 0, 0), (61, 1, 0), (61, 1, 0), (8, 0, 3))):
        yield img(f"UTKFace/{age}_{g}_{r}_2017011{k}213500903.jpg.chip.jpg", "train")

def chinese_mnist():
    lines = ["suite_id,sample_id,code,value,character"]
    chars = [(1, 0, "零"), (2, 1, "一"), (3, 2, "二"), (12, 100, "百")]
    for suite in (1, 2):
        for sample in (1, 2):
            for code, value, ch in chars:
                lines.append(f"{suite},{sample},{code},{value},{ch}")
                yield img(f"data/data/input_{suite}_{sample}_{code}.jpg", "train", ch)
    yield aux("chinese_mnist.csv", "\n".join(lines) + "\n")

def face_mask():
    objs = {0: ["without_mask", "with_mask", "without_mask"], 1: ["with_mask"], 2: ["with_mask", "mask_weared_incorrect"], 3: ["with_mask", "with_mask"]}
    for i, names in objs.items():
        o = "".join(f"    <object>\n        <name>{n}</name>\n        <pose>Unspecified</pose>\n        <truncated>0</truncated>\n        <occluded>0</occluded>\n        <difficult>0</difficult>\n        <bndbox>\n            <xmin>{1+k}</xmin>\n            <ymin>{2+k}</ymin>\n            <xmax>{8+k}</xmax>\n            <ymax>{9+k}</ymax>\n        </bndbox>\n    </object>\n" for k, n in enumerate(names))
        yield img(f"images/maksssksksss{i}.png", "train", set(names), kind="png", objects=names)
        yield aux(f"annotations/maksssksksss{i}.xml", f"<annotation>\n    <folder>images</folder>\n    <filename>maksssksksss{i}.png</filename>\n    <size>\n        <width>20</width>\n        <height>16</height>\n        <depth>3</depth>\n    </size>\n    <segmented>0</segmented>\n{o}</annotation>")

GARB = ["glass", "paper", "cardboard", "plastic", "metal", "trash"]
def garbage():
    base = "Garbage classification/Garbage classification"
    one, zero, lists = [], [], {"train": [], "val": [], "test": []}
    for ci, c in enumerate(GARB):
        for n in range(1, 5):
            name = f"{c}{n}.jpg"
            split = ("train", "train", "val", "test")[n - 1]
            one.append(f"{name} {ci + 1}"); zero.append(f"{name} {ci}")
            if c != "trash":
                lists[split].append(f"{name} {ci + 1}")
            # the lists leave trash out: its images are in no split, counted with the auxiliary files
            yield img(f"{base}/{c}/{name}", split, c) if c != "trash" else img(f"{base}/{c}/{name}", record=False)
    yield aux("one-indexed-files.txt", "\n".join(one) + "\n")
    yield aux("zero-indexed-files.txt", "\n".join(zero) + "\n")
    for s, l in lists.items():
        yield aux(f"one-indexed-files-notrash_{s}.txt", "\n".join(l) + "\n")

def arabic_chars():
    r = random.Random(5)
    for split, n in (("Train", 6), ("Test", 3)):
        labels = [str(1 + (i * 5) % 28) for i in range(n)]
        yield aux(f"csv{split}Images {n}x1024.csv", "".join(",".join(str(r.choice((0, 0, 255))) for _ in range(1024)) + "\n" for _ in range(n)))
        yield aux(f"csv{split}Label {n}x1.csv", "".join(l + "\n" for l in labels))
        for k, lab in enumerate(labels):  # row k of the images' table, labelled by row k of the label table
            yield Put(f"csv{split}Images {n}x1024.csv:{k}", record=True, split=split.lower(), labels=frozenset([lab]))

_KAGGLE_IMAGES: dict[str, Spec] = {
  "seedlings": Spec("plant-seedlings-classification", "image", seedlings, "kaggle", "species folders w/ spaces, flat test, submission"),
  "sign_mnist": Spec("sign-language-mnist", "image", sign_mnist, "kaggle datamunge", "pixel csv + illustration pngs"),
  "utkface": Spec("utkface", "image", utkface, "UTKFace", "labels in names"),
  "chinese_mnist": Spec("chinese-mnist", "image", chinese_mnist, "kaggle gpreda", "csv of composite key"),
  "face_mask": Spec("face-mask-detection", "image", face_mask, "kaggle andrewmvd", "VOC"),
  "garbage": Spec("garbage-classification", "image", garbage, "kaggle asdasdasasdas", "class folders + split lists of names+numbers"),
  "arabic_chars": Spec("ahcd1", "image", arabic_chars, "kaggle mloey1", "pixel csv w/o header + label csv by row"),
}

def simpsons_big():
    chars = [f"{n}_simpson" for n in ("abraham", "bart", "homer", "lisa", "maggie", "marge")] + [
        "apu_nahasapeemapetilon", "barney_gumble", "carl_carlson", "charles_montgomery_burns", "chief_wiggum",
        "comic_book_guy", "edna_krabappel", "kent_brockman", "krusty_the_clown", "lenny_leonard",
        "milhouse_van_houten", "moe_szyslak", "ned_flanders", "nelson_muntz", "principal_skinner", "sideshow_bob"]
    for c in chars:
        for n in range(2):
            yield img(f"simpsons_dataset/{c}/pic_{n:04d}.jpg", "train", c)
        yield img(f"kaggle_simpson_testset/kaggle_simpson_testset/{c}_{n}.jpg", "test", c)

_KAGGLE_IMAGES["simpsons"] = Spec("the-simpsons-characters-dataset", "image", simpsons_big, "kaggle alexattia", "22 character folders; a test set of loose files named by character, two folders deep")


def twitter_sentiment():
    tw = [("1", "0", "@user when a father is dysfunctional and is so selfish he drags his kids into his dysfunction. #run"),
          ("2", "0", "@user @user thanks for #lyft credit i can't use cause they don't offer wheelchair vans in pdx."),
          ("3", "0", "bihday your majesty"), ("4", "1", "@user #cnn calls #michigan middle school 'build the wall' chant '' #tcot"),
          ("5", "0", "factsguide: society now #motivation"), ("6", "1", "no comment!  in #australia   #opkillingbay #seashepherd")]
    yield aux("train_E6oV3lV.csv", "id,label,tweet\n" + "".join(_csv(*r) + "\n" for r in tw))
    for i, (_, y, t) in enumerate(tw):
        yield row(f"train_E6oV3lV.csv:{i}", "train", y, t)
    te = [("31963", "#studiolife #aislife #requires #passion #dedication #willpower   to find #newmaterialsâ\x80¦"), ("31964", "@user #white #supremacists want everyone to see the new â\x80\x98  #birdsâ\x80\x99 #movie")]
    yield aux("test_tweets_anuFYb8.csv", "id,tweet\n" + "".join(_csv(*r) + "\n" for r in te))
    for i, (_, t) in enumerate(te):
        yield row(f"test_tweets_anuFYb8.csv:{i}", "test", None, t)

def emotion():
    data = {"train": [("i didnt feel humiliated", "sadness"), ("i am feeling grouchy", "anger"), ("im grabbing a minute to post i feel greedy wrong", "anger"),
                      ("i am ever feeling nostalgic about the fireplace i will know that it is still on the property", "love"), ("i feel romantic too", "love"), ("i feel like i have to make the suffering i m seeing mean something", "sadness")],
            "val": [("im feeling quite sad and sorry for myself but ill snap out of it soon", "sadness"), ("i feel like i am still looking at a blank canvas blank pieces of paper", "sadness")],
            "test": [("im feeling rather rotten so im not very ambitious right now", "sadness"), ("im updating my blog because i feel shitty", "sadness")]}
    for split, rows_ in data.items():
        yield aux(f"{split}.txt", "".join(f"{t};{y}\n" for t, y in rows_))
        for i, (t, y) in enumerate(rows_):
            yield row(f"{split}.txt:{i}", split, y, t)

def hate_speech():
    tw = [(0, 3, 0, 0, 3, 2, "!!! RT @mayasolovely: As a woman you shouldn't complain about cleaning up your house."),
          (1, 3, 0, 3, 0, 1, "!!!!! RT @mleew17: boy dats cold...tyga dwn bad for cuffin dat hoe in the 1st place!!"),
          (2, 3, 0, 3, 0, 1, "!!!!!!! RT @UrKindOfBrand Dawg!!!! RT @80sbaby4life: You ever fuck a bitch and she start to cry?"),
          (3, 3, 0, 2, 1, 1, "!!!!!!!!! RT @C_G_Anderson: @viva_based she look like a tranny"),
          (4, 6, 0, 6, 0, 1, "!!!!!!!!!!!!! RT @ShenikaRoberts: The shit you hear about me might be true"),
          (5, 3, 1, 2, 0, 0, "!!!!!!!!!!!!!!!!!!\"@T_Madison_x: The shit just blows me..claim you so faithful and down for somebody")]
    yield aux("labeled_data.csv", ",count,hate_speech,offensive_language,neither,class,tweet\n" + "".join(_csv(*map(str, r)) + "\n" for r in tw))
    for i, r in enumerate(tw):
        yield row(f"labeled_data.csv:{i}", "train", str(r[5]), r[6])

def bbc_kaggle():
    tr = [("1833", "worldcom ex-boss launches defence lawyers defending former worldcom chief bernie ebbers", "business"),
          ("154", "german business confidence slides german business confidence fell in february", "business"),
          ("1101", "bbc poll indicates economic gloom citizens in a majority of nations surveyed", "business"),
          ("1976", "lifestyle governs mobile choice faster better or funkier hardware alone", "tech"),
          ("917", "enron bosses in $168m payout eighteen former enron directors have agreed", "business"),
          ("1582", "howard truanted to play snooker conservative leader michael howard has admitted", "politics")]
    yield aux("BBC News Train.csv", "ArticleId,Text,Category\n" + "".join(_csv(*r) + "\n" for r in tr))
    for i, (_, t, y) in enumerate(tr):
        yield row(f"BBC News Train.csv:{i}", "train", y, t)
    te = [("1018", "qpr keeper day heads for preston queens park rangers keeper chris day is set to join preston"), ("1319", "software watching while you work software that can not only monitor every keystroke")]
    yield aux("BBC News Test.csv", "ArticleId,Text\n" + "".join(_csv(*r) + "\n" for r in te))
    for i, (_, t) in enumerate(te):
        yield row(f"BBC News Test.csv:{i}", "test", None, t)
    yield aux("BBC News Sample Solution.csv", "ArticleId,Category\n1018,sport\n1319,tech\n")

def spam_v1v2():
    rows_ = [("ham", "Go until jurong point, crazy.. Available only in bugis n great world la e buffet... Cine there got amore wat..."),
             ("ham", "Ok lar... Joking wif u oni..."), ("spam", "Free entry in 2 a wkly comp to win FA Cup final tkts 21st May 2005."),
             ("ham", "U dun say so early hor... U c already then say..."), ("ham", "Nah I don't think he goes to usf, he lives around here though"),
             ("spam", "FreeMsg Hey there darling it's been 3 week's now and no word back!")]
    yield aux("spam.csv", "v1,v2,,,\n" + "".join(_csv(y, t) + ",,,\n" for y, t in rows_), encoding="latin-1")
    for i, (y, t) in enumerate(rows_):
        yield row(f"spam.csv:{i}", "train", y, t)

_KAGGLE_TEXTS: dict[str, Spec] = {
  "twitter_sentiment": Spec("twitter-sentiment", "text", twitter_sentiment, "analytics vidhya", "id,label,tweet"),
  "emotion": Spec("emotion", "text", emotion, "dair-ai emotion (kaggle praveengovi)", "text;label lines"),
  "hate_speech": Spec("hate-speech", "text", hate_speech, "t-davidson", "unnamed index, class col"),
  "bbc_kaggle": Spec("bbc", "text", bbc_kaggle, "kaggle learn-ai-bbc", "Train/Test/Sample Solution with spaces"),
  "spam_v1v2": Spec("sms-spam", "text", spam_v1v2, "kaggle uciml", "v1,v2 latin-1"),
}


def deepglobe():
    meta = ["image_id,split,sat_image_path,mask_path"]
    for split, ids in (("train", (100034, 100081, 100129, 100703)), ("valid", (100877, 101173)), ("test", (100455, 101205))):
        for i in ids:
            yield img(f"{split}/{i}_sat.jpg", split)
            if split == "train":
                yield aux(f"{split}/{i}_mask.png", _image_bytes(f"m{i}", 20, 16, "PNG", "L"))
            meta.append(f"{i},{split},{split}/{i}_sat.jpg," + (f"{split}/{i}_mask.png" if split == "train" else ""))
    yield aux("metadata.csv", "\n".join(meta) + "\n")
    yield aux("class_dict.csv", "name,r,g,b\nroad,255,255,255\nbackground,0,0,0\n")

def quickdraw():
    rng = np.random.default_rng(0)
    for cls in ("cat", "airplane", "The Eiffel Tower"):
        arr = rng.integers(0, 256, size=(3, 784), dtype=np.uint8)
        buf = io.BytesIO(); np.save(buf, arr)
        yield aux(f"full_numpy_bitmap_{cls}.npy", buf.getvalue())
        for k in range(3):
            yield Put(f"full_numpy_bitmap_{cls}.npy:{k}", record=True, split="train", labels=frozenset([cls]))

def corona_nlp():
    head = "UserName,ScreenName,Location,TweetAt,OriginalTweet,Sentiment"
    tr = [("3799", "48751", "London", "16-03-2020", "@MeNyrbie @Phil_Gahan @Chrisitv https://t.co/iFz9FAn2Pa and https://t.co/xX6ghGFzCC", "Neutral"),
          ("3800", "48752", "UK", "16-03-2020", "advice Talk to your neighbours family to exchange phone numbers create contact list", "Positive"),
          ("3801", "48753", "Vagabonds", "16-03-2020", "Coronavirus Australia: Woolworths to give elderly, disabled dedicated shopping hours", "Positive"),
          ("3802", "48754", "", "16-03-2020", "My food stock is not the only one which is empty... PLEASE, don't panic, THERE WILL BE ENOUGH FOOD", "Positive"),
          ("3803", "48755", "", "16-03-2020", "Me, ready to go at supermarket during the #COVID19 outbreak. Not because I'm paranoid", "Extremely Negative"),
          ("3804", "48756", "ÜT: 36.319708,-82.363649", "16-03-2020", "As news of the region’s first confirmed COVID-19 case came out", "Positive")]
    yield aux("Corona_NLP_train.csv", head + "\n" + "".join(_csv(*r) + "\n" for r in tr), encoding="cp1252")
    for i, r in enumerate(tr):
        yield row(f"Corona_NLP_train.csv:{i}", "train", r[5], r[4])
    te = [("1", "44953", "NYC", "02-03-2020", "TRENDING: New Yorkers encounter empty supermarket shelves", "Extremely Negative"),
          ("2", "44954", "Seattle, WA", "02-03-2020", "When I couldn't find hand sanitizer at Fred Meyer, I turned to #Amazon", "Positive"),
          ("3", "44955", "", "02-03-2020", "Find out how you can protect yourself and loved ones from #coronavirus", "Extremely Positive")]
    yield aux("Corona_NLP_test.csv", head + "\n" + "".join(_csv(*r) + "\n" for r in te), encoding="cp1252")
    for i, r in enumerate(te):
        yield row(f"Corona_NLP_test.csv:{i}", "test", r[5], r[4])

def ecommerce():
    rows_ = [("Household", "Paper Plane Design Framed Wall Hanging Motivational Office Decor Art Prints"),
             ("Books", "Think and Grow Rich About the Author Napoleon Hill was born in 1883"),
             ("Clothing & Accessories", "Mens Cotton Polo T-Shirt Regular Fit"),
             ("Electronics", "SanDisk Ultra 64GB microSDXC UHS-I Card with Adapter"),
             ("Household", "SAF Floral Framed Painting Wood 30 inch x 10 inch"),
             ("Books", "Pearson Guide to Quantitative Aptitude for competitive exams"),
             ("Electronics", "boAt Rockerz Bluetooth Headphones with Mic"), ("Clothing & Accessories", "Womens Cotton Kurti Straight Fit"),
             ("Household", "Prestige Stainless Steel Pressure Cooker"), ("Books", "The Alchemist by Paulo Coelho")]
    yield aux("ecommerceDataset.csv", "".join(_csv(y, t) + "\n" for y, t in rows_))
    for i, (y, t) in enumerate(rows_):
        yield row(f"ecommerceDataset.csv:{i}", "train", y, t)

def mtsamples():
    rows_ = [("0", "A 23-year-old white female presents with complaint of allergies.", "Allergy / Immunology", "Allergic Rhinitis", "SUBJECTIVE:,  This 23-year-old white female presents with complaint of allergies.", "allergy / immunology, allergic rhinitis"),
             ("1", "Consult for laparoscopic gastric bypass.", "Bariatrics", "Laparoscopic Gastric Bypass Consult - 2", "PAST MEDICAL HISTORY:, He has difficulty climbing stairs", "bariatrics, laparoscopic gastric bypass"),
             ("2", "2-D M-Mode. Doppler.", "Cardiovascular / Pulmonary", "2-D Echocardiogram - 1", "2-D M-MODE: , ,1.  Left atrial enlargement with left atrial diameter of 4.7 cm.", "cardiovascular / pulmonary, 2-d m-mode"),
             ("3", "2-D Echocardiogram", "Cardiovascular / Pulmonary", "2-D Echocardiogram - 2", "1.  The left ventricular cavity size and wall thickness appear normal.", "cardiovascular / pulmonary, 2-d"),
             ("4", "Morbid obesity.  Laparoscopic antecolic antegastric Roux-en-Y gastric bypass", "Bariatrics", "Laparoscopic Gastric Bypass", "PREOPERATIVE DIAGNOSIS: , Morbid obesity.,POSTOPERATIVE DIAGNOSIS:", "bariatrics, gastric bypass")]
    yield aux("mtsamples.csv", ",description,medical_specialty,sample_name,transcription,keywords\n" + "".join(_csv(*r) + "\n" for r in rows_))
    for i, r in enumerate(rows_):
        yield row(f"mtsamples.csv:{i}", "train", r[2], r[4])

_MORE: dict[str, Spec] = {
  "deepglobe": Spec("deepglobe-road", "image", deepglobe, "kaggle balraj98", "<id>_sat.jpg + <id>_mask.png beside, metadata.csv"),
  "quickdraw": Spec("quickdraw", "image", quickdraw, "google quickdraw numpy_bitmap", "npy per class"),
  "corona_nlp": Spec("corona", "text", corona_nlp, "kaggle datatattle", "OriginalTweet, Sentiment, latin-1"),
  "ecommerce": Spec("ecommerce", "text", ecommerce, "kaggle saurabhshahane", "headerless label,text"),
  "mtsamples": Spec("mtsamples", "text", mtsamples, "kaggle tboyle10", "several text columns"),
}


SPECS: dict[str, Spec] = {**_IMAGES_AND_TEXTS, **_KAGGLE_IMAGES, **_KAGGLE_TEXTS, **_MORE}
DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
