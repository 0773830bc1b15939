"""A seventh blind held-out batch (round eighteen) of 12 public datasets no rule, test or doc here named.

As rounds twelve to seventeen (tests/helpers/blind12.py .. blind17.py): a batch nobody tuned the
detection rules for, judged on the command a user types first (`shardify convert SRC OUT`), built
without changing anything under shardify/ (measured after this session's general guards landed: unread
annotation files beside a folder-label guess, negatives-first VOC, multi-channel samples, centre-format
box tables, phrase label columns, prefix splits, zipped exports). Chosen by kind; each checked absent, by
its name and its characteristic file names (case-insensitive, whole words, over every .py, .md, .txt,
.json, .yaml and .yml of /work/main and every /work/wt/* worktree, tests/helpers/ included; .venv/ and
.git/ left out; and `git -C /work/main log --all --format=%B`), on 2026-11-28 between 06:22 and 06:25 UTC
(by this machine's clock): 0 hits for every one kept (LC25000, lung_colon_image_set, colonca,
real_and_fake_face, training_fake, concrete crack, Cars0, Car License, annotated-images, splits.json,
pothole, MOT17, seqinfo, BSR, BSDS500, ETIS, ETIS-LaribPolypDB, tripadvisor, tripadvisor_hotel_reviews,
hotel reviews, twitter_training, antagonize, condescending, unhealthy, covid-chestxray, RT_PCR_positive).
Only generic words hit: 'gt.txt' (another dataset's file name), 'Irrelevant' (a word), 'Negative' (a word),
'Ground Truth' (a generic folder name). About 110 further candidates were dropped because they, or their
files, are named here already (among them garbage classification, Animals-10, the rice image set, monkey
species, plant seedlings, GTSDB, SKU-110K, raccoon, Udacity crowdai, face masks, LISA signs, ECSSD,
Montgomery, Carvana, sarcasm headlines, TREC, SICK, hate speech (Davidson), arXiv topics, aerial cactus,
histopathologic cancer, plant pathology, Quora pairs, weather, brain tumour MRI, UTKFace, natural images,
TU-Berlin, KTH-TIPS, Scene-15, Chars74K, COIL-100, ORL faces, Yale faces, JAFFE, INRIA Person,
CrowdHuman, MIO-TCD, NWPU VHR-10, LoveDA, Inria aerial, 300-W, Sentiment140, fine food reviews, airline
tweets, clothing reviews, SemEval-2010 task 8, subjectivity, SemEval-2018 E-c, ISIC, humpback whales,
Shopee, Memotion, hateful memes, VisDrone, TT100K, DeepFashion2, ExDark, WiderPerson, Brainwash, SMS spam,
News Category, disaster tweets, fake/true news, Stack Overflow quality, Reuters, CMU movie summaries,
WikiQA, STS-B, malaria cells, Leeds butterflies, CVC-ClinicDB, Amazon 5-core reviews, drug reviews).

- images, classification (3): two group folders of class folders whose file names repeat the class
  without its underscore (LC25000); two folders 'training_fake', 'training_real', the fakes' names a
  difficulty and a four-digit code of the edited regions (real and fake face detection); two folders
  Positive/ and Negative/ (concrete crack images).
- detection (3): images/ and annotations/ of Pascal VOC XMLs, PNG images, one class (car plate
  detection); images and their VOC XMLs side by side in one folder, a splits.json naming the split
  (annotated potholes); per-sequence img1/ of frames with gt/gt.txt (frame, id, box, considered flag,
  class, visibility), det/det.txt (a detector's boxes, not truth) and seqinfo.ini, test sequences with
  no gt (MOT17).
- segmentation (2): images/{train,val,test}/ beside groundTruth/{train,val,test}/ of .mat files of
  several human segmentations (BSDS500); TIFF images beside 'Ground Truth/p<n>.tif' masks (ETIS-Larib).
- text (3): a two-column 'Review,Rating' CSV (TripAdvisor hotel reviews); headerless four-column CSVs
  'id,entity,sentiment,text', one per split (Twitter entity sentiment); per-split CSVs of comments with
  eight 0/1 attribute columns each beside a ':confidence' column (Unhealthy Comment Corpus, multi-label).
- table with media (1): metadata.csv of 30 columns, 'folder' and 'filename' naming the image, the
  class 'finding' a path-like 'Pneumonia/Viral/COVID-19' (COVID-19 image data collection).

All layouts WRITTEN FROM MEMORY of the datasets' download pages, READMEs, papers and loaders (no time was
left to check them by search); simplifications are noted in each builder.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row is "<file>:<i>" (tests/helpers/unseen4.py's `Put`, `build`); no
split is "train"; a detection record's labels are its objects' classes. `FOLLOW` holds, per dataset, the
options a user would add after a stop to convert it right, each tried with the tally
(tests/helpers/blind_tally.py --batch 18); None where none was found.

Measured on branch blind18 at main's 8473b96 (no fix in it; `python tests/helpers/blind_tally.py --batch 18
--json tests/helpers/blind18_baseline_8473b96.json`, 2026-11-28 06:27 UTC by this machine's clock, 6 s; the
same outcomes as the first run at 06:26, before FOLLOW was filled, bar the three stops FOLLOW makes good): of
12, 3 right (car_plates, concrete_crack, twitter_entity), 3 good stops (bsds500: --label-level 0; lc25000:
--label-level 3; tripadvisor: --label-column Rating), 3 stops naming nothing that converts right (covid_cxr,
real_fake_faces, ucc), 0 exit 1, 3 WRONG WITH EXIT 0 (etis_larib, mot17, potholes). What each does:
tests/layouts/test_blind_round_eighteen.py.
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

_LC = {"colon_image_sets": ["colon_aca", "colon_n"], "lung_image_sets": ["lung_aca", "lung_n", "lung_scc"]}


def _lc25000() -> Iterator[Put]:
    # LC25000 (Borkowski et al. 2019, lung and colon histopathological images; WRITTEN FROM MEMORY):
    # lung_colon_image_set/colon_image_sets/{colon_aca,colon_n}/ and lung_image_sets/{lung_aca,lung_n,lung_scc}/,
    # each of 5000 JPEGs '<class without underscore><n>.jpeg' (colonca1.jpeg, lungn12.jpeg). Truth: the five leaf
    # folders the classes (the group folder is the organ, not the class); no split
    for group, classes in _LC.items():
        for k, cls in enumerate(classes):
            for i in range(1, 3 + k % 2):
                yield img(f"lung_colon_image_set/{group}/{cls}/{cls.replace('_', '')}{i * 37 + k}.jpeg", "train", cls)


def _real_fake_faces() -> Iterator[Put]:
    # kaggle.com/datasets/ciplab/real-and-fake-face-detection (Yonsei CIPLAB; WRITTEN FROM MEMORY):
    # real_and_fake_face/training_fake/<easy|mid|hard>_<n>_<4 bits>.jpg (photoshopped faces, the bits the edited
    # regions: left eye, right eye, nose, mouth) and real_and_fake_face/training_real/real_<nnnnn>.jpg. Truth: fake or
    # real the label (the folder less its 'training_' prefix, which is no split: there is no test folder); no split
    for i in range(6):
        level = ("easy", "mid", "hard")[i % 3]
        yield img(f"real_and_fake_face/training_fake/{level}_{i * 17 + 3}_{('1100', '0011', '1111', '0101')[i % 4]}.jpg",
                  "train", "fake")
    for i in range(5):
        yield img(f"real_and_fake_face/training_real/real_{i * 53 + 1:05d}.jpg", "train", "real")


def _concrete_crack() -> Iterator[Put]:
    # Concrete Crack Images for Classification (Ozgenel, Mendeley Data 2018; WRITTEN FROM MEMORY): Positive/<nnnnn>.jpg
    # (227x227 patches with a crack; some named <nnnnn>_1.jpg) and Negative/<nnnnn>.jpg (without), 20000 each, the
    # numbers of the two folders overlapping. Truth: Positive (crack) or Negative the label; no split
    for folder in ("Positive", "Negative"):
        for i in range(1, 6):
            name = f"{i * 211:05d}{'_1' if folder == 'Positive' and i == 4 else ''}.jpg"
            yield img(f"{folder}/{name}", "train", folder)


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------

def _voc(name: str, folder: str, objects: list[str], width: int = 20, height: int = 16) -> str:
    parts = [f"<annotation>\n    <folder>{folder}</folder>\n    <filename>{name}</filename>\n    <size>\n        "
             f"<width>{width}</width>\n        <height>{height}</height>\n        <depth>3</depth>\n    </size>\n"
             f"    <segmented>0</segmented>\n"]
    for b, cls in enumerate(objects):
        parts.append(f"    <object>\n        <name>{cls}</name>\n        <pose>Unspecified</pose>\n        "
                     f"<truncated>0</truncated>\n        <occluded>0</occluded>\n        <difficult>0</difficult>\n"
                     f"        <bndbox>\n            <xmin>{1 + 4 * b}</xmin>\n            <ymin>{2 + b}</ymin>\n"
                     f"            <xmax>{6 + 4 * b}</xmax>\n            <ymax>{9 + b}</ymax>\n        </bndbox>\n"
                     f"    </object>\n")
    return "".join(parts) + "</annotation>\n"


def _car_plates() -> Iterator[Put]:
    # kaggle.com/datasets/andrewmvd/car-plate-detection (WRITTEN FROM MEMORY): images/Cars<n>.png (433 photographs of
    # cars) and annotations/Cars<n>.xml, Pascal VOC, each <object> a plate named 'licence' (one to a few an image).
    # Truth: detection, each <object> a 'licence'; no split
    for n in (0, 1, 2, 10, 11, 100, 203, 432):
        objects = ["licence"] * (1 + (n % 7 == 3))
        yield img(f"images/Cars{n}.png", "train", "licence", kind="png", objects=objects)
        yield aux(f"annotations/Cars{n}.xml", _voc(f"Cars{n}.png", "images", objects))


def _potholes() -> Iterator[Put]:
    # kaggle.com/datasets/chitholian/annotated-potholes-dataset (WRITTEN FROM MEMORY, the split file's shape
    # especially): annotated-images/img-<n>.jpg and img-<n>.xml side by side (VOC, each <object> a 'pothole'), and
    # splits.json {"train": ["img-1.xml", ...], "test": [...]} naming the annotation files. Truth: detection, each
    # <object> a pothole; split by splits.json
    splits: dict[str, list[str]] = {"train": [], "test": []}
    for n in range(1, 11):
        part = "test" if n % 4 == 0 else "train"
        splits[part].append(f"img-{n}.xml")
        objects = ["pothole"] * (1 + n % 3)
        yield img(f"annotated-images/img-{n}.jpg", part, "pothole", objects=objects)
        yield aux(f"annotated-images/img-{n}.xml", _voc(f"img-{n}.jpg", "annotated-images", objects))
    yield aux("splits.json", json.dumps(splits, indent=2) + "\n")


_MOT_CLASSES = {1: "pedestrian", 7: "static person", 8: "distractor", 12: "reflection"}


def _mot17() -> Iterator[Put]:
    # MOT17 (motchallenge.net, Milan et al. 2016; WRITTEN FROM MEMORY): MOT17/train/MOT17-<nn>-<DPM|FRCNN|SDP>/
    # img1/<nnnnnn>.jpg (the frames), gt/gt.txt headerless 'frame,id,bb_left,bb_top,bb_width,bb_height,considered,
    # class,visibility' (class 1 pedestrian, 7 static person, 8 distractor, 12 reflection...; considered 0 for all but
    # pedestrians: evaluation ignores them), det/det.txt 'frame,-1,left,top,w,h,score,-1,-1,-1' (a public detector's
    # boxes, not the truth), seqinfo.ini ([Sequence] name, imDir, frameRate, seqLength, imWidth, imHeight, imExt);
    # MOT17/test/<seq>/ the same without gt/. Truth: each frame a record; a train frame's objects its considered gt
    # rows (pedestrians), a frame with none no objects; test frames unlabelled; split by train/ and test/.
    # Simplified: one sequence each, 5 and 3 frames
    for part, seq, frames in (("train", "MOT17-02-FRCNN", 5), ("test", "MOT17-01-FRCNN", 3)):
        gt, det = [], []
        for f in range(1, frames + 1):
            walkers = [] if f == 3 else list(range(1, 1 + f % 3 + 1))
            for person in walkers:
                gt.append(f"{f},{person},{1 + 3 * person},{2 + person},4,7,1,1,{0.5 + person / 10:.6f}")
            if part == "train":
                gt.append(f"{f},20,12,3,3,6,0,7,1")
                if f % 2:
                    gt.append(f"{f},21,14,5,2,5,0,12,0.2")
            det.extend(f"{f},-1,{1 + 2 * d},{2 + d},5,8,{0.9 - d / 10:.2f},-1,-1,-1" for d in range(2))
            rel = f"MOT17/{part}/{seq}/img1/{f:06d}.jpg"
            if part == "train":
                yield img(rel, "train", {"pedestrian"} if walkers else None, objects=["pedestrian"] * len(walkers))
            else:
                yield img(rel, "test")
        if part == "train":
            yield aux(f"MOT17/{part}/{seq}/gt/gt.txt", "\n".join(sorted(gt, key=lambda s: int(s.split(",")[1]))) + "\n")
        yield aux(f"MOT17/{part}/{seq}/det/det.txt", "\n".join(det) + "\n")
        yield aux(f"MOT17/{part}/{seq}/seqinfo.ini", f"[Sequence]\nname={seq}\nimDir=img1\nframeRate=30\n"
                  f"seqLength={frames}\nimWidth=20\nimHeight=16\nimExt=.jpg\n")


# ------------------------------------------------------------------------------------------------
# Segmentation
# ------------------------------------------------------------------------------------------------

def _bsds_mat(key: str, people: int) -> bytes:
    """groundTruth/<id>.mat as BSDS500 ships it: a 1xK cell 'groundTruth' of structs {Segmentation, Boundaries}."""
    import numpy as np
    from scipy.io import savemat

    cell = np.empty((1, people), dtype=object)
    for p in range(people):
        seg = np.ones((16, 20), dtype=np.uint16)
        seg[:, 10 + p:] = 2
        bounds = np.zeros((16, 20), dtype=bool)
        bounds[:, 10 + p] = True
        cell[0, p] = {"Segmentation": seg, "Boundaries": bounds}
    buffer = io.BytesIO()
    savemat(buffer, {"groundTruth": cell})
    return buffer.getvalue()


def _bsds500() -> Iterator[Put]:
    # Berkeley Segmentation Data Set 500 (Arbelaez et al., TPAMI 2011; BSR_bsds500.tgz, WRITTEN FROM MEMORY):
    # BSR/BSDS500/data/images/{train,val,test}/<id>.jpg (200/100/200), BSR/BSDS500/data/groundTruth/{train,val,test}/
    # <id>.mat (each a 1xK cell of K human segmentations, structs of Segmentation and Boundaries), BSR/documentation/
    # Arbelaez_Maire_Fowlkes_Malik_TPAMI2010.pdf (left out), BSR/bench/ (the benchmark's MATLAB code, left out).
    # Truth: each image a record, unlabelled (the .mat files its segmentations, not classes); split by folder
    ids = {"train": ["100075", "12003", "2092"], "val": ["101085", "3096"], "test": ["100007", "16068"]}
    for part, stems in ids.items():
        for i, stem in enumerate(stems):
            yield img(f"BSR/BSDS500/data/images/{part}/{stem}.jpg", {"val": "validation"}.get(part, part))
            yield aux(f"BSR/BSDS500/data/groundTruth/{part}/{stem}.mat", _bsds_mat(stem, 4 + i % 3))


def _tiff(key: str, mode: str = "RGB") -> bytes:
    return _image_bytes(key, 20, 16, "TIFF", mode)


def _binary_tiff(key: str) -> bytes:
    from PIL import Image

    shift = sum(key.encode()) % 4
    mask = Image.frombytes("L", (20, 16), bytes(255 if (x - 8 - shift) ** 2 + (y - 8) ** 2 < 20 else 0
                                                for y in range(16) for x in range(20)))
    buffer = io.BytesIO()
    mask.save(buffer, "TIFF")
    return buffer.getvalue()


def _etis_larib() -> Iterator[Put]:
    # ETIS-Larib Polyp DB (Silva et al. 2014, MICCAI 2015 polyp challenge; WRITTEN FROM MEMORY): ETIS-LaribPolypDB/
    # <n>.tif (196 colonoscopy frames) and 'Ground Truth/p<n>.tif' (the polyp's binary mask, the same number with a
    # 'p'). Truth: each frame a record, unlabelled; the masks no records; no split
    for n in (1, 2, 3, 15, 96, 150, 196):
        yield _file(f"ETIS-LaribPolypDB/{n}.tif", _tiff(f"etis{n}"), "train")
        yield aux(f"Ground Truth/p{n}.tif", _binary_tiff(f"p{n}"))


# ------------------------------------------------------------------------------------------------
# Text
# ------------------------------------------------------------------------------------------------

def _tripadvisor() -> Iterator[Put]:
    # kaggle.com/datasets/andrewmvd/trip-advisor-hotel-reviews (Alam et al. 2016; WRITTEN FROM MEMORY):
    # tripadvisor_hotel_reviews.csv 'Review,Rating', 20491 lower-cased reviews, Rating 1-5 stars. Truth: each row a
    # record, Review the text, Rating the label; no split
    lines = ["Review,Rating"]
    for i in range(12):
        rating = str((4, 5, 2, 3, 5, 1, 4, 5)[i % 8])
        text = f"{_words(f'ta{i}', 12)}, {_words(f'tb{i}', 6)} n't recommend, "
        lines.append(_csv(text, rating))
        yield row(f"tripadvisor_hotel_reviews.csv:{i}", "train", rating, text)
    yield aux("tripadvisor_hotel_reviews.csv", "\n".join(lines) + "\n")


_ENTITIES = ["Borderlands", "CallOfDuty", "Amazon", "Microsoft", "Nvidia", "johnson&johnson"]


def _twitter_entity() -> Iterator[Put]:
    # kaggle.com/datasets/jp797498e/twitter-entity-sentiment-analysis (WRITTEN FROM MEMORY): twitter_training.csv and
    # twitter_validation.csv, headerless, 'Tweet ID,entity,sentiment,Tweet content' (sentiment Positive, Negative,
    # Neutral or Irrelevant; several rows share a tweet id, paraphrases of one tweet). Truth: each row a record, the
    # fourth column the text, the third the label (the entity is the tweet's topic, not its class); split by file
    for file, split, n in (("twitter_training.csv", "train", 10), ("twitter_validation.csv", "validation", 4)):
        lines = []
        for i in range(n):
            sentiment = ("Positive", "Negative", "Neutral", "Irrelevant")[(i + n) % 4]
            text = f"{_words(f'tw{file}{i}', 9)} {_ENTITIES[i % 6].lower()} ,"
            lines.append(_csv(str(2401 + i // 3 + (0 if split == "train" else 1000)), _ENTITIES[i % 6], sentiment, text))
            yield row(f"{file}:{i}", split, sentiment, text)
        yield aux(file, "\n".join(lines) + "\n")


_UCC = ["antagonize", "condescending", "dismissive", "generalisation", "generalisation_unfair", "healthy", "hostile",
        "sarcastic"]


def _ucc() -> Iterator[Put]:
    # github.com/conversationai/unhealthy-conversations (Price et al. 2020, the Unhealthy Comment Corpus; WRITTEN FROM
    # MEMORY): train.csv, val.csv, test.csv with columns '_unit_id,_trusted_judgments,comment' and, per attribute of
    # the eight above, '<attr>' (0/1, the annotators' majority) and '<attr>:confidence'. Multi-label: a comment may be
    # hostile and dismissive at once; 'healthy' 1 for most. Truth: each row a record, comment the text, the attributes
    # with 1 its labels; split by file
    header = ["_unit_id", "_trusted_judgments", "comment"] + [c for a in _UCC for c in (a, f"{a}:confidence")]
    for file, split, n in (("train.csv", "train", 10), ("val.csv", "validation", 3), ("test.csv", "test", 3)):
        lines = [",".join(header)]
        for i in range(n):
            on = {"healthy"} if (i + n) % 3 else {_UCC[(i * 3) % 8], _UCC[(i * 5 + 1) % 8]} - {"healthy"}
            text = f"{_words(f'uc{file}{i}', 10).capitalize()}."
            cells = [str(2319000000 + i + 100 * n), str(3 + i % 2), text]
            for a in _UCC:
                cells += ["1" if a in on else "0", "1" if a in on else f"0.{6 + i % 3}"]
            lines.append(_csv(*cells))
            yield row(f"{file}:{i}", split, on, text)
        yield aux(file, "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Table with a media column
# ------------------------------------------------------------------------------------------------

_CXR_COLUMNS = ["patientid", "offset", "sex", "age", "finding", "RT_PCR_positive", "survival", "intubated",
                "intubation_present", "went_icu", "in_icu", "needed_supplemental_O2", "extubated", "temperature",
                "pO2_saturation", "leukocyte_count", "neutrophil_count", "lymphocyte_count", "view", "modality", "date",
                "location", "folder", "filename", "doi", "url", "license", "clinical_notes", "other_notes", "Unnamed: 29"]
_FINDINGS = ["Pneumonia/Viral/COVID-19", "No Finding", "Pneumonia/Bacterial/Streptococcus", "Pneumonia/Viral/SARS",
             "Pneumonia/Fungal/Pneumocystis"]


def _covid_cxr() -> Iterator[Put]:
    # github.com/ieee8023/covid-chestxray-dataset (Cohen et al. 2020; WRITTEN FROM MEMORY): metadata.csv of the columns
    # above, a row an image, 'folder' 'images' (or 'volumes' for CT volumes, left out) and 'filename' its name there,
    # 'finding' the diagnosis as a path of increasing detail, several rows (images) a patient, 'view' PA/AP/L,
    # 'modality' X-ray or CT; images/<filename> (names of every shape: '<uuid>.jpeg', 'covid-19-pneumonia-7-PA.jpg').
    # Truth: each image a record, labelled with its row's finding (whole: 'Pneumonia/Viral/COVID-19' one label); no split
    lines = [",".join(_CXR_COLUMNS)]
    for i in range(10):
        finding = _FINDINGS[(i * 2) % 5]
        name = (f"covid-19-pneumonia-{i + 2}-PA.jpg", f"1-s2.0-S09{i}1-gr1_lrg-{'ab'[i % 2]}.png",
                f"{(i * 7919) % 99999:05x}a1-2b3c-4d5e-8f90-{i:012d}.jpeg")[i % 3]
        cells = [str(2 + i // 2), str(i % 4) if i % 3 else "", ("M", "F")[i % 2], str(40 + i * 3), finding,
                 ("Y", "", "N")[i % 3], ("Y", "N", "")[i % 3], "", "", "", "", "", "", "", "", "", "", "",
                 ("PA", "AP", "L", "AP Supine")[i % 4], ("X-ray", "CT")[i % 5 == 4], "March 3, 2020",
                 ("Wuhan, China", "Italy")[i % 2], "images", name, f"10.1016/S01{i}", f"https://example.org/{i}",
                 "CC BY-NC-ND 4.0", _words(f"cn{i}", 12).capitalize() + ".", "", ""]
        lines.append(_csv(*cells))
        kind = "png" if name.endswith(".png") else "jpg"
        yield img(f"images/{name}", "train", finding, kind=kind)
    yield aux("metadata.csv", "\n".join(lines) + "\n")


SPECS: dict[str, Spec] = {
    "lc25000": Spec("lung_colon_image_set", "image", _lc25000,
                    "https://github.com/tampapath/lung_colon_image_set (lung_image_sets/, colon_image_sets/)",
                    "the leaf class folder the label (colon_aca .. lung_scc); no split.",
                    aliases={c: {c, c.replace("_", "")} for cs in _LC.values() for c in cs}),
    "real_fake_faces": Spec("real-and-fake-face-detection", "image", _real_fake_faces,
                            "https://www.kaggle.com/datasets/ciplab/real-and-fake-face-detection",
                            "fake or real (training_fake, training_real) the label; no split.",
                            aliases={"fake": {"fake", "training_fake"}, "real": {"real", "training_real"}}),
    "concrete_crack": Spec("Concrete Crack Images for Classification", "image", _concrete_crack,
                           "https://data.mendeley.com/datasets/5y9wdsg2zt (Positive/, Negative/)",
                           "Positive or Negative the label; no split."),
    "car_plates": Spec("car-plate-detection", "image", _car_plates,
                       "https://www.kaggle.com/datasets/andrewmvd/car-plate-detection (images/, annotations/)",
                       "detection: each VOC <object> a licence plate; no split."),
    "potholes": Spec("annotated-potholes-dataset", "image", _potholes,
                     "https://www.kaggle.com/datasets/chitholian/annotated-potholes-dataset (annotated-images/, splits.json)",
                     "detection: each VOC <object> a pothole; split by splits.json."),
    "mot17": Spec("MOT17", "image", _mot17,
                  "https://motchallenge.net/data/MOT17/ (train/<seq>/img1, gt/gt.txt, det/det.txt, seqinfo.ini)",
                  "each frame a record; train frames' objects the considered gt rows (pedestrians); test unlabelled."),
    "bsds500": Spec("BSR_bsds500", "image", _bsds500,
                    "https://www2.eecs.berkeley.edu/Research/Projects/CS/vision/grouping/resources.html (BSR/BSDS500/data/)",
                    "segmentation: each image a record, unlabelled; split by images/{train,val,test}."),
    "etis_larib": Spec("ETIS-Larib", "image", _etis_larib,
                       "https://polyp.grand-challenge.org/EtisLarib/ (ETIS-LaribPolypDB/<n>.tif, Ground Truth/p<n>.tif)",
                       "segmentation: each frame a record, unlabelled; masks no records."),
    "tripadvisor": Spec("trip-advisor-hotel-reviews", "text", _tripadvisor,
                        "https://www.kaggle.com/datasets/andrewmvd/trip-advisor-hotel-reviews",
                        "each row a record: Review the text, Rating (1-5) the label; no split."),
    "twitter_entity": Spec("twitter-entity-sentiment-analysis", "text", _twitter_entity,
                           "https://www.kaggle.com/datasets/jp797498e/twitter-entity-sentiment-analysis",
                           "each row a record: the fourth column the text, the third (sentiment) the label; split by file."),
    "ucc": Spec("unhealthy-conversations", "text", _ucc,
                "https://github.com/conversationai/unhealthy-conversations (train.csv, val.csv, test.csv)",
                "each row a record: comment the text, the attributes with 1 its labels; split by file."),
    "covid_cxr": Spec("covid-chestxray-dataset", "image", _covid_cxr,
                      "https://github.com/ieee8023/covid-chestxray-dataset (metadata.csv, images/)",
                      "each image a record labelled with its row's finding; no split."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "lc25000": {"label_level": 3},       # the stop names --label-level 3 (tried: right)
    "real_fake_faces": None,             # --label-level 2: 'class folders named like splits' (training_*), names only
                                         # --labels; --label-from-name on the file names labels easy/mid/hard (tried)
    "concrete_crack": None,
    "car_plates": None,
    "potholes": None,                    # no option reads splits.json (the first command writes all as train)
    "mot17": None,                       # --label-level 0: the gt.txt boxes unread, frames unlabelled (tried)
    "bsds500": {"label_level": 0},       # the stop names --label-level 0 (tried: right)
    "etis_larib": {"label_level": 0, "exclude": ("Ground Truth",)},  # right (tried), but the first command writes
                                         # the masks as records with exit 0
    "tripadvisor": {"label_column": "Rating"},  # the stop names --label-column 'Rating' (tried: right)
    "twitter_entity": None,
    "ucc": None,                         # no option reads eight 0/1 attribute columns of a text table as labels
                                         # (the stop offers one of them as --label-column)
    "covid_cxr": {"labels_file": "metadata.csv", "label_column": "finding"},  # right (tried); the stop names --labels
                                         # only, and --labels alone stops offering patientid, sex, view, ... not finding
}

# The tally (tests/helpers/blind18_baseline_8473b96.json).
BASELINE: dict[str, int] = {"right": 3, "good stop": 3, "useless stop": 3, "exit 1": 0, "WRONG EXIT 0": 3}
