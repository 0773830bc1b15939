"""A thirty-sixth blind held-out batch (round forty-seven) of 10 public datasets no rule, test or doc here named.

As rounds twelve to forty-five (tests/helpers/blind12.py .. blind45.py): a batch nobody tuned the detection rules
for, judged on the command a user types first (`shardify convert SRC OUT`), built without changing anything under
shardify/. Chosen as a user's downloads would mix them (4 image classification, 2 detection, 1 segmentation, 2 text,
1 table), names starting I-Q (batches 46 and 48, built at the same time, take A-H and R-Z), none of batches 12-45's,
leaning to layouts no earlier batch held: a Kaggle competition's one flat images/ folder of train AND test images
named by zero-padded ids ('0560.jpg') beside a train.csv 'Id,label' whose ids carry the zeros, a test.csv 'Id' and a
sample_submission.csv; a UCI download unpacked twice ('jute+pest+dataset/Jute_Pest_Dataset/Jute_Pest_Dataset/
{train,val,test}/<pest>/') whose class names hold spaces and parentheses ('Termite odontotermes (Rambur)');
'PLD_3_Classes_256/{Training,Validation,Testing}/<class>/' (split names as participles); greyscale mammograms as
binary PGM files ('all-mias/mdb001.pgm', a format no earlier batch held) labelled only by a space-separated
Info.txt whose data lines follow a prose preamble and whose images may have two lines (two abnormalities);
labelImg VOC files beside their images in train/ and test/ folders of a folder whose name has a space
('Microcontroller Detection/'), with train_labels.csv and test_labels.csv restating the boxes one row per box;
IDD's Annotations/<subset>/<drive>/<frame>.xml beside JPEGImages/<subset>/<drive>/<frame>.jpg with train.txt,
val.txt and test.txt naming '<subset>/<drive>/<frame>', frame names repeating across drives, test frames without
annotations and an editor's swap file among the XML; MKLab's oil spill SAR images with TWO mask trees
('train/labels/' colour-coded RGB, 'train/labels_1D/' class indices) beside 'train/images/'; then
(tests/helpers/blind47_texts.py) a pandas export ',Email Text,Email Type' (an unnamed index column first) of
e-mails that run over lines, one whose text is the word 'empty'; a 'publish_date,headline_category,headline_text'
table whose categories are dotted ('sport.rugby'); a table of six measurements and a 'RiskLevel' ('high risk')
whose file name has spaces ('Maternal Health Risk Data Set.csv').

Each checked absent, by its name and its characteristic file names (case-insensitive, over the tests/, docs/,
shardify/, converters/ and beam_jobs/ folders of /work/main, over `git -C /work/main ls-files` and over
`git -C /work/main log --all --format=%B`), on 2026-11-29 between 16:15 and 16:19 UTC (by this machine's clock;
the script /tmp/b47/absent47.sh): 0 hits for every one kept (kitchenware, jute, Jute_Pest, PLD_3, Late_Blight,
mias, all-mias, mdb001, microcontroller, Arduino, Heltec, ESP8266, Raspberry_Pi, IDD_Detection, 'indian driving',
highquality_16k, frontFar, autorickshaw, 'oil spill', oil_spill, labels_1D, Phishing, 'Email Text', ireland,
headline_category, Maternal, RiskLevel). 'potato' hits 3 (PlantVillage's class names and a Kaggle user's name),
'Early_Blight' 3 (PlantVillage's 'Potato___Early_blight' class), 'IDD' 45 (a substring of other words), 'Info.txt'
17 (other datasets' info files), 'img_0001' 5 (other datasets' image names), 'train_labels' 26 (a common file name),
'Email' 5 (a word), '.pgm' 6 (a file extension in format tables).
Dropped because they, or their files, are named here already: Intel Image Classification (seg_train), Paddy
Doctor, Jellyfish Types, Natural Images, the kangaroo set, LISA traffic lights, PKLot, PH2, ISIC, LoveDA, PubMed
200k RCT, Quora (pairs and insincere questions), News Category, mtsamples, Oxford-IIIT Pet, the malaria cells,
Imagenette, Kannada-MNIST, Kuzushiji-MNIST, MedMNIST, QuickDraw, Landcover.ai, IDRiD, Potsdam, the opinion spam
corpus, Ling-Spam, Plant Pathology 2020, Plant Seedlings, ODIR, PlantDoc, IP102, LFW, the disaster tweets, the
IMDB reviews, MultiNLI. Left out as not starting I-Q: the CPLID insulators, the mental health statements
('Sentiment Analysis for Mental Health'), SemEval-2018's irony task.

- images, classification (4): kitchenware-classification/{images/,train.csv,test.csv,sample_submission.csv}
  (Kitchenware Classification); jute+pest+dataset/Jute_Pest_Dataset/Jute_Pest_Dataset/{train,val,test}/<pest>/
  (Jute Pest); PLD_3_Classes_256/{Training,Validation,Testing}/<class>/ (Potato Disease Leaf Dataset);
  all-mias/{mdbNNN.pgm,Info.txt} (mini-MIAS mammograms).
- detection (2): 'Microcontroller Detection'/{train,test}/ of JPEG + VOC XML, train_labels.csv, test_labels.csv
  (Microcontroller Detection); IDD_Detection/{Annotations,JPEGImages}/<subset>/<drive>/ + {train,val,test}.txt
  (IDD, India Driving Dataset, detection).
- segmentation (1): oil_spill/{train,test}/{images,labels,labels_1D}/ (MKLab Oil Spill Detection Dataset).
- text (2) and a table (1), tests/helpers/blind47_texts.py: Phishing_Email.csv (Phishing Email Detection);
  ireland-news-headlines.csv (Ireland Historical News); 'Maternal Health Risk Data Set.csv' (Maternal Health Risk).

Each builder was written AFTER reading a stored source (its comment names it and what it showed); none was written
from memory alone. Details the sources did not settle are said in the comments ("as remembered"). Simplifications
are noted in each builder.

The truth comes from each dataset's documented meaning, never from what shardify does: a record id is
the path relative to the root; a row is "<file>:<i>" (tests/helpers/unseen4.py's `Put`, `build`); no
split is "train"; a detection record's labels are its objects' classes. `FOLLOW` holds, per dataset, the
options a user would add after a stop to convert it right; None where none was found.

Measured on branch blind47 at main's c1fa10a8 (no fix in it; `python tests/helpers/blind_tally.py --batch 47
--json tests/helpers/blind47_baseline_c1fa10a8.json`, 2026-11-29 16:20 UTC by this machine's clock, 19 s): of 10, 5
right (ireland_news, jute_pest, kitchenware, microcontroller, potato_pld), 4 good stops (idd_detection: --label-level
0, the folders of subsets and drives taken for classes until then; maternal_health: --text-column none --keep-columns
'*' --label-column 'RiskLevel'; oil_spill: --label-level 0 --exclude '*/labels_1D'; phishing_email: --label-column
'Email Type'; each naming every value too), 1 useless stop (mini_mias: the PGM films read, but their labels, the third
column of the space-separated all-mias/Info.txt after its prose, named "not read" with no option that converts it
right), 0 exit 1, 0 WRONG WITH EXIT 0. (The first tally, at 16:19 before FOLLOW was filled in, read 5/0/5/0/0.)
What each does: tests/layouts/test_blind_round_47.py.
After blindfix47 (tests/layouts/test_blindfix47.py): `--labels FILE.txt --label-column N` reads `key field field ...`
lines, field N the label (converters/field_lines.py); the lines before the first naming a file, all naming none, are
the file's preamble, a note of the plan, no rejects (beam_jobs/discover/label_preamble.py); the stop over inputs
nothing labels names that option with the fields of repeated words beside a .txt listing the inputs
(beam_jobs/discover/field_lines_hint.py): mini_mias a good stop (--labels all-mias/Info.txt --label-column 3): 5
right, 5 good stops, 0 useless stops, 0 exit 1, 0 WRONG EXIT 0 (16:33 UTC). Batches 45, 44, 43 re-tallied after it
(16:33 UTC): 8/1/1/0/0, 4/4/2/0/0, 8/1/1/0/0, as on main.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

from helpers import blind47_texts as texts
from helpers.blind23 import _pic
from helpers.unseen4 import Put, Spec, Truth4, aux, build
from helpers.unseen4 import given as _file

__all__ = ["BASELINE", "DATASETS", "FOLLOW", "SPECS"]


def _pgm(key: str) -> bytes:
    """A small binary (P5) greyscale PGM, as the MIAS films are written (there 1024x1024, 8 bits)."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(sum(key.encode()) * 7919)
    buf = io.BytesIO()
    Image.fromarray(rng.integers(0, 256, (16, 20), dtype=np.uint8), "L").save(buf, "PPM")
    return buf.getvalue()


def _rgb_mask(key: str, palette: list[tuple[int, int, int]]) -> bytes:
    """A colour-coded RGB mask PNG whose pixels are only the palette's colours."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(sum(key.encode()) * 104729)
    pixels = np.asarray(palette, dtype=np.uint8)[rng.integers(0, len(palette), (16, 20))]
    buf = io.BytesIO()
    Image.fromarray(pixels, "RGB").save(buf, "PNG")
    return buf.getvalue()


def _voc(folder: str, filename: str, objects: list[tuple[str, int, int, int, int]], path: str = "") -> str:
    """A Pascal VOC annotation as labelImg writes it (folder, filename, path, source, size, objects)."""
    boxes = "".join(
        f"\n\t<object>\n\t\t<name>{name}</name>\n\t\t<pose>Unspecified</pose>\n\t\t<truncated>0</truncated>\n"
        f"\t\t<difficult>0</difficult>\n\t\t<bndbox>\n\t\t\t<xmin>{x0}</xmin>\n\t\t\t<ymin>{y0}</ymin>\n"
        f"\t\t\t<xmax>{x1}</xmax>\n\t\t\t<ymax>{y1}</ymax>\n\t\t</bndbox>\n\t</object>"
        for name, x0, y0, x1, y1 in objects
    )
    return (
        f"<annotation>\n\t<folder>{folder}</folder>\n\t<filename>{filename}</filename>\n\t<path>{path or filename}</path>\n"
        "\t<source>\n\t\t<database>Unknown</database>\n\t</source>\n\t<size>\n\t\t<width>20</width>\n"
        f"\t\t<height>16</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segmented>0</segmented>{boxes}\n</annotation>\n"
    )


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_KITCHENWARE = ["cup", "fork", "glass", "knife", "plate", "spoon"]


def _kitchenware() -> Iterator[Put]:
    # Kitchenware Classification (Kaggle competition kitchenware-classification, DataTalks.Club 2022, 6 classes).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'kitchenware-classification': a reader
    # "`train.csv` maps each image ID to one image-level class; `test.csv` has no labels ... CLASS_NAMES = ('cup',
    # 'fork', 'glass', 'knife', 'plate', 'spoon') ... EXPECTED_COLUMNS = ['Id', 'label'] ... path = source_dir /
    # 'images' / f'{image_id}.jpg'"; "images + `train.csv` with columns `Id`, `label` ... `images\\{Id}.jpg`";
    # "testing_images/0000.jpg"; "./testing/0966.jpg"). The ids written zero-padded in the CSVs ('0560', the reason
    # notebooks read them with dtype={'Id': str}), the test.csv of one 'Id' column, the sample_submission.csv 'Id,
    # label' (every row 'cup') and the test images in the same images/ folder are as remembered. Truth: each image
    # a record; those of train.csv in "train" labelled by its label, those of test.csv in "test" unlabelled.
    # Simplified: 12 train and 4 test images, 20x16
    train = ["Id,label"]
    for i, n in enumerate((560, 4675, 875, 4436, 8265, 7, 1051, 2299, 41, 6109, 3970, 815)):
        cls = _KITCHENWARE[(i * 5) % 6]
        yield _file(f"images/{n:04d}.jpg", _pic(f"kw{n}", "JPEG"), "train", cls)
        train.append(f"{n:04d},{cls}")
    test = ["Id"]
    for n in (678, 3157, 9, 5042):
        yield _file(f"images/{n:04d}.jpg", _pic(f"kwt{n}", "JPEG"), "test")
        test.append(f"{n:04d}")
    yield aux("train.csv", "\n".join(train) + "\n")
    yield aux("test.csv", "\n".join(test) + "\n")
    yield aux("sample_submission.csv", "Id,label\n" + "".join(f"{t},cup\n" for t in test[1:]))


_PESTS = ["Beet Armyworm", "Field Cricket", "Jute Stem Girdler", "Termite odontotermes (Rambur)", "Yellow Mite"]


def _jute_pest() -> Iterator[Put]:
    # Jute Pest Dataset (UCI Machine Learning Repository 'Jute Pest', 17 pests; Kaggle simulhasantalukder/
    # jutepestindentification). CHECKED 2026-11-29 against readers in the code corpus (find_string
    # 'Jute_Pest_Dataset': "folder_list_train = os.listdir('jute+pest+dataset\\Jute_Pest_Dataset\\Jute_Pest_Dataset\\
    # train') ... \\test ... \\val" (the UCI zip unpacked into a folder of its own name); "train_dir = '.../
    # Jute_Pest_Dataset/train'; val_dir = '.../val'; test_dir = '.../test'"; "test_dataset = datasets.ImageFolder(
    # test_dir ...)"; "num_classes = 17"). The class names (with spaces, one with parentheses) and the images' names
    # (scraped: 'jpg', 'jpeg', 'png' mixed) are as remembered. Truth: each image a record of its split folder (train,
    # val -> validation, test) labelled by its pest folder. Simplified: 5 of 17 pests, 2 train, 1 val, 1 test each
    base = "Jute_Pest_Dataset/Jute_Pest_Dataset"
    names = {"train": ("image (1).jpg", "ja12.jpeg"), "val": ("image (7).jpg",), "test": ("images15.png",)}
    for split, files in names.items():
        for pest in _PESTS:
            for name in files:
                fmt = "PNG" if name.endswith(".png") else "JPEG"
                yield _file(f"{base}/{split}/{pest}/{name}", _pic(f"jp{split}{pest}{name}", fmt), split, pest)


def _potato_pld() -> Iterator[Put]:
    # Potato Disease Leaf Dataset (PLD) (Kaggle rizwan123456789/potato-disease-leaf-datasetpld, 3 classes).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'PLD_3_Classes_256': "DATA_DIR = Path(
    # '/kaggle/input/datasets/rizwan123456789/potato-disease-leaf-datasetpld/PLD_3_Classes_256'); TRAIN_DIR =
    # DATA_DIR / 'Training'; VAL_DIR = DATA_DIR / 'Validation'; TEST_DIR = DATA_DIR / 'Testing'"; "PLD_3_Classes_256/
    # Training/ Class_1/ ..."; "classifies leaf images into Early Blight, Late Blight, or Healthy"; a loader renaming
    # Training/Testing/Validation to train/test/val). The folder names 'Early_Blight', 'Healthy', 'Late_Blight' and the
    # images' names ('1 (12).jpg') are as remembered. Truth: each JPEG a record of its split folder (Training ->
    # train, Validation -> validation, Testing -> test) labelled by its class folder. Simplified: 2 train, 1
    # validation and 1 test image a class, 20x16 (not 256x256)
    base = "PLD_3_Classes_256"
    for folder, split, count in (("Training", "train", 2), ("Validation", "validation", 1), ("Testing", "test", 1)):
        for cls in ("Early_Blight", "Healthy", "Late_Blight"):
            for n in range(1, count + 1):
                name = f"{n} ({n * 7 + len(cls)}).jpg"
                yield _file(f"{base}/{folder}/{cls}/{name}", _pic(f"pld{folder}{cls}{n}", "JPEG"), split, cls)


# MIAS Info.txt lines (reference, tissue, class, severity, x, y, radius), as remembered from the database's list.
_MIAS = [
    ("mdb001", "G CIRC B 535 425 197"),
    ("mdb003", "D NORM"),
    ("mdb004", "D NORM"),
    ("mdb005", "F CIRC B 477 133 30"),
    ("mdb005", "F CIRC B 500 168 26"),
    ("mdb013", "G MISC B 667 365 31"),
    ("mdb072", "G ASYM M 266 517 28"),
    ("mdb115", "G ARCH M 461 532 117"),
    ("mdb145", "D SPIC B 669 543 49"),
    ("mdb178", "G SPIC M 492 600 70"),
    ("mdb209", "G CALC M 647 503 87"),
    ("mdb223", "D CALC B 523 482 29"),
    ("mdb223", "D CALC B 591 529 6"),
    ("mdb322", "D NORM"),
]
_MIAS_PREAMBLE = (
    "MIAS database: the mini-MIAS, 322 digitised films (reduced to 200 micron pixel edge, 1024x1024).\n"
    "1st column: MIAS database reference number.\n"
    "2nd column: Character of background tissue: F Fatty, G Fatty-glandular, D Dense-glandular\n"
    "3rd column: Class of abnormality present: CALC Calcification, CIRC Well-defined/circumscribed masses, "
    "SPIC Spiculated masses, MISC Other, ill-defined masses, ARCH Architectural distortion, ASYM Asymmetry, NORM Normal\n"
    "4th column: Severity of abnormality: B Benign, M Malignant\n"
    "5th,6th columns: x,y image-coordinates of centre of abnormality.\n"
    "7th column: Approximate radius (in pixels) of a circle enclosing the abnormality.\n\n"
)


def _mini_mias() -> Iterator[Put]:
    # mini-MIAS (Mammographic Image Analysis Society Digital Mammogram Database, Suckling et al. 1994; Kaggle
    # kmader/mias-mammography). CHECKED 2026-11-29 against readers in the code corpus (find_string 'all-mias/
    # Info.txt': "INFO_FILE_PATH = 'Dataset/all-mias/Info.txt' ... parts = line.strip().split() ... Skip empty lines
    # or lines that don't look like data (e.g. headers): if len(parts) < 3 or not parts[0].startswith('mdb') ...
    # 3. Class of Abnormality (CALC, CIRC, SPIC, MISC, ARCH, ASYM, NORM) ... Normal case: mdb003 D NORM ... Standard
    # Abnormal case: mdb001 G CIRC B 535 425 197 ... PATH = f'Dataset/all-mias/{x}.pgm'"; "info_path = 'data/
    # all-mias/Info.txt'; image_directory = 'data/all-mias'"; an R reader of Info.txt "skip = 102, n_max = 330"
    # (prose first, 330 lines for 322 films); "Keep abnormality type (CIRC, SPIC, CALC, ASYM, etc.)"). The preamble's
    # words and the lines kept here (an image of two abnormalities has two lines of one class) are as remembered.
    # Truth: each PGM a record (no split: "train") labelled by its class of abnormality (Info.txt's third column).
    # Simplified: 12 films of 20x16 (not 1024x1024)
    classes = {}
    for ref, rest in _MIAS:
        classes.setdefault(ref, rest.split()[1])
    for ref, cls in classes.items():
        yield _file(f"all-mias/{ref}.pgm", _pgm(ref), "train", cls)
    yield aux("all-mias/Info.txt", _MIAS_PREAMBLE + "".join(f"{ref} {rest} \n" for ref, rest in _MIAS))


# ------------------------------------------------------------------------------------------------
# Detection
# ------------------------------------------------------------------------------------------------

_BOARDS = ["Arduino_Nano", "ESP8266", "Raspberry_Pi_3", "Heltec_ESP32_Lora"]


def _microcontroller() -> Iterator[Put]:
    # Microcontroller Detection (Kaggle tannergi/microcontroller-detection, Gilbert Tanner, ~250 images of 4 boards).
    # CHECKED 2026-11-29 against readers in the code corpus (find_string 'Microcontroller Detection/train': "TRAIN_DIR
    # = '../Microcontroller Detection/train' # training images and XML files directory; VALID_DIR = '../Microcontroller
    # Detection/test' ... CLASSES = ['background', 'Arduino_Nano', 'ESP8266', 'Raspberry_Pi_3', 'Heltec_ESP32_Lora']";
    # "df = pd.read_csv('../input/microcontroller-detection/Microcontroller Detection/train_labels.csv') ...
    # df['filename'].value_counts() ... df['class']"; "INPUT_IMAGE_URL = '/content/microcontroller-detection/test/
    # IMG_20181228_102641.jpg'"). The labelImg VOC fields, the CSV columns 'filename,width,height,class,xmin,ymin,xmax,
    # ymax' (the TF Object Detection API tutorial's xml_to_csv) and one to three boards an image are as remembered.
    # Truth: detection, each JPEG a record of its folder's split (train, test) labelled by its boxes' classes.
    # Simplified: 6 train and 3 test images, 20x16 (not 800x600)
    base = "Microcontroller Detection"
    picks = {
        "train": [
            ("IMG_20181228_101826", [0]),
            ("IMG_20181228_101936", [1, 2]),
            ("IMG_20181228_102033", [3]),
            ("IMG_20181228_102143", [2, 2]),
            ("IMG_20181228_102217", [0, 3, 1]),
            ("IMG_20181228_102306", [1]),
        ],
        "test": [("IMG_20181228_102641", [2]), ("IMG_20181228_102706", [0, 1]), ("IMG_20181228_102745", [3])],
    }
    for split, images in picks.items():
        rows = ["filename,width,height,class,xmin,ymin,xmax,ymax"]
        for stem, ids in images:
            boxes = [(_BOARDS[c], 1 + 6 * k, 2 + k, 6 + 6 * k, 12 + k) for k, c in enumerate(ids)]
            names = [b[0] for b in boxes]
            yield _file(f"{base}/{split}/{stem}.jpg", _pic(f"mc{stem}", "JPEG"), split, names, names)
            windows = f"C:\\Users\\Gilbert\\Desktop\\Microcontroller Detection\\{split}\\{stem}.jpg"
            yield aux(f"{base}/{split}/{stem}.xml", _voc(split, f"{stem}.jpg", boxes, windows))
            rows += [f"{stem}.jpg,20,16,{n},{x0},{y0},{x1},{y1}" for n, x0, y0, x1, y1 in boxes]
        yield aux(f"{base}/{split}_labels.csv", "\n".join(rows) + "\n")


def _idd() -> Iterator[Put]:
    # IDD Detection (India Driving Dataset, IIIT Hyderabad and Intel, idd.insaan.iiit.ac.in; 46,588 images, 15
    # classes). CHECKED 2026-11-29 against readers in the code corpus (find_string 'highquality_16k': a data card
    # "IDD Detection ships Pascal-VOC XML annotations over 46,588 images (31,569 / 10,225 / 4,794 ...). Layout:
    # `Annotations/<subset>/<drive>/<frame>.xml` beside `JPEGImages/<subset>/<drive>/<frame>.jpg`, with `train.txt` /
    # `val.txt` / `test.txt` naming `<subset>/<drive>/<frame>`; the six subsets are `frontFar`, `frontNear`,
    # `highquality_16k`, `rearNear`, `sideLeft`, `sideRight`. Frame names repeat across drives ... The mirror also
    # carries editor swap files (`.001542_r.xml.swp`) ... car, bus, truck, motorcycle, bicycle, autorickshaw, person,
    # rider, animal, traffic light, traffic sign, caravan, trailer, train, vehicle fallback"; "46,659 images in
    # JPEGImages/ and 41,857 XML annotations in Annotations/" (test frames have none); frames named 'frontNear__BLR-
    # 2018-04-19_18-06-55_frontNear__0000060.jpg', 'highquality_16k__BLR-2018-05-31_10-49-32__2018-05-31_10-58-6-
    # 131756_leftImg8bit.jpg', 'sideLeft__BLR-2018-05-14_13-38-46_sideLeft__000264_r.jpg' (subset, drive, frame)).
    # The XML's own fields are as remembered (VOC). Truth: detection, each JPEG a record of the split its list file
    # names (train, val -> validation, test) labelled by its boxes' classes; test frames unlabelled (no XML).
    # Simplified: 8 frames of 20x16 over 4 drives, 2 of them in test
    frames = [
        ("train", "frontNear/BLR-2018-04-19_18-06-55_frontNear/0000060", ["car", "autorickshaw", "person"]),
        ("train", "frontNear/BLR-2018-04-19_18-06-55_frontNear/0000120", ["motorcycle", "rider"]),
        ("train", "frontFar/BLR-2018-03-22_17-39-26_2_frontFar/0000060", ["bus", "traffic sign"]),
        ("train", "highquality_16k/BLR-2018-05-31_10-49-32/2018-05-31_10-58-6-131756_leftImg8bit", ["truck", "car", "car"]),
        ("val", "sideLeft/BLR-2018-05-14_13-38-46_sideLeft/000264_r", ["animal", "vehicle fallback"]),
        ("val", "frontFar/BLR-2018-03-22_17-39-26_2_frontFar/0000150", ["person"]),
        ("test", "frontNear/BLR-2018-04-19_18-06-55_frontNear/0000180", None),
        ("test", "sideLeft/BLR-2018-05-14_13-38-46_sideLeft/000300_r", None),
    ]
    lists: dict[str, list[str]] = {"train": [], "val": [], "test": []}
    for split, frame, names in frames:
        lists[split].append(frame)
        yield _file(f"JPEGImages/{frame}.jpg", _pic(f"idd{frame}", "JPEG"), split, names, names)
        if names is not None:
            boxes = [(n, 1 + 4 * k, 1 + k, 5 + 4 * k, 9 + k) for k, n in enumerate(names)]
            folder, name = frame.rsplit("/", 1)
            yield aux(f"Annotations/{frame}.xml", _voc(folder.split("/")[1], f"{name}.jpg", boxes))
    yield aux("Annotations/sideLeft/BLR-2018-05-14_13-38-46_sideLeft/.000264_r.xml.swp", b"b0VIM 8.0\x00\x00\x10\x00")
    for split, names in lists.items():
        yield aux(f"{split}.txt", "\n".join(names) + "\n")


# ------------------------------------------------------------------------------------------------
# Segmentation
# ------------------------------------------------------------------------------------------------

# sea surface (black), oil spill (cyan), look-alike (red), ship (brown), land (green)
_OIL_COLOURS = [(0, 0, 0), (0, 255, 255), (255, 0, 0), (153, 76, 0), (0, 153, 0)]


def _oil_spill() -> Iterator[Put]:
    # Oil Spill Detection Dataset (MKLab, CERTH-ITI, Krestenitis et al. 2019, m4d.iti.gr/oil-spill-detection-dataset;
    # 1002 train and 110 test Sentinel-1 SAR images, 5 classes). CHECKED 2026-11-29 against readers in the code corpus
    # (find_string 'labels_1D': a data card "data/datasets/oil_spill/ README.txt train/ images/ # 1250x650 JPG SAR
    # images; labels/ # RGB masks; labels_1D/ # integer masks with values 0..4; test/ images/ labels/ labels_1D/";
    # a loader "image_dir = os.path.join(split_dir, 'images'); label_dir = os.path.join(split_dir, 'labels_1D');
    # image_files = sorted(glob(... '*.jpg')); label_files = sorted(glob(... '*.png'))"; "5 classes: Sea Surface, Oil
    # Spill, Lookalike, Ship, Land - RGB-encoded masks"). The names 'img_0001.jpg' / 'img_0001.png', the colours and
    # the README's words are as remembered. Truth: each JPEG in an images/ folder a record of its split (train,
    # test), unlabelled (the classes per-pixel); labels/ and labels_1D/ hold the masks, no records. Simplified: 4 train
    # and 2 test images, 20x16 greyscale (not 1250x650)
    for split, numbers in (("train", (1, 2, 3, 1002)), ("test", (1, 2))):
        for n in numbers:
            yield _file(f"{split}/images/img_{n:04d}.jpg", _pic(f"oil{split}{n}", "JPEG", mode="L"), split)
            yield aux(f"{split}/labels/img_{n:04d}.png", _rgb_mask(f"oilrgb{split}{n}", _OIL_COLOURS))
            yield aux(f"{split}/labels_1D/img_{n:04d}.png", _pic(f"oil1d{split}{n}", values=[0, 1, 2, 3, 4]))
    yield aux(
        "README.txt",
        "Oil Spill Detection Dataset\n\nThe dataset contains 1112 SAR images (Sentinel-1) with their annotations: 1002 "
        "for training and 110 for testing.\nFolders: images (the SAR images), labels (RGB masks), labels_1D (one-channel "
        "masks, a class index per pixel).\nClasses: 0 sea surface (black), 1 oil spill (cyan), 2 look-alike (red), "
        "3 ship (brown), 4 land (green).\nPlease cite: Krestenitis et al., Oil Spill Identification from Satellite "
        "Images Using Deep Neural Networks, Remote Sensing 2019.\n",
    )


SPECS: dict[str, Spec] = {
    "kitchenware": Spec(
        "kitchenware-classification",
        "image",
        _kitchenware,
        "https://www.kaggle.com/competitions/kitchenware-classification",
        "images/<Id>.jpg labelled by train.csv 'Id,label' (zero-padded ids); test.csv's ids test, unlabelled.",
    ),
    "jute_pest": Spec(
        "jute+pest+dataset",
        "image",
        _jute_pest,
        "https://archive.ics.uci.edu/dataset/920/jute+pest+dataset",
        "images labelled by pest folder; split by train/val/test under Jute_Pest_Dataset/Jute_Pest_Dataset/.",
    ),
    "potato_pld": Spec(
        "potato-disease-leaf-datasetpld",
        "image",
        _potato_pld,
        "https://www.kaggle.com/datasets/rizwan123456789/potato-disease-leaf-datasetpld",
        "images labelled by class folder; split by Training/Validation/Testing.",
    ),
    "mini_mias": Spec(
        "mias-mammography",
        "image",
        _mini_mias,
        "http://peipa.essex.ac.uk/info/mias.html (Kaggle kmader/mias-mammography)",
        "PGM films labelled by Info.txt's third column (class of abnormality); no split.",
    ),
    "microcontroller": Spec(
        "microcontroller-detection",
        "image",
        _microcontroller,
        "https://www.kaggle.com/datasets/tannergi/microcontroller-detection",
        "detection: VOC XML beside each JPEG in train/ and test/; *_labels.csv restate the boxes.",
    ),
    "idd_detection": Spec(
        "IDD_Detection",
        "image",
        _idd,
        "https://idd.insaan.iiit.ac.in/ (IDD Detection)",
        "detection: Annotations/ mirroring JPEGImages/ by subset/drive/frame; split by train/val/test.txt.",
    ),
    "oil_spill": Spec(
        "oil_spill",
        "image",
        _oil_spill,
        "https://m4d.iti.gr/oil-spill-detection-dataset/",
        "images per split unlabelled; labels/ (RGB) and labels_1D/ (indices) of the same stems no records.",
    ),
    "phishing_email": Spec(
        "phishingemails",
        "text",
        texts.phishing,
        "https://www.kaggle.com/datasets/subhajournal/phishingemails",
        "each Email Text a record labelled by Email Type (Safe Email, Phishing Email).",
    ),
    "ireland_news": Spec(
        "ireland-historical-news",
        "text",
        texts.ireland_news,
        "https://www.kaggle.com/datasets/therohk/ireland-historical-news",
        "each headline_text a record labelled by headline_category (dotted names).",
    ),
    "maternal_health": Spec(
        "maternal-health-risk-data",
        "table",
        texts.maternal_health,
        "https://archive.ics.uci.edu/dataset/863/maternal+health+risk",
        "each row a record labelled by RiskLevel (low risk, mid risk, high risk), the last of 7 columns.",
    ),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}

# Per dataset: the options a user adds after a stop, with which the conversion is right (tried with
# the tally); None where none was found to.
FOLLOW: dict[str, dict[str, object] | None] = {
    "kitchenware": None,
    "jute_pest": None,
    "potato_pld": None,
    "mini_mias": {"labels_file": "all-mias/Info.txt", "label_column": "3"},  # the stop's since blindfix47 (tried: right)
    "microcontroller": None,
    "idd_detection": {"label_level": 0},  # the stop's (tried: right)
    "oil_spill": {"label_level": 0, "exclude": ("*/labels_1D",)},  # the stop's (tried: right)
    "phishing_email": {"label_column": "Email Type"},  # the stop's (tried: right)
    "ireland_news": None,
    "maternal_health": {"text_column": "none", "keep_columns": ("*",), "label_column": "RiskLevel"},  # the stop's
}

# The tally (tests/helpers/blind47_baseline_c1fa10a8.json).
BASELINE: dict[str, int] = {"right": 5, "good stop": 4, "useless stop": 1, "exit 1": 0, "WRONG EXIT 0": 0}
