"""Miniatures of four kinds of layout whose first command stopped uselessly (issue 30, round seventeen).

Each kind has the case that showed it, two documented neighbours of the same kind, and an ambiguous
twin that must still stop. Built as rounds four to sixteen build theirs (tests/helpers/unseen4.py's
`Put`, `build`): the truth comes from each dataset's documented layout and meaning, never from what
shardify does. The layouts were checked by search (2026-11-28, 04:05-04:20 UTC) where a loader or
README shows them; the rest is said per builder.

1. Per-image Pascal VOC XML where the first files read have no <object> (negatives): HollywoodHeads
   (Annotations/, JPEGImages/ .jpeg, Splits/), RDD2020 (per-country annotations/xmls/), a CVAT
   "PASCAL VOC 1.1" export (Annotations/, ImageSets/Main/default.txt, JPEGImages/, labelmap.txt).
   Twin: XML named as the images, <annotation> with <size> and no <object> in any of them.
2. Several images per sample, `<id>_<channel>.<ext>`: Human Protein Atlas (`_red/_green/_blue/_yellow`,
   train.csv Id,Target), HPA single-cell (train.csv ID,Label with '|'), RxRx1 (`<well>_s<site>_w<k>.png`).
3. Two label columns of one row beside images named by a column: Pokemon images and types
   (Name,Type1,Type2), Fashion product images (styles.csv id,gender,masterCategory,subCategory,...),
   HAM10000-like metadata (image_id,dx,dx_type,localization).
4. Per-split tables of bare file names: butterfly image classification (Training_set.csv filename,label;
   Testing_set.csv filename; train/, test/ of the same names), Human Action Recognition (the same
   shape), a `train.csv`/`test.csv` pair (image,label / image) over train/ and test/. Twin: one labels
   table of bare names found in both train/ and test/, no per-split table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from helpers.shipped import _image_bytes
from helpers.unseen4 import Put, Spec, Truth4, aux, build, img

__all__ = ["DATASETS", "FOLLOW", "SPECS", "TWINS"]


def _voc(name: str, objects: list[str], width: int = 20, height: int = 16, folder: str = "images") -> str:
    parts = [f"<annotation>\n\t<folder>{folder}</folder>\n\t<filename>{name}</filename>\n\t<size>\n\t\t<width>{width}</width>"
             f"\n\t\t<height>{height}</height>\n\t\t<depth>3</depth>\n\t</size>\n\t<segmented>0</segmented>\n"]
    for b, cls in enumerate(objects):
        parts.append(f"\t<object>\n\t\t<name>{cls}</name>\n\t\t<bndbox>\n\t\t\t<xmin>{1 + 3 * b}</xmin>\n\t\t\t<ymin>{2 + b}</ymin>\n"
                     f"\t\t\t<xmax>{8 + 3 * b}</xmax>\n\t\t\t<ymax>{12 + b}</ymax>\n\t\t</bndbox>\n\t\t<difficult>0</difficult>\n"
                     f"\t</object>\n")
    return "".join(parts) + "</annotation>\n"


# ------------------------------------------------------------------------------------------------
# 1. Per-image VOC XML, negatives first
# ------------------------------------------------------------------------------------------------

def _hollywood_heads() -> Iterator[Put]:
    # www.di.ens.fr/willow/research/headdetection (HollywoodHeads.zip; the XML as the AI-for-Beginners lab shows it:
    # <folder>HollywoodHeads</folder>, <filename>mov_021_149390.jpeg</filename>, <object><name>head</name>):
    # Annotations/<movie>_<frame>.xml, JPEGImages/<same>.jpeg, Splits/{train,val,test}.txt of stems. A frame with no
    # head has an XML of no <object> (the first ones of a movie, sorted, often). Truth: detection, 'head' objects;
    # a frame of no head a record of no object; split by Splits/
    splits = {"train": [], "val": [], "test": []}
    for movie, split in ((1, "train"), (2, "train"), (3, "val"), (4, "test")):
        for k, frame in enumerate((100000, 100250, 100500)):
            stem = f"mov_{movie:03d}_{frame + movie:06d}"
            heads = ["head"] * ((k + movie) % 3) if k else []  # each movie's first frame: no head
            splits[split].append(stem)
            yield img(f"JPEGImages/{stem}.jpeg", split, set(heads), objects=heads)
            yield aux(f"Annotations/{stem}.xml", _voc(f"{stem}.jpeg", heads, folder="HollywoodHeads"))
    for split, stems in splits.items():
        yield aux(f"Splits/{split}.txt", "".join(f"{s}\n" for s in stems))


_DAMAGES = ["D00", "D10", "D20", "D40"]


def _rdd2020_negatives() -> Iterator[Put]:
    # github.com/sekilab/RoadDamageDetector (RDD2020; as blind16's rdd2020): train/<Country>/images/<Country>_<n>.jpg,
    # train/<Country>/annotations/xmls/<same>.xml (an image without damage: an XML of no object). Here the first
    # images of every country show no damage. Truth: detection; split train; the test1 images test, no objects
    n = 0
    for country, count in (("Czech", 3), ("India", 3), ("Japan", 3)):
        for i in range(count):
            n += 1
            name = f"{country}_{i * 17 + n:06d}.jpg"
            objects = [_DAMAGES[(n + b) % 4] for b in range(i)]  # i == 0: no damage
            yield img(f"train/{country}/images/{name}", "train", set(objects), objects=objects)
            yield aux(f"train/{country}/annotations/xmls/{name[:-4]}.xml", _voc(name, objects))
        yield img(f"test1/{country}/images/{country}_{900000 + n:06d}.jpg", "test")


def _cvat_voc_export() -> Iterator[Put]:
    # docs.cvat.ai "PASCAL VOC 1.1" export (datumaro's voc format): Annotations/<frame>.xml, ImageSets/Main/default.txt
    # (every stem; 'default' the subset of an unsplit task), JPEGImages/<frame>.jpg, labelmap.txt; an image of no
    # box still gets its XML, of no <object>. Truth: detection; one split ('default'); no box: no object
    lines = []
    for i in range(8):
        stem = f"frame_{i:06d}"
        objects = [("car", "person")[(i + b) % 2] for b in range(i % 3)] if i >= 2 else []
        lines.append(stem)
        yield img(f"JPEGImages/{stem}.jpg", "train", set(objects), objects=objects)
        yield aux(f"Annotations/{stem}.xml", _voc(f"{stem}.jpg", objects, folder=""))
    yield aux("ImageSets/Main/default.txt", "".join(f"{s}\n" for s in lines))
    yield aux("labelmap.txt", "# label:color_rgb:parts:actions\nbackground:0,0,0::\ncar:250,50,83::\nperson:61,245,61::\n")


def _voc_no_object_anywhere() -> Iterator[Put]:
    # Twin: XML named as the images, each an <annotation> of <size> and no <object> in any: image metadata, or a
    # detection set of no object: nothing tells; it must stop
    for i in range(6):
        stem = f"img_{i:04d}"
        yield img(f"JPEGImages/{stem}.jpg", "train")
        yield aux(f"Annotations/{stem}.xml", _voc(f"{stem}.jpg", []))


# ------------------------------------------------------------------------------------------------
# 2. Several images per sample, <id>_<channel>.<ext>
# ------------------------------------------------------------------------------------------------

def _gray(path: str) -> bytes:
    return _image_bytes(path, 20, 16, "PNG", "L")


def _hpa() -> Iterator[Put]:
    # kaggle.com/c/human-protein-atlas-image-classification (its data page as READMEs quote it): train/<Id>_{red,green,
    # blue,yellow}.png, four grayscale files per sample; train.csv 'Id,Target', Target class numbers separated by
    # spaces; test/ of the same naming; sample_submission.csv 'Id,Predicted'. One sample is four files: not a record
    # shardify can write (its records hold one image)
    ids = [f"{k:08x}-bac{k % 10}-11e8-b2b8-ac1f6b6435d0" for k in range(1, 6)]
    yield aux("train.csv", "Id,Target\n" + "".join(f"{i},{k % 3} {k + 4}\n" for k, i in enumerate(ids[:4])))
    for k, ident in enumerate(ids):
        folder = "train" if k < 4 else "test"
        for channel in ("red", "green", "blue", "yellow"):
            yield aux(f"{folder}/{ident}_{channel}.png", _gray(f"{folder}/{ident}_{channel}"))
    yield aux("sample_submission.csv", f"Id,Predicted\n{ids[4]},0\n")


def _hpa_single_cell() -> Iterator[Put]:
    # kaggle.com/c/hpa-single-cell-image-classification: train/<ID>_{red,green,blue,yellow}.png, train.csv 'ID,Label'
    # with labels separated by '|'
    ids = [f"5c27f04c-bb99-11e8-b2b9-ac1f6b6435d{k}" for k in range(4)]
    yield aux("train.csv", "ID,Label\n" + "".join(f"{i},{k}|{k + 5}\n" for k, i in enumerate(ids)))
    for ident in ids:
        for channel in ("red", "green", "blue", "yellow"):
            yield aux(f"train/{ident}_{channel}.png", _gray(f"train/{ident}_{channel}"))


def _rxrx1() -> Iterator[Put]:
    # rxrx.ai RxRx1 (the Kaggle 'recursion-cellular-image-classification' download): train/<experiment>/Plate<p>/
    # <well>_s<site>_w<channel>.png, six channels per site; train.csv 'id_code,experiment,plate,well,sirna'
    rows = ["id_code,experiment,plate,well,sirna"]
    for k, well in enumerate(("B02", "B03", "C04")):
        rows.append(f"HEPG2-01_1_{well},HEPG2-01,1,{well},{k * 7 + 1}")
        for site in (1, 2):
            for channel in range(1, 7):
                path = f"train/HEPG2-01/Plate1/{well}_s{site}_w{channel}.png"
                yield aux(path, _gray(path))
    yield aux("train.csv", "\n".join(rows) + "\n")


# ------------------------------------------------------------------------------------------------
# 3. Two label columns of one row
# ------------------------------------------------------------------------------------------------

_POKEMON = [("bulbasaur", "Grass", "Poison"), ("charmander", "Fire", ""), ("squirtle", "Water", ""),
            ("pidgey", "Normal", "Flying"), ("pikachu", "Electric", ""), ("gastly", "Ghost", "Poison"),
            ("onix", "Rock", "Ground"), ("eevee", "Normal", ""), ("dratini", "Dragon", ""), ("ekans", "Poison", ""),
            ("zubat", "Poison", "Flying")]


def _pokemon() -> Iterator[Put]:
    # kaggle.com/datasets/vishalsubbiah/pokemon-images-and-types (as blind16's pokemon): pokemon.csv 'Name,Type1,Type2'
    # (Type2 empty for a single-typed one), images/images/<name>.png. Two label columns: which is the label is the
    # user's choice
    lines = ["Name,Type1,Type2"]
    for name, one, two in _POKEMON:
        lines.append(f"{name},{one},{two}")
        yield img(f"images/images/{name}.png", "train", one, kind="png")
    yield aux("pokemon.csv", "\n".join(lines) + "\n")


def _pokemon_dual() -> Iterator[Put]:
    # Twin: the same table with both types given on every row: two full label columns, neither named as the label.
    # It must stop naming both, never pick one
    lines = ["Name,Type1,Type2"]
    for name, one, two in _POKEMON:
        lines.append(f"{name},{one},{two or 'Normal'}")
        yield img(f"images/images/{name}.png", "train", one, kind="png")
    yield aux("pokemon.csv", "\n".join(lines) + "\n")


def _fashion_small() -> Iterator[Put]:
    # kaggle.com/datasets/paramaggarwal/fashion-product-images-small: styles.csv 'id,gender,masterCategory,subCategory,
    # articleType,baseColour,season,year,usage,productDisplayName', images/<id>.jpg
    rows = ["id,gender,masterCategory,subCategory,articleType,baseColour,season,year,usage,productDisplayName"]
    items = [("Men", "Apparel", "Topwear", "Shirts", "Navy Blue", "Fall", "Turtle Check Men Navy Blue Shirt"),
             ("Women", "Accessories", "Watches", "Watches", "Silver", "Winter", "Titan Women Silver Watch"),
             ("Men", "Footwear", "Shoes", "Casual Shoes", "Black", "Summer", "Puma Men Black Casual Shoes"),
             ("Women", "Apparel", "Bottomwear", "Jeans", "Blue", "Summer", "Levis Women Blue Jeans"),
             ("Boys", "Apparel", "Topwear", "Tshirts", "Grey", "Fall", "Gini and Jony Boys Grey Tshirt"),
             ("Men", "Accessories", "Bags", "Backpacks", "Black", "Fall", "Wildcraft Unisex Black Backpack")]
    for k, (gender, master, sub, article, colour, season, title) in enumerate(items):
        ident = 15970 + k * 131
        rows.append(f"{ident},{gender},{master},{sub},{article},{colour},{season},2012,Casual,{title}")
        yield img(f"images/{ident}.jpg", "train", master)
    yield aux("styles.csv", "\n".join(rows) + "\n")


def _skin_lesions() -> Iterator[Put]:
    # HAM10000-like (dataverse doi:10.7910/DVN/DBW86T): HAM10000_metadata.csv 'lesion_id,image_id,dx,dx_type,age,sex,
    # localization', images/<image_id>.jpg: dx the diagnosis, dx_type how it was confirmed, localization the site
    rows = ["lesion_id,image_id,dx,dx_type,age,sex,localization"]
    for k, (dx, how, site) in enumerate((("bkl", "histo", "scalp"), ("nv", "follow_up", "back"), ("mel", "histo", "face"),
                                         ("bkl", "consensus", "back"), ("nv", "histo", "trunk"), ("df", "consensus", "lower extremity"))):
        ident = f"ISIC_{27419 + k * 3:07d}"
        rows.append(f"HAM_{k:07d},{ident},{dx},{how},{40 + k * 5}.0,{('male', 'female')[k % 2]},{site}")
        yield img(f"images/{ident}.jpg", "train", dx)
    yield aux("HAM10000_metadata.csv", "\n".join(rows) + "\n")


# ------------------------------------------------------------------------------------------------
# 4. Per-split tables of bare file names
# ------------------------------------------------------------------------------------------------

_BUTTERFLIES = ["ADONIS", "AFRICAN GIANT SWALLOWTAIL", "AMERICAN SNOOT", "BANDED ORANGE HELICONIAN", "MONARCH"]


def _per_split_tables(train_table: str, test_table: str, header: tuple[str, str], classes: list[str],
                      counts: tuple[int, int] = (8, 3)) -> Iterator[Put]:
    name, label = header
    lines = [f"{name},{label}"]
    for n in range(1, counts[0] + 1):
        cls = classes[(n * 3) % len(classes)]
        lines.append(f"Image_{n}.jpg,{cls}")
        yield img(f"train/Image_{n}.jpg", "train", cls)
    yield aux(train_table, "\n".join(lines) + "\n")
    for n in range(1, counts[1] + 1):
        yield img(f"test/Image_{n}.jpg", "test")
    yield aux(test_table, f"{name}\n" + "".join(f"Image_{n}.jpg\n" for n in range(1, counts[1] + 1)))


def _butterfly75() -> Iterator[Put]:
    # kaggle.com/datasets/phucthaiv02/butterfly-image-classification (as blind16's butterfly75): Training_set.csv
    # 'filename,label', Testing_set.csv 'filename', train/Image_<n>.jpg and test/Image_<n>.jpg numbered from 1 in each.
    # Truth: the train images labelled by Training_set.csv, the test images unlabelled; split by folder
    return _per_split_tables("Training_set.csv", "Testing_set.csv", ("filename", "label"), _BUTTERFLIES)


def _human_action() -> Iterator[Put]:
    # kaggle.com/datasets/meetnagadia/human-action-recognition-har-dataset: 'Human Action Recognition/Training_set.csv'
    # 'filename,label' (15 actions), Testing_set.csv 'filename', train/Image_<n>.jpg, test/Image_<n>.jpg
    for put in _per_split_tables("Human Action Recognition/Training_set.csv", "Human Action Recognition/Testing_set.csv",
                                 ("filename", "label"), ["calling", "clapping", "cycling", "dancing", "drinking"]):
        folder = put.path.split("/")[0]
        yield put if folder.startswith("Human") else Put(f"Human Action Recognition/{put.path}", put.data, put.image,
                                                          put.record, put.split, put.labels, put.text, put.objects)


def _train_test_csv() -> Iterator[Put]:
    # The competition shape (e.g. Analytics Vidhya's image contests): train.csv 'image,label', test.csv 'image', over
    # train/ and test/ folders of names numbered from 1 in each
    return _per_split_tables("train.csv", "test.csv", ("image", "label"), ["cat", "dog", "horse"], counts=(6, 3))


def _one_table_both_folders() -> Iterator[Put]:
    # Twin: one labels.csv 'filename,label' of bare names, each found in train/ and in test/; no per-split table:
    # which folder's file a row labels, nothing says. It must stop
    lines = ["filename,label"]
    for n in range(1, 7):
        lines.append(f"Image_{n}.jpg,{['red', 'blue'][n % 2]}")
        yield img(f"train/Image_{n}.jpg", "train", ["red", "blue"][n % 2])
    for n in range(1, 4):
        yield img(f"test/Image_{n}.jpg", "test")
    yield aux("labels.csv", "\n".join(lines) + "\n")


SPECS: dict[str, Spec] = {
    "hollywood_heads": Spec("HollywoodHeads", "image", _hollywood_heads, "di.ens.fr/willow/research/headdetection",
                            "VOC per frame; no-head frames have XMLs of no object; Splits/*.txt."),
    "rdd2020_negatives": Spec("RDD2020", "image", _rdd2020_negatives, "github.com/sekilab/RoadDamageDetector",
                              "VOC per image per country, the first of each without damage."),
    "cvat_voc": Spec("task_42-2026_11_28-pascal voc 1.1", "image", _cvat_voc_export, "docs.cvat.ai PASCAL VOC 1.1",
                     "CVAT export: Annotations/, ImageSets/Main/default.txt, JPEGImages/; empty frames first."),
    "pokemon": Spec("pokemon-images-and-types", "image", _pokemon, "kaggle vishalsubbiah/pokemon-images-and-types",
                    "Name,Type1,Type2: the label Type1 when the user names it."),
    "fashion_small": Spec("fashion-product-images-small", "image", _fashion_small,
                          "kaggle paramaggarwal/fashion-product-images-small", "styles.csv: masterCategory when named."),
    "skin_lesions": Spec("skin-lesions", "image", _skin_lesions, "HAM10000 metadata", "dx when named."),
    "butterfly75": Spec("butterfly-image-classification", "image", _butterfly75,
                        "kaggle phucthaiv02/butterfly-image-classification", "per-split tables; test unlabelled."),
    "human_action": Spec("har", "image", _human_action, "kaggle meetnagadia/human-action-recognition-har-dataset",
                         "per-split tables; test unlabelled."),
    "train_test_csv": Spec("contest", "image", _train_test_csv, "train.csv/test.csv over train/ test/",
                           "per-split tables; test unlabelled."),
}

# Layouts that must stop (exit 2) before writing, whatever is done for their kind; none is a record set
# shardify can write right without an option or support it lacks.
TWINS: dict[str, Spec] = {
    "voc_no_object_anywhere": Spec("empty-annotations", "image", _voc_no_object_anywhere, "twin", "no object anywhere."),
    "pokemon_dual": Spec("pokemon-dual", "image", _pokemon_dual, "twin", "two full label columns."),
    "hpa": Spec("human-protein-atlas", "image", _hpa, "kaggle human-protein-atlas-image-classification", "4 files a sample."),
    "hpa_single_cell": Spec("hpa-single-cell", "image", _hpa_single_cell, "kaggle hpa-single-cell", "4 files a sample."),
    "rxrx1": Spec("rxrx1", "image", _rxrx1, "rxrx.ai", "6 files a site."),
    "one_table_both_folders": Spec("both-folders", "image", _one_table_both_folders, "twin", "bare names in both folders."),
}

DATASETS: dict[str, Callable[[Path], Truth4]] = {
    name: (lambda dest, s=spec: build(s, dest)) for name, spec in {**SPECS, **TWINS}.items()}

# The options after a stop with which the conversion is right; None: right with no option.
FOLLOW: dict[str, dict[str, object] | None] = {
    "hollywood_heads": None,
    "rdd2020_negatives": {"label_level": 0},  # as blind16 rdd2020: test1/<Country>/images/ read as classes otherwise
    "cvat_voc": None,
    "pokemon": {"label_column": "Type1"},
    "fashion_small": {"label_column": "masterCategory"},
    "skin_lesions": {"label_column": "dx"},
    "butterfly75": None,
    "human_action": None,
    "train_test_csv": None,
}
