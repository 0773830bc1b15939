"""One table of boxes for many images whose columns no row of `box_formats.FORMATS` documents,
its roles read from its content (`shardify.plan.box_columns`): MIO-TCD localization's headerless
gt_train.csv (`00000007,pickup_truck,1,2,8,13`, ids naming `train/00000007.jpg`), keras-retinanet's
annotations.csv (`images/a.jpg,10,20,300,400,cat`), Udacity's CrowdAI labels.csv under a header of
its own (`xmin,ymin,xmax,ymax,Frame,Label,Preview URL`).

Detection reads the first lines of the tables that lie among images (a few), and the headers of
the images their first rows name (their sizes: a box must lie inside its image). A table whose
four box numbers fit every image read under more than one reading of `box_columns.BOX_ORDERS`
(corners, or x, y, w, h: both inside every image) stops the run (`check_open_readings`), naming
the table, a row, `--box-order` with the names of the readings that fit (`box_columns.BOX_ORDER_NAMES`:
one word for every such table of a download, SIXray's and RSOD's thousands of per-image files among
them) and the `box_format:` line of a layout file that decides; the guess travels with the stop, so
`--dry-run --layout-file FILE` writes it for the user to mend. Given, `--box-order` picks its reading
where the rows leave several open; where its reading does not fit the rows (a box leaving its image,
or of no size) the run stops saying so, never overruled in silence.

Found, the table is a BOX_TABLE Evidence as Open Images' is: a row per box joined to its image by
the image column, a row naming no file rejected with its line, an image no row names written with
no objects (a folder of its own a split of its own: MIO-TCD's test/).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import box_unit_doubt, label_file_found
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import untrusted_xml
from shardify.converters.images import probe_image
from shardify.errors import InvalidInputError
from shardify.inputs.paths import join_path
from shardify.plan import box_columns, box_damaged_rows, box_witness, layout
from shardify.plan import evidence as evidence_lib
from shardify.plan.evidence import Evidence, KeyRule, file_key, key_rule, row_key
from shardify.plan.structure import split_word

__all__ = ["content_table_evidence", "open_readings", "split_of_name", "without_exports"]

# Evidence that gives images their objects in a documented shape: a table read by content beside
# it is an export of the same boxes (BCCD's test.csv of `filename,cell_type,xmin,xmax,ymin,ymax`
# beside its Pascal VOC Annotations/), never a second source of them.
_DOCUMENTED = (evidence_lib.XML_OBJECTS, evidence_lib.YOLO_LABELS, evidence_lib.BOX_FILES, evidence_lib.BOX_TABLE,
               evidence_lib.COCO_SPLIT, evidence_lib.HF_METADATA, evidence_lib.MAT_OBJECTS)

# Tables looked at (the sample's first), lines read of each, images whose headers are read a table.
_TABLES = 24
_LINES = 200
_SIZES = 32
_EXTENSIONS = ("csv", "txt", "tsv")
# VOC files of the images a table names, read to decide its open reading (`box_witness`): a few
# suffice (they must all agree), and one is a few kilobytes.
_WITNESSES = 4
_WITNESS_BYTES = 1 << 20


class _Names:
    """The sample's images by path, file name, stem and path without extension: whether a cell
    names one, and which (a cell naming several is looked at no further)."""

    def __init__(self, sample: Sequence[str]) -> None:
        self.by: dict[str, list[str]] = {}
        self.xml: dict[str, list[str]] = {}  # the sample's .xml files by stem: the VOC file an image may have
        for path in sample:
            if layout.extension(path) == "xml":
                self.xml.setdefault(layout.stem(path), []).append(path)
            if layout.extension(path) not in layout.IMAGE_EXTENSIONS:
                continue
            name, two = posixpath.basename(path), "/".join(path.split("/")[-2:])  # (`images/a.jpg` of `data/images/a.jpg`)
            for key in {path, name, layout.stem(path), path.rsplit(".", 1)[0], two, two.rsplit(".", 1)[0]}:
                self.by.setdefault(key, []).append(path)

    @staticmethod
    def _clean(cell: str) -> str:
        text = cell.strip().replace("\\", "/")
        while text.startswith(("./", "/")):
            text = text[2:] if text.startswith("./") else text[1:]
        return text

    def names(self, cell: str) -> bool:
        text = self._clean(cell)
        return bool(text) and text in self.by

    def image(self, cell: str) -> str:
        found = self.by.get(self._clean(cell), [])
        return found[0] if len(found) == 1 else ""


def _reading(config: ConvertConfig, path: str, names: _Names) -> tuple[box_columns.Reading, list[tuple[str, ...]], bool, str] | None:
    """(what the table's first lines say of its columns, the box readings every image read fits,
    whether its header names another reading than those, the VOC file that decided between the
    readings or ""), or None where it is no table of boxes.
    A header the rows contradict (Udacity CrowdAI's first labels.csv: `xmin,xmax,ymin,ymax` over
    rows written xmin, ymin, xmax, ymax) leaves the readings of the rows open, and says so."""
    lines = label_file_found.head_lines(config, path, lines=_LINES)
    reading = box_columns.read_roles(lines, names.names)
    if reading is None:
        return None
    key = reading.roles.index(box_columns.IMAGE)
    sizes: dict[str, tuple[int, int]] = {}
    for cell in dict.fromkeys(row[key] for row in reading.rows):
        if len(sizes) >= _SIZES:
            break
        image = names.image(cell)
        if not image:
            continue
        try:
            with open_input(join_path(config.source, image)) as fileobj:
                info = probe_image(fileobj)
        except (OSError, InvalidInputError):
            continue  # (an image that cannot be read is its own reject at conversion)
        sizes[cell] = (info.width, info.height)
    reading = box_damaged_rows.without_damaged_rows(reading, sizes)  # (a row of NaN or a width of 0 says nothing)
    orders = box_columns.fitting_orders(reading, sizes)
    witness = ""
    if len(orders) > 1 and not config.box_order:  # (the user's word before a witness's)
        witnessed, witness = _witnessed(config, reading, names)
        orders = box_witness.agreeing_orders(reading, orders, witnessed)
        witness = witness if len(orders) == 1 else ""
    if orders or not reading.named:
        return reading, _decided(config, orders), False, witness
    others = [order for order in box_columns.fitting_orders(reading, sizes, box_columns.BOX_ORDERS)
              if box_columns.has_format(reading, order)]
    if not others:  # no other reading fits either: the header's decides, the pipeline judges each row (a box outside)
        return reading, [reading.named], False, ""
    chosen = box_columns.BOX_ORDER_NAMES.get(config.box_order)
    if chosen in others:  # (the header or the rows are wrong: `--box-order` says the rows are right, and how)
        return reading, [chosen], False, ""
    return reading, others, True, ""


def _witnessed(config: ConvertConfig, reading: box_columns.Reading, names: _Names) -> tuple[dict[str, list], str]:
    """(the corners the Pascal VOC file of each of a few images the table names gives -> by the
    table's cell, the first such file), from the .xml files of the sample named by the image's stem
    (one each: a stem two files share says nothing); ({}, "") where none is read."""
    key = reading.roles.index(box_columns.IMAGE)
    witnessed: dict[str, list] = {}
    first = ""
    for cell in dict.fromkeys(row[key] for row in reading.rows):
        if len(witnessed) >= _WITNESSES:
            break
        image = names.image(cell)
        files = names.xml.get(layout.stem(image), []) if image else []
        if len(files) != 1:
            continue
        try:
            with open_input(join_path(config.source, files[0])) as fileobj:
                data = fileobj.read(_WITNESS_BYTES + 1)
            if len(data) > _WITNESS_BYTES:
                continue
            boxes = box_witness.voc_corners(untrusted_xml.parse(data))
        except (OSError, untrusted_xml.UntrustedXmlError):
            continue  # (a damaged XML decides nothing)
        if boxes:
            witnessed[cell] = boxes
            first = first or files[0]
    return witnessed, first


def _decided(config: ConvertConfig, orders: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """`orders` (the readings every image read fits) narrowed to the one `--box-order` names, where
    several are open and it is among them; else as they are (one reading: the rows decided; the
    named one not among them: the doubt stays, and its stop says the rows leave their images so)."""
    chosen = box_columns.BOX_ORDER_NAMES.get(config.box_order)
    return [chosen] if chosen is not None and len(orders) > 1 and chosen in orders else orders


def _rule(names: _Names, keys: Sequence[str]) -> KeyRule:
    """How the image cells name files: by their shape (`key_rule`), or, where most so read name
    no sampled image, by the file's name or stem alone (a path from another root: LISA's
    `dayTraining/dayClip1--00000.jpg` for `dayTrain/dayTrain/dayClip1/frames/dayClip1--00000.jpg`)."""
    images = [path for paths in names.by.values() for path in paths]
    shaped = key_rule(keys)
    for rule in (shaped, KeyRule(1, shaped.extension), KeyRule(1, not shaped.extension)):
        files = {file_key(path, rule) for path in images}
        if 2 * sum(row_key(k, rule) in files for k in keys) >= len(keys):
            return rule
    return shaped


def _candidates(sample: Sequence[str], claimed: set[str]) -> list[str]:
    return [p for p in sample if layout.extension(p) in _EXTENSIONS and p not in claimed
            and not evidence_lib.example_file(p)][:_TABLES]


def content_table_evidence(config: ConvertConfig, sample: Sequence[str], claimed: set[str]) -> list[Evidence]:
    """A BOX_TABLE Evidence per table of `sample` (not among `claimed`, read already) whose columns
    read as an image's boxes, a row each; [] where a label file or pattern was given."""
    if config.labels_file or config.label_from_name:
        return []
    names = _Names(sample)
    if not names.by:
        return []
    found = []
    for path in _candidates(sample, claimed):
        read = _reading(config, path, names)
        if read is None or not read[1]:
            continue
        reading, orders, _, witness = read
        orders = [order for order in orders if box_columns.has_format(reading, order)]
        if not orders:  # (x, y, w, h in fractions alone, and no header: no format writes it)
            continue
        fmt = box_columns.box_format(reading, orders[0])
        key = reading.roles.index(box_columns.IMAGE)
        rule = _rule(names, [row[key] for row in reading.rows])
        header = f"under its header {','.join(reading.header)!r}" if reading.header else "no header"
        fits = "the one reading that fits every image read" if len(orders) == 1 else f"the first of {len(orders)} readings that fit"
        fits = f"the one of the readings that fit whose boxes are {witness}'s, the same image's VOC boxes" if witness else fits
        how = (f"a row per box, {header}, its columns read from their content: {', '.join(fmt.columns)}, "
               f"the box {'as its header names it' if reading.named and len(orders) == 1 else fits}")
        note = f"{path}: objects of the images it names ({how}): {fmt.shown}"
        # the table's name may give its images' split, as a documented table's does (the drinks set's
        # labels_train.csv and labels_test.csv over one folder of images); `box_tables.with_box_annotations`
        # keeps it only where two or more tables name different splits and no folder gives them
        split = split_of_name(posixpath.basename(path))
        found.append(Evidence(path, evidence_lib.BOX_TABLE, rule, box_format=fmt.name, note=note, split=split))
    return found


def split_of_name(name: str) -> str:
    """The split one word of a file's name gives (`wider_face_val_bbx_gt.txt`: val,
    `oidv6-train-annotations-bbox.csv`: train, `labels_test.csv`: test), or "".

    >>> split_of_name("labels_test.csv"), split_of_name("gt_train.csv"), split_of_name("annotations.csv")
    ('test', 'train', '')
    """
    splits = {split_word(word) for word in re.split(r"[^A-Za-z0-9]+", posixpath.splitext(name)[0])} - {None, ""}
    return splits.pop() if len(splits) == 1 else ""


def open_readings(config: ConvertConfig, sample: Sequence[str], found: Sequence[Evidence]) -> str:
    """Why one of the tables `found` read by content cannot be read without a doubt (its box fits
    every image read under several readings), naming the table, a row and the layout file's line
    that decides; "" where none."""
    names = _Names(sample)
    for evidence in found:
        if evidence.kind != evidence_lib.BOX_TABLE or not evidence.box_format.startswith(box_columns.NAME_START):
            continue
        read = _reading(config, evidence.path, names)
        if read is None:
            continue
        if read[1] and box_columns.mixed_units(read[0]):  # fractions beside pixels: the unit is a guess
            return box_unit_doubt.unit_doubt(evidence.path, read[0], read[1][0])
        if config.box_order and read[1] and box_columns.BOX_ORDER_NAMES[config.box_order] not in read[1]:
            return _order_unfit(config, evidence.path, read[0], read[1])
        if len(read[1]) < 2 and not read[2]:
            if read[1] and _one_row_per_image(read[0]):
                reading = read[0]
                choice = repr(box_columns.box_format(reading, read[1][0]).name)
                return (
                    f"{evidence.path} has no header and one row per image (the first: {','.join(reading.rows[0])[:80]!r}): "
                    "its four numbers may be one box each, or measurements of each image (two points: eyes, landmarks), "
                    "which its rows cannot tell: --dry-run --layout-file FILE writes the guess; keep its evidence's "
                    f"box_format {choice} if they are boxes, or drop that evidence if not"
                )
            continue
        reading, orders, contradicted, _ = read
        shown = ",".join(reading.rows[0])[:80]
        mend = _mend(config, reading, orders)
        if contradicted:
            header = ",".join(reading.header)[:80]
            return (
                f"{evidence.path} is a table of boxes whose header ({header!r}) names its box columns "
                f"{','.join(reading.named)}, but its rows (the first: {shown!r}) are then not all boxes inside their "
                f"images; read as {' or as '.join(','.join(order) for order in orders)} they are: the header or the rows "
                f"are wrong, and which cannot be told: {mend}"
            )
        readings = " and as ".join(",".join(order) for order in orders)
        return (
            f"{evidence.path} is a table of boxes (a row each: {shown!r}) whose four numbers fit inside every image read "
            f"both as {readings}: which is meant cannot be told from its rows, and the other would write every box "
            f"wrong: {mend}"
        )
    return ""


def _mend(config: ConvertConfig, reading: box_columns.Reading, orders: Sequence[tuple[str, ...]]) -> str:
    """The options that decide between `orders`: `--box-order` with each of their names (one word
    for every such table of the download: SIXray's thousands of per-image files), then the layout
    file's `box_format:` lines."""
    formats = [order for order in orders if box_columns.has_format(reading, order)]
    choices = " or ".join(repr(box_columns.box_format(reading, order).name) for order in formats)
    named = [name for name, order in box_columns.BOX_ORDER_NAMES.items() if order in formats]
    options = f"--box-order {' or --box-order '.join(named)} decides for every such table; or " if named else ""
    return f"{options}--dry-run --layout-file FILE writes the guess; set its evidence's box_format to {choices}"


def _order_unfit(config: ConvertConfig, path: str, reading: box_columns.Reading, orders: Sequence[tuple[str, ...]]) -> str:
    """Why `--box-order` cannot read the table at `path`: read so, some of its rows are boxes of no
    size or leaving their images, which the readings `orders` (a header's, or the rows') are not. The
    rows never overrule the option silently: a user who gave it believed otherwise."""
    fitting = " or as ".join(",".join(order) for order in orders)
    named = [name for name, order in box_columns.BOX_ORDER_NAMES.items() if order in orders]
    instead = f"--box-order {' or --box-order '.join(named)}" if named else "no --box-order"
    return (
        f"{path} is a table of boxes (a row each: {','.join(reading.rows[0])[:80]!r}) that --box-order {config.box_order} "
        f"reads as {','.join(box_columns.BOX_ORDER_NAMES[config.box_order])}, but then some of its rows are boxes of no "
        f"size or leaving their images; they fit only read as {fitting}: give {instead}, or mend the table"
    )


def _one_row_per_image(reading: box_columns.Reading) -> bool:
    """Whether a headerless table names each image in one row only: nothing then tells a box (one
    object an image) from two points measured on each image (LFW's or CelebA's eye coordinates,
    `f1.jpg,Aaron_Eckhart,22,20,42,21`); a table of boxes shows itself by an image with two rows
    (MIO-TCD, keras-retinanet) or by a header naming its edges."""
    if reading.header:
        return False
    key = reading.roles.index(box_columns.IMAGE)
    cells = [row[key] for row in reading.rows if any(row[i].strip() for i in reading.box)]
    return len(cells) >= 2 and len(set(cells)) == len(cells)


def _by_content(evidence: Evidence) -> bool:
    return evidence.kind == evidence_lib.BOX_TABLE and evidence.box_format.startswith(box_columns.NAME_START)


def without_exports(detected: layout.SourceLayout, found: Sequence[Evidence]) -> tuple[list[Evidence], list[str]]:
    """(`found` less its tables read by content where any other evidence gives objects, notes naming
    those left unread): the documented annotations are the objects, the table an export of them; read
    too, every box was written twice."""
    documented = [e for e in (*detected.evidence, *found) if e.kind in _DOCUMENTED and not _by_content(e)]
    if not documented:
        return list(found), []
    exports = [e for e in found if _by_content(e)]
    notes = [f"{e.path}: a table of boxes beside {documented[0].shown}, which gives the objects: not read (an export of "
             "them?)" for e in exports]
    return [e for e in found if not _by_content(e)], notes
