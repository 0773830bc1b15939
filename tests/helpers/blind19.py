"""An eighth blind held-out batch (round nineteen) of 10 public datasets no rule, test or doc here named.

As rounds twelve to eighteen (tests/helpers/blind12.py .. blind18.py): a batch nobody tuned the
detection rules for, judged on the command a user types first (`shardify convert SRC OUT`), built
without changing anything under shardify/. Chosen by kind; each checked absent, by its name and its
characteristic file names (case-insensitive, whole words, over every .py, .md, .txt, .json, .yaml and .yml
of /work/main and every /work/wt/* worktree, tests/helpers/ included; .venv/ and .git/ left out; and
`git -C /work/main log --all --format=%B`), on 2026-11-28 between 08:41 and 08:45 UTC (by this machine's
clock): 0 hits for every one kept (lego, minifigure, Large Scale Fish, Fish_Dataset, Black Sea Sprat,
Gilt-Head, Hourse Mackerel, PCB_DATASET, PKU-Market-PCB, Missing_hole, african wildlife, KolektorSDD, kos01,
Resume.csv, Resume_str, Resume_html, text_emotion, Emotion in Text, DisneylandReviews, Disneyland,
newsCorpora, news aggregator, 2pageSessions; and at 08:48: Severstal,
stage_2_train_labels, VinBigData, RSNA). Only generic words hit: 'PCB' (3 commit messages, about
another dataset, DeepPCB), 'resume' (a word), 'CrowdFlower' (a company, one file). About 70 further
candidates were dropped because they, or their files, are named here already (among them cassava leaf
disease, DeepWeeds, global wheat, Market-1501, WIDER FACE, DRIVE, CHASE_DB1, Airbus ships, GoEmotions,
Financial PhraseBank, TweetEval, PAWS, Simpsons characters, RVL-CDIP, NEU surface defects, car object
detection, kangaroo, ICDAR 2015, PH2, GlaS, BUSI, spooky authors, medical transcriptions, fake job postings,
MELD, Web of Science, CLINC150, OLID, CoLA, MRPC, CARPK, DOTA, HRSC2016, TACO, hard hats, BCCD, WGISD,
Weizmann horses, Stanford background, DeepGlobe, DUTS, WFLW, LSP, clickbait, sentiment labelled sentences,
YouTube spam, deceptive opinions, stance, Ling-Spam, semantic drone, CelebAMask-HQ, COVID tweets, CCPD).

- images, classification (2): franchise/<nnnn>/<nnn>.jpg folders whose numbers are local, an index.csv
  'path,class_id,train-valid', a test.csv and a metadata.csv naming each class id (LEGO minifigures);
  <species>/<species>/ images beside '<species>/<species> GT/' masks of the same names (a large-scale fish
  dataset).
- detection (2): images/<Defect>/ beside Annotations/<Defect>/ VOC XMLs, several defects an image (PKU PCB
  defects); per-animal folders of images each beside a YOLO .txt of normalised boxes by class id, no class
  names file, some images holding other animals too (African wildlife).
- segmentation (2): kos<nn>/Part<n>.jpg beside Part<n>_label.bmp masks (KolektorSDD); train_images/ and
  test_images/ beside a train.csv of run-length-encoded masks a row per image and defect class, images
  without a defect in no row (Severstal steel defects).
- text (4): a 'ID,Resume_str,Resume_html,Category' CSV (resume dataset); a fully quoted
  'tweet_id,sentiment,author,content' CSV of 13 emotions (Emotion in Text); a latin-1 CSV
  'Review_ID,Rating,Year_Month,Reviewer_Location,Review_Text,Branch' (Disneyland reviews); a headerless
  TAB-separated eight-column newsCorpora.csv with one-letter categories beside a readme.txt (UCI news
  aggregator).

All layouts WRITTEN FROM MEMORY of the datasets' download pages, READMEs, papers and loaders (no time was
left to check them by search); simplifications are noted in each builder.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row is "<file>:<i>" (tests/helpers/unseen4.py's `Put`, `build`); no
split is "train"; a detection record's labels are its objects' classes. `FOLLOW` holds, per dataset, the
options a user would add after a stop to convert it right, each tried with the tally
(tests/helpers/blind_tally.py --batch 19); None where none was found.

Measured on branch blind19 at main's 4edb376 (no fix in it; `python tests/helpers/blind_tally.py --batch 19
--json tests/helpers/blind19_baseline_4edb376.json`, 2026-11-28 08:49 UTC by this machine's clock, 9 s; the
same outcomes as the first run at 08:46, before FOLLOW was filled and severstal added, bar the two stops FOLLOW
makes good): of 10, 2 right (fish, text_emotion), 2 good stops (disneyland: --label-column Rating; pcb:
--label-level 0), 3 stops naming nothing that converts right (african_wildlife, lego, severstal), 1 exit 1
(news_aggregator), 2 WRONG WITH EXIT 0 (kolektor, resume). What each does: tests/layouts/test_blind_round_nineteen.py.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.shipped import _image_bytes, _words
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row
from helpers.unseen4 import given as _file

__all__ = ["BASELINE", "DATASETS", "FOLLOW", "SPECS"]


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

# class_id: (franchise folder, its local folder number, minifigure_name as metadata.csv spells it)
_LEGO = {1: ("marvel", "0001", "SPIDER-MAN"), 2: ("marvel", "0002", "VENOM"), 7: ("star-wars", "0001", "YODA"),
         8: ("star-wars", "0002", "LUKE SKYWALKER"), 13: ("harry-potter", "0001", "HARRY POTTER"),
         20: ("jurassic-world", "0001", "OWEN GRADY")}


def _lego() -> Iterator[Put]:
    # kaggle.com/datasets/ihelon/lego-minifigures-classification (WRITTEN FROM MEMORY): <franchise>/<nnnn>/<nnn>.jpg
    # (the nnnn a minifigure's number inside its franchise, not its class id), index.csv 'path,class_id,train-valid'
    # (train or valid), test/<nnn>.jpg listed in test.csv 'path,class_id', metadata.csv
    # 'class_id,lego_ids,lego_names,minifigure_name' (lego_ids and lego_names Python-list strings). Truth: the
    # minifigure_name of the row's class_id the label; split by train-valid and test.csv
    index, test, meta = ["path,class_id,train-valid"], ["path,class_id"], ["class_id,lego_ids,lego_names,minifigure_name"]
    t = 0
    for cid, (franchise, local, name) in _LEGO.items():
        meta.append(_csv(str(cid), f"['{76100 + cid}']", f"['{_words(f'lg{cid}', 3).title()}']", name))
        for n in range(1, 4):
            part = "valid" if n == 3 else "train"
            rel = f"{franchise}/{local}/{n:03d}.jpg"
            index.append(_csv(rel, str(cid), part))
            yield img(rel, {"valid": "validation"}.get(part, part), name)
        t += 1
        rel = f"test/{t:03d}.jpg"
        test.append(_csv(rel, str(cid)))
        yield img(rel, "test", name)
    yield aux("index.csv", "\n".join(index) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("metadata.csv", "\n".join(meta) + "\n")


_FISH = ["Black Sea Sprat", "Gilt-Head Bream", "Hourse Mackerel", "Red Mullet", "Shrimp", "Trout"]


def _fish() -> Iterator[Put]:
    # kaggle.com/datasets/crowww/a-large-scale-fish-dataset (Ulucan et al. 2020; WRITTEN FROM MEMORY):
    # Fish_Dataset/Fish_Dataset/<Species>/<Species>/<nnnnn>.png (1000 each) and <Species>/<Species> GT/<nnnnn>.png
    # (the fish's binary mask, the same names), README.txt and license.txt beside. Truth: each image a record labelled
    # with its species; the GT masks no records; no split
    base = "Fish_Dataset/Fish_Dataset"
    for k, species in enumerate(_FISH):
        for n in range(1, 3 + k % 2):
            name = f"{n * 13 + k:05d}.png"
            yield img(f"{base}/{species}/{species}/{name}", "train", species, kind="png")
            yield Put(f"{base}/{species}/{species} GT/{name}", image="mask")
    yield aux(f"{base}/README.txt", "A Large-Scale Dataset for Fish Segmentation and Classification\n"
              "Nine seafood types; each folder holds the images and a GT folder of their segmentation masks.\n")
    yield aux(f"{base}/license.txt", "CC BY 4.0\n")


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------

def _voc(name: str, folder: str, objects: list[str], width: int = 20, height: int = 16) -> str:
    parts = [f"<annotation>\n\t<folder>{folder}</folder>\n\t<filename>{name}</filename>\n\t<path>/home/pcb/{folder}/"
             f"{name}</path>\n\t<source>\n\t\t<database>Unknown</database>\n\t</source>\n\t<size>\n\t\t<width>{width}"
             f"</width>\n\t\t<height>{height}</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segmented>0</segmented>\n"]
    for b, cls in enumerate(objects):
        parts.append(f"\t<object>\n\t\t<name>{cls}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
                     f"\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>{1 + 4 * b}</xmin>\n\t\t\t<ymin>{2 + b}"
                     f"</ymin>\n\t\t\t<xmax>{5 + 4 * b}</xmax>\n\t\t\t<ymax>{8 + b}</ymax>\n\t\t</bndbox>\n\t</object>\n")
    return "".join(parts) + "</annotation>\n"


_PCB = ["Missing_hole", "Mouse_bite", "Open_circuit", "Short", "Spur", "Spurious_copper"]


def _pcb() -> Iterator[Put]:
    # PKU-Market-PCB (Peking University HRI lab; kaggle.com/datasets/akhatova/pcb-defects; WRITTEN FROM MEMORY):
    # PCB_DATASET/images/<Defect>/<nn>_<defect>_<nn>.jpg and PCB_DATASET/Annotations/<Defect>/<same>.xml (VOC, each
    # <object> a lower-case defect, 2-6 an image, all of its folder's kind). Truth: detection, each <object> its
    # defect; no split. Simplified: PCB_USED/ (the defect-free template boards) and rotation/ left out
    for k, defect in enumerate(_PCB):
        for board in (1, 4 + k % 3):
            stem = f"{board:02d}_{defect.lower()}_{k + 1:02d}"
            objects = [defect.lower()] * (2 + (board + k) % 3)
            yield img(f"PCB_DATASET/images/{defect}/{stem}.jpg", "train", defect.lower(), objects=objects)
            yield aux(f"PCB_DATASET/Annotations/{defect}/{stem}.xml", _voc(f"{stem}.jpg", defect, objects))


_ANIMALS = ["buffalo", "elephant", "rhino", "zebra"]


def _african_wildlife() -> Iterator[Put]:
    # kaggle.com/datasets/biancaferreira/african-wildlife (WRITTEN FROM MEMORY; the class order 0 buffalo .. 3 zebra
    # checked by search: Ultralytics' page and a project README citing the Kaggle page): buffalo/, elephant/, rhino/, zebra/,
    # each <nnn>.jpg beside <nnn>.txt of YOLO rows 'class x_centre y_centre width height' (normalised; class 0
    # buffalo, 1 elephant, 2 rhino, 3 zebra, documented on the page, no names file), an image of one folder sometimes
    # holding another animal too; the numbers repeat across folders. Truth: detection, each row an object of its
    # class; no split
    for k, animal in enumerate(_ANIMALS):
        for n in (1, 2, 7, 12):
            ids = [k] * (1 + n % 3) + ([(k + 3) % 4] if n == 7 else [])
            rows = [f"{c} {0.2 + 0.15 * j:.6f} {0.5:.6f} {0.25:.6f} {0.4 - 0.05 * j:.6f}" for j, c in enumerate(ids)]
            yield img(f"{animal}/{n:03d}.jpg", "train", {_ANIMALS[c] for c in ids}, objects=[_ANIMALS[c] for c in ids])
            yield aux(f"{animal}/{n:03d}.txt", "\n".join(rows) + "\n")


# ------------------------------------------------------------------------------------------------
# Segmentation
# ------------------------------------------------------------------------------------------------

def _bmp_mask(key: str, defect: bool) -> bytes:
    from PIL import Image

    shift = sum(key.encode()) % 5
    mask = Image.frombytes("L", (20, 16), bytes(255 if defect and 6 + shift <= x <= 9 + shift and 3 <= y <= 12 else 0
                                                for y in range(16) for x in range(20)))
    buffer = io.BytesIO()
    mask.save(buffer, "BMP")
    return buffer.getvalue()


def _kolektor() -> Iterator[Put]:
    # KolektorSDD (Tabernik et al. 2019, vicos.si; WRITTEN FROM MEMORY): KolektorSDD/kos<nn>/Part<n>.jpg (grey
    # photographs of one commutator's surface, 8 a commutator, 50 commutators) beside Part<n>_label.bmp (the defect's
    # mask, all black where there is none). Truth: each photograph a record, unlabelled (segmentation); masks no
    # records; no split
    for kos in (1, 2, 17, 50):
        for part in range(0, 8, 3):
            key = f"kos{kos:02d}/Part{part}"
            yield _file(f"KolektorSDD/{key}.jpg", _image_bytes(key, 20, 16, "JPEG", "L"), "train")
            yield aux(f"KolektorSDD/{key}_label.bmp", _bmp_mask(key, (kos + part) % 4 == 1))


def _severstal() -> Iterator[Put]:
    # kaggle.com/competitions/severstal-steel-defect-detection (2019; WRITTEN FROM MEMORY): train_images/<hex9>.jpg
    # (1600x256 grey steel strips), train.csv 'ImageId,ClassId,EncodedPixels' (a row per image and defect class 1-4
    # present, the mask run-length encoded column-major as 'start length ...'; images without a defect have no row),
    # test_images/<hex9>.jpg, sample_submission.csv 'ImageId,EncodedPixels,ClassId' ('1 1', 0 for each test image).
    # Truth: each train image a record labelled with its rows' defect classes (several an image; none: no label),
    # each test image a record unlabelled; split by folder
    lines = ["ImageId,ClassId,EncodedPixels"]
    for i in range(10):
        stem = f"{(i * 0x2cc93b + 0x1a2b) % 0xfffffffff:09x}"
        classes = [] if i % 3 == 2 else sorted({1 + i % 4, 1 + (i * 3) % 4} if i % 4 == 1 else {1 + i % 4})
        for c in classes:
            lines.append(f"{stem}.jpg,{c},{1 + 16 * c + i} {3 + i % 5} {49 + 16 * c} {4 + c}")
        yield _file(f"train_images/{stem}.jpg", _image_bytes(f"sv{stem}", 20, 16, "JPEG", "L"), "train",
                    {str(c) for c in classes} if classes else None)
    yield aux("train.csv", "\n".join(lines) + "\n")
    sub = ["ImageId,EncodedPixels,ClassId"]
    for i in range(4):
        stem = f"{(i * 0x7d1f3 + 0x99) % 0xfffffffff:09x}"
        sub.append(f"{stem}.jpg,1 1,0")
        yield _file(f"test_images/{stem}.jpg", _image_bytes(f"st{stem}", 20, 16, "JPEG", "L"), "test")
    yield aux("sample_submission.csv", "\n".join(sub) + "\n")


# ------------------------------------------------------------------------------------------------
# Text
# ------------------------------------------------------------------------------------------------

_RESUME = ["HR", "DESIGNER", "INFORMATION-TECHNOLOGY", "TEACHER", "BUSINESS-DEVELOPMENT", "CHEF", "BPO"]


def _resume() -> Iterator[Put]:
    # kaggle.com/datasets/snehaanbhawal/resume-dataset (WRITTEN FROM MEMORY): Resume/Resume.csv 'ID,Resume_str,
    # Resume_html,Category' (2400 resumes scraped from livecareer.com; Resume_str the text, padded with runs of spaces,
    # Resume_html the same as an HTML page, Category one of 24 folders' names). Truth: each row a record, Resume_str
    # the text, Category the label; no split. Simplified: data/data/<Category>/<ID>.pdf (the same resumes) left out
    lines = ["ID,Resume_str,Resume_html,Category"]
    for i in range(12):
        cat = _RESUME[i % 7]
        words = _words(f"rs{i}", 14)
        text = (f"         {cat.replace('-', ' ')} MANAGER       Summary      {words.capitalize()}.   Skills  "
                f"{_words(f'sk{i}', 4)}")
        html = (f'<div class="fontsize fontface vmargins hmargins linespacing pagesize" id="document"> <div class="section '
                f'firstsection" id="SECTION_NAME{i}" style="padding-top:0px;"><div class="paragraph">{words}</div></div></div>')
        lines.append(_csv(str(16852973 + i * 7919), text, html, cat))
        yield row(f"Resume/Resume.csv:{i}", "train", cat, text)
    yield aux("Resume/Resume.csv", "\n".join(lines) + "\n")


_EMOTIONS = ["empty", "sadness", "enthusiasm", "neutral", "worry", "surprise", "love", "fun", "hate", "happiness",
             "boredom", "relief", "anger"]


def _text_emotion() -> Iterator[Put]:
    # data.world/crowdflower/sentiment-analysis-in-text ('Emotion in Text'; WRITTEN FROM MEMORY): text_emotion.csv,
    # every cell quoted, '"tweet_id","sentiment","author","content"', 40000 tweets, sentiment one of 13 emotions
    # (empty, sadness, ..., anger), content with @mentions. Truth: each row a record, content the text, sentiment the
    # label (the author a user name, not a class); no split
    lines = ['"tweet_id","sentiment","author","content"']
    for i in range(14):
        emotion = _EMOTIONS[(i * 5) % 13]
        text = f"@{_words(f'te{i}', 1)}{i} {_words(f'tx{i}', 9)}"
        author = f"{_words(f'au{i % 5}', 1)}_{i % 5}"
        lines.append(",".join(f'"{c}"' for c in (str(1956967341 + i * 33), emotion, author, text)))
        yield row(f"text_emotion.csv:{i}", "train", emotion, text)
    yield aux("text_emotion.csv", "\n".join(lines) + "\n")


_BRANCHES = ["Disneyland_HongKong", "Disneyland_California", "Disneyland_Paris"]


def _disneyland() -> Iterator[Put]:
    # kaggle.com/datasets/arushchillar/disneyland-reviews (WRITTEN FROM MEMORY): DisneylandReviews.csv, latin-1
    # encoded, 'Review_ID,Rating,Year_Month,Reviewer_Location,Review_Text,Branch' (Rating 1-5 stars, Year_Month
    # '2019-4' or 'missing', Branch the park reviewed). Truth: each row a record, Review_Text the text, Rating the
    # label (the branch the review's subject, not its class); no split
    lines = ["Review_ID,Rating,Year_Month,Reviewer_Location,Review_Text,Branch"]
    for i in range(12):
        rating = str((4, 5, 3, 5, 2, 4, 1)[i % 7])
        text = f"{_words(f'dl{i}', 10).capitalize()}, the caf\u00e9 was {_words(f'dm{i}', 4)}."
        month = "missing" if i % 5 == 4 else f"{2019 - i % 4}-{1 + i % 12}"
        lines.append(_csv(str(670772142 - i * 1031), rating, month, ("Australia", "United Kingdom", "Philippines")[i % 3],
                          text, _BRANCHES[i % 3]))
        yield row(f"DisneylandReviews.csv:{i}", "train", rating, text)
    yield aux("DisneylandReviews.csv", "\n".join(lines) + "\n", encoding="latin-1")


_NEWS = {"b": "business", "t": "science and technology", "e": "entertainment", "m": "health"}


def _news_aggregator() -> Iterator[Put]:
    # archive.ics.uci.edu/dataset/359/news+aggregator (Gasparetti 2017; WRITTEN FROM MEMORY): newsCorpora.csv,
    # headerless and TAB-separated despite its suffix, 'ID TITLE URL PUBLISHER CATEGORY STORY HOSTNAME TIMESTAMP'
    # (CATEGORY b business, t science and technology, e entertainment, m health; STORY a cluster id), beside
    # readme.txt. Truth: each row a record, TITLE the text, CATEGORY the label; no split. Simplified: 2pageSessions.csv
    # (page sessions: story, host, category, URL; no text) left out
    lines = []
    for i in range(14):
        cat = "btem"[(i * 3) % 4]
        title = f"{_words(f'na{i}', 8).title()} as {_words(f'nb{i}', 3)}"
        host = ("www.latimes.com", "in.reuters.com", "www.huffingtonpost.com")[i % 3]
        story = f"d{'XYZ'[i % 3]}uyU0VZz0BRneMioxUPQVP6sIx{i % 4}M"
        lines.append("\t".join((str(1 + i), title, f"http://{host}/news/{i}-{title.lower().replace(' ', '-')}",
                                ("Los Angeles Times", "Reuters India", "Huffington Post")[i % 3], cat, story, host,
                                str(1394470370698 + i * 3600000))))
        yield row(f"newsCorpora.csv:{i}", "train", _NEWS[cat], title)
    yield aux("newsCorpora.csv", "\n".join(lines) + "\n")
    yield aux("readme.txt", "News Aggregator Data Set\n\nnewsCorpora.csv: ID TITLE URL PUBLISHER CATEGORY STORY HOSTNAME "
              "TIMESTAMP\nCATEGORY: b = business, t = science and technology, e = entertainment, m = health\n")


SPECS: dict[str, Spec] = {
    "lego": Spec("lego-minifigures-classification", "image", _lego,
                 "https://www.kaggle.com/datasets/ihelon/lego-minifigures-classification (index.csv, metadata.csv)",
                 "the minifigure_name of the row's class_id the label; split by train-valid and test.csv."),
    "fish": Spec("a-large-scale-fish-dataset", "image", _fish,
                 "https://www.kaggle.com/datasets/crowww/a-large-scale-fish-dataset (<Species>/<Species>, <Species> GT)",
                 "the species the label; GT masks no records; no split."),
    "pcb": Spec("pcb-defects", "image", _pcb,
                "https://www.kaggle.com/datasets/akhatova/pcb-defects (PCB_DATASET/images, Annotations)",
                "detection: each VOC <object> its defect; no split."),
    "african_wildlife": Spec("african-wildlife", "image", _african_wildlife,
                             "https://www.kaggle.com/datasets/biancaferreira/african-wildlife (<animal>/<n>.jpg, .txt)",
                             "detection: each YOLO row an object of class 0 buffalo .. 3 zebra; no split.",
                             aliases={a: {a, str(k)} for k, a in enumerate(_ANIMALS)}),
    "kolektor": Spec("KolektorSDD", "image", _kolektor,
                     "https://www.vicos.si/resources/kolektorsdd/ (kos<nn>/Part<n>.jpg, Part<n>_label.bmp)",
                     "segmentation: each photograph a record, unlabelled; masks no records."),
    "severstal": Spec("severstal-steel-defect-detection", "image", _severstal,
                      "https://www.kaggle.com/competitions/severstal-steel-defect-detection (train.csv, train_images/)",
                      "each train image labelled with its rows' defect classes 1-4 (none: no label); test unlabelled."),
    "resume": Spec("resume-dataset", "text", _resume,
                   "https://www.kaggle.com/datasets/snehaanbhawal/resume-dataset (Resume/Resume.csv)",
                   "each row a record: Resume_str the text, Category the label; no split."),
    "text_emotion": Spec("emotion-in-text", "text", _text_emotion,
                         "https://data.world/crowdflower/sentiment-analysis-in-text (text_emotion.csv)",
                         "each row a record: content the text, sentiment (13 emotions) the label; no split."),
    "disneyland": Spec("disneyland-reviews", "text", _disneyland,
                       "https://www.kaggle.com/datasets/arushchillar/disneyland-reviews (DisneylandReviews.csv)",
                       "each row a record: Review_Text the text, Rating the label; no split."),
    "news_aggregator": Spec("NewsAggregatorDataset", "text", _news_aggregator,
                            "https://archive.ics.uci.edu/dataset/359/news+aggregator (newsCorpora.csv, readme.txt)",
                            "each row a record: TITLE the text, CATEGORY (b, t, e, m) the label; no split.",
                            aliases={name: {name, letter} for letter, name in _NEWS.items()}),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "lego": None,                        # the stop offers --label-level 0 or 1 (franchises as classes); --labels
                                         # index.csv --label-column class_id labels ids, not metadata.csv's names, and
                                         # the train-valid column unread (tried)
    "fish": None,
    "pcb": {"label_level": 0},           # the stop names --label-level 0 (tried: right)
    "african_wildlife": {"label_names": ("buffalo", "elephant", "rhino", "zebra")},  # right (tried); the first stop
                                         # asked to move the files into images/ and labels/, later named --label-names,
                                         # with which each image was labelled by its folder alone (a second animal
                                         # lost); since useless22 the boxes' classes label it (yolo_beside_read)
    "kolektor": {"label_level": 0},      # right (tried), but the first command labels each image by its kos folder
    "severstal": {"labels_file": "train.csv", "key_column": "ImageId", "label_column": "ClassId"},  # the stop names
                                         # them (kinds20: right, the run-length masks not stored); before, the stop
                                         # offered --labels FILE, and no option read it (tried)
    "resume": {"text_column": "Resume_str"},  # right (tried), but the first command writes both text columns as a
                                         # pair with exit 0
    "text_emotion": None,
    "disneyland": {"label_column": "Rating"},  # the stop names --label-column 'Rating' (tried: right)
    "news_aggregator": {"label_column": "5"},  # right (tried); the first command rejects the only table (exit 1),
                                         # the reject naming --label-column 5
}

# The tally (tests/helpers/blind19_baseline_4edb376.json).
BASELINE: dict[str, int] = {"right": 2, "good stop": 2, "useless stop": 3, "exit 1": 1, "WRONG EXIT 0": 2}
