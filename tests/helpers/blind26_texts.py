"""Round twenty-six's table and caption builders (tests/helpers/blind26.py holds the batch, its docstring and truth rules).

Split out of blind26.py to keep each module under ~450 lines; nothing here is imported elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from helpers.blind23 import _file, _pic
from helpers.blind23_texts import _num
from helpers.shipped import _words
from helpers.unseen4 import Put, aux

# ------------------------------------------------------------------------------------------------
# Tables: a regression score per image in several split lists; vote counts per emotion
# ------------------------------------------------------------------------------------------------

def scut_fbp5500() -> Iterator[Put]:
    # SCUT-FBP5500 v2 (Liang et al. 2018, github.com/HCIILAB/SCUT-FBP5500-Database-Release), facial beauty prediction.
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'split_of_60%training'): a tree
    # 'SCUT-FBP5500/ Images/ AF1.jpg AF2.jpg ... train_test_files/ All_Ratings.xlsx split_of_60%training and 40%testing/
    # train.txt test.txt'; pd.read_csv("train_test_files/split_of_60%training and 40%testing/train.txt", sep=" ",
    # names=["image", "score"]); a loader reading "All_labels.txt", the 60/40 train.txt and test.txt under
    # train_test_files with line.split(" ") into img_paths os.path.join(db_dir, "Images", d[0]); a split reader over
    # "cross_validations_files"/cross_validation_{k}/train_{k}.txt and test_{k}.txt for k in 1..5 beside
    # "split_of_60%training and 40%testing"; paths 'SCUT-FBP5500_v2/Images/', names starting AF, AM, CF, CM (Asian and
    # Caucasian, female and male); line parsing 'CF437.jpg 2.883333' (score after the name, six decimals). Truth:
    # each image a record of the 60/40 partition (train, test: the benchmark's main protocol), labelled by its score
    # as written (the mean of 60 raters, the regression target); the five cross-validation folds are other partitions
    # of the same images (no records). Simplified: 12 images; All_Ratings.xlsx (each rater's score) left out
    names = [f"{kind}{_num(f'sc{kind}{i}', 2000) + 1}.jpg" for i, kind in enumerate(["AF", "AM", "CF", "CM"] * 3)]
    scores = {name: f"{1.0 + _num(f'scs{name}', 4000) / 1000:.6f}" for name in names}
    train = set(names[:8])
    for name in names:
        split = "train" if name in train else "test"
        yield _file(f"SCUT-FBP5500_v2/Images/{name}", _pic(f"sc{name}", "JPEG"), split, scores[name])
    lines = {name: f"{name} {scores[name]}" for name in names}
    yield aux("SCUT-FBP5500_v2/train_test_files/All_labels.txt", "\n".join(lines[n] for n in sorted(names)) + "\n")
    six = "SCUT-FBP5500_v2/train_test_files/split_of_60%training and 40%testing"
    yield aux(f"{six}/train.txt", "\n".join(lines[n] for n in names if n in train) + "\n")
    yield aux(f"{six}/test.txt", "\n".join(lines[n] for n in names if n not in train) + "\n")
    for k in range(1, 6):
        held = set(names[(k - 1) * 2: (k - 1) * 2 + 3])
        folder = f"SCUT-FBP5500_v2/train_test_files/cross_validations_files/cross_validation_{k}"
        yield aux(f"{folder}/train_{k}.txt", "\n".join(lines[n] for n in names if n not in held) + "\n")
        yield aux(f"{folder}/test_{k}.txt", "\n".join(lines[n] for n in names if n in held) + "\n")


_FER_COLUMNS = ["neutral", "happiness", "surprise", "sadness", "anger", "disgust", "fear", "contempt", "unknown", "NF"]


def ferplus() -> Iterator[Put]:
    # FER+ (Barsoum et al. 2016, github.com/microsoft/FERPlus), new labels for FER2013. CHECKED 2026-11-29 against
    # microsoft/FERPlus src/generate_training_data.py (read_file: folder_names {'Training': 'FER2013Train',
    # 'PublicTest': 'FER2013Valid', 'PrivateTest': 'FER2013Test'}; reads fer2013new.csv skipping its header, drops each
    # row's first cell (Usage), skips rows whose 'Image name' is empty, saves the 48x48 image as <base>/<folder>/<file
    # name> and writes <base>/<folder>/label.csv with csv.writer, no header: the name then the ten vote counts) and
    # readers in the code corpus (find_string 'fer2013new.csv': row['Usage'], row['Image name'], emovals = [row['neutral'],
    # row['happiness'], row['surprise'], row['sadness'], row['anger'], row['disgust'], row['fear'], row['contempt']],
    # label = emos[np.argmax(emovals)]; "FER+ crowd votes (10 annotators per face)"; find_string 'FER2013Train/label.csv':
    # FERPlus/data/FER2013Train/label.csv beside the images, class_label = np.argmax(label)). Layout as the README's
    # steps leave it: the repository's fer2013new.csv at the top, the generated images and label.csv files under data/.
    # Truth: each PNG a record of its folder's set (FER2013Train train, FER2013Valid validation, FER2013Test test),
    # labelled by its majority vote's emotion (the README's "majority voting" scheme; no ties here), named from
    # fer2013new.csv's header; the table rows no records. Simplified: 10 faces, 9 with a name (one row left unnamed as
    # the release leaves the faces it drops)
    header = "Usage,Image name," + ",".join(_FER_COLUMNS)
    rows, per_folder = [header], {"FER2013Train": [], "FER2013Valid": [], "FER2013Test": []}
    usage = ["Training"] * 6 + ["PublicTest"] * 2 + ["PrivateTest"] * 2
    folders = {"Training": ("FER2013Train", "train"), "PublicTest": ("FER2013Valid", "validation"),
               "PrivateTest": ("FER2013Test", "test")}
    for i, use in enumerate(usage):
        top = (i * 3) % 8
        votes = [0] * 10
        votes[top] = 6
        votes[(top + 1) % 8] = 2 + i % 2
        votes[8 + i % 2] += 10 - sum(votes)
        name = "" if i == 4 else f"fer{i:07d}.png"
        rows.append(",".join([use, name] + [str(v) for v in votes]))
        if not name:
            continue
        folder, split = folders[use]
        per_folder[folder].append(",".join([name] + [str(v) for v in votes]))
        yield _file(f"FERPlus-master/data/{folder}/{name}", _pic(f"fer{i}", "PNG", "L", size=(48, 48)), split,
                    _FER_COLUMNS[top])
    yield aux("FERPlus-master/fer2013new.csv", "\n".join(rows) + "\n")
    for folder, lines in per_folder.items():
        yield aux(f"FERPlus-master/data/{folder}/label.csv", "\r\n".join(lines) + "\r\n")
    yield aux("FERPlus-master/README.md", "# FER+\nThe FER+ annotations provide a set of new labels for the standard "
              "Emotion FER dataset.\n")


# ------------------------------------------------------------------------------------------------
# Captions: reports joined to images through a second table; paragraphs with split lists of ids
# ------------------------------------------------------------------------------------------------

def _csv_cell(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if ("," in text or '"' in text) else text


def iu_xray() -> Iterator[Put]:
    # IU X-Ray (Demner-Fushman et al. 2016, the Open-i Indiana University chest X-ray collection), as the Kaggle
    # release (raddar/chest-xrays-indiana-university) unpacks. CHECKED 2026-11-29 against readers in the code corpus
    # (find_string 'indiana_projections'): "Join key is `uid`, which links: indiana_reports.csv (one row per study:
    # findings, impression, MeSH, ...), indiana_projections.csv (one row per image: uid -> filename -> projection),
    # images/images_normalized/<filename>"; projections.merge(reports, on='uid'); a listing 'indiana_reports.csv:
    # report text, MeSH, Problems; indiana_projections.csv: uid and frontal/lateral image file names;
    # images_normalized/'; paths 'iu_xray/images/images_normalized', "~3818 images". Columns of indiana_reports.csv as
    # the release writes them: uid,MeSH,Problems,image,indication,comparison,findings,impression; of
    # indiana_projections.csv: uid,filename,projection (Frontal, Lateral); file names '<uid>_IM-<4>-<4>.dcm.png' (as
    # remembered of the release, not in the sources). Truth: each PNG a record (no split), unlabelled, its text its
    # study's findings (the report a model learns to write from the image); an image whose study has no findings
    # (the release leaves some empty) unchecked. Simplified: 5 studies of 1 to 2 images
    reports = ["uid,MeSH,Problems,image,indication,comparison,findings,impression"]
    projections = ["uid,filename,projection"]
    for uid in range(1, 6):
        findings = "" if uid == 4 else f"{_words(f'iuf{uid}', 12).capitalize()}. {_words(f'iug{uid}', 8).capitalize()}."
        impression = f"{_words(f'iui{uid}', 5).capitalize()}."
        mesh = "normal" if uid % 2 else "Cardiomegaly/borderline;Pulmonary Atelectasis/base/left"
        problems = "normal" if uid % 2 else "Cardiomegaly;Pulmonary Atelectasis"
        reports.append(",".join([str(uid), _csv_cell(mesh), _csv_cell(problems), "Xray Chest PA and Lateral",
                                 _csv_cell(f"{_words(f'iuin{uid}', 3)}, XXXX-year-old"), "None.", _csv_cell(findings),
                                 _csv_cell(impression)]))
        for k, view in enumerate(("Frontal", "Lateral")[: 1 + uid % 2 + (uid == 2)]):
            name = f"{uid}_IM-{_num(f'iu{uid}', 9000) + 1000:04d}-{1001 + k * 3000 + uid:04d}.dcm.png"
            projections.append(f"{uid},{name},{view}")
            yield Put(f"images/images_normalized/{name}", data=_pic(f"iu{uid}{k}", "PNG", "L"), record=True,
                      split="train", text=findings or None)
    yield aux("indiana_reports.csv", "\n".join(reports) + "\n")
    yield aux("indiana_projections.csv", "\n".join(projections) + "\n")


def stanford_paragraphs() -> Iterator[Put]:
    # Stanford Image Paragraph Captioning (Krause et al. 2017, cs.stanford.edu/people/ranjaykrishna/im2p), over Visual
    # Genome images. CHECKED 2026-11-29 against readers in the code corpus (find_string 'paragraphs_v1.json'): a
    # README "paragraph annotation file: paragraphs_v1.json; dataset splitting file: train_split.json / test_split.json
    # / val_split.json ... Download images by url in paragraphs_v1.json" with the entry {"url":
    # "https://cs.stanford.edu/people/rak248/VG_100K_2/2388350.jpg", "image_id": 2388350, "paragraph": "On a white
    # plastic cutting board is a bunch of chopped vegetables. ..."}; a dataset class over root=vg_root +
    # '/1.2/VG/1.2/images', json_file=vg_root + '/im2p/paragraphs_v1.json', subset=vg_root + '/im2p/train_split.json';
    # a script taking each entry's folder from paragraph['url'].split('/')[-2] (VG_100K or VG_100K_2). The split files
    # are JSON lists of image ids (as remembered of the release: [2356347, ...]). Truth: each image a record of the
    # split its id is listed in (train, val, test), its text its paragraph (one paragraph an image). Simplified: 9
    # images, both VG folders
    entries, splits = [], {"train": [], "val": [], "test": []}
    for i in range(9):
        image_id = 2300000 + _num(f"vg{i}", 99999)
        folder = "VG_100K_2" if i % 3 == 0 else "VG_100K"
        split = ("train", "train", "val", "train", "test", "train", "val", "train", "test")[i]
        paragraph = "  ".join(f"{_words(f'vgp{i}{k}', 9).capitalize()}." for k in range(3 + i % 3))
        entries.append({"url": f"https://cs.stanford.edu/people/rak248/{folder}/{image_id}.jpg", "image_id": image_id,
                        "paragraph": paragraph})
        splits[split].append(image_id)
        yield Put(f"{folder}/{image_id}.jpg", data=_pic(f"vg{i}", "JPEG"), record=True, split=split, text=paragraph)
    yield aux("im2p/paragraphs_v1.json", json.dumps(entries))
    for split, ids in splits.items():
        yield aux(f"im2p/{split}_split.json", json.dumps(ids))
