"""Blind batch 46's faults mended by kind (tests/helpers/blind46.py), on neighbour layouts the batch does not hold.

1. A VGG Image Annotator class held by a CHECKBOX attribute. VIA 2 writes a checkbox's value as the object of its
   checked options (ox-vgg/via, via-2.x.y/src/via.js: "checkbox has multiple values and hence is object";
   `region_attributes[attr_id][option_id] = true`; "false option values are not stored"), so CottonWeedDet12's
   per-image `annotation_VGG_json/` hold `{"CottonWeed": {"Ragweed": true}}`: no attribute held as text, the run
   stopped with exit 1 and wrote nothing. Such a document also writes a region alone as the `regions` object itself
   (read in the code corpus: "a VGG file with one region stores `regions` as a single dict, which must be read as
   one region"), which was read as two regions of no shape. Now a checkbox of one checked option holds that option
   as its text, and a region alone is one region (shardify/plan/keyed_box_documents.py). Neighbour: a VIA 2
   PROJECT export (`_via_img_metadata`, `_via_attributes` declaring the checkbox), one document for a folder of
   images, invented in that shape; a per-image document of one region written alone, its class a text attribute.
   Hostile twins: a region of two options checked, and one of none, still stop before writing, naming the file.
2. A table of attributes beside its copy in a spreadsheet. UCI's zips of Koklu's sets ship the ARFF beside an
   .xlsx of the same rows (read in the code corpus: "Raisin_Dataset/Raisin_Dataset.arff" in "Raisin_Dataset.zip";
   "[Excel](raw/Raisin_Dataset/Raisin_Dataset.xlsx) ... [ARFF](...): bản định dạng khác; không ghép vào Excel để
   tránh nhân đôi mẫu" (another format: not merged, the rows would be twice); "table = table[18:] # first lines
   are trash"; classes "Kecimen", "Besni"); the .xlsx, which nothing reads, had hidden the tables: the stop said to
   point SRC at images or texts. Now a spreadsheet is a companion of such tables (shardify/plan/attribute_tables.py,
   `file_roles.SPREADSHEET_EXTENSIONS`), and the stop names the options that read them. Neighbour: the Raisin zip's
   three files; twin: a spreadsheet beside a `.data` of prose rows (no table of attributes) is not told so.
3. A table keying flat inputs by name, named by the stop only as where the labels "may be". Chicken Disease's
   `train_data.csv` ('images,label': "['salmo.466.jpg','Salmonella']") beside a flat `Train/`: the stop said
   `--labels FILE` and left the file to be found. Now the stop over unlabelled inputs names the table and its
   other column where one column names the inputs (beam_jobs/discover/guards.py, `keyed_table_hints`), as the
   stop over folders that are no classes did. Neighbour: a flat `photos/` of 'leaf_0001.png' beside
   `annotations.csv` ('file,variety'), invented; twin: a table whose ids name no input gets no such hint.
4. Labels guessed from file-name prefixes where such a table labels the same files otherwise. A Chicken
   Disease download of fewer prefixes (`cocci.75.jpg`, `salmo.1.jpg`, `pcrsalmo.38.jpg` beside `train_data.csv`
   'images,label') was labelled by the prefixes, `pcrsalmo` beside `salmo` for one class, the table unread:
   exit 0, every record wrong. Now the prefixes are dropped where the table disputes them
   (beam_jobs/discover/disputed_name_labels.py), and the table labels the files. Neighbour: leaves named by a
   crop's abbreviation (`tom.12.jpg`) beside `labels_by_file.csv` ('filename,disease'), invented; twin: names that
   agree with the table (`cat.1.jpg,cat`, `american_bulldog_3.jpg,American Bulldog`) label the files as before.

Each is converted in-process as the tally converts (`run_conversion` of a `ConvertConfig` of SRC and OUT).
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from helpers.blind23 import _pic
from helpers.unseen4 import Spec, aux, build, given, row
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import ShardifyError, UsageError


def _convert(truth, out: Path, **options) -> None:
    run_conversion(ConvertConfig(str(truth.root), str(out), **options))


# ------------------------------------------------------------------------------------------------
# 1. VIA checkbox classes; a region written alone
# ------------------------------------------------------------------------------------------------

_DAMAGE = {"door_01.jpg": [["dent"], ["scratch"]], "bumper_02.jpg": [["scratch"]], "hood_03.jpg": [["crack"], ["dent"]]}


def _via_project(checked: dict[str, list[list[str]]] = _DAMAGE):
    """A VIA 2 project export of car-body photos, the damage a checkbox of three options (invented in the
    shape via.js writes: `_via_attributes.region.damage.type 'checkbox'`, each region's value {option: true})."""

    def puts():
        metadata = {}
        for name, regions in checked.items():
            data = _pic(f"via{name}", "JPEG")
            shapes = [
                {
                    "shape_attributes": {"name": "rect", "x": 1 + 6 * k, "y": 2, "width": 5, "height": 9},
                    "region_attributes": {"damage": {option: True for option in options}},
                }
                for k, options in enumerate(regions)
            ]
            metadata[f"{name}{len(data)}"] = {"filename": name, "size": len(data), "regions": shapes, "file_attributes": {}}
            names = [o for options in regions for o in options]
            yield given(f"photos/{name}", data, "train", names, names)
        attributes = {
            "region": {
                "damage": {
                    "type": "checkbox",
                    "description": "",
                    "options": {"dent": "", "scratch": "", "crack": ""},
                    "default_options": {},
                }
            },
            "file": {},
        }
        project = {"_via_settings": {"ui": {}, "core": {}}, "_via_img_metadata": metadata, "_via_attributes": attributes}
        yield aux("photos/via_project_29Nov2026.json", json.dumps(project))

    return Spec("car-damage", "image", puts, "invented (VIA 2 project export)", "VIA checkbox classes")


def test_a_via_checkbox_of_one_checked_option_is_that_class(tmp_path: Path) -> None:
    truth = build(_via_project(), tmp_path / "src")
    _convert(truth, tmp_path / "out")
    assert_right(truth, tmp_path / "out")


@pytest.mark.parametrize("regions", [[["dent", "scratch"]], [[]]], ids=["two checked", "none checked"])
def test_a_via_checkbox_of_several_or_no_options_stops_naming_the_file(regions, tmp_path: Path) -> None:
    """Which of two checked options is the box's class, or what an unchecked box is, cannot be told: a stop."""
    truth = build(_via_project({**_DAMAGE, "hood_03.jpg": regions}), tmp_path / "src")
    with pytest.raises(ShardifyError, match=r"(?s)via_project_29Nov2026\.json.*which names the class cannot be told"):
        _convert(truth, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()


def _via_per_image(alone: bool):
    """Per-image VIA documents beside the images (as CottonWeedDet12's, but a text attribute `bird` over nest
    photos, invented); with `alone`, one-region images write `regions` as the region object itself."""

    def puts():
        for i, birds in enumerate((["heron"], ["heron", "egret"], ["ibis"], ["egret"])):
            name = f"nest_{i:03d}.png"
            data = _pic(f"nest{i}")
            shapes = [
                {
                    "shape_attributes": {"name": "rect", "x": 2 + 7 * k, "y": 1, "width": 6, "height": 8},
                    "region_attributes": {"bird": b},
                }
                for k, b in enumerate(birds)
            ]
            entry = {"filename": name, "size": len(data), "regions": shapes[0] if alone and len(shapes) == 1 else shapes}
            yield given(f"images/{name}", data, "train", birds, birds)
            yield aux(f"annotations/nest_{i:03d}.json", json.dumps({f"{name}{len(data)}": entry}))

    return Spec("nests", "image", puts, "invented (per-image VIA documents)", "VIA regions written alone")


@pytest.mark.parametrize("alone", [True, False], ids=["a region alone", "regions listed (as before)"])
def test_a_via_region_written_alone_is_one_region(alone: bool, tmp_path: Path) -> None:
    truth = build(_via_per_image(alone), tmp_path / "src")
    _convert(truth, tmp_path / "out")
    assert_right(truth, tmp_path / "out")


# ------------------------------------------------------------------------------------------------
# 2. A table of attributes beside its spreadsheet copy
# ------------------------------------------------------------------------------------------------


def _xlsx() -> bytes:
    """A zip shaped as an .xlsx workbook (no xlsx writer here; nothing reads its cells)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        z.writestr("xl/workbook.xml", '<?xml version="1.0"?><workbook/>')
    return buf.getvalue()


_RAISIN = ["Area", "MajorAxisLength", "MinorAxisLength", "Eccentricity", "ConvexArea", "Extent", "Perimeter"]


def _raisin():
    """UCI's Raisin zip (Cinar, Koklu & Tasdemir 2020): Raisin_Dataset/ of the .arff, the same rows as .xlsx, and
    a .txt describing the attributes; the class the last attribute (Kecimen, Besni)."""

    def puts():
        lines = ["@RELATION Raisin_Dataset", ""]
        lines += [f"@ATTRIBUTE {name} {'INTEGER' if name in ('Area', 'ConvexArea') else 'REAL'}" for name in _RAISIN]
        lines += ["@ATTRIBUTE Class {Kecimen,Besni}", "", "@DATA"]
        for i in range(10):
            cls = ("Kecimen", "Besni")[i * 3 % 5 % 2]
            cells = [str(87524 + i * 977), f"{442.246 + i:.3f}", f"{253.291 + i / 3:.3f}", f"{0.819 - i / 100:.3f}"]
            cells += [str(90546 + i * 981), f"{0.758 - i / 200:.3f}", f"{1184.04 + i * 7:.2f}"]
            lines.append(",".join([*cells, cls]))
            yield row(f"Raisin_Dataset/Raisin_Dataset.arff:{i}", "train", cls)
        yield aux("Raisin_Dataset/Raisin_Dataset.arff", "\n".join(lines) + "\n")
        yield aux("Raisin_Dataset/Raisin_Dataset.xlsx", _xlsx())
        yield aux("Raisin_Dataset/Raisin_Dataset.txt", "Raisin Dataset: 900 grains of two varieties, 7 morphological features.\n")

    return Spec("raisin", "table", puts, "https://archive.ics.uci.edu/dataset/850/raisin", "ARFF beside its .xlsx")


def test_a_table_of_attributes_beside_its_spreadsheet_is_read_with_the_options_that_read_it(tmp_path: Path) -> None:
    """(Since goodstops35 the ARFF's nominal `@attribute Class {...}` decides the class: the first command reads the
    table as the stop's options did, `--layout tables --text-column none --keep-columns '*' --label-column 'Class'`,
    and is right; the plan says so. tests/layouts/test_goodstops35.py holds its twins.)"""
    truth = build(_raisin(), tmp_path / "src")
    _convert(truth, tmp_path / "out")
    assert_right(truth, tmp_path / "out")
    assert "labelled by 'Class'" in (tmp_path / "out" / "plan.json").read_text()
    _convert(truth, tmp_path / "followed", layout="tables", text_column="none", keep_columns=("*",), label_column="Class")
    assert_right(truth, tmp_path / "followed")


def test_a_spreadsheet_beside_rows_of_prose_is_no_table_of_attributes(tmp_path: Path) -> None:
    """The twin: the spreadsheet is a companion only of tables of attributes; rows of prose with commas are none."""
    src = tmp_path / "src" / "notes"
    src.mkdir(parents=True)
    (src / "sayings.data").write_text("pos,a film, in short, fine\nneg,dull,dull,dull,dull\nneg,slow, long, and dull\n")
    (src / "sayings.xlsx").write_bytes(_xlsx())
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "tables of attributes" not in str(stop.value)
    assert not (tmp_path / "out" / "manifest.json").exists()


# ------------------------------------------------------------------------------------------------
# 3. A table keying flat inputs by name
# ------------------------------------------------------------------------------------------------


HEADER = "images,label"  # (the key column named 'images', as Chicken Disease's: a name no reader takes for the file column)


def _keyed(key_names_inputs: bool = True):
    """A flat photos/ of leaves named by eight prefixes of three varieties ('pcrar.126.png', too few files a prefix
    for a name pattern), beside annotations.csv ('file,variety', a variety of two words among them: no word
    after each name, which a label file beside would give); in the twin its keys are numbers."""

    def puts():
        lines = [HEADER]
        for i in range(12):
            variety = ("Arabica", "Robusta", "Liberica Excelsa")[i % 3]
            name = f"{('ar', 'ro', 'le', 'pcrar', 'pcrro', 'pcrle', 'xar', 'xro')[i % 8]}.{i * 41 + 3}.png"
            lines.append(f"{name if key_names_inputs else 1000 + i},{variety}")
            yield given(f"photos/{name}", _pic(f"leaf{i}"), "train", variety)
        yield aux("annotations.csv", "\n".join(lines) + "\n")

    return Spec("leaves", "image", puts, "invented (a table keying flat inputs)", "labels in a table by file name")


def test_a_table_keying_flat_inputs_is_named_with_its_label_column(tmp_path: Path) -> None:
    truth = build(_keyed(), tmp_path / "src")
    with pytest.raises(UsageError, match=r"--labels annotations\.csv --label-column 'label'"):
        _convert(truth, tmp_path / "out")
    assert not (tmp_path / "out" / "manifest.json").exists()
    _convert(truth, tmp_path / "followed", labels_file="annotations.csv", label_column="label")
    assert_right(truth, tmp_path / "followed")


def test_a_table_whose_keys_name_no_input_gets_no_such_hint(tmp_path: Path) -> None:
    truth = build(_keyed(key_names_inputs=False), tmp_path / "src")
    with pytest.raises(UsageError) as stop:
        _convert(truth, tmp_path / "out")
    assert "--labels annotations.csv --label-column" not in str(stop.value)


# ------------------------------------------------------------------------------------------------
# 4. Name-prefix labels disputed by a table keying the same files
# ------------------------------------------------------------------------------------------------


def _prefixed(mapping: dict[str, str], sep: str = "."):
    """A flat Train/ of '<prefix><sep><n>.jpg' beside labels_by_file.csv ('filename,disease'), the prefix mapped
    to the table's label by `mapping` (the truth: the table's)."""

    def puts():
        lines = ["filename,disease"]
        prefixes = list(mapping)
        for i in range(12):
            prefix = prefixes[i % len(prefixes)]
            name = f"{prefix}{sep}{i * 37 + 1}.jpg"
            lines.append(f"{name},{mapping[prefix]}")
            yield given(f"Train/{name}", _pic(f"pf{i}", "JPEG"), "train", mapping[prefix])
        yield aux("labels_by_file.csv", "\n".join(lines) + "\n")

    return Spec("leaves", "image", puts, "invented (name prefixes beside a keyed table)", "prefixes disputed by a table")


@pytest.mark.parametrize(
    "mapping",
    [
        {"tom": "Tomato_Early_blight", "pot": "Potato_Late_blight", "pep": "Pepper_Bacterial_spot"},
        {"salmo": "Salmonella", "pcrsalmo": "Salmonella", "cocci": "Coccidiosis", "healthy": "Healthy"},
    ],
    ids=["abbreviations", "two prefixes one class"],
)
def test_name_prefixes_a_keyed_table_disputes_are_not_the_labels(mapping, tmp_path: Path) -> None:
    truth = build(_prefixed(mapping), tmp_path / "src")
    try:
        _convert(truth, tmp_path / "out")
    except UsageError as stop:  # a stop is right too, where it names the table
        assert "labels_by_file.csv" in str(stop)
        assert not (tmp_path / "out" / "manifest.json").exists()
        return
    assert_right(truth, tmp_path / "out")


@pytest.mark.parametrize(
    ("mapping", "sep"),
    [({"cat": "cat", "dog": "dog"}, "."), ({"american_bulldog": "American_Bulldog", "pug": "Pug"}, "_")],
    ids=["the same", "spelled otherwise"],
)
def test_name_prefixes_a_keyed_table_agrees_with_still_label(mapping, sep: str, tmp_path: Path) -> None:
    truth = build(_prefixed(mapping, sep), tmp_path / "src")
    _convert(truth, tmp_path / "out")
    assert_right(truth, tmp_path / "out", aliases={"American_Bulldog": {"american_bulldog"}, "Pug": {"pug"}})
