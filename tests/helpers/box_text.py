"""Miniatures of detection datasets whose boxes are in text annotations, laid out as their
downloads unpack, with the truth counted from the annotation text the builder writes.

  KITTI object   training/image_2/<id>.png + training/label_2/<id>.txt (`Type truncated occluded
                 alpha x1 y1 x2 y2 h w l x y z rotation_y`, pixels; `DontCare` regions), testing/
                 image_2/ unlabelled; calib/ beside (tfds object_detection/kitti.py, the object
                 devkit's readme)
  WIDER FACE     WIDER_<split>/images/<event>/<name>.jpg + wider_face_split/wider_face_<split>
                 _bbx_gt.txt (a path line, a count line, count lines `x1 y1 w h blur expression
                 illumination invalid occlusion pose`; a count of 0 then one line of zeros), and
                 wider_face_test_filelist.txt (tfds object_detection/wider_face.py)
  Open Images    <split>/<ImageID>.jpg + <split>-annotations-bbox.csv (`ImageID,Source,LabelName,
                 Confidence,XMin,XMax,YMin,YMax,IsOccluded,IsTruncated,IsGroupOf,IsDepiction,
                 IsInside`, normalised) + headerless class-descriptions-boxable.csv (`/m/011k07,
                 Tortoise`) (tfds object_detection/open_images.py)

Each builder returns (root, truth): truth maps an image's path relative to root to (split, its
objects as (class name, xmin, ymin, xmax, ymax) normalised by the image's size, in annotation
order), with None for the objects of an unlabelled split's image.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

Truth = dict[str, tuple[str, list[tuple[str, float, float, float, float]] | None]]


def _image(path: Path, size: tuple[int, int], seed: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", size, ((seed * 37) % 256, (seed * 91) % 256, 120))
    image.save(path)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


# KITTI: (class, x1, y1, x2, y2) per object, in pixels; images are 80 x 50.
KITTI_SIZE = (80, 50)
KITTI_LABELS = {
    0: [("Car", 10.0, 5.0, 30.5, 25.0), ("Pedestrian", 40.0, 10.0, 48.0, 40.0), ("DontCare", 60.0, 0.0, 79.0, 12.0)],
    1: [("Cyclist", 0.0, 0.0, 80.0, 50.0)],
    2: [("Car", 5.0, 5.0, 15.0, 15.0), ("Car", 20.0, 20.0, 35.0, 45.0)],
    3: [("DontCare", 1.0, 1.0, 2.0, 2.0)],
}


def kitti_line(cls: str, x1: float, y1: float, x2: float, y2: float) -> str:
    """One object line as the devkit's readme gives it (DontCare's 3D fields are -1, -1000, -10)."""
    if cls == "DontCare":
        return f"DontCare -1 -1 -10 {x1:.2f} {y1:.2f} {x2:.2f} {y2:.2f} -1 -1 -1 -1000 -1000 -1000 -10\n"
    return f"{cls} 0.00 0 -1.58 {x1:.2f} {y1:.2f} {x2:.2f} {y2:.2f} 1.65 1.67 3.64 -0.65 1.71 46.70 -1.59\n"


def build_kitti(dest: Path) -> tuple[Path, Truth]:
    root = dest / "kitti"
    width, height = KITTI_SIZE
    truth: Truth = {}
    for i, objects in KITTI_LABELS.items():
        rel = f"training/image_2/{i:06d}.png"
        _image(root / rel, KITTI_SIZE, i)
        _write(root / f"training/label_2/{i:06d}.txt", "".join(kitti_line(*o) for o in objects))
        _write(root / f"training/calib/{i:06d}.txt", "P0: 7.07e+02 0.0 6.04e+02 0.0\nP1: 7.07e+02 0.0 6.04e+02 -3.79e+02\n")
        kept = [(c, x1 / width, y1 / height, x2 / width, y2 / height) for c, x1, y1, x2, y2 in objects if c != "DontCare"]
        truth[rel] = ("train", kept)
    for i in range(2):
        rel = f"testing/image_2/{i:06d}.png"
        _image(root / rel, KITTI_SIZE, 10 + i)
        _write(root / f"testing/calib/{i:06d}.txt", "P0: 7.07e+02 0.0 6.04e+02 0.0\n")
        truth[rel] = ("test", None)
    return root, truth


# WIDER FACE: image -> (x, y, w, h, invalid) per face, pixels; images are 64 x 48.
WIDER_SIZE = (64, 48)
WIDER_FACES = {
    "train": {
        "0--Parade/0_Parade_marchingband_1_849.jpg": [(4, 6, 10, 12, 0), (30, 8, 8, 9, 0)],
        "0--Parade/0_Parade_Parade_0_904.jpg": [(20, 20, 6, 6, 1), (40, 10, 12, 14, 0)],
        "12--Group/12_Group_Group_12_Group_Group_12_10.jpg": [],
    },
    "val": {
        "0--Parade/0_Parade_marchingband_1_465.jpg": [(1, 2, 62, 45, 0)],
        "12--Group/12_Group_Group_12_Group_Group_12_29.jpg": [(10, 10, 5, 5, 0)],
    },
}
WIDER_TEST = ["0--Parade/0_Parade_marchingband_1_737.jpg", "12--Group/12_Group_Group_12_Group_Group_12_35.jpg"]


def wider_block(name: str, faces: list[tuple[int, int, int, int, int]]) -> str:
    """One image's lines: its path, its count, a line per face (or one line of zeros)."""
    lines = [name, str(len(faces))]
    lines += [f"{x} {y} {w} {h} 0 0 0 {invalid} 0 0 " for x, y, w, h, invalid in faces] or ["0 0 0 0 0 0 0 0 0 0 "]
    return "\n".join(lines) + "\n"


def build_wider_face(dest: Path) -> tuple[Path, Truth]:
    root = dest / "wider_face"
    width, height = WIDER_SIZE
    truth: Truth = {}
    seed = 0
    for split, images in WIDER_FACES.items():
        for name, faces in images.items():
            rel = f"WIDER_{split}/images/{name}"
            seed += 1
            _image(root / rel, WIDER_SIZE, seed)
            kept = [("face", x / width, y / height, (x + w) / width, (y + h) / height) for x, y, w, h, bad in faces if not bad]
            truth[rel] = (split, kept)  # the split as its folder names it, as for YOLO's val/
        _write(root / f"wider_face_split/wider_face_{split}_bbx_gt.txt", "".join(wider_block(n, f) for n, f in images.items()))
    for name in WIDER_TEST:
        rel = f"WIDER_test/images/{name}"
        seed += 1
        _image(root / rel, WIDER_SIZE, seed)
        truth[rel] = ("test", None)
    _write(root / "wider_face_split/wider_face_test_filelist.txt", "".join(f"{n}\n" for n in WIDER_TEST))
    _write(root / "wider_face_split/readme.txt", "Attached the mappings between attribute names and label values.\n")
    return root, truth


# Open Images: ImageID -> (LabelName, XMin, XMax, YMin, YMax, IsGroupOf) per box, normalised.
OPEN_IMAGES_CLASSES = {"/m/011k07": "Tortoise", "/m/0199g": "Bicycle", "/m/01g317": "Person"}
OPEN_IMAGES_BOXES = {
    "train": {
        "000002b66c9c498e": [("/m/01g317", 0.1, 0.5, 0.2, 0.9, 0), ("/m/0199g", 0.4, 0.95, 0.3, 0.8, 1)],
        "000002b97e5471a0": [("/m/011k07", 0.0, 1.0, 0.0, 1.0, 0)],
        "00000c4de7f7d8f9": [],
    },
    "validation": {"0001eeaf4aed83f9": [("/m/01g317", 0.25, 0.75, 0.125, 0.5, 0)]},
    "test": {"000026e7ee790996": [("/m/0199g", 0.5, 0.6, 0.5, 0.7, 0), ("/m/0199g", 0.1, 0.2, 0.1, 0.3, 0)]},
}
OPEN_IMAGES_HEADER = (
    "ImageID,Source,LabelName,Confidence,XMin,XMax,YMin,YMax,IsOccluded,IsTruncated,IsGroupOf,IsDepiction,IsInside\n"
)


def open_images_row(image_id: str, mid: str, xmin: float, xmax: float, ymin: float, ymax: float, group: int) -> str:
    return f"{image_id},xclick,{mid},1,{xmin},{xmax},{ymin},{ymax},0,0,{group},0,0\n"


def build_open_images(dest: Path) -> tuple[Path, Truth]:
    root = dest / "open_images"
    truth: Truth = {}
    seed = 0
    for split, images in OPEN_IMAGES_BOXES.items():
        rows = []
        for image_id, boxes in images.items():
            rel = f"{split}/{image_id}.jpg"
            seed += 1
            _image(root / rel, (40 + 8 * seed, 32), seed)
            rows += [open_images_row(image_id, *box) for box in boxes]
            truth[rel] = (split, [(OPEN_IMAGES_CLASSES[m], x1, y1, x2, y2) for m, x1, x2, y1, y2, _ in boxes])
        _write(root / f"{split}-annotations-bbox.csv", OPEN_IMAGES_HEADER + "".join(rows))
    _write(root / "class-descriptions-boxable.csv", "".join(f"{m},{n}\n" for m, n in OPEN_IMAGES_CLASSES.items()))
    return root, truth


# Global Wheat Detection: image_id -> (x, y, w, h) pixel boxes, every box a wheat_head; the
# image with no row has no wheat head; test/ has no rows (unlabelled).
WHEAT_SIZE = (64, 48)
WHEAT_BOXES = {"b6ab77fd7": [(8.0, 4.0, 16.0, 12.0), (40.0, 20.0, 20.0, 24.0)], "b53afdf5c": [(0.0, 0.0, 64.0, 48.0)], "7b72ea0fb": []}
WHEAT_TEST = ["2fd875eaa", "348a992bb"]


def wheat_row(image_id: str, x: float, y: float, w: float, h: float) -> str:
    return f'{image_id},{WHEAT_SIZE[0]},{WHEAT_SIZE[1]},"[{x}, {y}, {w}, {h}]",usask_1\n'


def build_global_wheat(dest: Path) -> tuple[Path, Truth]:
    """train/<image_id>.jpg + train.csv (`image_id,width,height,bbox,source`, bbox `"[x, y, w, h]"`
    pixels in one cell, Kaggle's Global Wheat Detection data page) and test/ unlabelled."""
    root = dest / "global-wheat-detection"
    truth: Truth = {}
    rows = []
    width, height = WHEAT_SIZE
    for seed, (image_id, boxes) in enumerate(WHEAT_BOXES.items()):
        _image(root / f"train/{image_id}.jpg", WHEAT_SIZE, seed)
        rows += [wheat_row(image_id, *box) for box in boxes]
        truth[f"train/{image_id}.jpg"] = ("train", [("wheat_head", x / width, y / height, (x + w) / width, (y + h) / height) for x, y, w, h in boxes])
    for seed, image_id in enumerate(WHEAT_TEST, start=10):
        _image(root / f"test/{image_id}.jpg", WHEAT_SIZE, seed)
        truth[f"test/{image_id}.jpg"] = ("test", None)
    _write(root / "train.csv", "image_id,width,height,bbox,source\n" + "".join(rows))
    _write(root / "sample_submission.csv", "image_id,PredictionString\n" + "".join(f"{t},1.0 0 0 50 50\n" for t in WHEAT_TEST))
    return root, truth


# DOTA: <split>/images/<stem>.png + <split>/labelTxt/<stem>.txt: header lines `imagesource:...`,
# `gsd:...` (v1.0), then `x1 y1 x2 y2 x3 y3 x4 y4 category difficult` per object (an oriented
# quadrilateral in pixels, read as its envelope); test/ images only (DOTA devkit dota_utils.py).
DOTA_SIZE = (80, 60)
DOTA_OBJECTS = {
    "train": {"P0003": [((10, 8, 30, 4, 34, 20, 14, 24), "plane", 0), ((50, 40, 70, 40, 70, 50, 50, 50), "small-vehicle", 1)],
              "P0010": [((0, 0, 80, 0, 80, 60, 0, 60), "harbor", 0)]},
    "val": {"P0005": [((20.5, 10, 40, 12.5, 38, 30, 18, 28), "large-vehicle", 0)]},
}
DOTA_TEST = ["P0412", "P0533"]


def dota_line(quad: tuple[float, ...], category: str, difficult: int | None) -> str:
    return " ".join(map(str, quad)) + f" {category}" + ("" if difficult is None else f" {difficult}") + "\n"


def build_dota(dest: Path, header: bool = True, difficult: bool = True) -> tuple[Path, Truth]:
    """DOTA v1.0 as it unpacks; header=False, difficult=False: a dataset in DOTA's format without
    the header lines or the difficult field (xView or DIOR-R converted with DOTA's tools)."""
    root = dest / "DOTA"
    truth: Truth = {}
    width, height = DOTA_SIZE
    seed = 0
    for split, images in DOTA_OBJECTS.items():
        for stem, objects in images.items():
            seed += 1
            _image(root / f"{split}/images/{stem}.png", DOTA_SIZE, seed)
            lines = ["imagesource:GoogleEarth\n", "gsd:0.146343590398\n"] if header else []
            lines += [dota_line(q, c, d if difficult else None) for q, c, d in objects]
            _write(root / f"{split}/labelTxt/{stem}.txt", "".join(lines))
            truth[f"{split}/images/{stem}.png"] = (split, [
                (c, min(q[0::2]) / width, min(q[1::2]) / height, max(q[0::2]) / width, max(q[1::2]) / height)
                for q, c, _ in objects])
    for stem in DOTA_TEST:
        seed += 1
        _image(root / f"test/images/{stem}.png", DOTA_SIZE, seed)
        truth[f"test/images/{stem}.png"] = ("test", None)
    return root, truth
