"""A ninth blind held-out batch (round twenty) of 10 public datasets no rule, test or doc here named.

As rounds twelve to nineteen (tests/helpers/blind12.py .. blind19.py): a batch nobody tuned the detection
rules for, judged on the command a user types first (`shardify convert SRC OUT`), built without changing
anything under shardify/. Chosen by kind, leaning to the kinds earlier batches show weak (detection formats
other than COCO/VOC/YOLO, text tables with several candidate label or text columns, split information in a
file name's suffix, masks in a parallel tree whose folders are renamed). Each checked absent, by its name and
its characteristic file names (case-insensitive, whole words, over every .py, .md, .txt, .json, .yaml and .yml
of /work/main and every /work/wt/* worktree but this one, tests/helpers/ included; .venv/ and .git/ left out;
and `git -C /work/main log --all --format=%B`), on 2026-11-28 between 10:40 and 10:47 UTC (by this machine's
clock): 0 hits for every one kept (Yoga-82, yoga_train.txt, Chessman, Brackish, annotations_AAU, face_with_mask,
NumOfAnno, Medical mask, Figaro1k, Frame00001, AISegment, matting_human, clip_img, SARC, train-balanced-sarcasm,
parent_comment, medical question pairs, question_1, PubMed Multi Label, meshMajor, abstractText, Genre
Classification Dataset, test_data_solution.txt). Only generic words hit: 'Chess' (5 files, another word use).
About 50 further candidates were dropped because they, or their files, are named here already (among them
GTSDB, SKU-110K, Udacity, LISA traffic signs, LGG MRI (kaggle_3m), Montgomery X-rays, LandCover.ai, CamVid,
Carvana, SICK, SemEval, women's clothing reviews, airline tweets, hate speech (labeled_data.csv), research
articles topics, TrashNet, rice images, UTKFace, Leeds butterflies, COIL-100, 10 monkeys, VisDrone, TT100K,
NWPU VHR-10, WiderPerson, CrowdHuman, Inria aerial, HRF, winemag, Alexa reviews, drugs.com reviews, Stack
Overflow quality, ISOT fake news, WiC, STS benchmark, CMU plot summaries, arXiv abstracts, MIO-TCD, PKLot,
brainwash, Corona NLP tweets, HANS, SciTail, ExDark, DeepFashion2, Open Images, Stanford Online Products).

- images, classification (2): Images/<Pose>/<n>.jpg beside yoga_train.txt and yoga_test.txt 'path,l6,l20,l82'
  (the split in the file name's suffix; three label levels, the 82 poses the folders) (Yoga-82); Chess/<Piece>/
  images of mixed suffixes under one constant folder (a chessman dataset).
- detection (2): frames/<category>/<video>/<video>-<nnnn>.png beside annotations/<category>/<video>.csv,
  semicolon-separated 'Filename;Annotation tag;Upper left corner X;...' boxes (the AAU annotation tool), the
  folder's category not the boxes' class (Brackish); images/<n>.jpg beside annotations/<n>.jpg.json per-image
  JSONs '{"FileName", "NumOfAnno", "Annotations": [{"BoundingBox": [x1, y1, x2, y2], "classname"}]}' and a
  train.csv 'name,x1,x2,y1,y2,classname' of the same boxes in another column order (a medical face mask dataset).
- segmentation (2): Original/{Training,Testing}/Frame<nnnnn>-org.jpg beside GT/{Training,Testing}/
  Frame<nnnnn>-gt.pbm binary masks (Figaro1k, hair); clip_img/<id>/clip_<nnnnnnnn>/<id>-<nnnnnnnn>.jpg beside
  matting/<id>/matting_<nnnnnnnn>/<id>-<nnnnnnnn>.png RGBA mattes, the tree's folder names renamed (AISegment
  portrait matting).
- text (2): 'label,comment,author,subreddit,score,ups,downs,date,created_utc,parent_comment' (SARC's balanced
  Reddit sarcasm, two text columns); a headerless 'dr_id,question_1,question_2,label' question-pair CSV whose
  doctor id is a few repeated numbers as the label is (Curai's medical question pairs).
- multi-label / tabular (2): 'Title,abstractText,meshMajor,pmid,meshid,meshroot,A,B,...,Z' 0/1 category
  columns (PubMed MeSH multi-label); ' ::: '-separated train_data.txt 'ID ::: TITLE ::: GENRE ::: DESCRIPTION',
  test_data.txt without GENRE, test_data_solution.txt with it (IMDb genre classification).

All layouts WRITTEN FROM MEMORY of the datasets' download pages, READMEs, papers and loaders (searches of the
stored pages found the papers but not the file listings); simplifications are noted in each builder.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row is "<file>:<i>" (tests/helpers/unseen4.py's `Put`, `build`); no
split is "train"; a detection record's labels are its objects' classes. `FOLLOW` holds, per dataset, the
options a user would add after a stop to convert it right, each tried with the tally
(tests/helpers/blind_tally.py --batch 20); None where none was found.

Measured on branch blind20 at main's 1faa438 (no fix in it; `python tests/helpers/blind_tally.py --batch 20
--json tests/helpers/blind20_baseline_1faa438.json`, 2026-11-28 10:45 UTC by this machine's clock, 9 s; the same
outcomes as the first run at 10:44, before FOLLOW was filled): of 10, 4 right (chessman, medical_masks, sarc,
yoga82), 0 good stops, 5 stops naming nothing that converts right (aisegment, brackish, figaro1k, imdb_genres,
pubmed_mesh), 0 exit 1, 1 WRONG WITH EXIT 0 (medical_pairs). What each does: tests/layouts/test_blind_round_twenty.py.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.shipped import _image_bytes, _words
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row
from helpers.unseen4 import given as _file

__all__ = ["BASELINE", "DATASETS", "FOLLOW", "SPECS"]


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

# 82-class pose: (its 6-class index, its 20-class index, its 82-class index), as the split files number them
_YOGA = {"Akarna_Dhanurasana": (0, 0, 0), "Bharadvajas_Twist_pose_or_Bharadvajasana_I_": (1, 3, 1),
         "Boat_Pose_or_Paripurna_Navasana_": (2, 5, 2), "Bound_Angle_Pose_or_Baddha_Konasana_": (2, 6, 3),
         "Bow_Pose_or_Dhanurasana_": (3, 8, 4), "Bridge_Pose_or_Setu_Bandha_Sarvangasana_": (3, 9, 5)}


def _yoga82() -> Iterator[Put]:
    # Yoga-82 (Verma et al. 2020, sites.google.com/view/yoga-82; WRITTEN FROM MEMORY): yoga_dataset_links/<Pose>.txt
    # (the images' URLs: a user downloads them into <Pose>/ folders, Images/<Pose>/<n>.jpg), yoga_train.txt and
    # yoga_test.txt, lines '<Pose>/<n>.jpg,<6-class>,<20-class>,<82-class>' (a three-level hierarchy; the split in the
    # file name's suffix). Truth: the 82-class pose (the folder) the label; split by the file listing it
    train, test = [], []
    for pose, (l6, l20, l82) in _YOGA.items():
        for n in (3, 16, 41, 77):
            part = "test" if n == 41 else "train"
            rel = f"{pose}/{n}.jpg"
            (test if part == "test" else train).append(f"{rel},{l6},{l20},{l82}")
            yield img(f"Yoga-82/Images/{rel}", part, pose)
        yield aux(f"Yoga-82/yoga_dataset_links/{pose}.txt",
                  "".join(f"{pose}/{n}.jpg\thttps://example.org/yoga/{pose.lower()}/{n}.jpg\n" for n in (3, 16, 41, 77)))
    yield aux("Yoga-82/yoga_train.txt", "\n".join(train) + "\n")
    yield aux("Yoga-82/yoga_test.txt", "\n".join(test) + "\n")


_PIECES = ["Bishop", "King", "Knight", "Pawn", "Queen", "Rook"]


def _chessman() -> Iterator[Put]:
    # kaggle.com/datasets/niteshfre/chessman-image-dataset (WRITTEN FROM MEMORY): Chessman-image-dataset/Chess/
    # <Piece>/<hash or nnnnnnnn>.<jpg|jpeg|png|JPG> (six pieces, 60-100 each, web images of mixed suffixes). Truth: the
    # piece folder the label; no split
    for k, piece in enumerate(_PIECES):
        for n in range(3 + k % 2):
            if n == 2:
                yield _file(f"Chess/{piece}/{n:08d}.JPG", _image_bytes(f"ch{piece}{n}", 20, 16, "JPEG"), "train", piece)
            elif n == 1 and k % 3 == 0:
                yield img(f"Chess/{piece}/{(k * 7919 + n) % 99991:05x}a3{n}.png", "train", piece, kind="png")
            else:
                yield img(f"Chess/{piece}/{n:08d}.jpg", "train", piece)


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------

# the video folders' categories and the box classes seen in them (a fish-big video holds crabs too)
_BRACKISH = {"fish-big": ["big_fish", "big_fish"], "crab": ["crab"], "jellyfish": ["jellyfish", "jellyfish", "small_fish"],
             "shrimp": ["shrimp"]}


def _brackish() -> Iterator[Put]:
    # The Brackish Dataset (Pedersen et al. 2019, Aalborg University; kaggle.com/datasets/aalborguniversity/
    # brackish-dataset; WRITTEN FROM MEMORY): frames/<category>/<video>/<video>-<nnnn>.png (video folders by the
    # category the recording was made for: fish-big, fish-school, crab, jellyfish, shrimp, starfish, fish-small-shrimp)
    # beside annotations/annotations_AAU/<category>/<video>.csv, the AAU bounding-box tool's semicolon-separated rows
    # 'Filename;Annotation tag;Upper left corner X;Upper left corner Y;Lower right corner X;Lower right corner Y'
    # (classes big_fish, crab, jellyfish, shrimp, small_fish, starfish; frames with no animal in no row).
    # Truth: detection, each row an object of its frame, the tag its class; frames in no row records with no object;
    # no split. Simplified: the YOLO and COCO copies and train/valid/test lists left out
    for c, (category, tags) in enumerate(_BRACKISH.items()):
        video = f"2019-0{2 + c}-2{c}_1{c}-{3 * c:02d}-{17 + c}"
        rows = ["Filename;Annotation tag;Upper left corner X;Upper left corner Y;Lower right corner X;Lower right corner Y"]
        for f in range(1, 5):
            name = f"{video}-{f:04d}.png"
            objects = [] if f == 3 else tags[: 1 + f % len(tags)]
            for j, tag in enumerate(objects):
                rows.append(f"{category}/{video}/{name};{tag};{1 + 5 * j};{2 + j};{5 + 5 * j};{9 + j}")
            yield _file(f"frames/{category}/{video}/{name}", _image_bytes(f"bk{name}", 20, 16, "PNG"), "train",
                        set(objects) or None, objects=objects)
        yield aux(f"annotations/annotations_AAU/{category}/{video}.csv", "\n".join(rows) + "\n")


_MASK_CLASSES = ["face_with_mask", "mask_surgical", "face_no_mask", "hat", "eyeglasses", "face_with_mask_incorrect"]


def _medical_masks() -> Iterator[Put]:
    # kaggle.com/datasets/wobotintelligence/face-mask-detection-dataset ('Medical mask', Humans in the Loop; WRITTEN
    # FROM MEMORY): Medical mask/Medical mask/Medical Mask/images/<nnnn>.jpg beside annotations/<nnnn>.jpg.json
    # '{"FileName": ..., "NumOfAnno": n, "Annotations": [{"isProtected": false, "ID": ..., "BoundingBox": [x1, y1,
    # x2, y2], "classname": ..., "Confidence": 1, "Attributes": {}}]}' (20 classes: face_with_mask, mask_surgical,
    # face_no_mask, hat, ...), and train.csv 'name,x1,x2,y1,y2,classname' the same boxes (x1, x2 before y1, y2).
    # Truth: detection, each annotation an object of its classname; no split. Simplified: the unannotated test images
    # and submission.csv left out
    base = "Medical mask/Medical mask/Medical Mask"
    lines = ["name,x1,x2,y1,y2,classname"]
    for i in range(10):
        name = f"{1801 + i * 37:04d}.jpg"
        objects = [_MASK_CLASSES[(i + j * 2) % 6] for j in range(1 + i % 3)]
        notes = []
        for j, cls in enumerate(objects):
            x1, y1, x2, y2 = 1 + 4 * j, 2 + j, 5 + 4 * j, 9 + j
            notes.append({"isProtected": False, "ID": 900000 + i * 10 + j, "BoundingBox": [x1, y1, x2, y2],
                          "classname": cls, "Confidence": 1, "Attributes": {}})
            lines.append(_csv(name, str(x1), str(x2), str(y1), str(y2), cls))
        yield img(f"{base}/images/{name}", "train", set(objects), objects=objects)
        yield aux(f"{base}/annotations/{name}.json",
                  json.dumps({"FileName": name, "NumOfAnno": len(notes), "Annotations": notes}, indent=4))
    yield aux("train.csv", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Segmentation
# ------------------------------------------------------------------------------------------------

def _pbm(key: str) -> bytes:
    from PIL import Image

    shift = sum(key.encode()) % 5
    mask = Image.frombytes("L", (20, 16), bytes(255 if 4 + shift <= x <= 14 and y <= 8 + shift else 0
                                                for y in range(16) for x in range(20))).convert("1")
    buffer = io.BytesIO()
    mask.save(buffer, "PPM")  # a 1-bit image saves as P4, a binary PBM
    return buffer.getvalue()


def _figaro1k() -> Iterator[Put]:
    # Figaro1k (Svanera et al. 2016, projects.i-ctm.eu/en/project/figaro-1k; WRITTEN FROM MEMORY): Figaro1k/Original/
    # {Training,Testing}/Frame<nnnnn>-org.jpg (1050 hair photographs, seven hair types by frame ranges) beside
    # Figaro1k/GT/{Training,Testing}/Frame<nnnnn>-gt.pbm (the binary hair mask). Truth: each photograph a record,
    # unlabelled (segmentation); masks no records; split by Training/Testing
    for part, frames in (("Training", (1, 2, 151, 152, 301, 302)), ("Testing", (121, 271, 421))):
        for f in frames:
            yield img(f"Figaro1k/Original/{part}/Frame{f:05d}-org.jpg", part.lower())
            yield aux(f"Figaro1k/GT/{part}/Frame{f:05d}-gt.pbm", _pbm(f"fg{f}"))


def _rgba(key: str) -> bytes:
    from PIL import Image

    rgb = Image.open(io.BytesIO(_image_bytes(key, 20, 16, "PNG"))).convert("RGBA")
    shift = sum(key.encode()) % 4
    rgb.putalpha(Image.frombytes("L", (20, 16), bytes(255 if 5 + shift <= x <= 15 else 0
                                                      for y in range(16) for x in range(20))))
    buffer = io.BytesIO()
    rgb.save(buffer, "PNG")
    return buffer.getvalue()


def _aisegment() -> Iterator[Put]:
    # AISegment.com matting human datasets (kaggle.com/datasets/laurentmih/aisegmentcom-matting-human-datasets;
    # WRITTEN FROM MEMORY): matting_human_half/clip_img/<shoot id>/clip_<nnnnnnnn>/<shoot id>-<nnnnnnnn>.jpg (half-
    # length portraits) beside matting_human_half/matting/<shoot id>/matting_<nnnnnnnn>/<shoot id>-<nnnnnnnn>.png (the
    # person cut out: RGBA, the alpha the matte). Truth: each clip_img photograph a record, unlabelled (matting); the
    # mattes no records; no split
    for shoot in ("1803151818", "1803201916", "1803241125"):
        for clip in (0, 1):
            for n in (3 + clip, 11 + clip):
                stem = f"{shoot}-{clip * 100 + n:08d}"
                yield img(f"matting_human_half/clip_img/{shoot}/clip_{clip:08d}/{stem}.jpg", "train")
                yield aux(f"matting_human_half/matting/{shoot}/matting_{clip:08d}/{stem}.png", _rgba(f"ai{stem}"))


# ------------------------------------------------------------------------------------------------
# Text
# ------------------------------------------------------------------------------------------------

_SUBS = ["politics", "AskReddit", "worldnews", "nba", "funny"]


def _sarc() -> Iterator[Put]:
    # SARC (Khodak et al. 2018), as kaggle.com/datasets/danofer/sarcasm ships it (WRITTEN FROM MEMORY):
    # train-balanced-sarcasm.csv 'label,comment,author,subreddit,score,ups,downs,date,created_utc,parent_comment'
    # (label 1 sarcastic, 0 not; comment the reply judged; parent_comment the comment it answers; date '2016-10').
    # Truth: each row a record, comment the text, label the label (the parent the context, not the text); no split.
    # Simplified: test-balanced.csv and test-unbalanced.csv (ids only) left out
    lines = ["label,comment,author,subreddit,score,ups,downs,date,created_utc,parent_comment"]
    for i in range(14):
        label = str((i * 3) % 2)
        comment = f"{_words(f'sc{i}', 7).capitalize()}{'?' if i % 3 else '.'}"
        parent = f"{_words(f'sp{i}', 12).capitalize()}, {_words(f'sq{i}', 5)}."
        score = str((i * 7) % 11 - 2)
        lines.append(_csv(label, comment, f"{_words(f'sa{i % 6}', 1)}{i % 6}", _SUBS[i % 5], score, score, "0",
                          f"2016-{1 + i % 12:02d}", f"2016-{1 + i % 12:02d}-{1 + i:02d} 2{i % 4}:0{i % 6}:14", parent))
        yield row(f"train-balanced-sarcasm.csv:{i}", "train", label, comment)
    yield aux("train-balanced-sarcasm.csv", "\n".join(lines) + "\n")


def _medical_pairs() -> Iterator[Put]:
    # Curai's medical question pairs (McCreery et al. 2020, github.com/curai/medical-question-pair-dataset; WRITTEN
    # FROM MEMORY): train.csv, headerless 'dr_id,question_1,question_2,label' (dr_id the doctor who wrote the pair, 1-11,
    # each writing ~300 rows; label 1 similar, 0 different). Truth: each row a record, (question_1, question_2) the
    # pair, label the label (the doctor's id is who wrote it, not a class); no split
    lines = []
    for i in range(16):
        dr = str(1 + i // 4)
        q1 = f"{_words(f'mq{i // 2}', 9).capitalize()}?"
        q2 = f"{_words(f'mr{i}', 10).capitalize()}?"
        label = str(1 - i % 2)
        lines.append(_csv(dr, q1, q2, label))
        yield row(f"train.csv:{i}", "train", label, (q1, q2))
    yield aux("train.csv", "\n".join(lines) + "\n")


_MESH = "ABCDEFGHIJLMNZ"


def _pubmed_mesh() -> Iterator[Put]:
    # kaggle.com/datasets/owaiskhan9654/pubmed-multilabel-text-classification (WRITTEN FROM MEMORY): 'PubMed Multi
    # Label Text Classification Dataset Processed.csv', 'Title,abstractText,meshMajor,pmid,meshid,meshroot,A,B,C,D,E,
    # F,G,H,I,J,L,M,N,Z' (meshMajor and meshid Python-list strings, meshroot the roots spelled out; A..Z 0/1, the MeSH
    # tree roots: the labels). Truth: each row a record, abstractText the text, the letters of its 1 columns its labels
    # (multi-label); no split
    lines = ["Title,abstractText,meshMajor,pmid,meshid,meshroot," + ",".join(_MESH)]
    for i in range(12):
        roots = sorted({_MESH[i % 14], _MESH[(i * 5 + 2) % 14]} if i % 3 else {_MESH[(i * 3) % 14]})
        title = f"{_words(f'pt{i}', 6).capitalize()}."
        abstract = f"{_words(f'pa{i}', 18).capitalize()}. {_words(f'pb{i}', 9).capitalize()}."
        terms = [_words(f'pm{i}{r}', 2).title() for r in roots]
        lines.append(_csv(title, abstract, repr(terms), str(8549 + i * 131), repr([[f"{r}01.{i:03d}"] for r in roots]),
                          repr([f"Root [{r}]" for r in roots]), *("1" if c in roots else "0" for c in _MESH)))
        yield row(f"PubMed Multi Label Text Classification Dataset Processed.csv:{i}", "train", roots, abstract)
    yield aux("PubMed Multi Label Text Classification Dataset Processed.csv", "\n".join(lines) + "\n")


_GENRES = ["drama", "documentary", "comedy", "thriller", "horror", "short"]


def _imdb_genres() -> Iterator[Put]:
    # kaggle.com/datasets/hijest/genre-classification-dataset-imdb (WRITTEN FROM MEMORY): 'Genre Classification
    # Dataset/train_data.txt' lines 'ID ::: TITLE (YEAR) ::: GENRE ::: DESCRIPTION', test_data.txt 'ID ::: TITLE :::
    # DESCRIPTION' (the test rows unlabelled), test_data_solution.txt the same test rows with GENRE, description.txt.
    # Truth: each train row a record (train), each test row once (test), DESCRIPTION the text, GENRE the label (as the
    # solution file gives it); test_data.txt's rows are the solution's rows again, no records of their own
    base = "Genre Classification Dataset"
    train, test, solution = [], [], []
    for i in range(14):
        genre = _GENRES[(i * 5) % 6]
        title = f"{_words(f'it{i}', 2).title()} ({1990 + i})"
        text = f"{_words(f'id{i}', 14).capitalize()}."
        if i % 4 == 3:
            k = len(test) + 1
            test.append(f"{k} ::: {title} ::: {text}")
            solution.append(f"{k} ::: {title} ::: {genre} ::: {text}")
            yield row(f"{base}/test_data_solution.txt:{k - 1}", "test", genre, text)
        else:
            train.append(f"{len(train) + 1} ::: {title} ::: {genre} ::: {text}")
            yield row(f"{base}/train_data.txt:{len(train) - 1}", "train", genre, text)
    yield aux(f"{base}/train_data.txt", "\n".join(train) + "\n")
    yield aux(f"{base}/test_data.txt", "\n".join(test) + "\n")
    yield aux(f"{base}/test_data_solution.txt", "\n".join(solution) + "\n")
    yield aux(f"{base}/description.txt", "Train data:\nID ::: TITLE ::: GENRE ::: DESCRIPTION\n\nTest data:\n"
              "ID ::: TITLE ::: DESCRIPTION\n\nSource: ftp://ftp.fu-berlin.de/pub/misc/movies/database/\n")


SPECS: dict[str, Spec] = {
    "yoga82": Spec("Yoga-82", "image", _yoga82,
                   "https://sites.google.com/view/yoga-82/home (Images/<Pose>/, yoga_train.txt, yoga_test.txt)",
                   "the 82-class pose (folder) the label; split by yoga_train.txt / yoga_test.txt."),
    "chessman": Spec("Chessman-image-dataset", "image", _chessman,
                     "https://www.kaggle.com/datasets/niteshfre/chessman-image-dataset (Chess/<Piece>/)",
                     "the piece folder the label; no split."),
    "brackish": Spec("brackish-dataset", "image", _brackish,
                     "https://www.kaggle.com/datasets/aalborguniversity/brackish-dataset (frames/, annotations_AAU/)",
                     "detection: each AAU row an object, the tag its class; frames in no row no object; no split."),
    "medical_masks": Spec("face-mask-detection-dataset", "image", _medical_masks,
                          "https://www.kaggle.com/datasets/wobotintelligence/face-mask-detection-dataset (images/, "
                          "annotations/<n>.jpg.json, train.csv)",
                          "detection: each annotation an object of its classname; no split."),
    "figaro1k": Spec("Figaro1k", "image", _figaro1k,
                     "http://projects.i-ctm.eu/en/project/figaro-1k (Original/, GT/ -gt.pbm)",
                     "segmentation: each photograph a record, unlabelled; masks no records; split Training/Testing."),
    "aisegment": Spec("aisegmentcom-matting-human-datasets", "image", _aisegment,
                      "https://www.kaggle.com/datasets/laurentmih/aisegmentcom-matting-human-datasets (clip_img/, matting/)",
                      "matting: each clip_img photograph a record, unlabelled; the RGBA mattes no records."),
    "sarc": Spec("sarcasm", "text", _sarc,
                 "https://www.kaggle.com/datasets/danofer/sarcasm (train-balanced-sarcasm.csv)",
                 "each row a record: comment the text, label (0/1) the label; no split."),
    "medical_pairs": Spec("medical-question-pair-dataset", "text", _medical_pairs,
                          "https://github.com/curai/medical-question-pair-dataset (train.csv, headerless)",
                          "each row a record: (question_1, question_2) the pair, the fourth column the label; no split."),
    "pubmed_mesh": Spec("pubmed-multilabel-text-classification", "text", _pubmed_mesh,
                        "https://www.kaggle.com/datasets/owaiskhan9654/pubmed-multilabel-text-classification",
                        "each row a record: abstractText the text, its 1 columns (A..Z) its labels; no split."),
    "imdb_genres": Spec("genre-classification-dataset-imdb", "text", _imdb_genres,
                        "https://www.kaggle.com/datasets/hijest/genre-classification-dataset-imdb (' ::: ' files)",
                        "each train row and each test row once: DESCRIPTION the text, GENRE the label; split by file."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "yoga82": None,
    "chessman": None,
    "brackish": None,                    # the stop offered --label-level 0 (the boxes dropped: tried) or 2, or a
                                         # layout file; no option read the AAU tool's semicolon rows (since: read)
    "medical_masks": None,
    "figaro1k": {"label_level": 0, "exclude": ("Figaro1k/GT",)},  # right (tried); the first stop offered
                                         # --label-level 0 or 2 or --labels, and --label-level 0 alone wrote the GT
                                         # .pbm masks as records too (tried); since, the stop names --exclude too
    "aisegment": {"label_level": 0, "exclude": ("matting_human_half/matting/**",)},  # right (tried); the first
                                         # stop offered --label-level 0 or 2, and --label-level 0 wrote the RGBA mattes
                                         # as records too (tried); since useless22 alpha_mattes finds the two trees
                                         # under matting_human_half/ (it looked at SRC's top folders only) and names this
    "sarc": None,
    "medical_pairs": {"label_column": "4"},  # right (tried), but the first command labels each pair by its
                                         # doctor's id (the first column) with exit 0
    "pubmed_mesh": {"text_column": "abstractText", "keep_columns": ("Title", "meshMajor", "pmid", "meshid", "meshroot")},
                                         # right (tried); the first stop offered one 0/1 column as --label-column and
                                         # no option read the fourteen A..Z columns as a multi-label; since useless22
                                         # the stop names these two (one_hot.multi_hot_remedy)
    "imdb_genres": {"label_column": "3", "text_column": "4"},  # was None: the stop offered --label-from-name,
                                         # --labels, --label-level 0 (the ' ::: ' files no table); since readers24a
                                         # they are read (token_tables), test_data.txt left out as the solution's
                                         # copy, and the stop names the genre column and the text (tried: right)
}

# The tally (tests/helpers/blind20_baseline_1faa438.json).
BASELINE: dict[str, int] = {"right": 4, "good stop": 0, "useless stop": 5, "exit 1": 0, "WRONG EXIT 0": 1}
