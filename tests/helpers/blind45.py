"""A thirty-fourth blind held-out batch (round forty-five) of 10 public datasets no rule, test or doc here named.

As rounds twelve to forty-three (tests/helpers/blind12.py .. blind43.py): a batch nobody tuned the detection rules
for, judged on the command a user types first (`shardify convert SRC OUT`), built without changing anything under
shardify/. Chosen as a user's downloads would mix them (4 image classification, 2 detection, 1 segmentation, 2 text,
1 table), names starting M-Z (batch 44, built at the same time, takes A-L), none of batches 12-43's, leaning to
layouts no earlier batch held: split folders in capitals ('DATASET/TRAIN/downdog', 'DATASET/TEST/downdog') whose
images mix .jpg, .jpeg and .png; one folder holding two class folders, one of them a negation of the other
('pizza_not_pizza/{pizza,not_pizza}'); a root folder whose name is a sentence with spaces ('Digital images of
defective and good condition tyres') over class folders whose files are named '<Class> (<n>).jpg'; two class
folders each beside a '<Class>.metadata.xlsx' and a 'README.md.txt'; a YOLO export in train/val folders of images/
and labels/ whose files' names carry the class ('Automatic Rifle_100.jpeg') beside a metadata.csv of 'imagefile,
labelfile,target,train_id' and NO names file (the classes are numbers in the download); Pascal VOC files of one class
('boat') in annotations/ beside images/ of PNGs; images and masks of the same names in 'Data/{train,test}/{image,
mask}' (singular folder names); then (tests/helpers/blind45_texts.py) a 'Category,Resume' CSV whose text is the
second column and runs over many lines; two CSVs of one kind ('clean_text,category' and 'clean_comment,category')
labelled -1.0/0.0/1.0 and -1/0/1, one row without a category; a table of measurements whose label ('class') sits
in the middle of 18 columns, among ids.

Each checked absent, by its name and its characteristic file names (case-insensitive, over the tests/, docs/,
shardify/, converters/ and beam_jobs/ folders of /work/main, over `git -C /work/main ls-files` and over
`git -C /work/main log --all --format=%B`), on 2026-11-29 between 14:38 and 14:40 UTC (by this machine's clock;
the script /tmp/absent45.sh): 0 hits for every one kept (downdog, goddess, not_pizza, tyre, 'Digital images of
defective', warcoder, TB_Chest, Normal.metadata, 'Automatic Rifle', weapon, boat0, ship-detection, abdallahwagih,
'retina blood', Retina-Blood, UpdatedResume, gauravduttakiit, Twitter_Data, Reddit_Data, clean_comment, cosmos98,
star_classification, stellar). 'yoga' hits 4 (blind20's Yoga-82, another dataset of 82 poses in Images/<Pose>/
beside yoga_train.txt, not the five-pose TRAIN/TEST set), 'pizza' 6 (a class of Food-101 / COCO in other
builders), 'Tuberculosis' 1 (unseen6's NLM tuberculosis sets, Montgomery and Shenzhen, not this database),
'GALAXY' 3 (a word), 'Resume.csv' 3 (another file of resumes' name part), 'resume' 52 (the verb).
Dropped because they, or their files, are named here already: Shoe vs Sandal vs Boot (blind33), the Monkeypox skin
lesions (blind32), the pistachio images (blind30), the twitter entity sentiment set (blind18), the water bodies
(blind36), Netflix titles, PCB defects (blind19), DeepPCB, the mushrooms, the potholes, the face masks, the wheat
heads, VisDrone, NWPU VHR-10, UA-DETRAC, MOT17, SVHN, xView, the Massachusetts sets, UW-Madison, Kvasir, Sartorius,
BCCD, the helmets, Udacity/crowdai, PennFudan, WIDER FACE, the poem sentiment set, the toxic comments, water
potability, the stroke and Pima tables, the Women's clothing reviews, the airline tweets.

- images, classification (4): DATASET/{TRAIN,TEST}/<pose>/ (Yoga Poses); pizza_not_pizza/{pizza,not_pizza}/
  (Pizza or Not Pizza); 'Digital images of defective and good condition tyres'/{defective,good}/ (Tyre Quality);
  TB_Chest_Radiography_Database/{Normal,Tuberculosis}/ beside *.metadata.xlsx (Tuberculosis Chest X-ray Database).
- detection (2): weapon_detection/{train,val}/{images,labels}/ beside metadata.csv (Weapon Detection, YOLO);
  images/boatN.png beside annotations/boatN.xml (Ship Detection from Aerial Images, VOC).
- segmentation (1): Data/{train,test}/{image,mask}/ (Retina Blood Vessel).
- text (2) and a table (1), tests/helpers/blind45_texts.py: UpdatedResumeDataSet.csv (Resume Dataset);
  Twitter_Data.csv and Reddit_Data.csv (Twitter and Reddit Sentimental Analysis); star_classification.csv
  (Stellar Classification, SDSS17).

Each builder was written AFTER reading a stored source (its comment names it and what it showed); none was written
from memory alone. Details the sources did not settle are said in the comments ("as remembered"). Simplifications
are noted in each builder.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row is "<file>:<i>" (tests/helpers/unseen4.py's `Put`, `build`); no
split is "train"; a detection record's labels are its objects' classes. `FOLLOW` holds, per dataset, the
options a user would add after a stop to convert it right; None where none was found.

Measured on branch blind45 at main's 471a2c81 (no fix in it; `python tests/helpers/blind_tally.py --batch 45
--json tests/helpers/blind45_baseline_471a2c81.json`, 2026-11-29 14:41 UTC by this machine's clock, 10 s): of 10, 8
right (pizza_not_pizza, resume, retina_vessel, ship_detection, stellar, tb_chest, tyre_quality, yoga_poses), 1 good
stop (weapon_detection: --label-names, the classes being numbers in the download; the stop names the option, not
the names, which only the dataset's page gives), 0 useless stops, 0 exit 1, 1 WRONG WITH EXIT 0
(twitter_reddit_sentiment: the tweet whose category cell is empty is rejected, not written unlabelled, and the two
files' categories become six labels for three classes, '-1.0' beside '-1'). (The first tally, at 14:40 before
FOLLOW was filled in and with the decimals accepted as aliases of the classes, read 8/0/1/0/1.)
What each does: tests/layouts/test_blind_round_45.py.
After blindfix45 (tests/layouts/test_blindfix45.py): labels that are one number spelled two ways ('-1.0' beside '-1')
stop before writing, naming the spellings and the tables (shardify/plan/number_spellings.py): twitter_reddit_sentiment
a stop naming no option that converts it right (none merges labels): 8 right, 1 good stop, 1 useless stop, 0 exit 1,
0 WRONG EXIT 0 (14:47 UTC). Batches 39, 36, 33, 30 re-tallied after it (14:47 UTC): 5/4/1/0/0, 6/4/0/0/0, 6/4/0/0/0,
4/5/1/0/0, no right lost.
After readers35a (tests/test_readers35a.py): a label column whose sampled cells are all whole decimals ('-1.0') is
read as whole numbers, its empty cells unlabelled (converters/whole_decimal_labels.py): twitter_reddit_sentiment right.
9 right, 1 good stop, 0 useless, 0 exit 1, 0 WRONG EXIT 0.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers import blind45_texts as texts
from helpers.blind23 import _pic
from helpers.unseen4 import Put, Spec, Truth4, aux, build
from helpers.unseen4 import given as _file

__all__ = ["BASELINE", "DATASETS", "FOLLOW", "SPECS"]


def _xlsx_placeholder() -> bytes:
    """A zip shaped as an .xlsx workbook (no xlsx writer here; shardify reads none of its cells)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr(
            "[Content_Types].xml",
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        )
        z.writestr("xl/workbook.xml", '<?xml version="1.0"?><workbook/>')
    return buf.getvalue()


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------


def _yoga() -> Iterator[Put]:
    # Yoga Poses Dataset (kaggle niharika41298/yoga-poses-dataset: 5 poses). CHECKED 2026-11-29 against readers in the
    # code corpus (find_string 'DATASET/TRAIN/downdog': "downdog_image = loadimages('Dataset/Yoga-Dataset/DATASET/
    # TRAIN/downdog/*'); goddess_image = ...TRAIN/goddess/*'); plank_image = ...TRAIN/plank/*'); tree_image = ...";
    # "folder_path = 'DATASET/TRAIN/downdog'"; "'prelim/_dataset/TRAIN/Downdog', # Classification = 0 ... Goddess ...
    # Plank"). The fifth pose 'warrior2', the TEST folder of the same five, and the names ('00000128.jpg', 'File1.png',
    # 'images12.jpeg': scraped, mixed extensions) are as remembered. Truth: each image a record of its split folder
    # (TRAIN -> train, TEST -> test) labelled by its pose folder. Simplified: 2 train and 1 test image a pose, 20x16
    names = {"train": ("00000128.jpg", "File1.png"), "test": ("images12.jpeg",)}
    for split, folder in (("train", "TRAIN"), ("test", "TEST")):
        for pose in ("downdog", "goddess", "plank", "tree", "warrior2"):
            for name in names[split]:
                fmt = "PNG" if name.endswith(".png") else "JPEG"
                yield _file(f"DATASET/{folder}/{pose}/{name}", _pic(f"yg{split}{pose}{name}", fmt), split, pose)


def _pizza() -> Iterator[Put]:
    # Pizza or Not Pizza (kaggle carlosrunner/pizza-not-pizza: pizza images of Food-101 beside other foods). CHECKED
    # 2026-11-29 against readers in the code corpus (find_string 'pizza_not_pizza/': "pizza_dir = './pizza_not_pizza/
    # pizza'; not_pizza_dir = './pizza_not_pizza/not_pizza'"; "paths_pizza = glob.glob('.//pizza_not_pizza//pizza//
    # *.jpg')"; "data_directory = pathlib.Path('./pizza_not_pizza'); class_names = [item.name for item in
    # data_directory.glob('*')][:2]" (the folder holds more than the two class folders); "pizza_not_pizza/pizza/
    # 709947.jpg"). The numeric names (Food-101 ids) and food101_class_names.txt beside the folders are as
    # remembered. Truth: each JPEG a record (no split: "train") labelled by its folder (pizza, not_pizza).
    # Simplified: 4 images a class, 20x16
    for cls, ids in (("pizza", (709947, 1001116, 32004, 3398309)), ("not_pizza", (1005649, 141507, 2174, 993))):
        for n in ids:
            yield _file(f"pizza_not_pizza/{cls}/{n}.jpg", _pic(f"pz{cls}{n}", "JPEG"), "train", cls)
    yield aux("pizza_not_pizza/food101_class_names.txt", "apple_pie\nbaby_back_ribs\nbaklava\npizza\nramen\n")


def _tyres() -> Iterator[Put]:
    # Tyre Quality Classification (kaggle warcoder/tyre-quality-classification). CHECKED 2026-11-29 against readers in
    # the code corpus (find_string 'good condition tyres': "extract_dir = r'...\\Digital images of defective and good
    # condition tyres'; good_tires_dir = os.path.join(extract_dir, 'good'); defective_tires_dir = ...'defective')";
    # "kaggle datasets download warcoder/tyre-quality-classification -p data --unzip -> data/Digital images of
    # defective and good condition tyres/"; "dataset_name = 'Digital images of defective and good condition tyres';
    # ... get_train_valid_subsets(dataset_path, valid_ratio=0.125" (no split shipped)). The names 'Defective (1).jpg'
    # and 'good (1).jpg' are as remembered. Truth: each JPEG a record (no split: "train") labelled by its folder
    # (defective, good). Simplified: 4 images a class, 20x16
    base = "Digital images of defective and good condition tyres"
    for cls, stem in (("defective", "Defective"), ("good", "good")):
        for n in (1, 2, 10, 101):
            yield _file(f"{base}/{cls}/{stem} ({n}).jpg", _pic(f"ty{cls}{n}", "JPEG"), "train", cls)


def _tb_chest() -> Iterator[Put]:
    # Tuberculosis (TB) Chest X-ray Database (Rahman et al. 2020; kaggle tawsifurrahman/tuberculosis-tb-chest-xray-
    # dataset). CHECKED 2026-11-29 against readers in the code corpus (find_string 'TB_Chest_Radiography_Database/':
    # "path_normal = 'TB_Chest_Radiography_Database/Normal'; path_tb = 'TB_Chest_Radiography_Database/Tuberculosis'";
    # "image_path = 'TB_Chest_Radiography_Database/Normal/Normal-1.png'"; ".../Normal/Normal-5.png"; "Original
    # dataset: TB_Chest_Radiography_Database/ - Normal/ - Tuberculosis/"). The 'Tuberculosis-<n>.png' names, the
    # Normal.metadata.xlsx and Tuberculosis.metadata.xlsx (file name, format, size, source URL) and the README.md.txt
    # beside the folders are as remembered (the same group's COVID-19 Radiography Database ships them so). Truth: each
    # PNG a record (no split: "train") labelled by its folder (Normal, Tuberculosis). Simplified: 4 images a class,
    # 20x16 greyscale (not 512x512)
    base = "TB_Chest_Radiography_Database"
    for cls in ("Normal", "Tuberculosis"):
        for n in (1, 2, 12, 700):
            yield _file(f"{base}/{cls}/{cls}-{n}.png", _pic(f"tb{cls}{n}", mode="L"), "train", cls)
        yield aux(f"{base}/{cls}.metadata.xlsx", _xlsx_placeholder())
    yield aux(
        f"{base}/README.md.txt",
        "Tuberculosis (TB) Chest X-ray Database\n\nA team of researchers from Qatar "
        "University, Doha, Qatar, and the University of Dhaka, Bangladesh ... 700 TB images and 3500 normal "
        "images.\n",
    )


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------

_WEAPONS = ["Automatic Rifle", "Bazooka", "Grenade Launcher", "Handgun", "Knife", "Shotgun", "SMG", "Sniper", "Sword"]
WEAPON_ALIASES = {name: {str(i)} for i, name in enumerate(_WEAPONS)}


def _weapons() -> Iterator[Put]:
    # Weapon Detection Dataset (kaggle raghavnanjappan/weapon-detection-dataset, 714 images, YOLO). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'weapon_detection/train': a loader "weapon_data2/ metadata.csv
    # (imagefile, labelfile, target, train_id) weapon_detection/ train/images/ train/labels/ (571 images, train_id ==
    # 1) val/images/ val/labels/ (143 images, train_id == 0) ... 9 weapon classes: 0 Automatic Rifle | 1 Bazooka | 2
    # Grenade Launcher | 3 Handgun | 4 Knife | 5 Shotgun | 6 SMG | 7 Sniper | 8 Sword" (the names from the dataset's
    # page, not from a file of the download); "cv2.imread('../dataset/weapon_detection/train/images/Automatic
    # Rifle_100.jpeg')"; "data['labelfile'].str.replace(...).str.split('_'...)"). One box an image, of the class its
    # name carries, is as remembered. Truth: detection, each image a record of its folder's split (train, val)
    # labelled by its boxes' classes (the names; the numbers accepted for them, as the download has no names file).
    # Simplified: 6 train and 3 val images, one box each, 20x16
    rows = ["imagefile,labelfile,target,train_id"]
    for split, picks in (("train", ((0, 100), (3, 12), (4, 7), (5, 55), (7, 3), (8, 41))), ("val", ((0, 17), (3, 2), (6, 9)))):
        for cid, n in picks:
            stem = f"{_WEAPONS[cid]}_{n}"
            yield _file(
                f"weapon_detection/{split}/images/{stem}.jpeg", _pic(f"wp{stem}", "JPEG"), split, _WEAPONS[cid], [_WEAPONS[cid]]
            )
            yield aux(
                f"weapon_detection/{split}/labels/{stem}.txt", f"{cid} {0.40 + cid / 50:.6f} {0.5:.6f} {0.35:.6f} {0.45:.6f}\n"
            )
            rows.append(f"{stem}.jpeg,{stem}.txt,{cid},{1 if split == 'train' else 0}")
    yield aux("metadata.csv", "\n".join(rows) + "\n")


def _ships() -> Iterator[Put]:
    # Ship Detection from Aerial Images (kaggle andrewmvd/ship-detection, 621 images, Pascal VOC). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'annotations/boat': "sample_image_path = f'/kaggle/input/ship-
    # detection/images/boat{sample_id}.png'; sample_annot_path = f'/kaggle/input/ship-detection/annotations/
    # boat{sample_id}.xml' ... for neighbor in root.iter('bndbox'): xmin = int(...)"; "img = cv2.imread('data/images/
    # boat1.png'); tree = ET.parse('data/annotations/boat1.xml') ... for obj in root.findall('object'): b =
    # obj.find('bndbox')"). The one class name 'boat' and the VOC fields (folder 'images', filename, size, segmented,
    # object name/pose/truncated/occluded/difficult) are as remembered. Truth: detection, each PNG a record (no split:
    # "train") labelled by its boxes' class (boat). Simplified: 5 images of 1-3 boats, 20x16
    for n in (0, 1, 4, 44, 100):
        boxes = 1 + n % 3
        objects = "".join(
            f"<object><name>boat</name><pose>Unspecified</pose><truncated>0</truncated><occluded>0"
            f"</occluded><difficult>0</difficult><bndbox><xmin>{1 + 5 * k}</xmin><ymin>{2 + k}</ymin>"
            f"<xmax>{5 + 5 * k}</xmax><ymax>{9 + k}</ymax></bndbox></object>"
            for k in range(boxes)
        )
        xml = (
            f"<annotation><folder>images</folder><filename>boat{n}.png</filename><size><width>20</width>"
            f"<height>16</height><depth>3</depth></size><segmented>0</segmented>{objects}</annotation>\n"
        )
        yield _file(f"images/boat{n}.png", _pic(f"sh{n}"), "train", "boat", ["boat"] * boxes)
        yield aux(f"annotations/boat{n}.xml", xml)


# ------------------------------------------------------------------------------------------------
# Segmentation
# ------------------------------------------------------------------------------------------------


def _retina() -> Iterator[Put]:
    # Retina Blood Vessel (kaggle abdallahwagih/retina-blood-vessel: 100 fundus images with binary vessel masks).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'retina-blood-vessel': "Dataset obtained from
    # Kaggle - [Blood Vessel Data](https://www.kaggle.com/datasets/abdallahwagih/retina-blood-vessel)"; "Binary mask
    # annotations (vessel pixels marked as 1, background as 0)"; "retina-blood-vessel ... (segmentation mask assets,
    # not raw fundus images)"; the code it follows, nikhilroxtomar/Retina-Blood-Vessel-Segmentation-in-PyTorch,
    # reading "train/image/*" and "train/mask/*"). The Data/{train,test}/{image,mask}/ folders (singular) and the
    # names '0.png'.. '79.png' (train), '0.png'.. '19.png' (test), the same in image/ and mask/, are as remembered.
    # Truth: each PNG in an image/ folder a record of its split (train, test), unlabelled (the vessel mask per-pixel);
    # mask/ holds the masks, no records. Simplified: 4 train and 2 test images, 20x16 (not 512x512)
    for split, count in (("train", 4), ("test", 2)):
        for n in range(count):
            yield _file(f"Data/{split}/image/{n}.png", _pic(f"rv{split}{n}"), split)
            yield aux(f"Data/{split}/mask/{n}.png", _pic(f"rvm{split}{n}", values=[0, 255]))


SPECS: dict[str, Spec] = {
    "yoga_poses": Spec(
        "yoga-poses-dataset",
        "image",
        _yoga,
        "https://www.kaggle.com/datasets/niharika41298/yoga-poses-dataset",
        "images labelled by pose folder; split by DATASET/TRAIN, DATASET/TEST.",
    ),
    "pizza_not_pizza": Spec(
        "pizza-not-pizza",
        "image",
        _pizza,
        "https://www.kaggle.com/datasets/carlosrunner/pizza-not-pizza",
        "images labelled by folder (pizza, not_pizza); no split.",
    ),
    "tyre_quality": Spec(
        "tyre-quality-classification",
        "image",
        _tyres,
        "https://www.kaggle.com/datasets/warcoder/tyre-quality-classification",
        "images labelled by folder (defective, good); no split.",
    ),
    "tb_chest": Spec(
        "tuberculosis-tb-chest-xray-dataset",
        "image",
        _tb_chest,
        "https://www.kaggle.com/datasets/tawsifurrahman/tuberculosis-tb-chest-xray-dataset",
        "images labelled by folder (Normal, Tuberculosis); no split; metadata xlsx beside.",
    ),
    "weapon_detection": Spec(
        "weapon-detection-dataset",
        "image",
        _weapons,
        "https://www.kaggle.com/datasets/raghavnanjappan/weapon-detection-dataset",
        "detection: YOLO per split (train, val), no names file; metadata.csv beside.",
        aliases=WEAPON_ALIASES,
    ),
    "ship_detection": Spec(
        "ship-detection",
        "image",
        _ships,
        "https://www.kaggle.com/datasets/andrewmvd/ship-detection",
        "detection: VOC XML in annotations/ beside images/ (one class, boat); no split.",
    ),
    "retina_vessel": Spec(
        "retina-blood-vessel",
        "image",
        _retina,
        "https://www.kaggle.com/datasets/abdallahwagih/retina-blood-vessel",
        "images per split unlabelled; mask/ of the same names no records.",
    ),
    "resume": Spec(
        "resume-dataset",
        "text",
        texts.resume,
        "https://www.kaggle.com/datasets/gauravduttakiit/resume-dataset",
        "each Resume a record labelled by Category.",
        aliases={},
    ),
    "twitter_reddit_sentiment": Spec(
        "twitter-and-reddit-sentimental-analysis-dataset",
        "text",
        texts.twitter_reddit,
        "https://www.kaggle.com/datasets/cosmos98/twitter-and-reddit-sentimental-analysis-dataset",
        "each text a record labelled by category (-1 negative, 0 neutral, 1 positive).",
        aliases=texts.SENTIMENT_ALIASES,
    ),
    "stellar": Spec(
        "stellar-classification-dataset-sdss17",
        "table",
        texts.stellar,
        "https://www.kaggle.com/datasets/fedesoriano/stellar-classification-dataset-sdss17",
        "each row a record labelled by class (GALAXY, QSO, STAR), the 14th of 18 columns.",
    ),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "yoga_poses": None,
    "pizza_not_pizza": None,
    "tyre_quality": None,
    "tb_chest": None,
    "weapon_detection": {"label_names": tuple(_WEAPONS)},  # the stop names --label-names; the names from the dataset's page
    "ship_detection": None,
    "retina_vessel": None,
    "resume": None,
    "twitter_reddit_sentiment": None,
    "stellar": None,
}

# The tally (tests/helpers/blind45_baseline_471a2c81.json).
BASELINE: dict[str, int] = {"right": 8, "good stop": 1, "useless stop": 0, "exit 1": 0, "WRONG EXIT 0": 1}
