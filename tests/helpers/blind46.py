"""A thirty-fifth blind held-out batch (round forty-six) of 10 public datasets no rule, test or doc here named.

As rounds twelve to forty-five (tests/helpers/blind12.py .. blind45.py): a batch nobody tuned the detection rules
for, judged on the command a user types first (`shardify convert SRC OUT`), built without changing anything under
shardify/. Chosen as a user's downloads from Kaggle, Zenodo and university pages would mix them (4 image
classification, 2 detection, 1 segmentation, 2 text, 1 table), names starting A-H (batches 47 and 48, built at the
same time, take I-Q and R-Z), none of batches 12-45's, leaning to layouts no earlier batch held: split folders of
two class folders in capitals whose files have the SAME names in both classes ('train/REAL/0001.jpg' beside
'train/FAKE/0001.jpg'); three split folders ('training', 'validation', 'evaluation') of flat images whose class is
only the digit before the first underscore ('0_808.jpg' non-food, '1_616.jpg' food); one folder of two class
folders named '<class>_images' ('fire_images', 'non_fire_images') of '<class>.<n>.png' files; one flat 'Train/'
folder beside 'train_data.csv' ('images,label') whose file names carry eight prefixes for four classes
('cocci.', 'pcrcocci.', 'salmo.', 'pcrsalmo.', ...); a Roboflow YOLOv8 export whose label lines are 4-point
POLYGONS (9 numbers, not 5), some label files empty, beside a data.yaml of names with spaces; a Zenodo detection
set shipping per-image VGG Image Annotator JSONs (annotation_VGG_json/, the species a nested
region attribute, one-region files holding 'regions' as a single object) beside YOLO texts of bare class
numbers (annotation_YOLO_txt/) and the images in weedImages/; images and masks of the same names in
'all_images/images/' and 'all_masks/masks/'; then (tests/helpers/blind46_texts.py) a CSV of raw tweets whose
header's first cell is EMPTY (a pandas index: ',tweets,labels'); a CSV 'clean_text,is_depression' labelled 0/1;
UCI's zip of an ARFF table of 16 measurements and a Class, beside the same table as .xlsx.

Each checked absent, by its name and its characteristic file names (case-insensitive, over the tests/, docs/,
shardify/, converters/ and beam_jobs/ folders of /work/main, over `git -C /work/main ls-files` and over
`git -C /work/main log --all --format=%B`), on 2026-11-29 between 16:15 and 16:18 UTC (by this machine's clock;
the script /tmp/absent46.sh): 0 hits for every one kept (cifake, Food-5K, non_food, fire_dataset, fire_images,
non_fire, Coccidiosis, Salmonella, BoneFracture, cottonweed, CottonWeedDet12, fluocells, chatgpt,
depression_dataset, reddit_cleaned, is_depression, Dry_Bean, 'Dry Bean', DryBean, SEKER, BARBUNYA, DERMASON).
'REAL' hits 168 (a word), 'fire' 30 (a word), 'chicken' 5 (a food class, a disease, another set's class),
'train_data.csv' 2 (blind27's sign_data and blind37's flood_train_data.csv, other datasets' files), 'fracture' 4
(GRAZPEDWRI-DX's class, a CheXpert finding), 'weed' 19 (a word, other weed sets), 'fluorescent' 1 and 'all_masks' 3
(shardify's words for stains and mask folders, not this set), 'depression' 2 (blind33's r/depression beside
r/teenagers, another set), 'clean_text' 7 (blind45's Twitter_Data column, another set's).
Dropped because they, or their files, are named here already: the Breast Ultrasound Images (Dataset_BUSI), the ASL
alphabet, Cassava, the concrete cracks, the multi-class weather set, the Large Scale Fish set, the blood cells,
the cards, the car object detection set, the aquarium, the fruit detection sets, the semantic drone set,
CVC-ClinicDB, the forest aerial images, AG News, the Financial PhraseBank, the clickbait headlines, the Amazon Alexa
reviews, the drugs.com reviews, the hate speech tweets, GoEmotions, the Alzheimer MRI, the chessmen, Dermnet,
Fruits-360, Food-11, HAM10000, GTSDB, BDD100K, DOTA, FDDB, CRACK500, DeepCrack, FUSeg, GlaS, the fake news sets,
the fine food reviews, the fake job postings, the African wildlife set, the balloons (VIA), CARPK, D-Fire,
DeepWeeds, CHASE_DB1, HRF, the consumer complaints, the gun detection set, CarDD, the gemstones, horses or humans.

- images, classification (4): <root>/{train,test}/{REAL,FAKE}/ (CIFAKE); Food-5K/{training,validation,evaluation}/
  (Food-5K); fire_dataset/{fire_images,non_fire_images}/ (FIRE Dataset); Train/ beside train_data.csv (Chicken
  Disease, poultry faeces).
- detection (2): BoneFractureYolo8/{train,valid,test}/{images,labels}/ beside data.yaml (Bone Fracture Detection,
  Roboflow YOLOv8, polygons); CottonWeedDet12/{weedImages,annotation_VGG_json,annotation_YOLO_txt}/ (CottonWeedDet12).
- segmentation (1): all_images/images/ beside all_masks/masks/ (Fluorescent Neuronal Cells).
- text (2) and a table (1), tests/helpers/blind46_texts.py: file.csv (ChatGPT Sentiment Analysis);
  depression_dataset_reddit_cleaned.csv (Depression: Reddit Dataset (Cleaned)); DryBeanDataset/Dry_Bean_Dataset.arff
  (Dry Bean Dataset, UCI).

Each builder was written AFTER reading a stored source (its comment names it and what it showed); none was written
from memory alone. Details the sources did not settle are said in the comments ("as remembered"). Simplifications
are noted in each builder.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row is "<file>:<i>" (tests/helpers/unseen4.py's `Put`, `build`); no
split is "train"; a detection record's labels are its objects' classes. `FOLLOW` holds, per dataset, the
options a user would add after a stop to convert it right; None where none was found.

Measured on branch blind46 at main's c1fa10a8 (no fix in it; `python tests/helpers/blind_tally.py --batch 46
--json tests/helpers/blind46_baseline_c1fa10a8.json`, 2026-11-29 16:22 UTC by this machine's clock, 15 s): of 10, 4
right (bone_fracture, chatgpt_sentiment, cifake, fire_dataset), 4 good stops (chicken_disease: --labels named, not
its value train_data.csv, though the stop names the file as where the labels may be; depression_reddit: --label-column
'is_depression'; fluocells: --label-level 0; food_5k: --label-from-name '^(\\d+)_'), 1 stop naming nothing that
converts right (dry_bean: the ARFF table of measurements taken for a label or split file, 'point SRC at the folder
that holds the images or texts', where the tables options convert it right), 1 exit 1 (cottonweed: the VIA JSONs'
class a nested checkbox attribute {'CottonWeed': {'<species>': true}}, refused as 'no region attribute every one
holds as text'), 0 WRONG EXIT 0. (The first tally, at 16:19 before FOLLOW was filled in by trying the options each
stop names, no code changed, read 4/0/5/1/0.)
What each does: tests/layouts/test_blind_round_46.py.
After blindfix46 (tests/layouts/test_blindfix46.py; the exit 1 and the useless stop mended by kind, then the stop's
unnamed value): 5 right, 5 good stops (each naming its values), 0/0/0; what changed: tests/layouts/test_blind_round_46.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers import blind46_texts as texts
from helpers.blind23 import _pic
from helpers.unseen4 import Put, Spec, Truth4, aux, build
from helpers.unseen4 import given as _file

__all__ = ["BASELINE", "DATASETS", "FOLLOW", "SPECS"]


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------


def _cifake() -> Iterator[Put]:
    # CIFAKE: Real and AI-Generated Synthetic Images (Bird & Lotfi 2024; kaggle birdy654/cifake-real-and-ai-generated-
    # synthetic-images: 60,000 CIFAR-10 images and 60,000 Stable Diffusion 1.4 images, 32x32). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'cifake/train/FAKE': "kaggle datasets download -d birdy654/cifake-
    # real-and-ai-generated-synthetic-images -p data/cifake --unzip ... data/cifake/train/REAL/*.jpg data/cifake/train/
    # FAKE/*.jpg data/cifake/test/REAL/*.jpg data/cifake/test/FAKE/*.jpg"; "train/FAKE: 50,000 ... test/REAL: 10,000";
    # "CIFAKE reuses ``0001.png`` in REAL and FAKE -- they are different images ... real == 'train/REAL/0001'").
    # The JPEG names (the same names in REAL and FAKE; some with a ' (n)' suffix, 'copies' of a CIFAR class) are as
    # remembered. Truth: each JPEG a record of its split folder (train, test) labelled by its class folder (REAL,
    # FAKE). Simplified: 3 train and 2 test images a class, 32x32
    names = {"train": ("0001.jpg", "0042 (3).jpg", "1000 (10).jpg"), "test": ("0001.jpg", "0007 (2).jpg")}
    for split, picks in names.items():
        for cls in ("REAL", "FAKE"):
            for name in picks:
                yield _file(f"{split}/{cls}/{name}", _pic(f"cf{split}{cls}{name}", "JPEG", size=(32, 32)), split, cls)


FOOD_ALIASES = {"non_food": {"0"}, "food": {"1"}}


def _food5k() -> Iterator[Put]:
    # Food-5K (Singla, Yuan & Ebrahimi 2016, EPFL MMSPG; kaggle trolukovich/food5k-image-dataset). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'Food-5K/training': "!unzip -qq -o Food-5K.zip; !ls Food-5K/
    # training ... !mv training/0*.jpg data/train/nonfood"; "# Food images start with 1, non-food images start with 0
    # ... Food-5K/training/0_808.jpg ... Food-5K/training/1_616.jpg"; "The dataset is split into: Training: Food-5K/
    # training, Validation: Food-5K/validation, Evaluation: Food-5K/evaluation"; "/kaggle/input/food5k/Food-5K/
    # training/0*.jpg"). Truth: each JPEG a record of its folder's split (training -> train, validation, evaluation ->
    # test) labelled by the digit before the name's underscore (0 non_food, 1 food; the digits accepted for the
    # names). Simplified: 4 training, 2 validation and 2 evaluation images a class, 20x16
    counts = {"training": (808, 12, 1499, 3), "validation": (7, 250), "evaluation": (0, 499)}
    split_of = {"training": "train", "validation": "validation", "evaluation": "test"}
    for folder, numbers in counts.items():
        for digit, cls in (("0", "non_food"), ("1", "food")):
            for n in numbers:
                name = f"Food-5K/{folder}/{digit}_{n}.jpg"
                yield _file(name, _pic(f"f5{folder}{digit}{n}", "JPEG"), split_of[folder], cls)


def _fire() -> Iterator[Put]:
    # FIRE Dataset (kaggle phylake1337/fire-dataset: 755 outdoor-fire images, 244 non-fire). CHECKED 2026-11-29 against
    # readers in the code corpus (find_string 'fire_dataset/non_fire_images': "fire_dir = '/kaggle/input/fire-dataset/
    # fire_dataset/fire_images'; non_fire_dir = '/kaggle/input/fire-dataset/fire_dataset/non_fire_images'"; "data_dir =
    # 'C:/fire/fire_dataset/' ... labels = ['fire_images', 'non_fire_images'] ... fire_dataset/fire_images/fire.96.png
    # ... fire_dataset/non_fire_images/non_fire.97.png"; "fire_images = load_and_preprocess_images(fire_images_path,
    # 1); non_fire_images = ...(non_fire_images_path, 0)"). Truth: each PNG a record (no split: "train") labelled by
    # its folder (fire_images, non_fire_images). Simplified: 4 images a class, 20x16
    for cls, stem, numbers in (("fire_images", "fire", (1, 96, 240, 755)), ("non_fire_images", "non_fire", (1, 2, 97, 244))):
        for n in numbers:
            yield _file(f"fire_dataset/{cls}/{stem}.{n}.png", _pic(f"fi{stem}{n}"), "train", cls)


_POULTRY = {"cocci": "Coccidiosis", "healthy": "Healthy", "ncd": "New Castle Disease", "salmo": "Salmonella"}


def _chicken() -> Iterator[Put]:
    # Chicken Disease (Machine Learning Dataset for Poultry Diseases Diagnostics, Machuve et al. 2021, zenodo 4628934
    # and 5801834; kaggle allandclive/chicken-disease-1). CHECKED 2026-11-29 against readers in the code corpus
    # (find_string 'train_data.csv': "IMG_DIR = r'D:/Hocmay/ga/Train'; CSV_PATH = r'D:/Hocmay/ga/train_data.csv' ... #
    # CSV có 2 cột: images, label ... df['filepath'] = df['images'].apply(lambda x: os.path.join(IMG_DIR, x)) ...
    # LIST_CLASSES = ['Coccidiosis', 'Healthy', 'New Castle Disease', 'Salmonella']"; find_string 'salmo.1':
    # "['salmo.466.jpg','Salmonella'], ['cocci.334.jpg','Coccidiosis'], ['ncd.213.jpg','New Castle Disease'],
    # ['pcrsalmo.61.jpg','Salmonella']"; find_string 'pcrcocci': "allandclive/chicken-disease-1 -- images sit flat
    # inside a single Train/ folder with class encoded in the filename prefix (e.g. 'salmo.1600.jpg', 'healthy.1929.jpg',
    # 'pcrcocci.291.jpg')"). Truth: each JPEG a record (no split: "train") labelled by train_data.csv's label (the pcr
    # prefixes are the same four classes, photographed for the PCR-tested subset). Simplified: 12 images, 20x16
    picks = [
        ("salmo", 466),
        ("cocci", 334),
        ("ncd", 213),
        ("pcrsalmo", 61),
        ("salmo", 1366),
        ("healthy", 1929),
        ("pcrcocci", 291),
        ("healthy", 12),
        ("pcrhealthy", 5),
        ("cocci", 738),
        ("pcrncd", 40),
        ("ncd", 178),
    ]
    rows = ["images,label"]
    for prefix, n in picks:
        name = f"{prefix}.{n}.jpg"
        cls = _POULTRY[prefix.removeprefix("pcr")]
        rows.append(f"{name},{cls}")
        yield _file(f"Train/{name}", _pic(f"ck{name}", "JPEG"), "train", cls)
    yield aux("train_data.csv", "\n".join(rows) + "\n")


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------

_BONES = [
    "elbow positive",
    "fingers positive",
    "forearm fracture",
    "humerus fracture",
    "humerus",
    "shoulder fracture",
    "wrist positive",
]
BONE_ALIASES = {name: {str(i)} for i, name in enumerate(_BONES)}


def _bone_fracture() -> Iterator[Put]:
    # Bone Fracture Detection: A Computer Vision Project (kaggle pkdarabi/bone-fracture-detection-computer-vision-
    # project, a Roboflow export, 4,148 X-rays). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'BoneFractureYolo8': "BoneFractureYolo8/ ├── data.yaml ├── train/ │ ├── images/ │ └── labels/ ├── valid/ ... └──
    # test/"; "Лицензия: CC BY 4.0 (указана в data/BoneFractureYolo8/data.yaml) ... Классы (7): Elbow Positive,
    # Fingers Positive, Forearm Fracture, Humerus Fracture, Humerus, Shoulder Fracture, Wrist Positive"; "| 0 | elbow
    # positive | 1 | fingers positive | 2 | forearm fracture | 3 | humerus fracture | 4 | humerus | 5 | shoulder
    # fracture | 6 | wrist positive |" ... "YOLO-format segmentation polygon annotations"; "label = [float(v) for v in
    # f.readline().split()[1:9]]" (eight coordinates a line)). The Roboflow names ('image1_1020_png.rf.<hash>.jpg'),
    # the data.yaml's roboflow block, each line a 4-point polygon and the X-rays without a fracture having an EMPTY
    # label file are as remembered. Truth: detection, each image a record of its folder's split (train, valid, test)
    # labelled by its polygons' classes (the names; the numbers accepted for them); an empty label file: no object.
    # Simplified: 5 train, 2 valid, 2 test images, 20x16
    base = "BoneFractureYolo8"
    picks = {
        "train": ((1020, [0]), (17, [6, 6]), (300, []), (88, [2]), (5, [3, 4])),
        "valid": ((41, [1]), (9, [])),
        "test": ((77, [5]), (3, [6])),
    }
    for split, images in picks.items():
        for n, classes in images:
            stem = f"image{n}_{n * 7 % 1000}_png.rf.{n * 2654435761 % 16**12:012x}{n % 97:020x}"
            lines = "".join(
                f"{c} {0.30 + k / 10:.6f} {0.25:.6f} {0.45 + k / 10:.6f} {0.25:.6f} {0.45 + k / 10:.6f} {0.50:.6f} "
                f"{0.30 + k / 10:.6f} {0.50:.6f}\n"
                for k, c in enumerate(classes)
            )
            names = [_BONES[c] for c in classes]
            yield _file(f"{base}/{split}/images/{stem}.jpg", _pic(f"bf{stem}", "JPEG", mode="L"), split, names or None, names)
            yield aux(f"{base}/{split}/labels/{stem}.txt", lines)
    quoted = ", ".join(f"'{name}'" for name in _BONES)
    yield aux(
        f"{base}/data.yaml",
        f"train: ../train/images\nval: ../valid/images\ntest: ../test/images\n\nnc: 7\nnames: [{quoted}]\n\n"
        "roboflow:\n  workspace: veda\n  project: bone-fracture-detection-daoon\n  version: 4\n  license: CC BY 4.0\n"
        "  url: https://universe.roboflow.com/veda/bone-fracture-detection-daoon/dataset/4\n",
    )


# In the order of the YOLO ids (cwd12_species.py's table, read below).
_WEEDS = [
    "Waterhemp",
    "MorningGlory",
    "Purslane",
    "SpottedSpurge",
    "Carpetweed",
    "Ragweed",
    "Eclipta",
    "PricklySida",
    "PalmerAmaranth",
    "Sicklepod",
    "Goosegrass",
    "CutleafGroundcherry",
]
WEED_ALIASES = {name: {str(i)} for i, name in enumerate(_WEEDS)}


def _cottonweed() -> Iterator[Put]:
    # CottonWeedDet12 (Dang, Chen, Lu & Li 2023, zenodo 7535814: 5,648 images, 9,370 boxes of 12 weeds). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'annotation_VGG_json': "The dataset's own VGG
    # annotations (CottonWeedDet12/annotation_VGG_json, region_attributes {'CottonWeed': {'<species>': true}}). Every
    # one of the 3,671 train images has a VGG file of the same stem ... a VGG file with one region stores `regions` as
    # a single dict, which must be read as one region"; "rec = list(json.load(open(jp)).values())[0]; regs =
    # rec['regions']; regs = [regs] if isinstance(regs, dict) and 'shape_attributes' in regs else ..."; "copies the
    # dataset's own annotation_YOLO_txt ids unchanged ... The dataset's own README.txt (10 lines) names no class";
    # the id -> species table "0 Waterhemp | 1 Morning glory | 2 Purslane | 3 Spotted spurge | 4 Carpetweed | 5
    # Ragweed | 6 Eclipta | 7 Prickly sida | 8 Palmer amaranth | 9 Sicklepod | 10 Goosegrass | 11 Cutleaf
    # groundcherry", species keys "CWD12_SPECIES (Waterhemp, MorningGlory, ..., CutleafGroundcherry)"; find_string
    # 'CottonWeedDet12': "'folder': 'C:\\...\\CottonWeedDet12\\weedImages', 'file_name': '20210820_iPhoneSE_YL_1562.jpg'").
    # The VIA per-image layout ({"<filename><size>": {"filename", "size", "regions", "file_attributes"}}, rect shapes
    # x/y/width/height), a list of regions where there are several, and the species keys spelled as CWD12_SPECIES are
    # as remembered. Truth: detection, each JPEG of weedImages/ a record (no split: "train"; the authors split at
    # random) labelled by its boxes' species (the names; the YOLO numbers accepted for them). Simplified: 6 images of
    # 1-3 boxes, 20x16
    picks = [
        ("20210820_iPhoneSE_YL_1562", [0]),
        ("20210820_iPhoneSE_YL_1563", [3, 3]),
        ("20210906_iPhone11_ML_40", [7]),
        ("20210628_iPhoneSE_YL_7", [1, 9, 10]),
        ("20210707_CanonPowershot_JL_112", [11]),
        ("20210820_iPhoneSE_YL_15", [4, 8]),
    ]
    for stem, classes in picks:
        name = f"{stem}.jpg"
        data = _pic(f"cw{stem}", "JPEG")
        boxes = [(1 + 5 * k, 2 + k, 4, 6) for k in range(len(classes))]
        regions = [
            {
                "shape_attributes": {"name": "rect", "x": x, "y": y, "width": w, "height": h},
                "region_attributes": {"CottonWeed": {_WEEDS[c]: True}},
            }
            for c, (x, y, w, h) in zip(classes, boxes)
        ]
        entry = {
            "filename": name,
            "size": len(data),
            "regions": regions[0] if len(regions) == 1 else regions,
            "file_attributes": {},
        }
        yield _file(f"weedImages/{name}", data, "train", [_WEEDS[c] for c in classes], [_WEEDS[c] for c in classes])
        yield aux(f"annotation_VGG_json/{stem}.json", json.dumps({f"{name}{len(data)}": entry}))
        yield aux(
            f"annotation_YOLO_txt/{stem}.txt",
            "".join(
                f"{c} {(x + w / 2) / 20:.6f} {(y + h / 2) / 16:.6f} {w / 20:.6f} {h / 16:.6f}\n"
                for c, (x, y, w, h) in zip(classes, boxes)
            ),
        )
    yield aux(
        "README.txt",
        "CottonWeedDet12: a 12-class weed detection dataset for cotton production systems.\n"
        "weedImages: 5648 RGB images of weeds in cotton fields, collected in 2021.\n"
        "annotation_VGG_json: bounding box annotations made with VGG Image Annotator (VIA).\n"
        "annotation_YOLO_txt: the same annotations in YOLO format.\n",
    )


# ------------------------------------------------------------------------------------------------
# Segmentation
# ------------------------------------------------------------------------------------------------


def _fluocells() -> Iterator[Put]:
    # Fluorescent Neuronal Cells (Clissa, Morelli et al. 2021, University of Bologna AMS Acta 6706: 283 pictures,
    # 1600x1200, of mice brain slices with binary masks of stained neurons). CHECKED 2026-11-29 against readers in the
    # code corpus (search 'Fluorescent Neuronal Cells': the dataset's README "## Quick Start This dataset contains 283
    # images ... plus the correspondent ground-truth masks ... The folder `all_images/images` contains the original
    # images ... ## Terms of Use ... CC BY-SA 4.0"; "283 high-resolution pictures (1600x1200 pixels) ... black (0) and
    # white (255) images having pixel-level annotations"; find_string 'all_masks/masks': "image_dir = './dataset/
    # all_images/images/'; mask_dir = './dataset/all_masks/masks/' ... mask_path = os.path.join(mask_dir,
    # images[idx])" (the same names); "'Mar31bS2C1R2_VLPAGr_200x_y.png', 'MAR38S1C3R1_LHR_20_o.png',
    # 'Mar42S2C4R2_VLPAGr_200x_o.png'"; "There are no pre-defined train/val/test splits"). The README's name
    # 'README.md' is as remembered. Truth: each PNG of all_images/images/ a record (no split: "train"), unlabelled
    # (the neurons a per-pixel mask); all_masks/masks/ holds the masks, no records. Simplified: 6 images, 20x16
    names = [
        "Mar31bS2C1R2_VLPAGr_200x_y",
        "MAR38S1C3R1_LHR_20_o",
        "Mar42S2C4R2_VLPAGr_200x_o",
        "Mar33bS1C4R2_DMl_200x_y",
        "MAR55S1C5R3_DMR_20_o",
        "Mar36bS1C6R2_DMr_200x_y",
    ]
    for stem in names:
        yield _file(f"all_images/images/{stem}.png", _pic(f"fn{stem}"), "train")
        yield aux(f"all_masks/masks/{stem}.png", _pic(f"fnm{stem}", values=[0, 255]))
    yield aux(
        "README.md",
        "# Fluorescent Neuronal Cells\n\n## Quick Start\n\nThis dataset contains 283 images of mice brain slices "
        "obtained through fluorescent microscopy, plus the correspondent\nground-truth masks for semantic segmentation "
        "and object detection.\n\nThe folder `all_images/images` contains the original images.\n\n## Terms of Use\n\n"
        "All images in this archive are licensed under CC BY-SA 4.0.\n",
    )


SPECS: dict[str, Spec] = {
    "cifake": Spec(
        "cifake-real-and-ai-generated-synthetic-images",
        "image",
        _cifake,
        "https://www.kaggle.com/datasets/birdy654/cifake-real-and-ai-generated-synthetic-images",
        "images labelled by REAL/FAKE folder; split by train/, test/; the same names in both classes.",
    ),
    "food_5k": Spec(
        "food5k",
        "image",
        _food5k,
        "https://www.kaggle.com/datasets/trolukovich/food5k-image-dataset",
        "images labelled by the digit before the name's underscore (0 non-food, 1 food); split by folder.",
        aliases=FOOD_ALIASES,
    ),
    "fire_dataset": Spec(
        "fire-dataset",
        "image",
        _fire,
        "https://www.kaggle.com/datasets/phylake1337/fire-dataset",
        "images labelled by folder (fire_images, non_fire_images); no split.",
    ),
    "chicken_disease": Spec(
        "chicken-disease-1",
        "image",
        _chicken,
        "https://www.kaggle.com/datasets/allandclive/chicken-disease-1",
        "images of one Train/ folder labelled by train_data.csv (images,label); no split.",
    ),
    "bone_fracture": Spec(
        "bone-fracture-detection-computer-vision-project",
        "image",
        _bone_fracture,
        "https://www.kaggle.com/datasets/pkdarabi/bone-fracture-detection-computer-vision-project",
        "detection: YOLO polygons per split (train, valid, test), names in data.yaml; empty label files.",
        aliases=BONE_ALIASES,
    ),
    "cottonweed": Spec(
        "CottonWeedDet12",
        "image",
        _cottonweed,
        "https://zenodo.org/record/7535814",
        "detection: per-image VIA JSONs (species) beside YOLO texts (numbers); no split.",
        aliases=WEED_ALIASES,
    ),
    "fluocells": Spec(
        "Fluorescent_Neuronal_Cells",
        "image",
        _fluocells,
        "https://amsacta.unibo.it/id/eprint/6706/",
        "images unlabelled; all_masks/masks/ of the same names no records.",
    ),
    "chatgpt_sentiment": Spec(
        "chatgpt-sentiment-analysis",
        "text",
        texts.chatgpt,
        "https://www.kaggle.com/datasets/charunisa/chatgpt-sentiment-analysis",
        "each tweet a record labelled by labels (good, neutral, bad); an unnamed index column first.",
    ),
    "depression_reddit": Spec(
        "depression-reddit-cleaned",
        "text",
        texts.depression,
        "https://www.kaggle.com/datasets/infamouscoder/depression-reddit-cleaned",
        "each post a record labelled by is_depression (1 depression, 0 not).",
        aliases=texts.DEPRESSION_ALIASES,
    ),
    "dry_bean": Spec(
        "DryBeanDataset",
        "table",
        texts.dry_bean,
        "https://archive.ics.uci.edu/dataset/602/dry+bean+dataset",
        "each ARFF row a record labelled by Class (7 beans); the same table as .xlsx beside.",
    ),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "cifake": None,
    # the stop names --label-from-name '^(\\d+)_' (tried: right; the digits accepted for non_food, food)
    "food_5k": {"label_from_name": r"^(\d+)_"},
    "fire_dataset": None,
    # the stop said the labels may be in train_data.csv and named --labels FILE; since blindfix46 it names
    # --labels train_data.csv --label-column 'label' (tried: right, with or without the column)
    "chicken_disease": {"labels_file": "train_data.csv"},
    "bone_fracture": None,
    # none found at c1fa10a8 (exit 1): with annotation_VGG_json/ excluded the YOLO texts apart in annotation_YOLO_txt/
    # are not read (tried); right with no option since blindfix46
    "cottonweed": None,
    "fluocells": {"label_level": 0},  # the stop's own option (tried: right; all_masks/masks/ stays auxiliary)
    "chatgpt_sentiment": None,
    "depression_reddit": {"label_column": "is_depression"},  # the stop's own option and value (tried: right)
    # at c1fa10a8 the stop said only that the folder holds no images or texts; since blindfix46 it names these
    # tables options, which convert it right (tried)
    "dry_bean": {"layout": "tables", "text_column": "none", "keep_columns": ("*",), "label_column": "Class"},
}

# The tally (tests/helpers/blind46_baseline_c1fa10a8.json).
BASELINE: dict[str, int] = {"right": 4, "good stop": 4, "useless stop": 1, "exit 1": 1, "WRONG EXIT 0": 0}
