"""A tenth round of miniatures of public VISION datasets no rule, test or doc here named before.

Chosen by kind: numbered class folders four levels down beside a parallel tree of masks
(Chars74K's EnglishImg); per-domain split lists of `path class-index` (DomainNet); images named
by a JSON-lines table of captions and labels (Hateful Memes); one detection JSON per split of
frames with `box2d` and `poly2d` labels (BDD100K); per-image `gt_<stem>.txt` quadrilaterals with
a byte-order mark (ICDAR 2015 Incidental Text); a custom XML per image with numbered classes and
split lists of ids (HRSC2016); MATLAB masks in `cls/` beside `img/` and split lists (SBD);
per-image MATLAB head points `GT_IMG_<n>.mat` in a folder beside the images (ShanghaiTech); keypoint files `<stem>.pts` beside their
images (300-W); landmark list files naming images under WIDER event folders (WFLW); part masks in
numbered folders and a count-line attribute table (CelebAMask-HQ); a label CSV of several
attribute columns whose file column keeps the split folder (FairFace); person ids in file names
under split-like folders (Market-1501).

The builders reuse round four's table (tests/helpers/unseen4.py: `Put`, `build`): a record id is the
path relative to the root; a row or a line is "<file>:<i>". The truth comes from each dataset's
documented meaning (its data page, README or loader, cited in `source`), never from what shardify does.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from helpers.shipped import _gray_png, _image_bytes, _words
from helpers.unseen4 import Put, Spec, Truth4, aux, build, img


def _picture(key: str, fmt: str = "JPEG", mode: str = "RGB") -> bytes:
    return _image_bytes(key, 20, 16, fmt, mode)


def _mat(variables: dict) -> bytes:
    """A MATLAB level-5 file (scipy.io.savemat), as MATLAB's `save` writes one."""
    from scipy.io import savemat

    buffer = io.BytesIO()
    savemat(buffer, variables, do_compression=True)
    return buffer.getvalue()


# ------------------------------------------------------------------------------------------------
# Images: classification
# ------------------------------------------------------------------------------------------------

_CHARS = {"Sample001": "0", "Sample002": "1", "Sample011": "A", "Sample037": "a"}


def _chars74k() -> Iterator[Put]:
    # EnglishImg.tgz: English/Img/{GoodImg,BadImag}/{Bmp,Msk}/SampleNNN/imgNNN-NNNNN.png; Sample001-010
    # the digits 0-9, 011-036 A-Z, 037-062 a-z; Msk holds each Bmp image's mask of the same name
    for quality, first in (("GoodImg", 1), ("BadImag", 40)):
        for sample in _CHARS:
            number = sample[-3:]
            for n in range(first, first + (2 if quality == "GoodImg" else 1)):
                name = f"img{number}-{n:05d}.png"
                yield img(f"English/Img/{quality}/Bmp/{sample}/{name}", "train", sample, kind="png")
                yield aux(f"English/Img/{quality}/Msk/{sample}/{name}", _gray_png(f"c{sample}{n}", 20, 16, [0, 255]))


_DOMAIN = ["aircraft_carrier", "airplane", "alarm_clock", "ambulance"]


def _domainnet() -> Iterator[Put]:
    # clipart.zip -> clipart/<class>/clipart_<class index + 1, 3 digits>_<n, 6 digits>.jpg; beside it the
    # lists clipart_train.txt, clipart_test.txt '<path> <class index>'; one zip and two lists a domain
    for domain in ("clipart", "sketch"):
        lists = {"train": [], "test": []}
        for index, cls in enumerate(_DOMAIN):
            for n in range(3):
                path = f"{domain}/{cls}/{domain}_{index + 1:03d}_{17 + 5 * n + index:06d}.jpg"
                split = "test" if n == 2 else "train"
                lists[split].append(f"{path} {index}")
                yield img(path, split, cls)
        for split, lines in lists.items():
            yield aux(f"{domain}_{split}.txt", "\n".join(lines) + "\n")


_FAIR_RACES = ["East Asian", "Indian", "Black", "White", "Middle Eastern", "Latino_Hispanic", "Southeast Asian"]


def _fairface() -> Iterator[Put]:
    # fairface-img-margin025-trainval.zip -> train/1.jpg ..., val/1.jpg ...; the labels beside it in
    # fairface_label_train.csv, fairface_label_val.csv: file,age,gender,race,service_test
    for split, folder, n in (("train", "train", 6), ("validation", "val", 3)):
        lines = ["file,age,gender,race,service_test"]
        for i in range(1, n + 1):
            race = _FAIR_RACES[(i * 3 + n) % len(_FAIR_RACES)]
            age = ["20-29", "30-39", "50-59", "3-9", "more than 70"][i % 5]
            lines.append(f"{folder}/{i}.jpg,{age},{'Male' if i % 2 else 'Female'},{race},{'True' if i % 3 else 'False'}")
            yield img(f"fairface-img-margin025-trainval/{folder}/{i}.jpg", split, race)
        yield aux(f"fairface_label_{folder}.csv", "\n".join(lines) + "\n")


_MARKET = {"bounding_box_train": ("train", ["0002_c1s1_000451_03", "0002_c1s1_000551_01", "0007_c2s3_070952_01",
                                            "0007_c3s3_077419_03", "0010_c6s4_002427_02"]),
           "bounding_box_test": ("test", ["0001_c1s1_001051_03", "0001_c2s1_000301_01", "0003_c4s6_015641_04"]),
           "query": ("query", ["0001_c1s1_001051_00", "0003_c1s6_015971_00"]),
           "gt_bbox": ("gt_bbox", ["0001_c1s1_001051_00", "0003_c1s6_015971_00"])}


def _market1501() -> Iterator[Put]:
    # Market-1501-v15.09.15.zip: the person id the first four digits of each name, then the camera
    # and sequence (c1s1), the frame and the box; gt_query/ holds each query's good/junk .mat lists
    base = "Market-1501-v15.09.15"
    for folder, (split, stems) in _MARKET.items():
        for stem in stems:
            yield img(f"{base}/{folder}/{stem}.jpg", split, stem[:4])
    for stem in _MARKET["query"][1]:
        for kind in ("good", "junk"):
            yield aux(f"{base}/gt_query/{stem}_{kind}.mat", _mat({kind: np.array([[3, 7]], dtype=np.float64)}))
    yield aux(f"{base}/readme.txt", "Market-1501\n\nbounding_box_train: 12936 images; bounding_box_test: 19732; "
              "query: 3368; gt_bbox: hand-drawn boxes; gt_query: the good and junk images of each query.\n"
              "Naming: 0001_c1s1_001051_00.jpg: the person 0001, camera 1, sequence 1, frame 001051, box 00.\n")


# ------------------------------------------------------------------------------------------------
# Image and text
# ------------------------------------------------------------------------------------------------


def _hateful_memes() -> Iterator[Put]:
    # hateful_memes.zip (phase 1) -> data/img/<id>.png, data/train.jsonl, dev.jsonl, test.jsonl (no label)
    ident = 1235
    for file, split, n in (("train.jsonl", "train", 6), ("dev.jsonl", "dev", 3), ("test.jsonl", "test", 3)):
        lines = []
        for i in range(n):
            ident += 7919 % (i + 3) + 11
            row = {"id": ident, "img": f"img/{ident:05d}.png"}
            label = None
            if split != "test":
                label = str((i + n) % 2)
                row["label"] = int(label)
            row["text"] = _words(f"hm{file}{i}", 7)
            lines.append(json.dumps(row))
            yield img(f"data/img/{ident:05d}.png", split, label, kind="png")
        yield aux(f"data/{file}", "\n".join(lines) + "\n")
    yield aux("data/LICENSE.txt", "Hateful Memes Dataset License Agreement\n")
    yield aux("data/README.md", "# Hateful Memes\n\nimg/: the memes; train.jsonl, dev.jsonl, test.jsonl: id, img, "
              "label (1 hateful, 0 not), text.\n")


# ------------------------------------------------------------------------------------------------
# Objects
# ------------------------------------------------------------------------------------------------

_BDD = {"train": {"0000f77c-6257be58": ["car", "car", "traffic sign"], "0000f77c-62c2a288": ["person", "rider", "bike"],
                  "00054602-3bf57337": ["traffic light"], "00067cfb-e535423e": ["truck", "car"]},
        "val": {"b1c66a42-6f7d68ca": ["bus", "car"], "b1c81faa-3df17267": ["motor"]},
        "test": {"cabc30fc-e7726578": None, "cabc9045-1b8282ba": None}}


def _bdd100k() -> Iterator[Put]:
    # bdd100k_images.zip -> bdd100k/images/100k/{train,val,test}/<name>.jpg; bdd100k_labels_release.zip ->
    # bdd100k/labels/bdd100k_labels_images_{train,val}.json: a list of frames, each with `labels`:
    # objects with box2d, and lanes / drivable areas with poly2d (no box: no object)
    for split, frames in _BDD.items():
        entries = []
        for name, names in frames.items():
            yield img(f"bdd100k/images/100k/{split}/{name}.jpg", split, None if names is None else set(names), objects=names)
            if names is None:
                continue
            labels = [{"category": c, "attributes": {"occluded": False, "truncated": False, "trafficLightColor": "none"},
                       "manualShape": True, "manualAttributes": True,
                       "box2d": {"x1": 1.0 + k, "y1": 2.0 + k, "x2": 9.5 + k, "y2": 12.25}, "id": 100 * k}
                      for k, c in enumerate(names)]
            labels.append({"category": "lane", "attributes": {"laneDirection": "parallel", "laneStyle": "solid",
                                                              "laneType": "road curb"}, "manualShape": True,
                           "manualAttributes": True, "poly2d": [{"vertices": [[0.0, 15.0], [19.0, 10.0]], "types": "LL",
                                                                 "closed": False}], "id": 999})
            labels.append({"category": "drivable area", "attributes": {"areaType": "direct"}, "manualShape": True,
                           "manualAttributes": True, "poly2d": [{"vertices": [[0.0, 15.0], [19.0, 15.0], [10.0, 9.0]],
                                                                 "types": "LLL", "closed": True}], "id": 998})
            entries.append({"name": f"{name}.jpg", "attributes": {"weather": "clear", "scene": "city street",
                                                                  "timeofday": "daytime"},
                            "timestamp": 10000, "labels": labels})
        if split != "test":
            yield aux(f"bdd100k/labels/bdd100k_labels_images_{split}.json", json.dumps(entries, indent=4))


_ICDAR = {"train": {"img_1": 3, "img_2": 1, "img_3": 2, "img_4": 4}, "test": {"img_1": 2, "img_2": 1}}


def _icdar2015() -> Iterator[Put]:
    # ch4_training_images.zip, ch4_training_localization_transcription_gt.zip, ch4_test_images.zip,
    # Challenge4_Test_Task1_GT.zip: gt_img_N.txt, a BOM then 'x1,y1,...,x4,y4,transcription' a line
    # (### a "do not care" region, unreadable text the evaluation ignores: no object, as KITTI's
    # DontCare); the files name no class: every region is text, as WIDER FACE's every box a face
    for split, images in _ICDAR.items():
        image_dir = "ch4_training_images" if split == "train" else "ch4_test_images"
        gt_dir = "ch4_training_localization_transcription_gt" if split == "train" else "Challenge4_Test_Task1_GT"
        for stem, n in images.items():
            yield img(f"{image_dir}/{stem}.jpg", split, "text", objects=["text"] * (n - (n > 2)))
            lines = []
            for k in range(n):
                x, y = 1 + 3 * k, 2 + k
                word = "###" if k == 2 else _words(f"ic{split}{stem}{k}", 1).title()
                lines.append(f"{x},{y},{x + 6},{y},{x + 6},{y + 4},{x},{y + 4},{word}")
            yield aux(f"{gt_dir}/gt_{stem}.txt", "\ufeff" + "\r\n".join(lines) + "\r\n")


_HRSC_SPLIT = {"100000001": "trainval", "100000002": "trainval", "100000005": "trainval", "100000006": "test",
               "100000009": "test"}
_HRSC_OBJECTS = {"100000001": ["100000002", "100000005"], "100000002": ["100000002"], "100000005": ["100000013"],
                 "100000006": ["100000005", "100000005", "100000002"], "100000009": ["100000013"]}


def _hrsc_xml(ident: str, classes: list[str]) -> str:
    objects = "".join(
        f"    <HRSC_Object>\n      <Object_ID>{int(ident) * 10 + k}</Object_ID>\n      <Class_ID>{cls}</Class_ID>\n"
        f"      <Object_NO>{k + 1}</Object_NO>\n      <truncated>0</truncated>\n      <difficult>0</difficult>\n"
        f"      <box_xmin>{1 + k}</box_xmin>\n      <box_ymin>{2 + k}</box_ymin>\n      <box_xmax>{10 + k}</box_xmax>\n"
        f"      <box_ymax>{12 + k}</box_ymax>\n      <mbox_cx>{6 + k}.5</mbox_cx>\n      <mbox_cy>7.25</mbox_cy>\n"
        f"      <mbox_w>9.1</mbox_w>\n      <mbox_h>3.2</mbox_h>\n      <mbox_ang>-0.6</mbox_ang>\n"
        f"      <segmented>0</segmented>\n    </HRSC_Object>\n" for k, cls in enumerate(classes))
    return (f"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<HRSC_Image>\n  <Img_ID>{ident}</Img_ID>\n"
            f"  <Place_ID>100000001</Place_ID>\n  <Source_ID>100000001</Source_ID>\n  <Img_NO>{ident}</Img_NO>\n"
            f"  <Img_FileName>{ident}</Img_FileName>\n  <Img_FileFmt>bmp</Img_FileFmt>\n  <Img_Date>1900-01-01</Img_Date>\n"
            f"  <Img_CusType>sealand</Img_CusType>\n  <Img_Des></Img_Des>\n  <Img_Location>69.040297,33.070036</Img_Location>\n"
            f"  <Img_SizeWidth>20</Img_SizeWidth>\n  <Img_SizeHeight>16</Img_SizeHeight>\n  <Img_SizeDepth>3</Img_SizeDepth>\n"
            f"  <Img_Resolution>1.07</Img_Resolution>\n  <Img_Resolution_Layer>18</Img_Resolution_Layer>\n"
            f"  <Img_Scale>100</Img_Scale>\n  <Img_SclPxlNum></Img_SclPxlNum>\n  <segmented>0</segmented>\n"
            f"  <Img_Havemask>0</Img_Havemask>\n  <Img_MaskFileName></Img_MaskFileName>\n  <Img_MaskFileFmt></Img_MaskFileFmt>\n"
            f"  <Img_MaskType></Img_MaskType>\n  <Img_SegFileName></Img_SegFileName>\n  <Img_SegFileFmt></Img_SegFileFmt>\n"
            f"  <Img_SegType></Img_SegType>\n  <HRSC_Objects>\n{objects}  </HRSC_Objects>\n</HRSC_Image>\n")


def _hrsc2016() -> Iterator[Put]:
    # HRSC2016 (as mmrotate's tools/data/hrsc/README.md lists it): FullDataSet/AllImages/<id>.bmp,
    # FullDataSet/Annotations/<id>.xml (<HRSC_Image> ... <HRSC_Objects><HRSC_Object><Class_ID>, the
    # class a number of sysdata.xml's HRSC_Classes), ImageSets/{trainval,test}.txt ids
    for ident, split in _HRSC_SPLIT.items():
        classes = _HRSC_OBJECTS[ident]
        yield Put(f"HRSC2016/FullDataSet/AllImages/{ident}.bmp", data=_picture(ident, "BMP"), record=True, split=split,
                  labels=frozenset(classes), objects=tuple(classes))
        yield aux(f"HRSC2016/FullDataSet/Annotations/{ident}.xml", _hrsc_xml(ident, classes))
    for split in ("trainval", "test"):
        yield aux(f"HRSC2016/ImageSets/{split}.txt", "".join(f"{i}\n" for i, s in _HRSC_SPLIT.items() if s == split))


_SHANGHAI = {"part_A": {"train_data": [1, 2, 5, 9], "test_data": [1, 3]}, "part_B": {"train_data": [1, 4], "test_data": [2]}}


def _shanghaitech() -> Iterator[Put]:
    # ShanghaiTech.zip -> ShanghaiTech/part_{A,B}/{train,test}_data/images/IMG_<n>.jpg and ground-truth/
    # GT_IMG_<n>.mat: a 1x1 cell image_info holding a struct of `location` (the heads' points, N x 2) and
    # `number`, read as mat["image_info"][0, 0][0, 0][0]; a head is a point, no box, no class
    for part, splits in _SHANGHAI.items():
        for folder, numbers in splits.items():
            for n in numbers:
                yield img(f"ShanghaiTech/{part}/{folder}/images/IMG_{n}.jpg", folder.split("_")[0])
                heads = np.random.default_rng(n + len(part)).uniform(1, 15, (3 + n, 2))
                cell = np.empty((1, 1), dtype=object)
                cell[0, 0] = {"location": heads, "number": np.array([[float(len(heads))]])}
                yield aux(f"ShanghaiTech/{part}/{folder}/ground-truth/GT_IMG_{n}.mat", _mat({"image_info": cell}))


# ------------------------------------------------------------------------------------------------
# Masks and keypoints
# ------------------------------------------------------------------------------------------------

_SBD = {"train": ["2008_000002", "2008_000003", "2008_000007", "2008_000009"], "val": ["2008_000008", "2008_000015"]}


def _sbd() -> Iterator[Put]:
    # benchmark.tgz -> benchmark_RELEASE/dataset/{img/<id>.jpg, cls/<id>.mat, inst/<id>.mat, train.txt,
    # val.txt}; cls/*.mat a struct GTcls (Segmentation, Boundaries, CategoriesPresent), as torchvision's
    # SBDataset reads it
    base = "benchmark_RELEASE/dataset"
    for split, stems in _SBD.items():
        for stem in stems:
            yield img(f"{base}/img/{stem}.jpg", split)
            seg = np.zeros((16, 20), dtype=np.uint8)
            seg[3:9, 4:12] = 1 + len(stem) % 20
            for folder, key in (("cls", "GTcls"), ("inst", "GTinst")):
                yield aux(f"{base}/{folder}/{stem}.mat",
                          _mat({key: {"Segmentation": seg, "CategoriesPresent": np.array([[seg.max()]], dtype=np.uint8)}}))
        yield aux(f"{base}/{split}.txt", "".join(f"{s}\n" for s in stems))
    yield aux("benchmark_RELEASE/benchmark_code_RELEASE/demo.m", "% evaluate the boundaries\naddpath(genpath('.'));\n")


def _pts(key: str, n: int = 68) -> str:
    rng = np.random.default_rng(sum(key.encode()))
    points = "".join(f"{x:.3f} {y:.3f}\n" for x, y in rng.uniform(1, 15, (n, 2)))
    return f"version: 1\nn_points:  {n}\n{{\n{points}}}\n"


def _300w() -> Iterator[Put]:
    # 300w.zip -> 300W/01_Indoor/indoor_001.png + indoor_001.pts, 02_Outdoor/outdoor_001.png + .pts
    # (68 landmarks: 'version: 1', 'n_points: 68', then the points between braces); no classes
    for folder, stem in (("01_Indoor", "indoor"), ("02_Outdoor", "outdoor")):
        for n in (1, 2, 3):
            yield img(f"300W/{folder}/{stem}_{n:03d}.png", "train", kind="png")
            yield aux(f"300W/{folder}/{stem}_{n:03d}.pts", _pts(f"{stem}{n}"))


_WFLW = {"train": ["0--Parade/0_Parade_marchingband_1_116.jpg", "0--Parade/0_Parade_Parade_0_904.jpg",
                   "1--Handshaking/1_Handshaking_Handshaking_1_411.jpg", "37--Soccer/37_Soccer_soccer_ball_37_45.jpg"],
         "test": ["0--Parade/0_Parade_marchingband_1_465.jpg", "1--Handshaking/1_Handshaking_Handshaking_1_94.jpg"]}


def _wflw_line(path: str, face: int) -> str:
    rng = np.random.default_rng(sum(path.encode()) + face)
    points = " ".join(f"{v:.6f}" for v in rng.uniform(1, 15, 196))
    attributes = " ".join(str(int(v)) for v in rng.integers(0, 2, 6))
    return f"{points} 1 1 18 14 {attributes} {path}"


def _wflw() -> Iterator[Put]:
    # WFLW_images.tar.gz -> WFLW_images/<WIDER FACE event>/<image>.jpg (the events are where the photos were
    # taken, no face's class); WFLW_annotations.tar.gz -> list_98pt_rect_attr_train_test/list_98pt_rect_attr_
    # {train,test}.txt: 196 coordinates, the face box, 6 attributes, the image's path; a line per face
    for split, paths in _WFLW.items():
        lines = []
        for k, path in enumerate(paths):
            yield img(f"WFLW_images/{path}", split)
            lines += [_wflw_line(path, face) for face in range(1 + k % 2)]
        yield aux(f"WFLW_annotations/list_98pt_rect_attr_train_test/list_98pt_rect_attr_{split}.txt", "\n".join(lines) + "\n")
    yield aux("WFLW_annotations/list_98pt_test/list_98pt_test_blur.txt",
              " ".join(f"{v:.6f}" for v in np.linspace(2, 14, 196)) + f" {_WFLW['test'][1]}\n")


_CELEBA_ATTRS = ("5_o_Clock_Shadow Arched_Eyebrows Attractive Bags_Under_Eyes Bald Bangs Big_Lips Big_Nose Black_Hair "
                 "Blond_Hair Blurry Brown_Hair Bushy_Eyebrows Chubby Double_Chin Eyeglasses Goatee Gray_Hair "
                 "Heavy_Makeup High_Cheekbones Male Mouth_Slightly_Open Mustache Narrow_Eyes No_Beard Oval_Face "
                 "Pale_Skin Pointy_Nose Receding_Hairline Rosy_Cheeks Sideburns Smiling Straight_Hair Wavy_Hair "
                 "Wearing_Earrings Wearing_Hat Wearing_Lipstick Wearing_Necklace Wearing_Necktie Young").split()


def _celebamask_hq() -> Iterator[Put]:
    # CelebAMask-HQ.zip -> CelebAMask-HQ/CelebA-HQ-img/<n>.jpg; CelebAMask-HQ-mask-anno/<n // 2000>/
    # <n, 5 digits>_<part>.png; CelebAMask-HQ-attribute-anno.txt: the count, the 40 names, then
    # '<n>.jpg' and 1/-1 a name; CelebAMask-HQ-pose-anno.txt; CelebA-HQ-to-CelebA-mapping.txt
    base = "CelebAMask-HQ"
    ids = [0, 1, 2, 3, 2000, 2001]
    attr_lines, pose_lines, mapping = [str(len(ids)), " ".join(_CELEBA_ATTRS)], [str(len(ids)), "Yaw Pitch Raw"], []
    for n in ids:
        rng = np.random.default_rng(n + 3)
        values = rng.choice([-1, 1], len(_CELEBA_ATTRS), p=[0.7, 0.3])
        yield img(f"{base}/CelebA-HQ-img/{n}.jpg", "train", {a for a, v in zip(_CELEBA_ATTRS, values) if v == 1})
        attr_lines.append(f"{n}.jpg  " + " ".join(str(v) for v in values))
        pose_lines.append(f"{n}.jpg {rng.uniform(-20, 20):.4f} {rng.uniform(-20, 20):.4f} {rng.uniform(-5, 5):.4f}")
        mapping.append(f"{n:<5d}    {119613 + 7 * n:<9d} {119613 + 7 * n:06d}.jpg")
        for part in ("skin", "hair", "l_eye", "nose"):
            yield aux(f"{base}/CelebAMask-HQ-mask-anno/{n // 2000}/{n:05d}_{part}.png",
                      _gray_png(f"cm{n}{part}", 20, 16, [0, 255]))
    yield aux(f"{base}/CelebAMask-HQ-attribute-anno.txt", "\n".join(attr_lines) + "\n")
    yield aux(f"{base}/CelebAMask-HQ-pose-anno.txt", "\n".join(pose_lines) + "\n")
    yield aux(f"{base}/CelebA-HQ-to-CelebA-mapping.txt", "idx      orig_idx  orig_file\n" + "\n".join(mapping) + "\n")
    yield aux(f"{base}/README.txt", "CelebAMask-HQ: 30,000 face images with 19 part masks and 40 attributes.\n")


SPECS: dict[str, Spec] = {
    "chars74k": Spec("chars74k", "image", _chars74k,
                     "http://www.ee.surrey.ac.uk/CVSSP/demos/chars74k/ (EnglishImg.tgz: English/Img/GoodImg/Bmp/"
                     "Sample001/img001-00001.png, .../Msk/... its masks, BadImag/ alike; Sample001-010 digits, "
                     "011-036 upper case, 037-062 lower case)",
                     "62 classes numbered as folders; GoodImg and BadImag one unsplit set; Msk masks, no records.",
                     aliases={s: {c} for s, c in _CHARS.items()}),
    "domainnet": Spec("domainnet", "image", _domainnet,
                      "http://ai.bu.edu/M3SDA/ (clipart.zip, clipart_train.txt, clipart_test.txt '<path> <index>'); "
                      "tensorflow_datasets/image_classification/domainnet.py",
                      "345 classes, folders and numbered in the lists; each list a split.",
                      aliases={c: {str(i)} for i, c in enumerate(_DOMAIN)}),
    "fairface": Spec("fairface", "image", _fairface,
                     "https://github.com/joojs/fairface (fairface-img-margin025-trainval.zip: train/<n>.jpg, "
                     "val/<n>.jpg; fairface_label_train.csv, fairface_label_val.csv: file,age,gender,race,"
                     "service_test)",
                     "three attributes a face; race the one the dataset is named for and balanced on."),
    "market1501": Spec("market1501", "image", _market1501,
                       "https://zheng-lab-anu.github.io/Project/project_reid.html (Market-1501-v15.09.15.zip: "
                       "bounding_box_train/, bounding_box_test/, query/, gt_bbox/, gt_query/; names "
                       "<person>_c<cam>s<seq>_<frame>_<box>.jpg)",
                       "the person id the label; each folder a set of its own."),
    "hateful_memes": Spec("hateful_memes", "image", _hateful_memes,
                          "https://hatefulmemeschallenge.com/ and https://github.com/facebookresearch/mmf "
                          "(data/img/<id>.png; data/train.jsonl, dev.jsonl: id, img, label, text; test.jsonl: no label)",
                          "each meme an image labelled 1 hateful or 0 not; its text a caption.",
                          aliases={"0": {"not hateful"}, "1": {"hateful"}}),
    "bdd100k": Spec("bdd100k", "image", _bdd100k,
                    "https://doc.bdd100k.com/download.html and https://github.com/bdd100k/bdd100k (bdd100k/images/100k/"
                    "{train,val,test}/; bdd100k/labels/bdd100k_labels_images_{train,val}.json: [{name, attributes, "
                    "timestamp, labels: [{category, box2d | poly2d, ...}]}])",
                    "the box2d labels are the objects; lanes and drivable areas are polygons; test unlabelled."),
    "icdar2015": Spec("icdar2015", "image", _icdar2015,
                      "https://rrc.cvc.uab.es/?ch=4&com=downloads (ch4_training_images/img_N.jpg, "
                      "ch4_training_localization_transcription_gt/gt_img_N.txt 'x1,y1,...,x4,y4,transcription', "
                      "UTF-8 with BOM; ch4_test_images/, Challenge4_Test_Task1_GT/)",
                      "each line a text region (the one class text); ### a region not to care about, no object."),
    "hrsc2016": Spec("hrsc2016", "image", _hrsc2016,
                     "https://github.com/open-mmlab/mmrotate/tree/main/tools/data/hrsc (HRSC2016/FullDataSet/"
                     "AllImages/<id>.bmp, FullDataSet/Annotations/<id>.xml, ImageSets/trainval.txt, test.txt); "
                     "mmrotate/datasets/hrsc.py (HRSC_Object Class_ID)",
                     "each HRSC_Object a ship of its Class_ID."),
    "shanghaitech": Spec("shanghaitech", "image", _shanghaitech,
                         "https://github.com/desenzhou/ShanghaiTechDataset (part_A/train_data/images/IMG_1.jpg, "
                         "part_A/train_data/ground-truth/GT_IMG_1.mat: image_info{1}.location, .number; test_data/, "
                         "part_B/ alike)",
                         "crowd counting: the images are the records, unlabelled; the heads are points; part A and "
                         "part B are two sets of the same splits."),
    "sbd": Spec("sbd", "image", _sbd,
                "http://home.bharathh.info/pubs/codes/SBD/download.html (benchmark.tgz: benchmark_RELEASE/dataset/"
                "img, cls, inst, train.txt, val.txt); torchvision/datasets/sbd.py",
                "segmentation: the images are the records, unlabelled; cls/ and inst/ their masks."),
    "300w": Spec("300w", "image", _300w,
                 "https://ibug.doc.ic.ac.uk/resources/300-W/ (300W/01_Indoor/indoor_001.png, indoor_001.pts; "
                 "02_Outdoor/)",
                 "landmarks: the images are the records, unlabelled; Indoor and Outdoor are settings, no classes."),
    "wflw": Spec("wflw", "image", _wflw,
                 "https://wywu.github.io/projects/LAB/WFLW.html (WFLW_images/<event>/<image>.jpg; WFLW_annotations/"
                 "list_98pt_rect_attr_train_test/list_98pt_rect_attr_train.txt, _test.txt)",
                 "landmarks: the images are the records, unlabelled, split by the two lists."),
    "celebamask_hq": Spec("celebamask_hq", "image", _celebamask_hq,
                          "https://github.com/switchablenorms/CelebAMask-HQ (CelebA-HQ-img/<n>.jpg, "
                          "CelebAMask-HQ-mask-anno/<n//2000>/<n:05d>_<part>.png, CelebAMask-HQ-attribute-anno.txt "
                          "as CelebA's list_attr_celeba.txt)",
                          "each image labelled by its 1-valued attributes; the masks are masks."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {name: (lambda dest, s=spec: build(s, dest)) for name, spec in SPECS.items()}
