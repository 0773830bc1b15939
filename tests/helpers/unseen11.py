"""An eleventh round of miniatures of public IMAGE datasets no rule, test or doc here named before.

Chosen by kind, most with annotations in a format of their own: one XML per video sequence of
frames and targets (UA-DETRAC); a a label list naming the original images of the aligned ones it labels (RAF-DB); class
folders beside a mirror tree of per-image `bbGt` box files and a list of coded splits (ExDark); one
JSON of images keyed by id with their objects (TT100K); ellipse lists over date folders (FDDB);
`(x1,y1),(x2,y2),class` box lines beside positive and negative image sets (NWPU VHR-10); class
folders alone (PatternNet; RSSCN7, whose folders carry a letter before the class); materials over
sample folders that repeat in every class (KTH-TIPS2-b); classes at one level of a deep tree above
patient and magnification folders (BreakHis); per-split folders with the same file names and a
grade table per split (IDRiD); split lists of 0-based class numbers beside a 1-based class list
(IP102); a mask tree mirroring the class folders (FMD).

The builders reuse round four's table (tests/helpers/unseen4.py: `Put`, `build`): a record id is the
path relative to the root. The truth comes from each dataset's documented meaning (its data page,
README or loader, cited in `source`), never from what shardify does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.unseen4 import Put, Spec, Truth4, aux, build, img

# ------------------------------------------------------------------------------------------------
# Objects
# ------------------------------------------------------------------------------------------------

_DETRAC = {"train": {"MVI_20011": [["car", "car", "van"], ["car", "van"], ["bus", "car"]],
                     "MVI_20012": [["car"], ["car", "others"]]},
           "test": {"MVI_39031": [["car", "bus"], ["car"]]}}


def _detrac_xml(sequence: str, frames: list[list[str]]) -> str:
    body = []
    for num, types in enumerate(frames, 1):
        targets = "".join(
            f'      <target id="{k + 1}">\n        <box left="{1.5 + 4 * k}" top="{2.25 + num % 3}" width="{5.5 + k}" '
            f'height="{4.75}"/>\n        <attribute orientation="{18.488 + k}" speed="6.859" trajectory_length="{num + 4}" '
            f'truncation_ratio="0" vehicle_type="{t}"/>\n      </target>\n' for k, t in enumerate(types))
        body.append(f'  <frame density="{len(types)}" num="{num}">\n    <target_list>\n{targets}    </target_list>\n  </frame>\n')
    return (f'<?xml version="1.0" encoding="utf-8"?>\n<sequence name="{sequence}">\n'
            f'  <sequence_attribute camera_state="unstable" sence_weather="sunny"/>\n'
            f'  <ignored_region>\n    <box left="14.75" top="0.75" width="4.75" height="3.5"/>\n  </ignored_region>\n'
            + "".join(body) + "</sequence>\n")


def _ua_detrac() -> Iterator[Put]:
    # DETRAC-train-data.zip -> Insight-MVT_Annotation_Train/MVI_20011/img00001.jpg; DETRAC-Train-Annotations-XML.zip
    # -> DETRAC-Train-Annotations-XML/MVI_20011.xml: <sequence><frame num><target_list><target><box left top
    # width height/><attribute vehicle_type/>; the test set alike (Insight-MVT_Annotation_Test, DETRAC-Test-...)
    for split, sequences in _DETRAC.items():
        images = "Insight-MVT_Annotation_Train" if split == "train" else "Insight-MVT_Annotation_Test"
        notes = "DETRAC-Train-Annotations-XML" if split == "train" else "DETRAC-Test-Annotations-XML"
        for sequence, frames in sequences.items():
            for num, types in enumerate(frames, 1):
                yield img(f"{images}/{sequence}/img{num:05d}.jpg", split, set(types), objects=types)
            yield aux(f"{notes}/{sequence}.xml", _detrac_xml(sequence, frames))


_RAF = ["Surprise", "Fear", "Disgust", "Happiness", "Sadness", "Anger", "Neutral"]
_RAF_LIST = {"train": [5, 5, 4, 1, 7, 3, 6], "test": [4, 7, 2]}


def _raf_db() -> Iterator[Put]:
    # RAF-DB basic (whdeng.cn/RAF/model1.html): basic/Image/aligned.zip -> basic/Image/aligned/train_00001_aligned.jpg,
    # test_0001_aligned.jpg; basic/EmoLabel/list_patition_label.txt '<original name> <emotion 1-7>' (the original
    # names, train_00001.jpg: the aligned image is its name with _aligned); the split the name's prefix
    lines = []
    for split, emotions in _RAF_LIST.items():
        for n, emotion in enumerate(emotions, 1):
            stem = f"{split}_{n:05d}" if split == "train" else f"{split}_{n:04d}"
            yield img(f"basic/Image/aligned/{stem}_aligned.jpg", split, str(emotion))
            lines.append(f"{stem}.jpg {emotion}")
    yield aux("basic/EmoLabel/list_patition_label.txt", "\n".join(lines) + "\n")
    for stem in ("train_00001", "test_0001"):
        yield aux(f"basic/Annotation/manual/{stem}_manu_attri.txt", "88.34\t112.61\n140.06\t110.20\n0\n1\n2\n")


_EXDARK = {"Bicycle": [("2015_00001.png", 1, 1), ("2015_00002.png", 2, 1), ("2015_00003.jpg", 1, 2),
                       ("2015_00004.jpg", 1, 3)],
           "Cat": [("2015_02601.jpg", 1, 1), ("2015_02602.jpg", 3, 1), ("2015_02603.jpg", 1, 2), ("2015_02604.png", 2, 3)],
           "Cup": [("2015_04001.jpg", 2, 1), ("2015_04002.jpg", 1, 1), ("2015_04003.jpg", 1, 3)]}
_EXDARK_CLASSES = ["Bicycle", "Boat", "Bottle", "Bus", "Car", "Cat", "Chair", "Cup", "Dog", "Motorbike", "People", "Table"]


def _exdark() -> Iterator[Put]:
    # ExDark.zip -> ExDark/<Class>/<name>; ExDark_Annno.zip -> ExDark_Annno/<Class>/<name>.txt: '% bbGt version=3'
    # then '<Class> l t w h 0 0 0 0 0 0 0' a box; imageclasslist.txt (Groundtruth/ of the repository): name,
    # class 1-12, lighting 1-10, indoor/outdoor 1-2, set (Training 1, Validation 2, Testing 3)
    split_of = {1: "train", 2: "validation", 3: "test"}
    lines = ["Name | Class | Light | In/Out | Train/Val/Test"]
    for cls, images in _EXDARK.items():
        for k, (name, boxes, code) in enumerate(images):
            kind = "png" if name.endswith(".png") else "jpg"
            yield img(f"ExDark/{cls}/{name}", split_of[code], cls, kind=kind, objects=[cls] * boxes)
            rows = "".join(f"{cls} {10 + 4 * b} {20 + b} {30 + b} {25} 0 0 0 0 0 0 0\n" for b in range(boxes))
            yield aux(f"ExDark_Annno/{cls}/{name}.txt", "% bbGt version=3\n" + rows)
            lines.append(f"{name} {_EXDARK_CLASSES.index(cls) + 1} {1 + k % 10} {1 + k % 2} {code}")
    yield aux("imageclasslist.txt", "\n".join(lines) + "\n")


_TT100K = {"train": {"10056": ["pl80", "p6"], "10057": ["i5"], "10064": ["pn", "pl80", "w57"], "10071": ["p6"]},
           "test": {"10010": ["i5", "pn"], "10012": ["pl80"]}}


def _tt100k() -> Iterator[Put]:
    # data.zip -> data/train/<id>.jpg, data/test/<id>.jpg, data/train/ids.txt, data/test/ids.txt and
    # data/annotations.json: {"types": [...], "imgs": {"<id>": {"path": "train/<id>.jpg", "id": <id>,
    # "objects": [{"category": "pl80", "bbox": {"xmin", "ymin", "xmax", "ymax"}, "ellipse_org": ...}]}}}
    imgs = {}
    for split, images in _TT100K.items():
        for ident, cats in images.items():
            yield img(f"data/{split}/{ident}.jpg", split, set(cats), objects=cats)
            imgs[ident] = {"path": f"{split}/{ident}.jpg", "id": int(ident), "objects": [
                {"category": c, "bbox": {"xmin": 10.5 + k, "ymin": 3.25, "xmax": 17.0 + k, "ymax": 11.5},
                 "ellipse_org": [[11.0 + k, 4.0], [16.0 + k, 4.5], [15.0 + k, 10.0]]} for k, c in enumerate(cats)]}
        yield aux(f"data/{split}/ids.txt", "\n".join(images) + "\n")
    types = sorted({c for images in _TT100K.values() for cats in images.values() for c in cats} | {"pl40", "p11"})
    yield aux("data/annotations.json", json.dumps({"types": types, "imgs": imgs}))


_FDDB = {1: {"2002/08/11/big/img_591": 1, "2002/08/26/big/img_265": 3, "2002/07/19/big/img_423": 1},
         2: {"2002/08/11/big/img_534": 2, "2003/01/13/big/img_1086": 1}}


def _fddb() -> Iterator[Put]:
    # originalPics.tar.gz -> originalPics/2002/08/11/big/img_591.jpg; FDDB-folds.tgz -> FDDB-folds/FDDB-fold-01.txt
    # (the paths, no extension) and FDDB-fold-01-ellipseList.txt: the path, the number of faces, then a line
    # per face 'major_axis_radius minor_axis_radius angle center_x center_y 1'; ten folds for cross-validation
    for fold, images in _FDDB.items():
        paths, ellipses = [], []
        for path, faces in images.items():
            yield img(f"originalPics/{path}.jpg", "train", "face", objects=["face"] * faces)
            paths.append(path)
            ellipses += [path, str(faces)]
            ellipses += [f"{6.5 + f:.6f} {4.25:.6f} {1.265839:.6f} {9.0 + f:.6f} {8.0:.6f}  1" for f in range(faces)]
        yield aux(f"FDDB-folds/FDDB-fold-{fold:02d}.txt", "\n".join(paths) + "\n")
        yield aux(f"FDDB-folds/FDDB-fold-{fold:02d}-ellipseList.txt", "\n".join(ellipses) + "\n")


_NWPU_CLASSES = ["airplane", "ship", "storage tank", "baseball diamond", "tennis court", "basketball court",
                 "ground track field", "harbor", "bridge", "vehicle"]
_NWPU = {"001": [1, 1, 1], "002": [2, 8], "003": [10, 10, 10, 9], "004": [5, 4]}


def _nwpu_vhr10() -> Iterator[Put]:
    # NWPU VHR-10 dataset.rar -> 'NWPU VHR-10 dataset/positive image set/001.jpg', 'negative image set/001.jpg'
    # (no object of the 10 classes), 'ground truth/001.txt': '(x1,y1),(x2,y2),class' a line, the class 1-10
    base = "NWPU VHR-10 dataset"
    for stem, classes in _NWPU.items():
        yield img(f"{base}/positive image set/{stem}.jpg", "train", {str(c) for c in classes},
                  objects=[str(c) for c in classes])
        yield aux(f"{base}/ground truth/{stem}.txt",
                  "\r\n".join(f"({3 + k},{2 + k}),({12 + k},{11 + k}),{c}" for k, c in enumerate(classes)) + "\r\n")
    for stem in ("001", "002", "003"):
        yield img(f"{base}/negative image set/{stem}.jpg", "train", set(), objects=[])
    yield aux(f"{base}/readme.txt", "NWPU VHR-10: 800 images, 650 positive (ground truth/ one file each: "
              "(x1,y1),(x2,y2),a), 150 negative. a: 1 airplane, 2 ship, 3 storage tank, 4 baseball diamond, "
              "5 tennis court, 6 basketball court, 7 ground track field, 8 harbor, 9 bridge, 10 vehicle.\n")


# ------------------------------------------------------------------------------------------------
# Classification
# ------------------------------------------------------------------------------------------------


def _patternnet() -> Iterator[Put]:
    # PatternNet.zip -> PatternNet/images/<class>/<class><nnn>.jpg (38 classes, 800 images each)
    for cls in ("airplane", "baseball_field", "christmas_tree_farm", "oil_gas_field"):
        for n in range(1, 4):
            yield img(f"PatternNet/images/{cls}/{cls}{n:03d}.jpg", "train", cls)


def _rssc7() -> Iterator[Put]:
    # RSSCN7 (github.com/palewithout/RSSCN7): RSSCN7/aGrass/a001.jpg, bField/b001.jpg, cIndustry/, dRiverLake/,
    # eForest/, fResident/, gParking/: the letter orders the seven classes, the name after it the class
    for folder in ("aGrass", "bField", "dRiverLake", "gParking"):
        for n in range(1, 4):
            yield img(f"RSSCN7/{folder}/{folder[0]}{n:03d}.jpg", "train", folder)


def _kth_tips2() -> Iterator[Put]:
    # KTH-TIPS2-b.tar -> KTH-TIPS2-b/<material>/sample_{a,b,c,d}/<n><s>-scale_<k>_im_<i>_col.png: 11 materials,
    # four physical samples of each (the protocol trains on some samples, tests on the others)
    for m, material in enumerate(("aluminium_foil", "brown_bread", "cotton", "wool")):
        for sample in ("a", "b", "c"):
            for scale in (1, 2):
                yield img(f"KTH-TIPS2-b/{material}/sample_{sample}/{15 + m}{sample}-scale_{scale}_im_{scale + 2}_col.png",
                          "train", material, kind="png")


_BREAKHIS = {("benign", "adenosis", "A"): ["14-22549AB", "14-29960CD"], ("benign", "fibroadenoma", "F"): ["14-14134"],
             ("malignant", "ductal_carcinoma", "DC"): ["14-10926", "14-2523"], ("malignant", "papillary_carcinoma", "PC"): ["14-9146"]}


def _breakhis() -> Iterator[Put]:
    # BreaKHis_v1.tar.gz -> BreaKHis_v1/histology_slides/breast/<benign|malignant>/SOB/<tumour type>/
    # SOB_<B|M>_<type>_<patient>/<40X|100X|200X|400X>/SOB_<B|M>_<type>-<patient>-<mag>-<seq>.png; eight tumour
    # types (four benign, four malignant), the images of each patient at four magnifications
    for (kind, tumour, code), patients in _BREAKHIS.items():
        b = kind[0].upper()
        for patient in patients:
            for mag in ("40", "100", "200"):
                for seq in (1, 2):
                    yield img(f"BreaKHis_v1/histology_slides/breast/{kind}/SOB/{tumour}/SOB_{b}_{code}_{patient}/{mag}X/"
                              f"SOB_{b}_{code}-{patient}-{mag}-{seq:03d}.png", "train", tumour, kind="png")


_IDRID = {"train": {"IDRiD_001": (3, 2), "IDRiD_002": (3, 2), "IDRiD_003": (2, 2), "IDRiD_004": (0, 0), "IDRiD_005": (4, 0)},
          "test": {"IDRiD_001": (4, 2), "IDRiD_002": (4, 2), "IDRiD_003": (0, 0)}}


def _idrid() -> Iterator[Put]:
    # B. Disease Grading.zip -> 'B. Disease Grading/1. Original Images/a. Training Set/IDRiD_001.jpg',
    # 'b. Testing Set/IDRiD_001.jpg' (the same names, other photos), '2. Groundtruths/a. IDRiD_Disease Grading_
    # Training Labels.csv' and 'b. IDRiD_Disease Grading_Testing Labels.csv': 'Image name,Retinopathy grade,
    # Risk of macular edema ' (the name without extension)
    base = "B. Disease Grading"
    for split, images in _IDRID.items():
        folder, table = (("a. Training Set", "a. IDRiD_Disease Grading_Training Labels.csv") if split == "train"
                         else ("b. Testing Set", "b. IDRiD_Disease Grading_Testing Labels.csv"))
        rows = ["Image name,Retinopathy grade,Risk of macular edema "]
        for stem, (grade, edema) in images.items():
            yield img(f"{base}/1. Original Images/{folder}/{stem}.jpg", split, str(grade))
            rows.append(f"{stem},{grade},{edema}")
        yield aux(f"{base}/2. Groundtruths/{table}", "\r\n".join(rows) + "\r\n")


_IP102 = ["rice leaf roller", "rice leaf caterpillar", "paddy stem maggot", "asiatic rice borer", "yellow rice borer"]
_IP102_LISTS = {"train": [("00002", 0), ("00003", 1), ("00005", 2), ("00007", 3), ("00011", 4), ("00013", 1)],
                "val": [("00017", 0), ("00019", 4)], "test": [("00023", 2), ("00029", 3), ("00031", 0)]}


def _ip102() -> Iterator[Put]:
    # ip102_v1.1 (github.com/xpwu95/IP102): images/<n>.jpg; train.txt, val.txt, test.txt '<n>.jpg <class>', the
    # class counted from 0; classes.txt '<k> <name>' counted from 1 (line k names the list's class k - 1)
    for split, entries in _IP102_LISTS.items():
        for stem, cls in entries:
            yield img(f"ip102_v1.1/images/{stem}.jpg", split, _IP102[cls])
        yield aux(f"ip102_v1.1/{split}.txt", "".join(f"{stem}.jpg {cls}\n" for stem, cls in entries))
    yield aux("ip102_v1.1/classes.txt", "".join(f"{k + 1}  {name}\n" for k, name in enumerate(_IP102)))


def _fmd() -> Iterator[Put]:
    # FMD.zip -> image/<material>/<material>_moderate_001_new.jpg, mask/<material>/<same name> (a white region on
    # black: the material's pixels); ten materials, 100 photos each
    for material in ("fabric", "glass", "stone", "wood"):
        for n, look in ((1, "moderate"), (2, "object"), (3, "moderate")):
            name = f"{material}_{look}_{n:03d}_new.jpg"
            yield img(f"FMD/image/{material}/{name}", "train", material)
            yield img(f"FMD/mask/{material}/{name}", kind="maskjpg", record=False)


SPECS: dict[str, Spec] = {
    "ua_detrac": Spec("ua_detrac", "image", _ua_detrac,
                      "https://detrac-db.rit.albany.edu/download (DETRAC-train-data: Insight-MVT_Annotation_Train/"
                      "MVI_20011/img00001.jpg; DETRAC-Train-Annotations-XML/MVI_20011.xml); the XML as shijieS/DMMN's "
                      "dataset/ua/ and vod_converter's DETRACIngestor read it",
                      "each frame an image; each <target> a vehicle of its vehicle_type; Train and Test the splits."),
    "raf_db": Spec("raf_db", "image", _raf_db,
                   "http://www.whdeng.cn/RAF/model1.html (basic/Image/aligned/train_00001_aligned.jpg; basic/EmoLabel/"
                   "list_patition_label.txt 'train_00001.jpg 5', 1 Surprise ... 7 Neutral; basic/Annotation/)",
                   "seven emotions numbered 1-7 in a list naming the original images; split by the name's prefix.",
                   aliases={name: {str(k + 1)} for k, name in enumerate(_RAF)}),
    "exdark": Spec("exdark", "image", _exdark,
                   "https://github.com/cs-chan/Exclusively-Dark-Image-Dataset (ExDark/<Class>/, Groundtruth/README.md: "
                   "ExDark_Annno/<Class>/<image>.txt bbGt boxes; imageclasslist.txt name, class, light, in/out, set 1-3)",
                   "12 classes; each image labelled by its class folder, the boxes its objects; the split from the list's "
                   "fifth column."),
    "tt100k": Spec("tt100k", "image", _tt100k,
                   "https://cg.cs.tsinghua.edu.cn/traffic-sign/ (data/annotations.json: types, imgs {id: {path, id, "
                   "objects [{category, bbox {xmin, ymin, xmax, ymax}}]}}; data/train/, data/test/, ids.txt)",
                   "each sign an object of its category; train and test the splits."),
    "fddb": Spec("fddb", "image", _fddb,
                 "http://vis-www.cs.umass.edu/fddb/ (originalPics/2002/08/11/big/img_591.jpg; FDDB-folds/FDDB-fold-01-"
                 "ellipseList.txt: path, count, 'ra rb theta cx cy 1' a face)",
                 "every face an ellipse of the one class face; the date folders are where the photos came from; ten "
                 "folds of cross-validation, no split."),
    "nwpu_vhr10": Spec("nwpu_vhr10", "image", _nwpu_vhr10,
                       "https://github.com/chaozhong2010/VHR-10_dataset_coco (NWPU VHR-10 dataset/positive image set/, "
                       "negative image set/, ground truth/001.txt '(x1,y1),(x2,y2),a', a the class 1-10)",
                       "each line an object of class a; the negative images hold none.",
                       aliases={name: {str(k + 1)} for k, name in enumerate(_NWPU_CLASSES)}),
    "patternnet": Spec("patternnet", "image", _patternnet,
                       "https://sites.google.com/view/zhouwx/dataset (PatternNet/images/<class>/<class>001.jpg)",
                       "38 classes as folders."),
    "rsscn7": Spec("rsscn7", "image", _rssc7,
                   "https://github.com/palewithout/RSSCN7 (aGrass/a001.jpg ... gParking/)",
                   "7 classes as folders, each name a letter and the class."),
    "kth_tips2": Spec("kth_tips2", "image", _kth_tips2,
                      "https://www.csc.kth.se/cvap/databases/kth-tips/index.html (KTH-TIPS2-b/<material>/sample_a/ ...)",
                      "11 materials; sample_a..d the physical samples of each, no class."),
    "breakhis": Spec("breakhis", "image", _breakhis,
                     "https://web.inf.ufpr.br/vri/databases/breast-cancer-histopathological-database-breakhis/ "
                     "(BreaKHis_v1/histology_slides/breast/benign/SOB/adenosis/SOB_B_A_14-22549AB/40X/...png); "
                     "tensorflow_datasets' image_classification/breakhis (eight tumour types as labels)",
                     "eight tumour types; patients and magnifications are no classes."),
    "idrid": Spec("idrid", "image", _idrid,
                  "https://ieee-dataport.org/open-access/indian-diabetic-retinopathy-image-dataset-idrid (B. Disease "
                  "Grading: 1. Original Images/a. Training Set/, b. Testing Set/; 2. Groundtruths/*.csv Image name,"
                  "Retinopathy grade,Risk of macular edema)",
                  "retinopathy grade 0-4 the task the folder is named for; each table labels its split's images."),
    "ip102": Spec("ip102", "image", _ip102,
                  "https://github.com/xpwu95/IP102 (ip102_v1.1/images/, train.txt, val.txt, test.txt '<n>.jpg <class>', "
                  "classes.txt counted from 1)",
                  "102 classes, the lists' numbers from 0, the names' list from 1.",
                  aliases={name: {str(k)} for k, name in enumerate(_IP102)}),
    "fmd": Spec("fmd", "image", _fmd,
                "https://people.csail.mit.edu/lavanya/fmd.html (FMD/image/<material>/, FMD/mask/<material>/)",
                "10 materials; mask/ the material's pixels of each photo, no records."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
