"""A fifth blind held-out batch (round sixteen) of 16 public datasets no rule, test or doc here named.

As rounds twelve to fifteen (tests/helpers/blind12.py .. blind15.py): a batch nobody tuned the
detection rules for, judged on the command a user types first (`shardify convert SRC OUT`), built
without changing anything under shardify/. Chosen by kind; each checked absent, by its name and its
characteristic file names (case-insensitive, whole words, over every .py, .md, .txt, .json, .yaml and
.yml of /work/main and every /work/wt/* worktree, tests/helpers/ included; .venv/ and .git/ left out),
on 2026-11-28 between 00:52 and 00:58 UTC: 0 hits for every one kept (10 Monkey Species, monkey_labels,
NCT-CRC-HE-100K, CRC-VAL-HE-7K, FireRisk, Very_Low, Non-burnable, Training_set.csv, Testing_set.csv,
birds.csv, 'BIRDS 525', WGISD, CDY_2015, Brainwash, brainwash_train, .idl, RDD2020, CIHP,
instance-level_human_parsing, Human_ids, GlaS, Warwick, Grade.csv, arxiv_data, plot_summaries,
movie.metadata.tsv, EmoBank, reader.csv, PIT-2015, PIT2015, pokemon, Type1, PUBHEALTH). Only words
other datasets or code share hit: 'monkey' (an STL-10 class, a TREC question), 'butterfly' (the Leeds
Butterfly dataset, another one), 'Category_ids' (a COCO JSON key). About 60 further candidates were
dropped because they, or their files, are named here already (among them DTD, UTKFace, FairFace,
HAM10000, ISIC, AwA2, VisDrone, CrowdHuman, SKU-110K, WiderPerson, 300-W, Carvana, SICK, GoEmotions,
LIAR, WiC, PAWS, Sentiment140, Hateful Memes, RVL-CDIP, NABirds, TT100K, GTSDB, NWPU VHR-10, DRIVE,
TweetEval, OLID, CLINC150, PetFinder, ExDark, Animals-10, ASL alphabet, Chinese MNIST, WikiQA,
mtsamples, the sarcasm headlines, Plant Pathology, HANS, StackOverflow short texts). Audio sets
(ESC-50, GTZAN, RAVDESS were unnamed) are left out: shardify's records are images or texts, so no
truth of theirs could be written.

- images, classification (5): class folders by id (n0..n9) named in a space-padded table, doubled
  split folders (10 Monkey Species); two class trees side by side, a training set and a validation
  set whose folder names say so only in words (NCT-CRC-HE-100K, CRC-VAL-HE-7K); train/val class
  folders with names like 'Non-burnable', 'Very_High' (FireRisk); a flat train and a flat test folder
  of the same file names, labels in Training_set.csv naming bare file names, Testing_set.csv no label
  (butterfly image classification, Kaggle); train/valid/test class folders in capitals beside a table
  naming every image's path, class and set, and an .h5 model (BIRDS 525 species).
- detection (3): YOLO boxes normalised in a .txt beside each image, .npz masks of the same stem for
  some, split lists of stems (WGISD); one .idl per split, a line an image '"path": (x1, y1, x2, y2),
  ...;' over date-named image folders (Brainwash); per-country trees of images and VOC XMLs
  (annotations/xmls/), an unannotated test1/ (RDD2020).
- segmentation / parallel trees (2): Images/ beside three folders of id maps of the same names, id
  lists, split folders, test images alone (CIHP); images and '<name>_anno.bmp' masks in one folder,
  the split in the name's prefix (train, testA, testB), a grade table beside (GlaS).
- text (4): a CSV 'titles,summaries,terms', the terms a Python list literal (multi-label; the arXiv
  abstracts of the Keras example); plots 'id<TAB>plot' whose genres are in a nine-column metadata table
  of JSON cells joined by the id (CMU Movie Summary); a table 'id,split,V,A,D,text' of real-valued
  scores, no class (EmoBank); headerless '.data' TSV pairs whose label is a vote count '(3, 2)', the
  test labels in a separate test.label (SemEval-2015 PIT).
- tables (2): an image folder named by a table 'Name,Type1,Type2' (multi-label, Type2 often empty;
  Pokemon images and types); TSVs of nine columns of which five hold text, the claim the text
  (PUBHEALTH).

Layouts first WRITTEN FROM MEMORY of the datasets' download pages, READMEs, papers and loaders, then
checked by search (find_string / code search, 2026-11-28 01:06-01:10 UTC) where loaders show them: the
monkey trees and monkey_labels.txt's columns (a tab in its Latin names: added), WGISD's data/ trio and
lists, Brainwash's README, folders, .idl names and line shape, CIHP's archive and id-map folders,
GlaS's '_anno' masks and Grade.csv's header and ', '-spaced cells (the spaces added), EmoBank's file and
columns, the arXiv table's columns. The rest stays FROM MEMORY, said per builder: NCT-CRC-HE's file
names, FireRisk's, the butterfly and bird Kaggle sets', RDD2020's trees, the CMU corpus's side files,
the PIT files' columns and test.label, Pokemon's table and images, PUBHEALTH's columns. Simplifications, each
noted in its builder: NCT-CRC-HE without its unnormalised twin; RDD2020 test1 alone, three countries;
PIT-2015 without debatable pairs; CMU Movie Summary's side files shortened; EmoBank's raw/ left out.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row or a line is "<file>:<i>" (tests/helpers/unseen4.py's `Put`,
`build`); no split is "train"; a detection record's labels are its objects' classes (none where the
objects are unnamed), as rounds ten and eleven have them. `FOLLOW` holds, per dataset, the options a
user would add after a stop to convert it right, each tried with the tally (tests/helpers/blind_tally.py
--batch 16); None where none was found.

Measured on branch blind16 at main's e301c2a (no fix in it; `python tests/helpers/blind_tally.py --batch
16 --json tests/helpers/blind16_baseline_e301c2a.json`, 2026-11-28 01:07 UTC, 16 s; the same outcomes as the
first run at 01:04, before the search checks): of 16, 3 right
(birds525, firerisk, monkeys10), 2 good stops (pubhealth: --text-column claim; rdd2020: --label-level 0),
7 stops naming nothing that converts right (arxiv_abstracts, butterfly75, cihp, emobank, glas,
nct_crc_he, pokemon), 3 exit 1 (cmu_movie_summary, pit2015, wgisd), 1 WRONG WITH EXIT 0 (brainwash).
What each does: tests/layouts/test_blind_round_sixteen.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.shipped import _gray_png, _image_bytes, _words
from helpers.unseen4 import Put, Spec, Truth4, _csv, aux, build, img, row
from helpers.unseen4 import given as _file

__all__ = ["BASELINE", "DATASETS", "FOLLOW", "SPECS"]


def _mask(key: str, fmt: str = "PNG") -> bytes:
    """A small grey label map of a few values, saved in `fmt` (the parallel trees' masks)."""
    if fmt == "PNG":
        return _gray_png(key, 20, 16, [0, 1, 2, 5])
    return _image_bytes(key, 20, 16, fmt, "L")


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_MONKEYS = [("n0", "alouatta_palliata", "mantled_howler"), ("n1", "erythrocebus_patas", "patas_monkey"),
            ("n2", "cacajao_calvus", "bald_uakari"), ("n3", "macaca_fuscata", "japanese_macaque"),
            ("n4", "cebuella_pygmea", "pygmy_marmoset"), ("n5", "cebus_capucinus", "white_headed_capuchin"),
            ("n6", "mico_argentatus", "silvery_marmoset"), ("n7", "saimiri_sciureus", "common_squirrel_monkey"),
            ("n8", "aotus_nigriceps", "black_headed_night_monkey"), ("n9", "trachypithecus_johnii", "nilgiri_langur")]


def _monkeys10() -> Iterator[Put]:
    # kaggle.com/datasets/slothkong/10-monkey-species: training/training/n<k>/<name>.jpg, validation/validation/n<k>/
    # (the folders doubled as the zip holds them), monkey_labels.txt, a table of space-padded, comma-separated cells
    # 'Label, Latin Name, Common Name, Train Images, Validation Images' (a tab in the Latin name's cell) mapping the
    # folder ids n0..n9 to the species: the trees, the table's columns and its tab as loaders seen by search read them;
    # the image names and the counts from memory. Truth: the folder id the label (its names aliases); split by the top
    # folder
    lines = ["Label,  Latin Name           , Common Name                   , Train Images , Validation Images"]
    for k, (ident, latin, common) in enumerate(_MONKEYS):
        lines.append(f"{ident:<5}, {latin + chr(9):<21}, {common:<30}, {105 + k * 3:<12} , {26 + k % 3}")
        if k >= 5:
            continue
        for part, folder, split, n in (("training", "training", "train", 3), ("validation", "validation", "validation", 1)):
            for i in range(n + k % 2):
                yield img(f"{part}/{folder}/{ident}/{ident}{(k * 37 + i * 11) % 200:03d}{i}.jpg", split, ident)
    yield aux("monkey_labels.txt", "\n".join(lines) + "\n")


_TISSUES = ["ADI", "BACK", "DEB", "LYM", "MUC", "MUS", "NORM", "STR", "TUM"]


def _nct_crc_he() -> Iterator[Put]:
    # zenodo.org/record/1214456 (Kather, Halama, Marx 2018; WRITTEN FROM MEMORY): NCT-CRC-HE-100K.zip (the training set,
    # Macenko-normalised) and CRC-VAL-HE-7K.zip (the validation set, other patients), each
    # <set>/<TISSUE>/<TISSUE>-<id>.tif, nine tissue classes by a three-to-four-letter code. Truth: the class folder the
    # label; the set the split (the 100K set train, the 7K set validation). Kept: those two (the unnormalised
    # NCT-CRC-HE-100K-NONORM left out)
    for folder, split, n, tag in (("NCT-CRC-HE-100K", "train", 2, ""), ("CRC-VAL-HE-7K", "validation", 1, "TCGA-")):
        for k, tissue in enumerate(_TISSUES[:6]):
            for i in range(n + (k % 2 if split == "train" else 0)):
                code = "".join("ACDEFGHIKLMNPQRSTVWY"[(k * 7 + i * 13 + j * 5 + len(tag)) % 20] for j in range(8))
                rel = f"{folder}/{tissue}/{tissue}-{tag}{code}.tif"
                yield _file(rel, _image_bytes(rel, 20, 16, "TIFF"), split, tissue)


_FIRE = ["High", "Low", "Moderate", "Non-burnable", "Very_High", "Very_Low", "Water"]


def _firerisk() -> Iterator[Put]:
    # FireRisk (Shen et al. 2023, arXiv 2303.07035; WRITTEN FROM MEMORY): FireRisk/train/<class>/<pointid>_<n>.png and
    # FireRisk/val/<class>/..., seven risk classes 'High', 'Low', 'Moderate', 'Non-burnable', 'Very_High', 'Very_Low',
    # 'Water' (NAIP aerial tiles). Truth: the class folder the label; split by folder (val validation)
    for split, folder, n in (("train", "train", 2), ("validation", "val", 1)):
        for k, name in enumerate(_FIRE):
            for i in range(n + (k % 2 if split == "train" else 0)):
                yield img(f"{folder}/{name}/{27032281 + k * 1013 + i * 7}_{i + 1}.png", split, name, kind="png")


_BUTTERFLIES = ["ADONIS", "AFRICAN GIANT SWALLOWTAIL", "AMERICAN SNOOT", "BANDED ORANGE HELICONIAN", "MONARCH",
                "SOUTHERN DOGFACE", "RED ADMIRAL"]


def _butterfly75() -> Iterator[Put]:
    # kaggle.com/datasets/phucthaiv02/butterfly-image-classification (WRITTEN FROM MEMORY): train/Image_<n>.jpg,
    # test/Image_<n>.jpg (numbered from 1 in each folder: the same names in both), Training_set.csv 'filename,label'
    # (the label the species in capitals, 75 of them), Testing_set.csv 'filename' alone. Truth: the train images
    # labelled from Training_set.csv; the test images unlabelled; split by folder
    lines = ["filename,label"]
    for n in range(1, 10):
        label = _BUTTERFLIES[(n * 3) % len(_BUTTERFLIES)]
        lines.append(f"Image_{n}.jpg,{label}")
        yield img(f"train/Image_{n}.jpg", "train", label)
    yield aux("Training_set.csv", "\n".join(lines) + "\n")
    for n in range(1, 4):
        yield img(f"test/Image_{n}.jpg", "test")
    yield aux("Testing_set.csv", "filename\n" + "".join(f"Image_{n}.jpg\n" for n in range(1, 4)))


_BIRDS = [("ABBOTTS BABBLER", "MALACOCINCLA ABBOTTI"), ("AFRICAN CROWNED CRANE", "BALEARICA REGULORUM"),
          ("BALD EAGLE", "HALIAEETUS LEUCOCEPHALUS"), ("CASPIAN TERN", "HYDROPROGNE CASPIA"),
          ("D-ARNAUDS BARBET", "TRACHYPHONUS DARNAUDII")]


def _birds525() -> Iterator[Put]:
    # kaggle.com/datasets/gpiosenka/100-bird-species (BIRDS 525 SPECIES; WRITTEN FROM MEMORY): train/<CLASS>/<nnn>.jpg,
    # valid/<CLASS>/<n>.jpg, test/<CLASS>/<n>.jpg (class folders in capitals with spaces), birds.csv 'class
    # id,filepaths, labels,data set,scientific name' (a row an image: its path, its class, its set), and the author's
    # trained model 'EfficientNetB0-525-(224 X 224)- 98.97.h5'. Truth: the class folder (the row's labels) the label;
    # split by folder (valid validation)
    lines = ["class id,filepaths,labels,data set,scientific name"]
    for k, (name, latin) in enumerate(_BIRDS):
        for folder, split, n in (("train", "train", 3), ("valid", "validation", 1), ("test", "test", 1)):
            for i in range(1, n + 1 + (k % 2 if folder == "train" else 0)):
                rel = f"{folder}/{name}/{i:03d}.jpg" if folder == "train" else f"{folder}/{name}/{i}.jpg"
                lines.append(_csv(f"{float(k)}", rel, name, folder, latin))
                yield img(rel, split, name)
    yield aux("birds.csv", "\n".join(lines) + "\n")
    yield aux("EfficientNetB0-525-(224 X 224)- 98.97.h5", b"\x89HDF\r\n\x1a\n" + bytes(range(256)) * 4)


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------

def _wgisd() -> Iterator[Put]:
    # github.com/thsant/wgisd (Embrapa Wine Grape Instance Segmentation Dataset; data/<id>.jpg, .txt, .npz and the lists
    # test.txt, test_masked.txt as loaders seen by search read them; the rest of its README from memory):
    # data/<VARIETY>_<nnnn>.jpg, each with data/<same>.txt of YOLO boxes, a line '0 cx cy w h' normalised to the image
    # (class 0: a grape cluster, the only class), and for some images data/<same>.npz (instance masks); train.txt,
    # test.txt list the images' stems, train_masked.txt and test_masked.txt those with masks. The variety (CDY, CFR,
    # CSV, SVB, SYH) in the name is not a class of the boxes. Truth: detection, each line an unnamed object; split from
    # the two lists; the .npz masks no records
    lists: dict[str, list[str]] = {"train": [], "test": [], "train_masked": [], "test_masked": []}
    n = 0
    for variety, stems in (("CDY", (2015, 2016, 2018)), ("CFR", (1638, 1639)), ("SVB", (1944, 1954)), ("SYH", (2107,))):
        for stem in stems:
            n += 1
            name = f"{variety}_{stem}"
            part = "test" if n % 4 == 0 else "train"
            lists[part].append(name)
            count = 1 + n % 3
            boxes = [f"0 {0.2 + 0.2 * b:.6f} {0.3 + 0.1 * b:.6f} {0.12 + 0.01 * n:.6f} {0.2:.6f}" for b in range(count)]
            yield img(f"data/{name}.jpg", part, objects=[None] * count)
            yield aux(f"data/{name}.txt", "\n".join(boxes) + "\n")
            if n % 2:
                lists[f"{part}_masked"].append(name)
                yield aux(f"data/{name}.npz", b"PK\x03\x04" + bytes(range(64)))
    for part, stems in lists.items():
        yield aux(f"{part}.txt", "\n".join(stems) + "\n")


def _brainwash() -> Iterator[Put]:
    # Brainwash (Stewart, Andriluka, Ng 2016, 'End-to-end people detection in crowded scenes'; its README, the three
    # folders, the .idl names and the line shape as loaders seen by search have them; the frame numbers from memory):
    # brainwash_10_27_2014_images/, brainwash_11_13_2014_images/, brainwash_11_24_2014_images/ of
    # <nnnnnnnn>_640x480.png, and brainwash_train.idl, brainwash_val.idl, brainwash_test.idl: a line an image,
    # '"<folder>/<name>.png": (x1, y1, x2, y2), (...);' (the last line ending '.'), heads in pixels. Truth: detection,
    # each box an unnamed head; split by the .idl file naming the image
    for part, split, folder, frames in (("train", "train", "brainwash_10_27_2014_images", (0, 500, 1000, 1500, 2000)),
                                        ("val", "validation", "brainwash_11_13_2014_images", (1000, 1500)),
                                        ("test", "test", "brainwash_11_24_2014_images", (2000, 2500))):
        lines = []
        for j, frame in enumerate(frames):
            rel = f"{folder}/{frame:08d}_640x480.png"
            count = 1 + (frame // 500 + j) % 3
            boxes = ", ".join(f"({10.0 + 3 * b}, {4.0 + b}, {15.0 + 3 * b}, {9.0 + b})" for b in range(count))
            lines.append(f'"{rel}": {boxes}' + ("." if j == len(frames) - 1 else ";"))
            yield img(rel, split, kind="png", objects=[None] * count)
        yield aux(f"brainwash_{part}.idl", "\n".join(lines) + "\n")


_DAMAGES = ["D00", "D10", "D20", "D40"]


def _voc(name: str, objects: list[str], width: int = 20, height: int = 16) -> str:
    parts = [f"<annotation>\n\t<folder>images</folder>\n\t<filename>{name}</filename>\n\t<size>\n\t\t<width>{width}</width>"
             f"\n\t\t<height>{height}</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segmented>0</segmented>\n"]
    for b, cls in enumerate(objects):
        parts.append(f"\t<object>\n\t\t<name>{cls}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
                     f"\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>{1 + 3 * b}</xmin>\n\t\t\t<ymin>{2 + b}</ymin>\n"
                     f"\t\t\t<xmax>{8 + 3 * b}</xmax>\n\t\t\t<ymax>{12 + b}</ymax>\n\t\t</bndbox>\n\t</object>\n")
    return "".join(parts) + "</annotation>\n"


def _rdd2020() -> Iterator[Put]:
    # github.com/sekilab/RoadDamageDetector (RDD2020, the Global Road Damage Detection Challenge; its README, WRITTEN
    # FROM MEMORY): train/<Country>/images/<Country>_<nnnnnn>.jpg with train/<Country>/annotations/xmls/<same>.xml
    # (Pascal VOC, the damage type D00, D10, D20, D40 an object's name; an image without damage has an XML of no
    # object), for Czech, India, Japan; test1/<Country>/images/ unannotated. Truth: detection, each <object> one of its
    # name; the test1 images test, no objects; a record's labels the classes of its objects (as the detection truths of
    # rounds ten and eleven have them). Kept: test1 (test2 left out)
    n = 0
    for country, count in (("Czech", 3), ("India", 3), ("Japan", 2)):
        for i in range(count):
            n += 1
            name = f"{country}_{i * 17 + n:06d}.jpg"
            objects = [_DAMAGES[(n + b) % 4] for b in range(n % 3)]
            yield img(f"train/{country}/images/{name}", "train", set(objects), objects=objects)
            yield aux(f"train/{country}/annotations/xmls/{name[:-4]}.xml", _voc(name, objects))
        yield img(f"test1/{country}/images/{country}_{900000 + n:06d}.jpg", "test")


# ------------------------------------------------------------------------------------------------
# Segmentation, parallel trees
# ------------------------------------------------------------------------------------------------

def _cihp() -> Iterator[Put]:
    # CIHP (Crowd Instance-level Human Parsing, Gong et al. 2018; instance-level_human_parsing.tar.gz; the archive and
    # Category_ids/, Instance_ids/ as loaders seen by search name them, the rest from memory of its README):
    # Training/Images/<nnnnnnn>.jpg with Training/Category_ids/<same>.png (the part of each pixel, 20 ids),
    # Training/Human_ids/<same>.png (the person of each pixel), Training/Instance_ids/<same>.png, and
    # Training/train_id.txt (the stems); Validation/ the same with val_id.txt; Testing/Images/ and test_id.txt alone.
    # Human parsing: each image a record, unlabelled; the id maps no records; split by folder
    for folder, split, ids_file, stems in (("Training", "train", "train_id.txt", (6, 12, 29, 41)),
                                           ("Validation", "validation", "val_id.txt", (2, 17)),
                                           ("Testing", "test", "test_id.txt", (5, 9))):
        for stem in stems:
            yield img(f"{folder}/Images/{stem:07d}.jpg", split)
            if folder != "Testing":
                for maps in ("Category_ids", "Human_ids", "Instance_ids"):
                    yield aux(f"{folder}/{maps}/{stem:07d}.png", _mask(f"{maps}{folder}{stem}"))
        yield aux(f"{folder}/{ids_file}", "".join(f"{stem:07d}\n" for stem in stems))


def _glas() -> Iterator[Put]:
    # GlaS, the MICCAI 2015 Gland Segmentation challenge ('Warwick QU Dataset (Released 2016_07_08)'; the .bmp and
    # '_anno' names and Grade.csv's header and ', '-spaced cells ('testA_1,4, benign, adenomatous') as loaders seen by
    # search read them, the rest from memory): train_<n>.bmp, testA_<n>.bmp, testB_<n>.bmp, each with <same>_anno.bmp
    # beside it (the glands' instance mask), all in one folder, and Grade.csv 'name, patient ID, grade (GlaS), grade
    # (Sirinukunwattana et al. 2015)' (benign/malignant, a histological grade: the images' metadata). Gland
    # segmentation: each image a record, unlabelled; the _anno masks no records; split by the name's prefix (testA and
    # testB test)
    rows = ["name, patient ID, grade (GlaS), grade (Sirinukunwattana et al. 2015)"]
    for prefix, split, count in (("testA", "test", 3), ("testB", "test", 2), ("train", "train", 6)):
        for i in range(1, count + 1):
            stem = f"{prefix}_{i}"
            yield _file(f"{stem}.bmp", _image_bytes(stem, 20, 16, "BMP"), split)
            yield aux(f"{stem}_anno.bmp", _mask(f"anno{stem}", "BMP"))
            grade = ("benign", "malignant")[(i + len(prefix)) % 2]
            rows.append(f"{stem},{i + 3 * len(prefix)}, {grade}, "
                        f"{'adenomatous' if grade == 'benign' else ('moderately differentiated', 'healthy')[i % 2]}")
    yield aux("Grade.csv", "\n".join(rows) + "\n")


# ------------------------------------------------------------------------------------------------
# Texts
# ------------------------------------------------------------------------------------------------

_TERMS = ["cs.LG", "cs.AI", "cs.CV", "stat.ML", "cs.CL", "eess.IV"]


def _arxiv_abstracts() -> Iterator[Put]:
    # kaggle.com/datasets/spsayakpaul/arxiv-paper-abstracts (the Keras multi-label text classification example's data;
    # the columns as loaders seen by search require them, their order and the list literal from memory): arxiv_data.csv
    # 'titles,summaries,terms', the terms a Python list literal of arXiv categories "['cs.LG', 'cs.AI']". Truth:
    # multi-label, each row's summary the text, its terms the labels; no split
    lines = ["titles,summaries,terms"]
    for i in range(10):
        terms = sorted({_TERMS[(i * 2 + j) % len(_TERMS)] for j in range(1 + i % 3)})
        title = _words(f"at{i}", 5).title()
        summary = f"{_words(f'as{i}', 14).capitalize()}, {_words(f'ab{i}', 9)}. {_words(f'ac{i}', 7).capitalize()}."
        lines.append(_csv(title, summary, "[" + ", ".join(f"'{t}'" for t in terms) + "]"))
        yield row(f"arxiv_data.csv:{i}", "train", terms, summary)
    yield aux("arxiv_data.csv", "\n".join(lines) + "\n")


_GENRES = {"/m/07s9rl0": "Drama", "/m/01z4y": "Comedy", "/m/02l7c8": "Romance Film", "/m/01jfsb": "Thriller",
           "/m/03npn": "Horror", "/m/02kdv5l": "Action"}


def _cmu_movie_summary() -> Iterator[Put]:
    # CMU Movie Summary Corpus (Bamman, O'Connor, Smith 2013; MovieSummaries.tar.gz, its README.txt; WRITTEN FROM
    # MEMORY): MovieSummaries/plot_summaries.txt '<Wikipedia movie id>\t<plot>', movie.metadata.tsv (headerless, nine
    # columns: Wikipedia id, Freebase id, name, release date, box office revenue, runtime, languages, countries, genres;
    # the last three JSON objects '{"/m/07s9rl0": "Drama", ...}'), character.metadata.tsv, name.clusters.txt,
    # tvtropes.clusters.txt. More movies have metadata than plots. Truth: genre classification (multi-label), each plot
    # a record, its text the plot, its labels the genres of its movie in movie.metadata.tsv (none where '{}'); no split
    plots, meta = [], []
    keys = list(_GENRES)
    for i in range(12):
        wiki = 975900 + i * 4217
        genres = {keys[(i + j * 2) % len(keys)] for j in range(i % 3)}
        meta.append("\t".join([str(wiki), f"/m/0{(wiki * 7) % 10**6:06x}", _words(f"cn{i}", 3).title(), f"{1960 + i * 3}",
                               "" if i % 2 else str(1000000 + i * 14573), f"{88.0 + i}",
                               json.dumps({"/m/02h40lc": "English Language"}),
                               json.dumps({"/m/09c7w0": "United States of America"}),
                               json.dumps({k: _GENRES[k] for k in sorted(genres)})]))
        if i % 4 == 3:
            continue  # metadata without a plot
        plot = f"{_words(f'cp{i}', 12).capitalize()}. {_words(f'cq{i}', 10).capitalize()}."
        plots.append(f"{wiki}\t{plot}")
        yield row(f"plot_summaries.txt:{len(plots) - 1}", "train", {_GENRES[k] for k in genres} or None, plot)
    yield aux("plot_summaries.txt", "\n".join(plots) + "\n")
    yield aux("movie.metadata.tsv", "\n".join(meta) + "\n")
    yield aux("character.metadata.tsv", "".join(f"{975900 + i * 4217}\t/m/0{i}x\t1990\t{_words(f'ch{i}', 2).title()}\t"
                                                 f"1960-01-0{i + 1}\tF\t1.6\t\t{_words(f'ca{i}', 2).title()}\t30\t/m/0z{i}\t"
                                                 f"/m/0y{i}\t/m/0w{i}\n" for i in range(4)))
    yield aux("name.clusters.txt", "".join(f"{_words(f'nc{i}', 2).title()}\t/m/0k{i}\n" for i in range(4)))
    yield aux("tvtropes.clusters.txt", "".join(f'corrupt_corporate_executive\t{{"char": "{_words(f"tv{i}", 1)}", '
                                               f'"movie": "{_words(f"tm{i}", 2)}", "id": "/m/0j{i}", "actor": "x"}}\n'
                                               for i in range(3)))
    yield aux("README.txt", "CMU Movie Summary Corpus\n\nplot_summaries.txt.gz: Plot summaries of 42,306 movies extracted "
              "from the November 2, 2012 dump of English-language Wikipedia. Each line contains the Wikipedia movie ID "
              "(which indexes into movie.metadata.tsv) followed by the summary.\n\nmovie.metadata.tsv.gz: Metadata for "
              "81,741 movies.\n")


def _emobank() -> Iterator[Put]:
    # github.com/JULIELab/EmoBank (corpus/emobank.csv 'id,split,V,A,D,text' as loaders seen by search read it; the rest
    # from memory): corpus/emobank.csv (ten
    # thousand sentences, each with valence, arousal and dominance on a 1-5 scale, the mean of the two perspectives;
    # split train/dev/test), corpus/reader.csv and corpus/writer.csv (the scores by perspective, with their standard
    # deviations and N), corpus/meta.tsv (the sentence's source document and genre). Dimensional emotion, a regression:
    # each row a record, its text, its split, NO class label (the scores are real numbers, not classes)
    lines, reader, writer = ["id,split,V,A,D,text"], ["id,V,A,D,stdV,stdA,stdD,N"], ["id,V,A,D,stdV,stdA,stdD,N"]
    meta = ["id\tdocument\tcategory\tsubcategory"]
    for i in range(12):
        split = ("train", "train", "train", "dev", "train", "test")[i % 6]
        document = ("110CYL068", "A_defense_of_Michael_Moore", "Nathans_Bylichka", "vampires")[i % 4]
        ident = f"{document}_{1000 + i * 37}_{1040 + i * 37}"
        v, a, d = 2.6 + (i % 5) * 0.2, 2.8 + (i % 3) * 0.1, 3.0 - (i % 4) * 0.1
        text = f"{_words(f'eb{i}', 9).capitalize()}{'!' if i % 3 == 0 else '.'}"
        lines.append(_csv(ident, split, f"{v:.2f}", f"{a:.2f}", f"{d:.2f}", text))
        reader.append(f"{ident},{v:.1f},{a:.1f},{d:.1f},0.4,0.5,0.3,5")
        writer.append(f"{ident},{v + 0.2:.1f},{a:.1f},{d:.1f},0.5,0.4,0.4,5")
        meta.append(f"{ident}\t{ident.rsplit('_', 2)[0]}.txt\t{('blog', 'essays', 'fiction', 'letters')[i % 4]}\t")
        yield row(f"corpus/emobank.csv:{i}", {"dev": "validation"}.get(split, split), None, text)
    yield aux("corpus/emobank.csv", "\n".join(lines) + "\n")
    yield aux("corpus/reader.csv", "\n".join(reader) + "\n")
    yield aux("corpus/writer.csv", "\n".join(writer) + "\n")
    yield aux("corpus/meta.tsv", "\n".join(meta) + "\n")
    yield aux("README.md", "# EmoBank\n\nThis repository contains EmoBank, a large-scale text corpus manually annotated "
              "with emotion according to the psychological Valence-Arousal-Dominance scheme.\n")


def _pit2015() -> Iterator[Put]:
    # github.com/cocoxu/SemEval-PIT2015 (SemEval-2015 Task 1, Paraphrase and Semantic Similarity in Twitter; its README,
    # WRITTEN FROM MEMORY): data/train.data, data/dev.data: headerless tab-separated 'Topic_Id, Topic_Name, Sent_1,
    # Sent_2, Label, Sent_1_tag, Sent_2_tag', Label the crowd's votes '(paraphrase, not)' of five: '(3, 2)', '(4, 1)',
    # '(5, 0)' a paraphrase, '(0, 5)', '(1, 4)' not, '(2, 3)' debatable (left out of the task); data/test.data the same
    # columns, its Label an expert's 0-5 score, and data/test.label 'true|false\t<score>' a line per pair. Truth: the
    # pair (Sent_1, Sent_2) the text, the label paraphrase or not by the README's rule (the test's from test.label).
    # Simplified: no debatable pair in the miniature
    votes = {"paraphrase": ("(3, 2)", "(4, 1)", "(5, 0)"), "non-paraphrase": ("(0, 5)", "(1, 4)")}
    for file, split, n in (("train", "train", 7), ("dev", "validation", 3), ("test", "test", 3)):
        lines, keys = [], []
        for i in range(n):
            topic = 36 + (i // 2) * 7
            name = _words(f"pt{file}{topic}", 2).title()
            one = f"{name} {_words(f'p1{file}{i}', 7)}"
            two = f"{_words(f'p2{file}{i}', 5)} {name} {_words(f'p3{file}{i}', 2)}"
            label = ("paraphrase", "non-paraphrase")[(i * 3 + n) % 2]
            cell = votes[label][i % len(votes[label])] if file != "test" else str(4 - i if label == "paraphrase" else i % 2)
            tags = " ".join(f"{w}/O/NN/O/B-NP" for w in one.split()[:3]), " ".join(f"{w}/O/NN/O/B-NP" for w in two.split()[:3])
            lines.append("\t".join([str(topic), name, one, two, cell, *tags]))
            keys.append(f"{'true' if label == 'paraphrase' else 'false'}\t{0.8 if label == 'paraphrase' else 0.2:.4f}")
            yield row(f"data/{file}.data:{i}", split, label, (one, two))
        yield aux(f"data/{file}.data", "\n".join(lines) + "\n")
        if file == "test":
            yield aux("data/test.label", "\n".join(keys) + "\n")
    yield aux("README.md", "# SemEval-PIT2015\n\nParaphrase and Semantic Similarity in Twitter. Each line of train.data "
              "and dev.data: Topic_Id | Topic_Name | Sent_1 | Sent_2 | Label | Sent_1_tag | Sent_2_tag. The Label column "
              "is in a format such as \"(1, 4)\": paraphrases: (3, 2) (4, 1) (5, 0); non-paraphrases: (1, 4) (0, 5); "
              "debatable: (2, 3), which you may discard.\n")


# ------------------------------------------------------------------------------------------------
# Tables
# ------------------------------------------------------------------------------------------------

_POKEMON = [("bulbasaur", "Grass", "Poison"), ("charmander", "Fire", ""), ("squirtle", "Water", ""),
            ("pidgey", "Normal", "Flying"), ("pikachu", "Electric", ""), ("gastly", "Ghost", "Poison"),
            ("onix", "Rock", "Ground"), ("eevee", "Normal", ""), ("dratini", "Dragon", "")]


def _pokemon() -> Iterator[Put]:
    # kaggle.com/datasets/vishalsubbiah/pokemon-images-and-types (WRITTEN FROM MEMORY): pokemon.csv 'Name,Type1,Type2'
    # (Type2 empty for a single-typed one), images/images/<name>.png (most) or .jpg (a few later ones): the image named
    # by the row's Name alone. Truth: multi-label, each image labelled with its row's Type1 and Type2 (when there is
    # one); no split
    lines = ["Name,Type1,Type2"]
    for k, (name, one, two) in enumerate(_POKEMON):
        lines.append(f"{name},{one},{two}")
        yield img(f"images/images/{name}.{'jpg' if k % 4 == 3 else 'png'}", "train", {one, two} - {""},
                  kind="jpg" if k % 4 == 3 else "png")
    yield aux("pokemon.csv", "\n".join(lines) + "\n")


def _pubhealth() -> Iterator[Put]:
    # github.com/neemakot/Health-Fact-Checking (PUBHEALTH, Kotonya and Toni 2020; the HF 'health_fact' loader, WRITTEN
    # FROM MEMORY): PUBHEALTH/train.tsv, dev.tsv, test.tsv, tab-separated with a header 'claim_id, claim,
    # date_published, explanation, fact_checkers, main_text, sources, label, subjects'; label true, false, mixture or
    # unproven; explanation and main_text long texts (the article, the fact-checkers' reasons). Truth: claim
    # verification, the claim the text, label the label; split by file
    header = "claim_id\tclaim\tdate_published\texplanation\tfact_checkers\tmain_text\tsources\tlabel\tsubjects"
    for file, split, n in (("train", "train", 7), ("dev", "validation", 3), ("test", "test", 3)):
        lines = [header]
        for i in range(n):
            label = ("true", "false", "mixture", "unproven")[(i * 3 + n) % 4]
            claim = f"{_words(f'ph{file}{i}', 8).capitalize()}."
            lines.append("\t".join([str(10000 + i * 131 + n), claim, f"April {i + 1}, 2019",
                                    f"{_words(f'pe{file}{i}', 16).capitalize()}.", f"{_words(f'pf{file}{i}', 2).title()}",
                                    f"{_words(f'pm{file}{i}', 30).capitalize()}. {_words(f'pn{file}{i}', 25).capitalize()}.",
                                    f"https://www.example.org/{i}", label,
                                    ", ".join(_words(f'ps{file}{i}', 2).title().split())]))
            yield row(f"PUBHEALTH/{file}.tsv:{i}", split, label, claim)
        yield aux(f"PUBHEALTH/{file}.tsv", "\n".join(lines) + "\n")


SPECS: dict[str, Spec] = {
    "monkeys10": Spec("10-monkey-species", "image", _monkeys10,
                      "https://www.kaggle.com/datasets/slothkong/10-monkey-species (training/training/n<k>/, monkey_labels.txt)",
                      "the folder id n0..n9 the label (its species in monkey_labels.txt); split by training/validation.",
                      aliases={ident: {ident, latin, common} for ident, latin, common in _MONKEYS}),
    "nct_crc_he": Spec("kather2018", "image", _nct_crc_he,
                       "https://zenodo.org/record/1214456 (NCT-CRC-HE-100K, CRC-VAL-HE-7K)",
                       "the tissue folder the label; the 100K set train, the 7K set validation."),
    "firerisk": Spec("FireRisk", "image", _firerisk,
                     "https://arxiv.org/abs/2303.07035 (FireRisk/train/<class>/, val/<class>/)",
                     "the risk-class folder the label; split by train/val."),
    "butterfly75": Spec("butterfly-image-classification", "image", _butterfly75,
                        "https://www.kaggle.com/datasets/phucthaiv02/butterfly-image-classification",
                        "train images labelled by Training_set.csv; test images unlabelled; split by folder."),
    "birds525": Spec("100-bird-species", "image", _birds525,
                     "https://www.kaggle.com/datasets/gpiosenka/100-bird-species (train/, valid/, test/, birds.csv)",
                     "the class folder the label; split by folder (valid validation); the .h5 model no record."),
    "wgisd": Spec("wgisd", "image", _wgisd,
                  "https://github.com/thsant/wgisd (data/*.jpg, data/*.txt YOLO boxes, train.txt, test.txt)",
                  "detection: each line of the image's .txt an unnamed grape cluster; split from train.txt/test.txt."),
    "brainwash": Spec("brainwash", "image", _brainwash,
                      "Stewart, Andriluka, Ng, CVPR 2016 (brainwash_{train,val,test}.idl; the address from memory)",
                      "detection: each box of the image's .idl line an unnamed head; split by the .idl file."),
    "rdd2020": Spec("RDD2020", "image", _rdd2020,
                    "https://github.com/sekilab/RoadDamageDetector (train/<Country>/images, annotations/xmls; test1/)",
                    "detection: each VOC <object> one of its damage type; test1 unannotated test."),
    "cihp": Spec("instance-level_human_parsing", "image", _cihp,
                 "https://github.com/Engineering-Course/CIHP_PGN (Training/Images, Category_ids, Human_ids, Instance_ids)",
                 "human parsing: each image a record, unlabelled; the id maps no records; split by folder."),
    "glas": Spec("Warwick QU Dataset (Released 2016_07_08)", "image", _glas,
                 "https://warwick.ac.uk/fac/cross_fac/tia/data/glascontest/ (train_<n>.bmp, <same>_anno.bmp, Grade.csv)",
                 "gland segmentation: each image a record, unlabelled; the _anno masks no records; testA/testB test."),
    "arxiv_abstracts": Spec("arxiv-paper-abstracts", "text", _arxiv_abstracts,
                            "https://www.kaggle.com/datasets/spsayakpaul/arxiv-paper-abstracts (arxiv_data.csv)",
                            "multi-label: each row's summaries the text, its terms list the labels; no split."),
    "cmu_movie_summary": Spec("MovieSummaries", "text", _cmu_movie_summary,
                              "http://www.cs.cmu.edu/~ark/personas/ (MovieSummaries.tar.gz: plot_summaries.txt, "
                              "movie.metadata.tsv)",
                              "multi-label: each plot a record, its genres (by the movie id in movie.metadata.tsv) the labels."),
    "emobank": Spec("EmoBank", "text", _emobank,
                    "https://github.com/JULIELab/EmoBank (corpus/emobank.csv 'id,split,V,A,D,text')",
                    "each row a record: text, split; no class label (V, A, D are real-valued scores)."),
    "pit2015": Spec("SemEval-PIT2015", "text", _pit2015,
                    "https://github.com/cocoxu/SemEval-PIT2015 (data/train.data, dev.data, test.data, test.label)",
                    "pairs: (Sent_1, Sent_2) the text; paraphrase or not from the votes (README's rule) or test.label.",
                    aliases={"paraphrase": {"paraphrase", "true"}, "non-paraphrase": {"non-paraphrase", "false"}}),
    "pokemon": Spec("pokemon-images-and-types", "image", _pokemon,
                    "https://www.kaggle.com/datasets/vishalsubbiah/pokemon-images-and-types (pokemon.csv, images/images/)",
                    "multi-label: each image labelled with its row's Type1 and Type2 (by Name); no split."),
    "pubhealth": Spec("PUBHEALTH-data", "text", _pubhealth,
                      "https://github.com/neemakot/Health-Fact-Checking (PUBHEALTH/{train,dev,test}.tsv)",
                      "each row a record: claim the text, label the label (true/false/mixture/unproven); split by file."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "monkeys10": None,
    "nct_crc_he": None,          # --label-level 2, as the stop offers: the labels right, both sets one split (tried)
    "firerisk": None,
    "butterfly75": None,         # --labels Training_set.csv: 'Image_1.jpg' names train/ and test/ files, rejected (tried)
    "birds525": None,
    "wgisd": None,               # --label-names FILE ('grape_cluster'), as the stop says (stops18b): boxes and splits right,
                                 # the records labelled grape_cluster against the truth's none (tried); before, --exclude
                                 # 'data/*.npz': exit 0, the variety in the name as the label, no boxes (tried)
    "brainwash": None,           # --label-level 0: the .idl files rejected as images (tried); with --exclude '*.idl'
                                 # too: one split, no boxes (tried)
    "rdd2020": {"label_level": 0},  # the stop names it (tried: right)
    "cihp": {"label_level": 0, "exclude": ("*/Category_ids", "*/Human_ids", "*/Instance_ids")},  # right (tried);
                                 # the stop names a layout file's mask_folders instead
    "glas": {"label_level": 0},  # the stop offers it; right since the name prefixes give the splits (wrongs16a, tried)
    "arxiv_abstracts": {"label_column": "terms", "text_column": "summaries"},  # the stop names both; the list
                                 # literals multi-label (wrongs16b: right); before, each literal one label (tried)
    "cmu_movie_summary": {"labels_file": "movie.metadata.tsv", "key_column": "1", "label_column": "9",
                          "exclude": ("character.metadata.tsv", "name.clusters.txt", "tvtropes.clusters.txt")},  # the
                                 # stop names the join and the tables to leave out (stops18: right, the genres' {id: name}
                                 # objects multi-label); before, no option joined a metadata column (tried)
    "emobank": {"exclude": ("corpus/meta.tsv", "corpus/reader.csv", "corpus/writer.csv")},  # the side tables the stop
                                 # names (wrongs16b: right); before, --label-level 0 the same split stop (tried)
    "pit2015": None,             # the .data files not read as tables (the rejects say so)
    "pokemon": {"labels_file": "pokemon.csv", "label_column": "Type1,Type2"},  # was None ('Type1,Type2' not a column);
                                 # since readers24a several label columns are read as a row's labels, multi-label, and
                                 # the stop names them (tried: right; --label-column Type1 alone loses Type2)
    "pubhealth": {"text_column": "claim"},  # the stop names --text-column (tried: right)
}

# The tally on branch blind16 at main's e301c2a (tests/helpers/blind16_baseline_e301c2a.json).
BASELINE: dict[str, int] = {"right": 3, "good stop": 2, "useless stop": 7, "exit 1": 3, "WRONG EXIT 0": 1}
