"""Miniatures of two kinds of detection annotation, each as its documentation lays the download out
(the sources in each builder's comment), with a twin that must stop:

- one table of boxes for many images whose columns no format row documents, read by content
  (`shardify/plan/box_columns.py`): MIO-TCD localization's headerless `gt_train.csv`
  (`<id>,<class>,x1,y1,x2,y2`), keras-retinanet's headerless `annotations.csv`
  (`path/to/image.jpg,x1,y1,x2,y2,class_name`, an empty row an image of no object), Udacity's
  CrowdAI `labels.csv` under its own header (`xmin,ymin,xmax,ymax,Frame,Label,Preview URL`); twins:
  boxes that fit both corners and x, y, w, h; the CrowdAI file's first header, which names the
  columns `xmin,xmax,ymin,ymax` over rows written xmin, ymin, xmax, ymax.
- per-image text-detection files (`shardify/plan/box_format_rows.py`): MSRA-TD500's `.gt` beside
  each image (`index difficult x y w h angle`), HUST-TR400's (the same lines, one flat folder),
  ICDAR 2013's `gt_<stem>.txt` in a folder mirroring the images' (`xmin ymin xmax ymax "word"`
  in training, `xmin, ymin, xmax, ymax, "word"` in test); twin: a `.gt` of another shape.

Each builder writes the files under `dest` and returns the truth: {image path from SRC: (split,
[(class, (xmin, ymin, xmax, ymax) in pixels, difficult), ...])}; None objects for an image no
annotation names (a record without objects). Images are 64 x 48 JPEGs.
"""

from __future__ import annotations

import math
from pathlib import Path

from helpers.shipped import _image_bytes

__all__ = ["W", "H", "BUILDERS", "mio_tcd", "retinanet", "deepforest", "crowdai", "msra_td500", "hust_tr400", "icdar2013", "gt_of_another_shape"]

W, H = 64, 48
Truth = dict[str, tuple[str, list[tuple[str, tuple[float, float, float, float], int]] | None]]


def _image(root: Path, rel: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_image_bytes(rel, W, H, "JPEG"))


def _text(root: Path, rel: str, text: str, encoding: str = "utf-8") -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))


# ------------------------------------------------------------------------------------------------
# One table of boxes, columns read by content
# ------------------------------------------------------------------------------------------------

# Boxes (x1, y1, x2, y2) per image: read as x, y, w, h the later ones leave the 64 x 48 image
# (30 + 60 > 64), read as x1, x2, y1, y2 the second is out of order (x2 10 < x1 30).
_CORNERS = [[(4, 6, 20, 30), (30, 10, 60, 40)], [(10, 5, 50, 44)], [(2, 2, 40, 30), (33, 12, 62, 47)]]
# The same as x, y, w, h (x1 y1 x2 y2 read of them is out of order: 40 > 12): read as corners they are none.
_SIZES = [[(40, 6, 12, 20), (2, 10, 30, 30)], [(30, 5, 20, 40)], [(50, 2, 10, 28), (3, 12, 30, 30)]]
# Boxes near the origin: every reading (corners, x1 x2 y1 y2, x y w h) fits the image.
_AMBIGUOUS = [[(2, 3, 10, 12)], [(1, 4, 9, 14)], [(3, 5, 12, 16)]]
_VEHICLES = ["pickup_truck", "car", "bus", "articulated_truck", "pedestrian"]


def mio_tcd(dest: Path, numbers: str = "corners", stray: bool = False) -> Truth:
    # tcd.miovision.com (MIO-TCD-Localization.tar): train/<nnnnnnnn>.jpg, test/<nnnnnnnn>.jpg (unannotated),
    # gt_train.csv headerless '<image id>,<class>,x1,y1,x2,y2' a box a row, the id without '.jpg' (the file and its
    # columns as loaders seen by search read them: pandas names=['image', 'label', 'x1', 'y1', 'x2', 'y2']).
    # `numbers`: "corners" (the dataset's), "sizes" (a twin of x, y, w, h rows), "ambiguous" (every reading fits)
    root = dest / "MIO-TCD-Localization"
    boxes = {"corners": _CORNERS, "sizes": _SIZES, "ambiguous": _AMBIGUOUS}[numbers]
    truth: Truth = {}
    rows = []
    for i, image_boxes in enumerate(boxes):
        ident = f"{i * 31 + 7:08d}"
        _image(root, f"train/{ident}.jpg")
        objects = []
        for b, (a, b2, c, d) in enumerate(image_boxes):
            name = _VEHICLES[(i + b) % len(_VEHICLES)]
            rows.append(f"{ident},{name},{a},{b2},{c},{d}")
            box = (a, b2, a + c, b2 + d) if numbers == "sizes" else (a, b2, c, d)
            objects.append((name, box, 0))
        truth[f"train/{ident}.jpg"] = ("train", objects)
    _image(root, "train/00000900.jpg")  # an image no row names: no objects
    truth["train/00000900.jpg"] = ("train", None)
    if stray:
        rows.append("00099999,car,1,1,5,5")  # a row naming no image: its reject
    for i in range(2):
        _image(root, f"test/{110000 + i:08d}.jpg")
        truth[f"test/{110000 + i:08d}.jpg"] = ("test", None)
    _text(root, "gt_train.csv", "\n".join(rows) + "\n")
    return truth


def retinanet(dest: Path) -> Truth:
    # github.com/fizyr/keras-retinanet README, CSV datasets: annotations.csv 'path/to/image.jpg,x1,y1,x2,y2,class_name'
    # a box a row, no header, the path relative to the CSV, 'path/to/image.jpg,,,,,' an image with no object;
    # classes.csv 'class_name,id' a class a row
    root = dest / "retinanet_data"
    rows = []
    truth: Truth = {}
    for i, image_boxes in enumerate(_CORNERS):
        rel = f"images/img_{i:03d}.jpg"
        _image(root, rel)
        objects = []
        for b, box in enumerate(image_boxes):
            name = ("cat", "dog")[(i + b) % 2]
            rows.append(f"{rel},{box[0]},{box[1]},{box[2]},{box[3]},{name}")
            objects.append((name, box, 0))
        truth[rel] = ("train", objects)
    _image(root, "images/img_009.jpg")
    rows.append("images/img_009.jpg,,,,,")
    truth["images/img_009.jpg"] = ("train", [])
    _text(root, "annotations.csv", "\n".join(rows) + "\n")
    _text(root, "classes.csv", "cat,0\ndog,1\n")
    return truth


def deepforest(dest: Path, header: str = "image_path,xmin,ymin,xmax,ymax,label") -> Truth:
    # deepforest.readthedocs.io (training: an annotations CSV 'image_path,xmin,ymin,xmax,ymax,label', a box a row,
    # image_path the file's name in the CSV's folder, pixels; weecology/DeepForest issue 405 quotes the same columns).
    # `header`: the twin's 'image_path,xmin,xmax,ymin,ymax,label' over the same rows (a header the rows contradict)
    root = dest / "deepforest_training"
    rows = [header]
    truth: Truth = {}
    for i, image_boxes in enumerate(_CORNERS):
        rel = f"OSBS_{i + 27:03d}.png"
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(_image_bytes(rel, W, H, "PNG"))
        objects = []
        for box in image_boxes:
            rows.append(f"{rel},{box[0]},{box[1]},{box[2]},{box[3]},Tree")
            objects.append(("Tree", box, 0))
        truth[rel] = ("train", objects)
    _text(root, "annotations.csv", "\n".join(rows) + "\n")
    return truth


def crowdai(dest: Path, header: str = "xmin,ymin,xmax,ymax,Frame,Label,Preview URL") -> Truth:
    # github.com/udacity/self-driving-car annotations/README.md, Dataset 1 (object-detection-crowdai.tar.gz):
    # object-detection-crowdai/<timestamp>.jpg and labels.csv 'xmin,ymin,xmax,ymax,Frame,Label,Preview URL', a box a
    # row, Label Car, Truck or Pedestrian. Its first labels.csv had the header 'xmin,xmax,ymin,ymax,...' over the
    # same rows (udacity/self-driving-car pull request 32: the header "falsely suggests" that order): the twin
    root = dest / "object-detection-crowdai"
    rows = [header]
    truth: Truth = {}
    for i, image_boxes in enumerate(_CORNERS):
        frame = f"{1479498371963069978 + i * 1000}.jpg"
        _image(root, frame)
        objects = []
        for b, box in enumerate(image_boxes):
            name = ("Car", "Truck", "Pedestrian")[(i + b) % 3]
            rows.append(f"{box[0]},{box[1]},{box[2]},{box[3]},{frame},{name},http://crowdai.com/images/{i}{b}/visualize")
            objects.append((name, box, 0))
        truth[frame] = ("train", objects)
    _text(root, "labels.csv", "\n".join(rows) + "\n")
    return truth


# ------------------------------------------------------------------------------------------------
# Per-image text detection files
# ------------------------------------------------------------------------------------------------

def _turned(x: float, y: float, w: float, h: float, angle: float) -> tuple[float, float, float, float]:
    """The envelope of the rectangle turned about its centre, from its four corners (as loaders draw them)."""
    cx, cy = x + w / 2, y + h / 2
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    turned = [(cx + (px - cx) * math.cos(angle) - (py - cy) * math.sin(angle),
               cy + (px - cx) * math.sin(angle) + (py - cy) * math.cos(angle)) for px, py in corners]
    xs, ys = [p[0] for p in turned], [p[1] for p in turned]
    return (max(0.0, min(xs)), max(0.0, min(ys)), min(float(W), max(xs)), min(float(H), max(ys)))


# (difficult, x, y, w, h, angle in radians): the last leaves the image when turned (clipped)
_LINES = [[(0, 10, 8, 30, 8, 0.0), (1, 20, 30, 24, 6, 0.2)], [(0, 4, 4, 40, 10, -0.35)], [(0, 30, 20, 40, 12, 0.5)]]


def _td500_files(root: Path, folder: str, stems: list[str], ext: str, truth: Truth, split: str) -> None:
    for stem, lines in zip(stems, _LINES):
        rel = f"{folder}/{stem}.{ext}" if folder else f"{stem}.{ext}"
        _image(root, rel)
        text = "".join(f"{k} {d} {x} {y} {w} {h} {a}\n" for k, (d, x, y, w, h, a) in enumerate(lines))
        _text(root, rel.rsplit(".", 1)[0] + ".gt", text)
        truth[rel] = (split, [("text", _turned(x, y, w, h, a), d) for d, x, y, w, h, a in lines])


def msra_td500(dest: Path) -> Truth:
    # www.iapr-tc11.org (MSRA-TD500.zip): train/IMG_<nnnn>.JPG with IMG_<nnnn>.gt beside it, test/ the same; a .gt line
    # 'index difficult x y width height angle', the rectangle turned by angle radians about its centre (loaders seen
    # by search: x_ctr = x + width / 2, the angle in radians)
    root = dest / "MSRA-TD500"
    truth: Truth = {}
    _td500_files(root, "train", ["IMG_0064", "IMG_0093", "IMG_0180"], "JPG", truth, "train")
    _td500_files(root, "test", ["IMG_0059", "IMG_0507"], "JPG", truth, "test")
    return truth


def hust_tr400(dest: Path) -> Truth:
    # mclab.eic.hust.edu.cn (HUST-TR400.zip): HUST-TR400/<name>.jpg with <name>.gt beside it in one folder, the lines as
    # MSRA-TD500's (a loader seen by search lists '*.jpg' and reads '<stem>.gt' fields 2-6 alike); training images only
    root = dest / "HUST-TR400"
    truth: Truth = {}
    _td500_files(root, "", ["IMG_0001", "IMG_0017", "IMG_0230"], "jpg", truth, "train")
    return truth


def icdar2013(dest: Path) -> Truth:
    # rrc.cvc.uab.es/?ch=2 (ICDAR 2013 Focused Scene Text, task 1): Challenge2_Training_Task12_Images/<n>.jpg with
    # Challenge2_Training_Task1_GT/gt_<n>.txt 'xmin ymin xmax ymax "word"'; Challenge2_Test_Task12_Images/img_<n>.jpg
    # with Challenge2_Test_Task1_GT/gt_img_<n>.txt 'xmin, ymin, xmax, ymax, "word"' (as mmocr's converter reads them)
    root = dest / "icdar2013"
    truth: Truth = {}
    parts = (("Challenge2_Training_Task12_Images", "Challenge2_Training_Task1_GT", ["100", "101", "102"], " ", "train"),
             ("Challenge2_Test_Task12_Images", "Challenge2_Test_Task1_GT", ["img_1", "img_2"], ", ", "test"))
    for images, gt, stems, separator, split in parts:
        for i, stem in enumerate(stems):
            _image(root, f"{images}/{stem}.jpg")
            boxes = [(3 + 5 * k + i, 4 + 9 * k, 20 + 5 * k + i, 12 + 9 * k) for k in range(1 + i % 2)]
            words = ["Tiredness", "kills"]
            lines = [separator.join([*map(str, box), f'"{words[k]}"']) for k, box in enumerate(boxes)]
            _text(root, f"{gt}/gt_{stem}.txt", "\r\n".join(lines) + "\r\n")
            truth[f"{images}/{stem}.jpg"] = (split, [("text", tuple(map(float, box)), 0) for box in boxes])
    return truth


def gt_of_another_shape(dest: Path) -> Truth:
    # the MSRA-TD500 layout with .gt files of five numbers a line: no known shape; the run must stop naming one
    root = dest / "TD-like"
    truth: Truth = {}
    for split in ("train", "test"):
        for n in range(2):
            _image(root, f"{split}/IMG_{n:04d}.JPG")
            _text(root, f"{split}/IMG_{n:04d}.gt", "1 10 8 30 8\n2 4 4 40 10\n")
            truth[f"{split}/IMG_{n:04d}.JPG"] = (split, None)
    return truth


BUILDERS = {
    "mio_tcd": mio_tcd,
    "mio_tcd_sizes": lambda dest: mio_tcd(dest, "sizes"),
    "retinanet": retinanet,
    "deepforest": deepforest,
    "msra_td500": msra_td500,
    "hust_tr400": hust_tr400,
    "icdar2013": icdar2013,
}
