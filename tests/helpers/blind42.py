"""A thirty-first blind held-out batch (round forty-two) of 10 public datasets no rule, test or doc here named.

As rounds twelve to thirty-nine (tests/helpers/blind12.py .. blind39.py): a batch nobody tuned the detection
rules for, judged on the command a user types first (`shardify convert SRC OUT`), built without changing
anything under shardify/. Chosen by kind (3 image classification, 2 detection, 2 segmentation, 1 text, 2 tables),
names starting P-Z (batches 40 and 41, built at the same time, take A-F and G-O), none of batches 12-39's, leaning to
layouts no earlier batch held: a GitHub repository's folder of nine class folders whose names hold spaces ('Food
Organics', 'Miscellaneous Trash') beside its README, LICENSE and a Windows 'Thumbs.db'; a Mac-made archive of twelve
class folders with its '__MACOSX/' AppleDouble twins and '.DS_Store's, the images' names of every kind ('images
(3).jpeg', a hash, 'photo-1.png'); class folders at the download's root whose names mix spaces and an underscore
('Jelly Fish', 'Turtle_Tortoise') and whose files mix '.jpg', '.JPG' and '.png'; YOLO boxes in a '.txt' beside each
'.jpeg' in ONE folder with a classes.txt; Total-Text's polygon text files ('x: [[..]], y: [[..]], ornt: [u'c'],
transcriptions: [u'..']', one spanning two lines) in a txt_format/ tree beside Images/ (a '.JPG' among the '.jpg');
TNBC's numbered slide folders beside ground-truth folders of the same numbers ('Slide_01/01_1.png' and
'GT_01/01_1.png') with '__MACOSX/'; Sartorius's cell masks as run-length rows of a train.csv (one row per cell, the
cell line in a column) beside train/ and test/ folders of hex-named PNGs and a sample_submission.csv; then
(tests/helpers/blind42_texts.py) PHEME's tweet threads, a folder per thread holding the source tweet's JSON beside
reaction JSONs, a structure.json and an annotation.json, under rumours/ and non-rumours/ of each event; the
Titanic's train.csv (Survived second, a Name column of free text) beside test.csv (no Survived) and a
gender_submission.csv (a sample answer, not data); the Wisconsin diagnostic breast cancer table, headerless, an id
first and the diagnosis (M, B) second, beside its wdbc.names.
Each checked absent, by its name and its characteristic file names (case-insensitive, over the contents of every file
`git -C /work/main ls-files` lists (tests/, docs/, shardify/, converters/, beam_jobs/ among them), over that file
list, and over `git -C /work/main log --all --format=%B`), on 2026-11-29 between 13:04 and 13:10 UTC (by this
machine's clock; the script /tmp/b42/absent42.sh): 0 hits for every one kept (realwaste, 'Miscellaneous Trash',
'Food Organics', 'wonders of', christ_the_reedemer, machu_pichu, 'sea animals', Turtle_Tortoise, agri_0,
crop_and_weed, total-text, totaltext, poly_gt, tnbc, Slide_01, sartorius, livecell, shsy5y, pheme, non-rumours,
titanic, gender_submission, PassengerId, Survived, wdbc, breast-cancer-wisconsin).
Dropped because they, or their files, are named here already: the Simpsons characters (simpsons_dataset), Tiny
ImageNet (val_annotations, wnids), the Plant Seedlings, USPS, Quick Draw, Stanford Dogs and Stanford Cars, UC Merced,
VisDrone, Penn-Fudan (PedMasks), Udacity's crowdai boxes, xView, SBD (benchmark_RELEASE), Potsdam, the Sentiment
Labelled Sentences, the SMS Spam Collection, Spooky Author, the Twitter airline tweets, SNLI, SQuAD, TREC, Yelp,
Yahoo Answers, Paddy Doctor, Plant Pathology (multiple_diseases), VinBigData, UA-DETRAC, Supervisely, TweetEval,
Subjectivity (quote.tok), WebKB, Reuters, SciTail, UFPR-ALPR, Scene-15, UTKFace, SVHN, the PubMed 20k RCT, the
raisin set and a YouTube spam set (Psy.csv); the Wildfire set (2 hits) and Stack Overflow's quality set (LQ_EDIT).

- images, classification (3): realwaste-main/RealWaste/<Class>/ (RealWaste); Wonders of World/<wonder>/ with
  __MACOSX/ (Wonders of the World); <Animal>/ at the root (Sea Animals).
- detection (2): agri_data/data/agri_0_<n>.{jpeg,txt} with classes.txt (Crop and Weed Detection); totaltext/Images/
  {Train,Test}/ beside txt_format/{Train,Test}/poly_gt_img<n>.txt (Total-Text).
- segmentation (2): TNBC_NucleiSegmentation/{Slide_<nn>,GT_<nn>}/ (TNBC); train/, test/, train.csv of RLE rows
  (Sartorius Cell Instance Segmentation).
- text (1) and tables (2), tests/helpers/blind42_texts.py: all-rnr-annotated-threads/ (PHEME); train.csv, test.csv,
  gender_submission.csv (Titanic); wdbc.data (Breast Cancer Wisconsin, Diagnostic).

Each builder was written AFTER reading a stored source (its comment names it and what it showed); none was written
from memory alone. Details the sources did not settle are said in the comments. Simplifications are noted in each
builder.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row is "<file>:<i>" (tests/helpers/unseen4.py's `Put`, `build`); no
split is "train"; a detection record's labels are its objects' classes. `FOLLOW` holds, per dataset, the
options a user would add after a stop to convert it right; None where none was found.

Measured on branch blind42 at main's 5007f5c2 (no fix in it; `python tests/helpers/blind_tally.py --batch 42
--json tests/helpers/blind42_baseline_5007f5c2.json`, 2026-11-29 13:11 UTC by this machine's clock, 15 s): of 10, 4
right (crop_weed, realwaste, sea_animals, wonders), 0 good stops, 5 stops naming nothing that converts right (pheme:
"holds no images or texts ... only 52 .json files", naming only --layout-file; sartorius: the stop offers
--labels train.csv --key-column id --label-column width (the column 'width' as the cells' class), and those options
then stop again ("which table of texts it labels cannot be told"), its other offer --label-level 0 leaves the train
images without their cell line; tnbc: the GT_<nn> mask folders read as numbered classes, the stop offering
--label-level 2, which makes Slide_01/GT_01 classes and the masks records; totaltext: the stop offers --label-level 0
(no objects, no 'text'), the polygon files "not read"; wdbc: the stop offers --label-column '32' (the last measure;
the diagnosis is column '2': tried, right, but not named)), 0 exit 1, 1 WRONG WITH EXIT 0 (titanic: each passenger
row written as a text record, its Name the text, where the rows are tables of attributes; gender_submission.csv
was left out as a sample, rightly).
After blindfix42 (tests/layouts/test_blindfix42.py), by kind: a table's one column of words holding proper names
among columns of attributes is no text (converters/name_columns.py), the stop naming the attribute options with
the label column the test table withholds wherever it sits (titanic a good stop); a class column a stop offers for
a table of attributes is never a column of fractions (converters/attribute_rows.py: wdbc a good stop, '2');
numbered folders pairing images with their masks of the same file names stop naming --label-level 0 and the
masks' --exclude glob (shardify/plan/object_signs.py, beam_jobs/discover/mask_named_classes.py: tnbc a good
stop); the run-length stop finds images named by stem and offers no size column as the class (sartorius: the
stop now true, still useless). 4 right, 3 good stops, 3 useless stops (pheme, sartorius, totaltext), 0 exit 1,
0 WRONG EXIT 0 (13:41 UTC).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from helpers import blind42_texts as texts
from helpers.blind23 import _pic
from helpers.unseen4 import Put, Spec, Truth4, aux, build
from helpers.unseen4 import given as _file

__all__ = ["BASELINE", "DATASETS", "FOLLOW", "SPECS"]

_DS_STORE = b"\x00\x00\x00\x01Bud1\x00\x00\x10\x00\x00\x00\x08\x00"  # the first bytes of a Finder .DS_Store
_APPLEDOUBLE = b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        \x00\x02"  # an AppleDouble header ('._' twin)


def _hex(key: str, n: int) -> str:
    """`n` hex digits fixed by `key`."""
    import hashlib

    return hashlib.sha1(key.encode()).hexdigest()[:n]


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_WASTE = ["Cardboard", "Food Organics", "Glass", "Metal", "Miscellaneous Trash", "Paper", "Plastic", "Textile Trash",
          "Vegetation"]


def _realwaste() -> Iterator[Put]:
    # RealWaste (Single & Wong 2023, UCI 908; github sam-single/realwaste). CHECKED 2026-11-29 against readers in the
    # code corpus (find_string 'RealWaste': "Process RealWaste dataset ... Images are already sized to 524x524 pixels -
    # Labels: -Cardboard -Food Organics -Glass -Metal -Miscellaneous Trash -Paper -Plastic -Textile Trash -Vegetation";
    # "DATA_DIR = pathlib.Path('RealWaste'); CLASS_NAMES = sorted(p.name for p in DATA_DIR.iterdir() if p.is_dir())";
    # "c.replace('Miscellaneous', 'Misc.').replace(' Organics', ' Org.')"). The repository's folder name
    # 'realwaste-main' (GitHub's archive of the default branch), its README.md and LICENSE, and the names
    # '<Class>_<n>.jpg' are as remembered; the Thumbs.db in one folder is the kind of junk a Windows copy leaves.
    # Truth: each JPEG a record (no split: "train") labelled by its class folder (nine classes, spaces kept).
    # Simplified: 2 images a class, 20x16 (not 524x524)
    for c, cls in enumerate(_WASTE):
        for n in (1, 17 + c * 3):
            name = f"{cls.replace(' ', '_')}_{n}.jpg"
            yield _file(f"RealWaste/{cls}/{name}", _pic(f"rw{cls}{n}", "JPEG"), "train", cls)
    yield aux("RealWaste/Glass/Thumbs.db", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 24)
    yield aux("README.md", "# RealWaste\n\nRealWaste is an image classification dataset of waste items in their "
              "authentic state, collected at the Whyte's Gully landfill.\n\nLabels: Cardboard, Food Organics, Glass, "
              "Metal, Miscellaneous Trash, Paper, Plastic, Textile Trash, Vegetation.\n")
    yield aux("LICENSE", "Creative Commons Attribution 4.0 International\n")


_WONDERS = ["burj_khalifa", "chichen_itza", "christ_the_reedemer", "eiffel_tower", "great_wall_of_china", "machu_pichu",
            "pyramids_of_giza", "roman_colosseum", "statue_of_liberty", "stonehenge", "taj_mahal",
            "venezuela_angel_falls"]


def _wonders() -> Iterator[Put]:
    # Wonders of the World Image Classification (kaggle balabaskar/wonders-of-the-world-image-classification, ~3,846
    # images, 12 classes). CHECKED 2026-11-29 against readers in the code corpus (find_string 'christ_the_reedemer':
    # "input_dir = '.../Wonders_of_the_world_dataset/Wonders of World'; categories = ['burj_khalifa', 'chichen_itza',
    # 'christ_the_reedemer', 'eiffel_tower', 'great_wall_of_china', 'machu_pichu', 'pyramids_of_giza',
    # 'roman_colosseum', 'statue_of_liberty', 'stonehenge', 'taj_mahal', 'venezuela_angel_falls'] ... for category in
    # categories"; a README "Clases (12) ... Total de imágenes: ~3846"; "label_dict = {'burj_khalifa': 0, ...}").
    # The images' names of every kind (scraped: a hash, 'images (3).jpeg', 'photo-1.png') and the '__MACOSX/' tree
    # of AppleDouble twins with the '.DS_Store's (the archive made on a Mac) are as remembered. Truth: each image a
    # record (no split: "train") labelled by its folder (12 wonders, the source's spellings). Simplified: 2 images a
    # class, 20x16
    for w, cls in enumerate(_WONDERS):
        names = [f"{_hex(f'wo{cls}', 10)}.jpg", (f"images ({w + 2}).jpeg", f"photo-{w}.png", f"{cls}_{w}.jpg")[w % 3]]
        for name in names:
            fmt = "PNG" if name.endswith(".png") else "JPEG"
            yield _file(f"Wonders of World/{cls}/{name}", _pic(f"wo{cls}{name}", fmt), "train", cls)
            yield aux(f"__MACOSX/Wonders of World/{cls}/._{name}", _APPLEDOUBLE)
        if w % 4 == 0:
            yield aux(f"Wonders of World/{cls}/.DS_Store", _DS_STORE)
    yield aux("Wonders of World/.DS_Store", _DS_STORE)
    yield aux("__MACOSX/Wonders of World/._.DS_Store", _APPLEDOUBLE)


_SEA = ["Clams", "Corals", "Jelly Fish", "Nudibranchs", "Sea Rays", "Sea Urchins", "Seahorse", "Turtle_Tortoise"]


def _sea_animals() -> Iterator[Put]:
    # Sea Animals Image Dataset (kaggle vencerlanz09/sea-animals-image-dataste, 23 classes from Flickr and other
    # sites). CHECKED 2026-11-29 against readers in the code corpus (find_string 'Turtle_Tortoise': "classes =
    # ['Clams', 'Corals', 'Crabs', 'Dolphin', 'Eel', 'Fish', 'Jelly Fish', 'Lobster', 'Nudibranchs', 'Octopus',
    # 'Otter', 'Penguin', 'Puffers', 'Sea Rays', 'Sea Urchins', 'Seahorse', 'Seal', 'Sharks', 'Shrimp', 'Squid',
    # 'Starfish', 'Turtle_Tortoise', 'Whale']"; "the model performs well on some classes, such as Sea Urchins, Otter,
    # and Turtle_Tortoise"). The class folders at the archive's root, the Flickr-like names '<id>_<secret>_b.jpg' and
    # the mix of '.jpg', '.JPG' and '.png' are as remembered. Truth: each image a record (no split: "train") labelled
    # by its folder (spaces and the underscore kept). Simplified: 8 of the 23 classes, 2 images each, 20x16
    for s, cls in enumerate(_SEA):
        for k in range(2):
            ext = (".jpg", ".JPG", ".png")[(s + k) % 3]
            name = f"{3000000000 + s * 7919 + k * 104729}_{_hex(f'sea{cls}{k}', 10)}_b{ext}"
            fmt = "PNG" if ext == ".png" else "JPEG"
            yield _file(f"{cls}/{name}", _pic(f"sea{cls}{k}", fmt), "train", cls)


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------

def _crop_weed() -> Iterator[Put]:
    # Crop and Weed Detection (kaggle ravirajsinh45/crop-and-weed-detection-data-with-bounding-boxes, 1,300 sesame
    # field images, 512x512). CHECKED 2026-11-29 against readers in the code corpus (search 'crop and weed detection
    # agri_data classes.txt': a README "DataSet/ *.img # 1300 image files; *.txt # 1300 text files, each with 4
    # parameters per image; classes.txt # 2 classes: crop, weed"; a YOLO config "nc: 2, names: ['crop','weed']";
    # find_string 'agri_0_': "img_path = '.../crop-and-weed-detection-data-with-bounding-boxes/versions/1/agri_data/
    # data/agri_0_113.jpeg'", "cv2.imread('obj_detection/dataset/agri_data/data/agri_0_3.jpeg')", "agri_0_1009.jpeg").
    # The text files are YOLO's ('<class> <cx> <cy> <w> <h>', normalised; the README's "4 parameters" the box), each
    # beside its image of the same stem; classes.txt beside them in data/ is as remembered. Truth: detection, each
    # '.jpeg' a record (no split: "train") labelled by its boxes' classes (0 crop, 1 weed). Simplified: 8 images,
    # 20x16
    for i, n in enumerate((3, 6, 84, 113, 550, 975, 1009, 1026)):
        classes = [(i + k) % 2 for k in range(1 + i % 3)]
        lines = [f"{c} {0.2 + 0.3 * k:.6f} {0.5:.6f} {0.25:.6f} {0.4 + 0.05 * k:.6f}" for k, c in enumerate(classes)]
        names = [("crop", "weed")[c] for c in classes]
        yield _file(f"agri_data/data/agri_0_{n}.jpeg", _pic(f"cw{n}", "JPEG"), "train", set(names), names)
        yield aux(f"agri_data/data/agri_0_{n}.txt", "\n".join(lines) + "\n")
    yield aux("agri_data/data/classes.txt", "crop\nweed\n")


def _totaltext() -> Iterator[Put]:
    # Total-Text (Ch'ng & Chan 2017, github cs-chan/Total-Text-Dataset; 1,255 train and 300 test images of curved
    # text). CHECKED 2026-11-29 against readers in the code corpus (find_string 'poly_gt_img': MMOCR's data preparer
    # "save_name='totaltext.zip' ... mapping=[['totaltext/Images/Train', ...], ['totaltext/Images/Test', ...]]; save_name=
    # 'txt_format.zip' ... mapping=[['txt_format/Train', 'annotations/train'], ['txt_format/Test', ...]]; rule=
    # [r'img(\d+)\.([jJ][pP][gG])', r'poly_gt_img\1.txt']"; its TotaltextTextDetAnnParser "x: [[x1 x2 x3 ... xn]],
    # y: [[y1 y2 y3 ... yn]], ornt: [u'c'], transcriptions: [u'transcription'] ... The annotation ... may be stored in
    # multiple lines ... if not line.startswith('x:'): tmp_line += ' ' + line ... ignore: '#'"; a loader "img_path =
    # img_path.replace('jpg', 'JPG') #有一张图是JPG后缀" (one image has a .JPG suffix)). The spacing inside the brackets
    # is as remembered. Truth: detection, each image a record of its folder's split (Train: train, Test: test), one
    # object per polygon line (the '#' don't-care regions too: they are in the file), no class (labels "text", as
    # blind23's SROIE and blind15's MSRA-TD500). Simplified: 4 train, 2 test images, 20x16
    words = ["nauGHTY", "#", "COFFEE", "STARBUCKS", "EXIT", "SALE"]
    for split, ids in (("Train", (11, 89, 1004, 1255)), ("Test", (1, 60))):
        for i in ids:
            ext = ".JPG" if i == 1004 else ".jpg"
            lines = []
            count = 1 + i % 3
            for k in range(count):
                xs = " ".join(str(2 + 5 * k + d) for d in (0, 4, 4, 0))
                ys = " ".join(str(1 + k + d) for d in (0, 0, 3, 3))
                orient = "#" if words[(i + k) % 6] == "#" else ("c", "h", "m")[k % 3]
                line = f"x: [[{xs}]], y: [[{ys}]], ornt: [u'{orient}'], transcriptions: [u'{words[(i + k) % 6]}']"
                if i == 89 and k == 0:  # one annotation spanning two lines, as the parser allows
                    line = line.replace(", ornt:", ",\n ornt:")
                lines.append(line)
            yield _file(f"totaltext/Images/{split}/img{i}{ext}", _pic(f"tt{i}", "JPEG"), split.lower(), "text",
                        [None] * count)
            yield aux(f"txt_format/{split}/poly_gt_img{i}.txt", "\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------------------
# Segmentation
# ------------------------------------------------------------------------------------------------

def _tnbc() -> Iterator[Put]:
    # TNBC nuclei segmentation (Naylor et al. 2018, zenodo 1175282 / 2579118: TNBC_NucleiSegmentation.zip, 50 H&E
    # tiles of 11 patients). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'TNBC_NucleiSegmentation': "img_dirs = sorted(Path('.../TNBC_NucleiSegmentation/TNBC_NucleiSegmentation').glob(
    # 'Slide*/*png')); gt_dirs = sorted(....glob('GT*/*png'))"; "PNG = glob(TNBC + '/Slide_*/*.png') ... mask =
    # png.replace('/Slide_', '/GT_')"; "with zipfile.ZipFile(root/'TNBC_NucleiSegmentation.zip') as z: names=sorted(n
    # for n in z.namelist() if '/Slide_' in n and n.endswith('.png') and '__MACOSX' not in n) ... mask=...
    # n.replace('/Slide_','/GT_')"). The names '<nn>_<k>.png' in both folders of a slide and the masks' values (0
    # and 255) are as remembered. Truth: each PNG in a Slide_<nn> folder a record (no split: "train"), unlabelled
    # (the nuclei mask per-pixel); the GT_<nn> folders hold the masks, no records; __MACOSX/ none. Simplified: 4
    # slides of 2 tiles, 20x16 (not 512x512)
    base = "TNBC_NucleiSegmentation"
    for s in (1, 2, 5, 11):
        for k in (1, 2):
            name = f"{s:02d}_{k}.png"
            yield _file(f"{base}/Slide_{s:02d}/{name}", _pic(f"tn{s}{k}"), "train")
            yield aux(f"{base}/GT_{s:02d}/{name}", _pic(f"tng{s}{k}", values=[0, 255]))
            yield aux(f"__MACOSX/{base}/Slide_{s:02d}/._{name}", _APPLEDOUBLE)


_CELLS = ("shsy5y", "astro", "cort")


def _rle(seed: int, count: int) -> list[str]:
    """`count` run-length masks ('start length' pairs, 1-based over a 20x16 image) fixed by `seed`."""
    out = []
    for c in range(count):
        start = 1 + (seed * 37 + c * 61) % 200
        out.append(" ".join(f"{start + r * 20} {2 + (seed + c) % 3}" for r in range(3)))
    return out


def _sartorius() -> Iterator[Put]:
    # Sartorius Cell Instance Segmentation (kaggle competition sartorius-cell-instance-segmentation, 2021; neuronal
    # cells in phase-contrast images, 704x520). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'sartorius-cell-instance-segmentation/train.csv': "SAMPLE_SUBMISSION = '.../sample_submission.csv'; TRAIN_CSV =
    # '.../train.csv'; TRAIN_PATH = '.../train'; TEST_PATH = '.../test'"; "labels = pd.read_csv('.../train.csv') ...
    # file_names = glob.glob('.../train/*.png') ... image_info = labels.groupby('id').agg({'cell_type': lambda x:
    # x.mode()[0], 'width': 'first', 'height': 'first'})"; "def rle_decode(mask_rle, shape ...): mask_rle: run-length
    # as string formated (start length)"; "cls_map = {value:idx for idx, value in enumerate(train_df['cell_type']
    # .unique())}"; "encode_rle_mask(mask, shape=(520, 704))"; search: a README "Add extra data for the `SH-SY5Y` cell
    # line from LIVECell"). train.csv's further columns (plate_time, sample_date, sample_id, elapsed_timedelta), the
    # 12-hex-digit ids, the cell lines' spellings ('shsy5y', 'astro', 'cort') and sample_submission.csv's
    # 'id,predicted' are as remembered. Truth: each PNG in train/ a record (split train) labelled by its cell line
    # (one per image: the class every one of its masks carries); each in test/ a record of split test, unlabelled.
    # Simplified: 6 train and 2 test images, 20x16 grey; LIVECell_dataset_2021/ and train_semi_supervised/ left out
    rows = ["id,annotation,width,height,cell_type,plate_time,sample_date,sample_id,elapsed_timedelta"]
    for i in range(6):
        image_id = _hex(f"sa{i}", 12)
        cell = _CELLS[i % 3]
        date = f"2020-{9 + i % 3:02d}-{10 + i:02d}"
        for mask in _rle(i, 2 + i % 3):
            rows.append(f"{image_id},{mask},20,16,{cell},{i % 24:02d}h00m,{date},{cell}[diff]_{date}_{i}_A{i},"
                        f"0 days {i % 24:02d}:00:00")
        yield _file(f"train/{image_id}.png", _pic(f"sa{i}", mode="L"), "train", cell)
    yield aux("train.csv", "\n".join(rows) + "\n")
    submission = ["id,predicted"]
    for i in range(2):
        image_id = _hex(f"st{i}", 12)
        yield _file(f"test/{image_id}.png", _pic(f"st{i}", mode="L"), "test")
        submission.append(f"{image_id},1 1")
    yield aux("sample_submission.csv", "\n".join(submission) + "\n")


SPECS: dict[str, Spec] = {
    "realwaste": Spec("realwaste-main", "image", _realwaste, "https://archive.ics.uci.edu/dataset/908/realwaste",
                      "images labelled by class folder (nine, some with spaces); no split; Thumbs.db junk."),
    "wonders": Spec("Wonders_of_the_world_dataset", "image", _wonders,
                    "https://www.kaggle.com/datasets/balabaskar/wonders-of-the-world-image-classification",
                    "images labelled by folder (12 wonders); no split; __MACOSX/ and .DS_Store junk."),
    "sea_animals": Spec("sea-animals-image-dataste", "image", _sea_animals,
                        "https://www.kaggle.com/datasets/vencerlanz09/sea-animals-image-dataste",
                        "images labelled by root folder (spaces, an underscore); .jpg/.JPG/.png mixed."),
    "crop_weed": Spec("crop-and-weed-detection-data-with-bounding-boxes", "image", _crop_weed,
                      "https://www.kaggle.com/datasets/ravirajsinh45/crop-and-weed-detection-data-with-bounding-boxes",
                      "detection: YOLO .txt beside each .jpeg in one folder; classes.txt (crop, weed)."),
    "totaltext": Spec("Total-Text", "image", _totaltext, "https://github.com/cs-chan/Total-Text-Dataset",
                      "detection: polygon text files in txt_format/{Train,Test} beside Images/; no class."),
    "tnbc": Spec("TNBC_NucleiSegmentation", "image", _tnbc, "https://zenodo.org/record/1175282",
                 "tiles in Slide_<nn>/ unlabelled; GT_<nn>/ masks of the same names no records."),
    "sartorius": Spec("sartorius-cell-instance-segmentation", "image", _sartorius,
                      "https://www.kaggle.com/competitions/sartorius-cell-instance-segmentation",
                      "train images labelled by cell_type (train.csv RLE rows); test unlabelled."),
    "pheme": Spec("PHEME_veracity", "text", texts.pheme,
                  "https://figshare.com/articles/dataset/PHEME_dataset_for_Rumour_Detection_and_Veracity_"
                  "Classification/6392078",
                  "each thread's source tweet a record (its text) labelled rumours / non-rumours.",
                  aliases=texts.PHEME_ALIASES),
    "titanic": Spec("titanic", "table", texts.titanic, "https://www.kaggle.com/competitions/titanic",
                    "train rows labelled by Survived; test rows unlabelled; gender_submission.csv no records.",
                    aliases=texts.TITANIC_ALIASES),
    "wdbc": Spec("breast+cancer+wisconsin+diagnostic", "table", texts.wdbc,
                 "https://archive.ics.uci.edu/dataset/17/breast+cancer+wisconsin+diagnostic",
                 "each row labelled by its diagnosis (M, B), the second of 32 headerless columns.",
                 aliases=texts.WDBC_ALIASES),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "realwaste": None,
    "wonders": None,
    "sea_animals": None,
    "crop_weed": None,
    "totaltext": None,  # --label-level 0 (the stop's) writes no objects and no 'text' (tried: wrong)
    "tnbc": {"label_level": 0, "exclude": ("TNBC_NucleiSegmentation/GT_*",)},  # the stop's since blindfix42 (tried: right)
    # (at 5007f5c2 the stop named --label-level 2, which makes Slide_<nn> and GT_<nn> classes: tried, wrong)
    "sartorius": {"labels_file": "train.csv", "key_column": "id", "label_column": "cell_type"},  # the stop's since readers35b
    # (blindfix42's stop offered --label-level 0 alone: unlabelled, wrong, the cell line lost; --key-column id had
    # read the stems as ids joining tables of texts, and stopped)
    # (at 5007f5c2 it offered --labels train.csv --key-column id --label-column width, which stops again: tried)
    "pheme": None,      # the stop names only --dry-run --layout-file
    "titanic": {"text_column": "none", "keep_columns": ("*",), "label_column": "Survived"},  # the stop's since blindfix42
    # (at 5007f5c2 no stop: each passenger written as a text, its Name the text, with exit 0)
    "wdbc": {"text_column": "none", "keep_columns": ("*",), "label_column": "2", "layout": "tables"},  # since blindfix42
    # (at 5007f5c2 the stop named --label-column '32', the last measure: tried, wrong)
}

# The tally (tests/helpers/blind42_baseline_5007f5c2.json).
BASELINE: dict[str, int] = {"right": 4, "good stop": 0, "useless stop": 5, "exit 1": 0, "WRONG EXIT 0": 1}
