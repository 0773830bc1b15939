"""A fortieth blind held-out batch (round fifty-one) of 10 public datasets no rule, test or doc here named.

As rounds twelve to forty-eight (tests/helpers/blind12.py .. blind48.py): a batch nobody tuned the detection rules
for, judged on the command a user types first (`shardify convert SRC OUT`), built without changing anything under
shardify/. Chosen as a user's downloads would mix them (4 image classification, 2 detection, 1 segmentation, 2 text,
1 table), names starting S-Z (batches 49 and 50, built at the same time, take A-I and J-R), none of batches 12-48's,
leaning to layouts no earlier batch held: a root folder 'Soil types' over class folders whose names have spaces
('Black Soil', 'Cinder Soil'); two class folders ('vehicles', 'non-vehicles', one a negation of the other) each over
folders of the SOURCES the crops came from ('GTI_Far', 'KITTI_extracted', 'Extras'), the label the upper folder, beside
a Mac's .DS_Store; train/valid/test folders of classes in capitals with spaces ('AFRICAN LEOPARD', 'SNOW LEOPARD')
beside a WILDCATS.CSV of 'class id,filepaths,labels,data set' and a trained model (.h5); split folders train/val/test
of classes with spaces ('hot dog', 'ice cream') named by hexadecimal ids; one XML file a split (train.xml,
test.xml) of '<tagset><image><imageName>img/..' whose boxes are '<taggedRectangle>' attributes and whose classes are
the words read in the picture (Street View Text); COCO files named 'instances_{train,val}_trashcan.json' beside the
train/ and val/ folders they describe, one level below the download ('dataset/instance_version'); image and mask
folders whose split is a PREFIX of the folder's name ('trainval-image', 'trainval-mask', 'test-image', 'test-mask'),
the masks JPEGs, beside five cross-validation folds 'tn3k-trainval-fold<N>.json'; then (tests/helpers/blind51_texts.py)
a CSV whose first column has no name (pandas' index) before 'statement,status', its statements over many lines; a
'Text,Label' CSV of news articles whose five classes are the numbers 0-4; a headerless table of 60 measurements and
the label ('R', 'M') last (the UCI sonar file, no extension) beside its '.names' description.

Each checked absent, by its name and its characteristic file names (case-insensitive, over the tests/, docs/,
shardify/, converters/ and beam_jobs/ folders of /work/main, over `git -C /work/main ls-files` and over
`git -C /work/main log --all --format=%B`), on 2026-11-29 between 17:05 and 17:14 UTC (by this machine's clock;
the script /tmp/absent51.sh): 0 hits for every one kept ('soil types', 'Black Soil', Cinder, Laterite, non-vehicles,
'vehicles/', GTI_Far, KITTI_extracted, WILDCATS, 'wild cats', caracal, snacks, Matthijs, 'Street View Text', svt1,
taggedRectangle, trashcan, tn3k, thyroid, 'Combined Data', 'statement,status', df_file, sunilthite, 'text document
classification', sonar, sonar.all). 'svt' hits 9 (inside 'csvTrainImages'), 'mental health' 2 (blind47's docstring
leaves 'Sentiment Analysis for Mental Health' out as not starting I-Q, the OSMI survey's headers in a test of header
shapes: another set), 'filepaths' 7 (a column name of other downloads of the same uploader's style).
Dropped because they, or their files, are named here already: Tom and Jerry, the vegetable images, the waste
classification, Walk or Run, the surface cracks (blind36), SKU110K (unseen7), the Semantic Drone set, the sarcasm
headlines, the suicide detection posts, the Zoo table, the traffic-sign YOLO sets, the tea sickness leaves, ImageWoof,
Tobacco3482, the sea animals (blind42), the crop-and-weed boxes, the ultrasound nerves, SUIM, TGS salt, Symptom2Disease,
the financial phrase bank, the satellite image classes, TrashNet, the Roboflow '_annotations.coco' exports, the thermal
dogs and people, the aerial 'Tile 1' semantic set, Severstal, the Sentiment Labelled Sentences, the tweet sentiment
extraction, the Stack Overflow quality set, the Wonders of the World, TACO, the Stanford Background set, Supervisely's
persons, Weizmann horses, WELFake, the Twitter financial news, TT100K, SeaShips, WGISD, SIXray, Tiny Person, WikiArt,
the YouTube spam comments, the Steam reviews, SemEval's restaurant reviews, TweetEval, SNLI. Left out for want of a
stored source of their layout: Four Shapes, the stock market tweets (stock_data.csv), Human Stress Prediction (and its
name starts with H).

- images, classification (4): 'Soil types'/<Soil>/ (Soil Types); vehicles/<source>/, non-vehicles/<source>/
  (Udacity's Vehicle Detection image set, GTI and KITTI crops); {train,valid,test}/<CAT>/ beside WILDCATS.CSV (Cats
  in the Wild, 10 big cats); snacks/{train,val,test}/<snack>/ (Snacks, 20 classes).
- detection (2): svt1/{train,test}.xml beside svt1/img/ (Street View Text); dataset/instance_version/
  instances_{train,val}_trashcan.json beside its {train,val}/ (TrashCan 1.0).
- segmentation (1): {trainval,test}-{image,mask}/ beside tn3k-trainval-fold{0..4}.json (TN3K thyroid nodules).
- text (2) and a table (1), tests/helpers/blind51_texts.py: 'Combined Data.csv' (Sentiment Analysis for Mental
  Health); df_file.csv (Text Document Classification); sonar.all-data (Sonar, Mines vs. Rocks).

Each builder was written AFTER reading a stored source (its comment names it and what it showed); none was written
from memory alone. Details the sources did not settle are said in the comments ("as remembered"). Simplifications
are noted in each builder.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row is "<file>:<i>" (tests/helpers/unseen4.py's `Put`, `build`); no
split is "train"; a detection record's labels are its objects' classes. `FOLLOW` holds, per dataset, the
options a user would add after a stop to convert it right; None where none was found.

Measured on branch blind51 at main's c9bdc901 (no fix in it; `python tests/helpers/blind_tally.py --batch 51
--json tests/helpers/blind51_baseline_c9bdc901.json`, 2026-11-29 17:17 UTC by this machine's clock, 14 s): of 10, 6
right (snacks, soil_types, text_documents, trashcan, vehicles, wild_cats), 1 good stop (mental_health: the stop names
--label-column 'status', its value too), 2 useless stops (sonar: the headerless sonar.all-data is not taken for a
table, the stop says "no images or texts" and names --layout-file only, where --layout tables --text-column none
--keep-columns '*' --label-column '61' converts it right; svt: the stop names the XML files but no reader of their
<taggedRectangle> boxes, --labels reads no .xml), 1 exit 1 (tn3k: the masks of trainval-mask/ pair by name with the
images of BOTH trainval-image/ and test-image/ (both numbered from 0000), 4 of 7 inputs rejected as doubly named, no
manifest written), 0 WRONG EXIT 0. (The first tally, at 17:15 before FOLLOW was filled in, read 6/0/3/1/0.)
What each does: tests/layouts/test_blind_round_51.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers import blind51_texts as texts
from helpers.blind23 import _pic
from helpers.unseen4 import Put, Spec, Truth4, _h5_model, aux, build, img
from helpers.unseen4 import given as _file

__all__ = ["BASELINE", "DATASETS", "FOLLOW", "SPECS"]

# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------


def _soil() -> Iterator[Put]:
    # Soil Types (kaggle prasanshasatpathy/soil-types: 5 soils). CHECKED 2026-11-29 against readers in the code corpus
    # (find_string 'Soil types/': a README "Dataset Structure: Soil types/ ├── Black Soil/ (37 images) ├── Cinder
    # Soil/ (30 images) ├── Laterite Soil/ ..."; "img_path = '/content/drive/MyDrive/.../Soil types/Black Soil/
    # 10.jpg'"; "The ZIP file should ideally contain a folder named 'Soil types' with subfolders for each soil
    # category (e.g., `Soil types/Black Soil/`)"; find_string 'Cinder Soil': "class_names = ['Black Soil', 'Cinder
    # Soil', 'Laterite Soil', 'Peat Soil', 'Yellow Soil']"). The numbered names ('10.jpg') mixed with scraped names
    # of other extensions ('images (3).jpeg', '5.png') are as remembered. Truth: each image a record (no split:
    # "train") labelled by its soil folder. Simplified: 3 images a soil, 20x16
    names = ("10.jpg", "images (3).jpeg", "5.png")
    for soil in ("Black Soil", "Cinder Soil", "Laterite Soil", "Peat Soil", "Yellow Soil"):
        for name in names:
            fmt = "PNG" if name.endswith(".png") else "JPEG"
            yield _file(f"Soil types/{soil}/{name}", _pic(f"so{soil}{name}", fmt), "train", soil)


def _vehicles() -> Iterator[Put]:
    # Udacity's Vehicle Detection image set (vehicles.zip and non-vehicles.zip: 64x64 crops of the GTI vehicle image
    # database and the KITTI vision benchmark). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'non-vehicles/': "cars = glob.glob('training_data/vehicles/*/*.png'); notcars = glob.glob('training_data/
    # non-vehicles/*/*.png')"; "car_paths = [... './udacity-dataset/vehicles/KITTI_extracted'] ... not_car_paths =
    # ['./udacity-dataset/non-vehicles/Extras', './udacity-dataset/non-vehicles/GTI']"; "glob.glob('Data/vehicles/
    # GTI_Left/*.png') ... GTI_MiddleClose ... GTI_Right ... KITTI_extracted ... 'Data/non-vehicles/extras/*.png'";
    # "![](./vehicles/KITTI_extracted/1.png) ![](./non-vehicles/GTI/image1.png)"). The GTI names 'image0000.png',
    # the Extras names 'extra1.png' and a Mac's .DS_Store in the folders are as remembered. Truth: each PNG a record
    # (no split: "train") labelled by its UPPER folder, vehicles or non-vehicles (the source folders below are where
    # the crops came from, not classes: every reader above globs 'vehicles/*/*.png' as one class). Simplified: 2
    # crops a source folder, 20x16 (not 64x64)
    folders = {
        "vehicles": {
            "GTI_Far": ("image0000.png", "image0012.png"),
            "GTI_Left": ("image0009.png", "image0011.png"),
            "GTI_MiddleClose": ("image0000.png", "image0003.png"),
            "GTI_Right": ("image0001.png", "image0004.png"),
            "KITTI_extracted": ("1.png", "10.png"),
        },
        "non-vehicles": {"Extras": ("extra1.png", "extra10.png"), "GTI": ("image1.png", "image10.png")},
    }
    for cls, sources in folders.items():
        yield aux(f"{cls}/.DS_Store", b"\x00\x00\x00\x01Bud1\x00\x00\x10\x00")
        for source, names in sources.items():
            for name in names:
                yield _file(f"{cls}/{source}/{name}", _pic(f"vh{cls}{source}{name}"), "train", cls)


_BIG_CATS = [
    "AFRICAN LEOPARD",
    "CARACAL",
    "CHEETAH",
    "CLOUDED LEOPARD",
    "JAGUAR",
    "LIONS",
    "OCELOT",
    "PUMA",
    "SNOW LEOPARD",
    "TIGER",
]


def _wild_cats() -> Iterator[Put]:
    # Cats in the Wild Image Classification (kaggle gpiosenka/cats-in-the-wild-image-classification, "10 big cats").
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'WILDCATS.CSV': "DEFAULT_PATH = 'datasets/
    # 10BigCats/WILDCATS.CSV' ... NUM_CLASSES = 10"; "x = Image.open('data/'+self.dataset['filepaths'].values[index]);
    # y = self.dataset['class id'].values[index] ... path = 'data/WILDCATS.CSV'; data = 'data set'; train = df[df[data]
    # =='train']; valid = df[df[data]=='valid']; test = ..."; "WildcatDataset(csv_file=r'cats-in-the-wild-image-
    # classification\\versions\\1\\WILDCATS.csv', root_dir=r'cats-in-the-wild-image-classification\\versions\\1',
    # dataset_type='train'"). The column order 'class id,filepaths,labels,data set', the capital class names with
    # spaces, the folders train/, valid/, test/ holding them, the names '001.jpg' and the trained model file beside
    # ('EfficientNetB0-cats-98.40.h5') are as remembered (the uploader's other sets ship so). Truth: each JPEG a
    # record of its split folder (train, valid, test) labelled by its class folder (= the CSV's 'labels').
    # Simplified: 10 classes, 2 train, 1 valid and 1 test image each, 20x16 (not 224x224)
    rows = ["class id,filepaths,labels,data set"]
    for cid, cat in enumerate(_BIG_CATS):
        for split, names in (("train", ("001.jpg", "002.jpg")), ("valid", ("1.jpg",)), ("test", ("1.jpg",))):
            for name in names:
                path = f"{split}/{cat}/{name}"
                yield _file(path, _pic(f"wc{path}", "JPEG"), split, cat)
                rows.append(f"{cid},{path},{cat},{split}")
    yield aux("WILDCATS.CSV", "\n".join(rows) + "\n")
    yield aux("EfficientNetB0-cats-98.40.h5", _h5_model())


def _snacks() -> Iterator[Put]:
    # Snacks (Matthijs Hollemans' 20 snack classes from Google Open Images, for the book "Machine Learning by
    # Tutorials"; huggingface Matthijs/snacks). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'snacks/train': "train_data = tc.image_analysis.load_images('/Users/cui/.../snacks/train', with_path=True)" then
    # labelled by folder; "{'path': '/Users/nju/Desktop/iw05-syhien/snacks/train/apple/007a0bec00a90a66.jpg' ...
    # 'label': 'apple'"). The twenty classes (apple, banana, cake, candy, carrot, cookie, doughnut, grape, hot dog, ice
    # cream, juice, muffin, orange, pineapple, popcorn, pretzel, salad, strawberry, waffle, watermelon) and the folders
    # val/ and test/ beside train/ are as remembered. Truth: each JPEG a record of its split folder (train, val, test)
    # labelled by its snack folder. Simplified: 5 of the 20 classes (two with spaces), 2 train, 1 val and 1 test image
    # each, 20x16; the book's box CSVs (train.csv: image_id, box, class_name) left out, the classification folders alone
    ids = {"train": ("007a0bec00a90a66", "1f0c7a1e2d05b3c9"), "val": ("0a1b3c5d7e9f2468",), "test": ("fe01dc23ba45987c",)}
    for snack in ("apple", "hot dog", "ice cream", "pretzel", "waffle"):
        for split, names in ids.items():
            for n in names:
                path = f"snacks/{split}/{snack}/{n}.jpg"
                yield _file(path, _pic(f"sn{path}", "JPEG"), split, snack)


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------


def _svt() -> Iterator[Put]:
    # Street View Text (Wang and Belongie 2010, svt.zip -> svt1/). CHECKED 2026-11-29 against readers in the code
    # corpus (find_string 'taggedRectangle': "root = ET.parse(xml_file).getroot(); for image_node in root.findall(
    # 'image'): image_path = image_node.find('imageName').text ... for taggedRectangle_node in image_node.find(
    # 'taggedRectangles').findall('taggedRectangle'): height = int(...attrib['height']); width = ...; x = ...; y =
    # ..."; a docstring: "<tagset><image><imageName>path/to/image</imageName><resolution x= y= /><taggedRectangles>
    # <taggedRectangle x= y= width= height=><tag>label</tag>"; "data_path = '.../svt_data/train.xml' ... resolution =
    # image.find('Resolution')"; find_string 'svt1/': "svt_root_dir = '/home/paile/research/svt/svt1';
    # processXLM('train.xml', ...); processXLM('test.xml', ...)"; "fileName = './svt1/' + datalist[index][0]").
    # The names 'img/14_03.jpg', the <address> and <lex> (the words of nearby businesses) elements, the capitalised
    # <Resolution> and the README are as remembered. Truth: detection, each JPEG a record of the split whose XML names
    # it (train, test), its objects the <tag> words. Simplified: 4 train and 2 test pictures of 1-2 words, 20x16
    pictures = {
        "train": (
            ("14_03.jpg", ("LIVING", "ROOM")),
            ("15_01.jpg", ("HOTEL",)),
            ("16_16.jpg", ("PIZZA", "HUT")),
            ("18_01.jpg", ("DENTAL",)),
        ),
        "test": (("00_00.jpg", ("SALON",)), ("00_01.jpg", ("CITY", "BANK"))),
    }
    for split, items in pictures.items():
        parts = ['<?xml version="1.0" encoding="utf-8"?>\n<tagset>']
        for name, words in items:
            rects = "".join(
                f'<taggedRectangle height="{4 + k}" width="{6 + k}" x="{1 + 8 * k}" y="{3 + k}"><tag>{w}</tag></taggedRectangle>'
                for k, w in enumerate(words)
            )
            parts.append(
                f"  <image>\n    <imageName>img/{name}</imageName>\n    <address>1600 Main St Anytown CA</address>\n"
                f"    <lex>{','.join(sorted({*words, 'CAFE', 'MARKET'}))}</lex>\n"
                f'    <Resolution x="20" y="16"/>\n    <taggedRectangles>{rects}</taggedRectangles>\n  </image>'
            )
            yield _file(f"svt1/img/{name}", _pic(f"svt{name}", "JPEG"), split, set(words), list(words))
        parts.append("</tagset>")
        yield aux(f"svt1/{split}.xml", "\n".join(parts) + "\n")
    yield aux(
        "svt1/README.txt",
        "The Street View Text Dataset\nKai Wang, Serge Belongie\n\ntrain.xml, test.xml: "
        "word bounding boxes (taggedRectangle) and the lexicon of each image.\n",
    )


_TRASHCAN = [
    "rov",
    "plant",
    "animal_fish",
    "animal_starfish",
    "animal_shells",
    "animal_crab",
    "animal_eel",
    "animal_etc",
    "trash_clothing",
    "trash_pipe",
    "trash_bottle",
    "trash_bag",
    "trash_snack_wrapper",
    "trash_can",
    "trash_cup",
    "trash_container",
    "trash_unknown_instance",
    "trash_branch",
    "trash_wreckage",
    "trash_tarp",
    "trash_rope",
    "trash_net",
]


def _trashcan() -> Iterator[Put]:
    # TrashCan 1.0 (Hong, Fulton, Sattar 2020, underwater trash in JAMSTEC's J-EDI footage, COCO). CHECKED 2026-11-29
    # against readers in the code corpus (find_string 'instances_train_trashcan': "dataset_dir = os.path.join(base_dir,
    # 'dataset/instance_version'); train_json = os.path.join(dataset_dir, 'instances_train_trashcan.json'); val_json
    # = ...'instances_val_trashcan.json'; train_images = os.path.join(dataset_dir, 'train'); val_images = ...'val'";
    # "ann_file=data_root+'instances_train_trashcan.json', img_prefix=data_root + 'train/'"; "convert_coco_to_yolo(
    # 'dataset/instance_version/instances_train_trashcan.json', 'dataset/instance_version/train')"; "material_version_dir
    # = dataset_root / 'material_version'"). The 22 instance-version categories (rov, plant, animal_*, trash_*), the
    # frame names 'vid_000002_frame0000017.jpg' and the COCO fields are as remembered. Truth: detection, each JPEG a
    # record of its folder's split (train, val), its objects the categories of its boxes. Simplified: the
    # instance_version alone (the material_version, the same frames under other categories, left out), 4 train and 2
    # val frames of 1-3 boxes, 20x16
    frames = {
        "train": (
            ("vid_000002_frame0000017.jpg", (21, 1)),
            ("vid_000002_frame0000021.jpg", (11,)),
            ("vid_000013_frame0000004.jpg", (3, 9, 9)),
            ("vid_000105_frame0000040.jpg", (14, 17)),
        ),
        "val": (("vid_000008_frame0000010.jpg", (2,)), ("vid_000291_frame0000003.jpg", (12, 1))),
    }
    categories = [{"supercategory": name, "id": i + 1, "name": name} for i, name in enumerate(_TRASHCAN)]
    for split, items in frames.items():
        images, annotations = [], []
        for image_id, (name, cats) in enumerate(items, start=1):
            images.append(
                {
                    "file_name": name,
                    "height": 16,
                    "width": 20,
                    "id": image_id,
                    "license": 1,
                    "date_captured": "2020-02-10 12:00:00",
                }
            )
            for k, cid in enumerate(cats):
                x, y, w, h = 1 + 5 * k, 2 + k, 4, 6
                annotations.append(
                    {
                        "segmentation": [[x, y, x + w, y, x + w, y + h, x, y + h]],
                        "area": w * h,
                        "iscrowd": 0,
                        "image_id": image_id,
                        "bbox": [x, y, w, h],
                        "category_id": cid,
                        "id": len(annotations) + 1,
                    }
                )
            path = f"dataset/instance_version/{split}/{name}"
            labels = [_TRASHCAN[c - 1] for c in cats]
            yield _file(path, _pic(f"tc{path}", "JPEG"), split, set(labels), labels)
        doc = {
            "info": {"description": "TrashCan 1.0 instance version", "year": 2020},
            "licenses": [{"id": 1, "name": "CC"}],
            "images": images,
            "annotations": annotations,
            "categories": categories,
        }
        yield aux(f"dataset/instance_version/instances_{split}_trashcan.json", json.dumps(doc))


# ------------------------------------------------------------------------------------------------
# Segmentation
# ------------------------------------------------------------------------------------------------


def _tn3k() -> Iterator[Put]:
    # TN3K (Gong et al. 2021, "Multi-task learning for thyroid nodule segmentation with thyroid region prior",
    # TRFE-Net; 3,493 ultrasound images with nodule masks). CHECKED 2026-11-29 against readers in the code corpus
    # (find_string 'trainval-mask': "TN3K ... Layout on disk: {root}/trainval-image/*.jpg + {root}/trainval-mask/*.png;
    # {root}/test-image/*.jpg + {root}/test-mask/*.png"; "Official release layout: {root}/trainval-image/*.jpg
    # {root}/trainval-mask/*.jpg {root}/test-image/*.jpg {root}/test-mask/*.jpg {root}/tn3k-trainval-fold{N}.json
    # (optional train/val split within trainval)"; TRFE-Net's loader: "with open(...'tn3k-trainval-fold{fold}.json')
    # ... names = data[data_type] ... image_path = data_dir + 'trainval-image/' + '{:04d}'.format(name) + '.jpg';
    # mask_path = data_dir + 'trainval-mask/' + ..."; "subsets = [('trainval-image', 'trainval-mask'), ('test-image',
    # 'test-mask')]"). The five folds (fold0..fold4, each naming every trainval image once in 'val' across them), the
    # test images numbered from 0000 again and the folder 'Thyroid Dataset/tn3k' are as remembered. Truth: each JPEG
    # in an -image folder a record of its folder's split (trainval, test: the folds are cross-validation, five ways
    # of dividing trainval, not one split), unlabelled (the mask per-pixel); the -mask folders hold the masks, no
    # records. Simplified: 5 trainval and 2 test images, 20x16 greyscale masks of 0/255 saved as JPEG
    base = "Thyroid Dataset/tn3k"
    for split, count in (("trainval", 5), ("test", 2)):
        for n in range(count):
            yield img(f"{base}/{split}-image/{n:04d}.jpg", split, None, kind="jpg")
            yield img(f"{base}/{split}-mask/{n:04d}.jpg", kind="maskjpg", record=False)
    for fold in range(5):
        yield aux(
            f"{base}/tn3k-trainval-fold{fold}.json", json.dumps({"train": [n for n in range(5) if n != fold], "val": [fold]})
        )


SPECS: dict[str, Spec] = {
    "soil_types": Spec(
        "soil-types",
        "image",
        _soil,
        "https://www.kaggle.com/datasets/prasanshasatpathy/soil-types",
        "images labelled by soil folder (names with spaces); no split.",
    ),
    "vehicles": Spec(
        "vehicle-detection-image-set",
        "image",
        _vehicles,
        "https://github.com/udacity/CarND-Vehicle-Detection (vehicles.zip, non-vehicles.zip)",
        "images labelled by the upper folder (vehicles, non-vehicles), source folders below; no split.",
    ),
    "wild_cats": Spec(
        "cats-in-the-wild-image-classification",
        "image",
        _wild_cats,
        "https://www.kaggle.com/datasets/gpiosenka/cats-in-the-wild-image-classification",
        "images labelled by class folder; split by train/valid/test; WILDCATS.CSV and a model beside.",
    ),
    "snacks": Spec(
        "snacks",
        "image",
        _snacks,
        "https://huggingface.co/datasets/Matthijs/snacks",
        "images labelled by snack folder; split by train/val/test.",
    ),
    "svt": Spec(
        "svt",
        "image",
        _svt,
        "http://vision.ucsd.edu/~kai/svt/",
        "detection: word boxes in train.xml/test.xml (taggedRectangle), the words the classes.",
    ),
    "trashcan": Spec(
        "trashcan",
        "image",
        _trashcan,
        "https://conservancy.umn.edu/handle/11299/214865",
        "detection: COCO instances_{train,val}_trashcan.json beside train/, val/.",
    ),
    "tn3k": Spec(
        "tn3k",
        "image",
        _tn3k,
        "https://github.com/haifangong/TRFE-Net-for-thyroid-nodule-segmentation",
        "images per split prefix (trainval-image, test-image) unlabelled; -mask folders no records.",
    ),
    "mental_health": Spec(
        "sentiment-analysis-for-mental-health",
        "text",
        texts.mental_health,
        "https://www.kaggle.com/datasets/suchintikasarkar/sentiment-analysis-for-mental-health",
        "each statement a record labelled by status (7 classes).",
    ),
    "text_documents": Spec(
        "text-document-classification-dataset",
        "text",
        texts.text_documents,
        "https://www.kaggle.com/datasets/sunilthite/text-document-classification-dataset",
        "each Text a record labelled by Label (0 Politics .. 4 Business).",
        aliases=texts.TOPIC_ALIASES,
    ),
    "sonar": Spec(
        "connectionist-bench-sonar",
        "table",
        texts.sonar,
        "https://archive.ics.uci.edu/dataset/151/connectionist+bench+sonar+mines+vs+rocks",
        "each row a record labelled by its last field (R rock, M mine); no header.",
    ),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "soil_types": None,
    "vehicles": None,
    "wild_cats": None,
    "snacks": None,
    "svt": None,  # no reader of these XML boxes was found among the options (--labels reads no .xml)
    "trashcan": None,
    "tn3k": None,  # (at c9bdc901 none was found: the masks paired by name across both splits; right since mend51)
    "mental_health": {"label_column": "status"},
    "text_documents": None,
    "sonar": {"layout": "tables", "text_column": "none", "keep_columns": ("*",), "label_column": "61"},
}

# The tally (tests/helpers/blind51_baseline_c9bdc901.json).
BASELINE: dict[str, int] = {"right": 6, "good stop": 1, "useless stop": 2, "exit 1": 1, "WRONG EXIT 0": 0}
