"""Detection datasets whose boxes are written as text: one row of `FORMATS` per shape, data rather
than code per dataset.

Seven ways the annotation files pair with the images:

  PER_IMAGE  one text file per image, in a folder mirroring the images' folder, by stem: KITTI's
             training/label_2/000000.txt beside training/image_2/000000.png
  BLOCKS     one file listing many images: a path line, a count line, then that many box lines
             (a count of 0 followed by one line of zeros): WIDER FACE's wider_face_train_bbx_gt.txt
  ROWS       one table with a header, one row per box, keyed by the image's id (its file's stem):
             Open Images' train-annotations-bbox.csv, class names from a headerless `id,name` file
  JSON_LINES one file listing many images, a JSON object a line: the image's id and a list of its
             boxes, each an object naming its class and holding its box as a list of four numbers:
             CrowdHuman's annotation_train.odgt (`{"ID": ..., "gtboxes": [{"tag": ..., "fbox": [...]}]}`)
  JSON_DOCUMENT one JSON document listing many images (a list, or an object keyed by id, at a
             field of its own): each entry names its image and holds its list of boxes, the box's
             fields reached by dotted paths (`bbox.xmin`): TT100K's annotations.json, BDD100K's
             bdd100k_labels_images_train.json
  FRAMES_XML one XML document per sequence of frames, named as the folder holding the frames'
             images: an element per frame, its number an attribute (the image whose name ends in
             it), its boxes elements beneath, their fields `element@attribute`: UA-DETRAC's
             DETRAC-Train-Annotations-XML/MVI_20011.xml for Insight-MVT_Annotation_Train/MVI_20011/
  PER_IMAGE_JSON one JSON document per image, in a folder mirroring the images' folder, by stem: its
             boxes under one key as a list (FUNSD's `form`), or under numbered keys (DeepFashion2's
             `item1`, `item2`: `boxes_field` "item*"), each an object naming its class and holding its
             box as a list of four numbers (`converters/json_box_files.py` reads them)

A row says where the class and the four box numbers are (a field index, or a column name), the
box's convention, and the rows that are not objects (KITTI's `DontCare`, WIDER's `invalid` flag):
those are carried as skipped objects, so the image's line in repaired.jsonl names each one.
Recognising a format reads nothing here: detection hands in names and first lines.
"""

from __future__ import annotations

import csv
import json
import math
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from shardify.errors import InvalidInputError
from shardify.inputs import json_input

__all__ = [
    "PER_IMAGE",
    "WORDS_BEFORE_BOX",
    "BLOCKS",
    "ROWS",
    "JSON_LINES",
    "JSON_DOCUMENT",
    "FRAMES_XML",
    "PER_IMAGE_JSON",
    "LISTS_EVERY_IMAGE",
    "XYXY_PIXELS",
    "XYWH_PIXELS",
    "XXYY_NORMALISED",
    "QUAD_PIXELS",
    "ELLIPSE_PIXELS",
    "BoxFormat",
    "FORMATS",
    "format_named",
    "per_image_format",
    "file_format",
    "document_keys",
    "unsuffixed",
    "frame_shift",
    "is_number",
]

PER_IMAGE, BLOCKS, ROWS, JSON_LINES = "per image", "blocks", "rows", "json lines"
JSON_DOCUMENT = "json document"
FRAMES_XML = "frames xml"
PER_IMAGE_JSON = "per image json"
# Pairings whose files list every image they annotate, those without objects included (WIDER FACE's
# and FDDB's blocks, a `0` count for a face-less photo; TT100K's and BDD100K's documents, an entry of
# no objects; CrowdHuman's .odgt lines): an image in none of them is outside the annotated set (FDDB's
# 28,204 originalPics hold 2,845 annotated), a reject, never a record without objects. The others
# document an image without a row or file as one without objects: ROWS (Global Wheat's, Open
# Images' box tables have no row for an image of no box), FRAMES_XML (UA-DETRAC leaves frames of no
# target out), the per-image files (YOLO's `.txt`; NWPU VHR-10's negative images have none).
LISTS_EVERY_IMAGE = frozenset({"blocks", "json document", "json lines"})
# Box conventions: the four numbers as the format writes them.
XYXY_PIXELS = "x1 y1 x2 y2 pixels"
XYWH_PIXELS = "x y w h pixels"
XXYY_NORMALISED = "xmin xmax ymin ymax normalised"
# An oriented quadrilateral's four corners: read as its axis-aligned envelope (the contract's
# boxes are axis-aligned; the corners are not carried).
QUAD_PIXELS = "x1 y1 x2 y2 x3 y3 x4 y4 pixels, read as the corners' envelope"
# An ellipse (FDDB's faces): its two radii, the major axis's angle from the horizontal in radians,
# its centre; read as its axis-aligned envelope.
ELLIPSE_PIXELS = "major radius, minor radius, angle, centre x, centre y pixels, read as the ellipse's envelope"
# A class written as all the words before the box (negative box fields: the last four).
WORDS_BEFORE_BOX = ":-4"
_CONVENTIONS = (XYXY_PIXELS, XYWH_PIXELS, XXYY_NORMALISED, QUAD_PIXELS, ELLIPSE_PIXELS)
# ASCII digits only: `\d` and Python's int() and float() also read other scripts' digits ('\u0660').
_NUMBER = re.compile(r"[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?|[-+]?(nan|inf|infinity)", re.IGNORECASE | re.ASCII)


def is_number(text: str) -> bool:
    """A field spelled as a number (nan and inf included: they are refused when read, by name,
    not taken for a class)."""
    return bool(_NUMBER.fullmatch(text.strip()))


@dataclass(frozen=True)
class BoxFormat:
    """One way a detection dataset writes its boxes as text.

    Attributes:
      name: how the plan names it.
      pairing: PER_IMAGE, BLOCKS, ROWS, JSON_LINES, JSON_DOCUMENT or FRAMES_XML.
      files: PER_IMAGE: a pattern the annotation folder's name matches (`label_2`); BLOCKS, ROWS:
        one the annotation file's name matches.
      fields: PER_IMAGE, BLOCKS: the numbers of fields a box line may have.
      class_field: the field (an index, or a ROWS column name) that names the class; WORDS_BEFORE_BOX
        where the class is every word before the box's four fields (a name with spaces: OIDv4's
        `Traffic light 12 34 56 78`); "" where every box is of `single_class`.
      single_class: the class of every box where no field names one.
      box_fields: the four fields of the box (eight for QUAD_PIXELS, five for ELLIPSE_PIXELS), in the order `convention`
        reads them; or one
        field whose cell holds the four as a list (`"[834.0, 222.0, 56.0, 36.0]"`, Global Wheat).
      convention: XYXY_PIXELS, XYWH_PIXELS, XXYY_NORMALISED, QUAD_PIXELS or ELLIPSE_PIXELS.
      header: PER_IMAGE: a pattern of the lines before the boxes that are no box (DOTA's
        `imagesource:GoogleEarth`, `gsd:0.146`): skipped; "" for none.
      opens_with_header: PER_IMAGE: every file opens with a `header` line (WiderPerson's count), so
        a file that does not is not of this format; DOTA's header lines are there or not.
      skip: (field, value, why) per kind of row that is no object.
      key_field: ROWS: the column naming the image by its file's stem; JSON_LINES, JSON_DOCUMENT: the
        key doing so (JSON_DOCUMENT: the image's path or name as the entry writes it).
      entries_field: JSON_DOCUMENT: the document's key holding the entries (a list, or an object
        of id -> entry); "" where the document is the list itself. FRAMES_XML: the frames' tag.
      number_field: FRAMES_XML: the frame element's attribute holding its number.
      boxes_field: JSON_LINES: the key of each line's list of boxes (each box an object whose keys
        `class_field` and `box_fields` name, `skip` read from it).
      flags: (field, flag) pairs: a field whose value 1 sets the object's flag (`is_crowd`,
        `truncated`, `difficult`).
      class_names: ROWS: a pattern the name of the headerless `id,name` file matches that names
        the classes (Open Images' class-descriptions-boxable.csv); "" for none.
      by_header: ROWS: recognised by its header's columns (JSON_DOCUMENT, FRAMES_XML: by its content) whatever the file's name (`files` then
        matches any table), so a table named like it but of another shape is no sign of anything.
      separator: the character between a line's fields ("," for VisDrone's); "" for runs of
        whitespace. ROWS: the character between a headerless table's cells, "" for a comma (a
        space for Udacity's: its quoted cells read as CSV's are).
      class_numbers: the documented name of each class number, in number order, where the class
        field holds numbers (VisDrone's 0 ignored regions ... 11 others); () where it holds names.
      columns: ROWS: the documented names of a headerless table's columns, in order (SKU-110K's
        `image_name,x1,y1,x2,y2,class,image_width,image_height`); () where the table has a header.
      optional_columns: how many of the last `columns` a row may leave out (Udacity's traffic
        lights alone carry an attribute after the class).
      only_columns: ROWS recognised by header: the columns a header may hold besides the key and
        the box fields; a header holding any other (a class column, say) is not this format. None:
        any others. A table of boxes with no class column is one class only where nothing else
        could name one.
      drop: characters removed from a line before its fields are split (NWPU VHR-10's points
        written `(x1,y1),(x2,y2),class`: its parentheses); "" for none.
      stem_prefix: PER_IMAGE: what an annotation file's stem adds before its image's (ICDAR's
        `gt_img_1.txt` annotates `img_1.jpg`); "" for none.
      numbered_class: ROWS headerless: the class cell is a class number whose names the table does
        not give (GTSDB's 0 ... 42): a whole number there is the class, kept as written. PER_IMAGE:
        one class number in every line, named nowhere (CARPK's `x1 y1 x2 y2 1`): the run stops
        until `--label-names` names it (`beam_jobs/discover/box_tables.py`).
      line_pattern: PER_IMAGE files of sentences, not fields (PASCAL Annotation Version 1.00): the
        pattern a box line matches whole, its groups the class and box fields; every other line is
        no box and is skipped. "" for files of fields.
      signature: with `line_pattern`: the pattern the file's first line matches, which tells the
        format (its other lines are skipped, so only this line and the box lines say what it is).
      source: where the format is documented.
    """

    name: str
    pairing: str
    files: str
    box_fields: tuple[str, ...]
    convention: str
    fields: tuple[int, ...] = ()
    class_field: str = ""
    single_class: str = ""
    skip: tuple[tuple[str, str, str], ...] = ()
    key_field: str = ""
    boxes_field: str = ""
    entries_field: str = ""
    number_field: str = ""
    flags: tuple[tuple[str, str], ...] = ()
    class_names: str = ""
    by_header: bool = False
    header: str = ""
    opens_with_header: bool = False
    separator: str = ""
    class_numbers: tuple[str, ...] = ()
    columns: tuple[str, ...] = ()
    optional_columns: int = 0
    only_columns: tuple[str, ...] | None = None
    numbered_class: bool = False
    stem_prefix: str = ""
    drop: str = ""
    line_pattern: str = ""
    signature: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        if self.pairing not in (PER_IMAGE, BLOCKS, ROWS, JSON_LINES, JSON_DOCUMENT, FRAMES_XML, PER_IMAGE_JSON):
            raise ValueError(f"{self.name}: pairing {self.pairing!r}")
        if self.convention not in _CONVENTIONS:
            raise ValueError(f"{self.name}: box convention {self.convention!r}")
        if bool(self.class_field) == bool(self.single_class):
            raise ValueError(f"{self.name}: a class field or a single class, not both or neither")
        if self.pairing == FRAMES_XML and not (self.entries_field and self.number_field and self.boxes_field):
            raise ValueError(f"{self.name}: a sequence's XML names its frames, their numbers and their boxes")
        if self.pairing in (JSON_LINES, JSON_DOCUMENT) and not (self.key_field and self.boxes_field):
            raise ValueError(f"{self.name}: a JSON line names its image and its list of boxes")
        if self.pairing == PER_IMAGE_JSON and not (self.boxes_field and len(self.box_fields) == 1):
            raise ValueError(f"{self.name}: an image's JSON names its boxes, each holding its four numbers in one field")
        if self.pairing == ROWS and not self.key_field:
            raise ValueError(f"{self.name}: a table of boxes names its image column")
        if (len(self.box_fields) == 8) != (self.convention == QUAD_PIXELS):
            raise ValueError(f"{self.name}: eight box fields are a quadrilateral's corners, and only they")
        if (len(self.box_fields) == 5) != (self.convention == ELLIPSE_PIXELS):
            raise ValueError(f"{self.name}: five box fields are an ellipse's, and only they")
        if len(self.box_fields) not in (1, 4, 5, 8) or (
            len(self.box_fields) == 1 and self.pairing not in (ROWS, JSON_LINES, JSON_DOCUMENT, PER_IMAGE_JSON)
        ):
            raise ValueError(f"{self.name}: four box fields, or one table cell holding the four")
        if any(flag not in ("is_crowd", "truncated", "difficult") for _, flag in self.flags):
            raise ValueError(f"{self.name}: flags are is_crowd, truncated or difficult")
        if self.columns and (self.pairing != ROWS or not {self.key_field, *self.box_fields} <= set(self.columns)):
            raise ValueError(f"{self.name}: a headerless table's columns name its key and box fields")
        if self.optional_columns and not 0 < self.optional_columns < len(self.columns):
            raise ValueError(f"{self.name}: optional columns are some of a headerless table's last columns")
        if self.class_numbers and (not self.class_field.isdigit() or self.pairing != PER_IMAGE):
            raise ValueError(f"{self.name}: numbered classes are named by one field of a per-image line")
        if self.stem_prefix and self.pairing != PER_IMAGE:
            raise ValueError(f"{self.name}: a stem's prefix pairs a per-image file with its image")
        if bool(self.line_pattern) != bool(self.signature) or (self.line_pattern and self.pairing != PER_IMAGE):
            raise ValueError(f"{self.name}: a per-image file of sentences has its box lines' pattern and its first line's")

    @property
    def shown(self) -> str:
        what = f"class {self._field_shown(self.class_field)}" if self.class_field else f"every box a {self.single_class!r}"
        return f"{self.name} ({what}, boxes {self.convention})"

    def _field_shown(self, field: str) -> str:
        if field == WORDS_BEFORE_BOX:
            return "the words before the box"
        return f"field {int(field) + 1}" if field.isdigit() else field

    def fields_of(self, line: str) -> list[str]:
        """A box line's fields, split at the format's separator (or runs of whitespace)."""
        if self.drop:
            line = line.translate({ord(ch): None for ch in self.drop})
        if self.separator:
            return [field.strip() for field in line.strip().split(self.separator)] if line.strip() else []
        return line.split()

    def class_of(self, fields: Sequence[str]) -> str:
        """The class a box line's fields name ("" where the line has no such field, or a number
        the format names no class for)."""
        if self.class_field == WORDS_BEFORE_BOX:
            return " ".join(fields[:-4])
        found = fields[int(self.class_field)] if int(self.class_field) < len(fields) else ""
        if self.class_numbers:
            number = int(found) if found.isascii() and found.isdigit() else -1
            return self.class_numbers[number] if 0 <= number < len(self.class_numbers) else ""
        return found

    def skip_reason(self, fields: Sequence[str] | dict[str, str]) -> str:
        """Why a box line is no object, or ""."""
        for field, value, why in self.skip:
            if isinstance(fields, dict):
                found = fields.get(field, "")
            else:
                found = fields[int(field)] if int(field) < len(fields) else ""
            if found.strip() == value:
                return why
        return ""

    def header_line(self, line: str) -> bool:
        """A line before the boxes that is no box (skipped)."""
        return bool(self.header) and bool(re.fullmatch(self.header, line.strip()))

    def row_cells(self, line: str) -> list[str]:
        """A ROWS table's row split into cells as CSV is read, at the format's separator (a comma
        by default; quoted cells lose their quotes)."""
        return next(csv.reader([line], delimiter=self.separator or ","), [])

    def box_line(self, fields: Sequence[str]) -> bool:
        """A line of this format's box lines: its count of fields, the class a word, the box numbers."""
        if len(fields) not in self.fields:
            return False
        if self.class_field == WORDS_BEFORE_BOX:
            if len(fields) < 5 or any(is_number(word) for word in fields[:-4]):
                return False
        elif (self.class_numbers or self.numbered_class) and not (
            int(self.class_field) < len(fields) and fields[int(self.class_field)].isascii() and fields[int(self.class_field)].isdigit()
        ):
            return False
        elif self.class_field and not self.class_numbers and not self.numbered_class and (
            int(self.class_field) >= len(fields) or is_number(fields[int(self.class_field)])
        ):
            return False
        return all(is_number(fields[int(i)]) for i in self.box_fields)


FORMATS: tuple[BoxFormat, ...] = (
    BoxFormat(
        name="KITTI object labels",
        pairing=PER_IMAGE,
        files=r"labels?(_\d+)?",  # KITTI's label_2/; the KITTI format's exports (DIGITS, TAO) use labels/
        fields=(15, 16),  # 16 in result files: a score after rotation_y
        class_field="0",
        box_fields=("4", "5", "6", "7"),
        convention=XYXY_PIXELS,
        skip=(("0", "DontCare", "a DontCare region (KITTI: not annotated, not an object)"),),
        source="KITTI object devkit readme; tfds object_detection/kitti.py",
    ),
    BoxFormat(
        name="DOTA oriented boxes",
        pairing=PER_IMAGE,
        files=r"labelTxt",  # DOTA's <split>/labelTxt/<stem>.txt beside <split>/images/<stem>.png; DIOR-R etc. in its format
        fields=(9, 10),  # the devkit reads `difficult` as 0 where a line has no tenth field
        class_field="8",
        box_fields=("0", "1", "2", "3", "4", "5", "6", "7"),
        convention=QUAD_PIXELS,
        flags=(("9", "difficult"),),
        header=r"(imagesource|gsd):\S*",
        source="DOTA devkit dota_utils.py parse_dota_poly; captain-whu.github.io/DOTA/dataset.html",
    ),
    BoxFormat(
        name="OIDv4 toolkit labels",
        pairing=PER_IMAGE,
        files=r"Label",  # OID/Dataset/<split>/<Class>/Label/<id>.txt inside the folder of its images
        fields=(5, 6, 7, 8),  # a class name of one to four words
        class_field=WORDS_BEFORE_BOX,
        box_fields=("-4", "-3", "-2", "-1"),
        convention=XYXY_PIXELS,
        source="OIDv4_ToolKit README (Label/<id>.txt: '<name_of_the_class> <left> <top> <right> <bottom>', pixels)",
    ),
    BoxFormat(
        name="VisDrone DET annotations",
        pairing=PER_IMAGE,
        files=r"annotations",  # VisDrone2019-DET-<split>/annotations/<stem>.txt beside images/<stem>.jpg
        fields=(8,),
        separator=",",
        class_field="5",
        class_numbers=("ignored region", "pedestrian", "people", "bicycle", "car", "van", "truck", "tricycle",
                       "awning-tricycle", "bus", "motor", "others"),
        box_fields=("0", "1", "2", "3"),
        convention=XYWH_PIXELS,
        skip=(("5", "0", "an ignored region (VisDrone's category 0, not an object)"),),
        source="VisDrone2018-DET-toolkit readme (<bbox_left>,<bbox_top>,<bbox_width>,<bbox_height>,<score>,"
        "<object_category>,<truncation>,<occlusion>; categories 0 ignored regions, 1 pedestrian ... 11 others)",
    ),
    BoxFormat(
        name="WiderPerson boxes",
        pairing=PER_IMAGE,
        files=r"Annotations",  # Annotations/000040.jpg.txt beside Images/000040.jpg (the image's whole name + .txt)
        fields=(5,),
        class_field="0",
        class_numbers=("", "pedestrians", "riders", "partially-visible persons", "ignore regions", "crowd"),
        box_fields=("1", "2", "3", "4"),
        convention=XYXY_PIXELS,
        header=r"\d+",  # the first line: the number of boxes that follow
        opens_with_header=True,  # always: CARPK's `x1 y1 x2 y2 1` lines, without it, are not this format
        skip=(("0", "4", "an ignore region (WiderPerson's class 4: people on posters, reflections; not an object)"),),
        source="WiderPerson ReadMe.txt (Annotations/<image>.txt: the number of boxes, then `< class_label x1 y1 x2 y2 >`; "
        "class_label 1 pedestrians, 2 riders, 3 partially-visible persons, 4 ignore regions, 5 crowd)",
    ),
    BoxFormat(
        name="Corner boxes of one numbered class",
        pairing=PER_IMAGE,
        files=r"Annotations|annotations|labels?|gt|GT|groundtruth",  # CARPK_devkit/data/Annotations/<image>.txt
        fields=(5,),
        class_field="4",
        box_fields=("0", "1", "2", "3"),
        convention=XYXY_PIXELS,
        numbered_class=True,  # one class number in every line (`per_image_format`), named nowhere: --label-names
        source="CARPK and PUCPR+ devkits (Hsieh et al., ICCV 2017, lafi.github.io/LPN): data/Annotations/<image>.txt, "
        "`x1 y1 x2 y2 1` a car a line, class 1 the one class; ImageSets/train.txt, test.txt",
    ),
    BoxFormat(
        name="ICDAR text quadrilaterals",
        pairing=PER_IMAGE,
        # ch4_training_localization_transcription_gt/gt_img_1.txt beside ch4_training_images/img_1.jpg;
        # Challenge4_Test_Task1_GT/ beside ch4_test_images/; MLT 2017's ch8_validation_localization_transcription_gt_v2/
        # (a script's name before the transcription: `...,Latin,Hello`)
        files=r"(?i)\w*_gt(_v\d+)?",
        fields=tuple(range(9, 17)),  # a transcription holding commas splits into more fields
        separator=",",
        single_class="text",  # text regions: the files name no class, the transcription is no class
        box_fields=("0", "1", "2", "3", "4", "5", "6", "7"),
        convention=QUAD_PIXELS,
        stem_prefix="gt_",
        skip=(("8", "###", "a do-not-care region (ICDAR's ###: unreadable text the evaluation ignores, not an object)"),
              ("9", "###", "a do-not-care region (ICDAR's ###: unreadable text the evaluation ignores, not an object)")),
        source="ICDAR 2015 Robust Reading, Challenge 4 (rrc.cvc.uab.es/?ch=4): gt_img_<n>.txt, UTF-8 with a BOM, "
        "'x1,y1,x2,y2,x3,y3,x4,y4,transcription' a line, ### for do not care; MLT 2017 (rrc.cvc.uab.es/?ch=8): "
        "'x1,...,y4,script,transcription'",
    ),
    BoxFormat(
        name="NWPU VHR-10 boxes",
        pairing=PER_IMAGE,
        files=r"(?i)ground[ _]?truth",  # 'ground truth/001.txt' beside 'positive image set/001.jpg'
        fields=(5,),
        separator=",",
        drop="()",  # '(563,478),(630,573),1': two corners as points, then the class
        class_field="4",
        class_numbers=("", "airplane", "ship", "storage tank", "baseball diamond", "tennis court", "basketball court",
                       "ground track field", "harbor", "bridge", "vehicle"),
        box_fields=("0", "1", "2", "3"),
        convention=XYXY_PIXELS,
        source="NWPU VHR-10 readme (ground truth/<n>.txt: '(x1,y1),(x2,y2),a', the box's corners in pixels, a the class "
        "1 airplane ... 10 vehicle); github.com/chaozhong2010/VHR-10_dataset_coco",
    ),
    BoxFormat(
        name="PASCAL Annotation 1.00",
        pairing=PER_IMAGE,
        files=r"(?i)annotations?",  # INRIA Person's Train/annotations/<stem>.txt beside Train/pos/<stem>.png
        class_field="class",
        box_fields=("x1", "y1", "x2", "y2"),
        convention=XYXY_PIXELS,
        line_pattern=r'Bounding box for object \d+ "(?P<class>[^"]+)" \(Xmin, Ymin\) - \(Xmax, Ymax\) : '
        r"\((?P<x1>[-+\d.]+), (?P<y1>[-+\d.]+)\) - \((?P<x2>[-+\d.]+), (?P<y2>[-+\d.]+)\)",
        signature=r"# PASCAL Annotation Version 1\.00",
        source="PASCAL VOC 2005 devkit (PASreadrecord.m; the annotation format of VOC2005's and INRIA Person's "
        ".txt files: 'Bounding box for object N \"class\" (Xmin, Ymin) - (Xmax, Ymax) : (x1, y1) - (x2, y2)', pixels)",
    ),
    BoxFormat(
        name="DeepFashion2 items",
        pairing=PER_IMAGE_JSON,
        files=r"annos",  # <split>/annos/000001.json beside <split>/image/000001.jpg
        boxes_field="item*",  # item1, item2, ...: one clothing item each
        class_field="category_name",
        box_fields=("bounding_box",),
        convention=XYXY_PIXELS,
        source="github.com/switchablenorms/DeepFashion2 README (annos/<id>.json: source, pair_id, item1..itemN each with "
        "category_name, category_id, bounding_box [x1,y1,x2,y2], segmentation, landmarks, ...)",
    ),
    BoxFormat(
        name="FUNSD form entities",
        pairing=PER_IMAGE_JSON,
        files=r"annotations",  # dataset/<split>_data/annotations/<id>.json beside images/<id>.png
        boxes_field="form",
        class_field="label",  # question, answer, header, other
        box_fields=("box",),
        convention=XYXY_PIXELS,
        source="guillaumejaume.github.io/FUNSD (annotations/<id>.json: form, a list of entities with box "
        "[x_left, y_top, x_right, y_bottom], text, label, words, linking, id); huggingface datasets funsd.py",
    ),
    BoxFormat(
        name="WIDER FACE boxes",
        pairing=BLOCKS,
        files=r"_bbx_gt\.txt",
        fields=(10,),
        single_class="face",
        box_fields=("0", "1", "2", "3"),
        convention=XYWH_PIXELS,
        skip=(("7", "1", "marked invalid (WIDER FACE's invalid flag)"),),
        source="WIDER FACE wider_face_split/readme.txt; tfds object_detection/wider_face.py",
    ),
    BoxFormat(
        name="FDDB face ellipses",
        pairing=BLOCKS,
        files=r"-ellipseList\.txt",  # FDDB-folds/FDDB-fold-01-ellipseList.txt: paths without extension
        fields=(6,),  # the ellipse's five numbers, then 1 (a detection's score in result files)
        single_class="face",
        box_fields=("0", "1", "2", "3", "4"),
        convention=ELLIPSE_PIXELS,
        source="FDDB README (vis-www.cs.umass.edu/fddb/README.txt: <image name>, <number of faces>, then "
        "<major_axis_radius minor_axis_radius angle center_x center_y 1> a face)",
    ),
    BoxFormat(
        name="Open Images boxes",
        pairing=ROWS,
        files=r"annotations-bbox\.csv",
        class_field="LabelName",
        box_fields=("XMin", "XMax", "YMin", "YMax"),
        convention=XXYY_NORMALISED,
        key_field="ImageID",
        flags=(("IsGroupOf", "is_crowd"), ("IsTruncated", "truncated")),
        class_names=r"class-descriptions-boxable\.csv",
        source="Open Images download page; tfds object_detection/open_images.py",
    ),
    BoxFormat(
        name="SKU-110K boxes",
        pairing=ROWS,
        files=r"annotations_[a-z]+\.csv",  # annotations/annotations_train.csv, _val, _test: no header
        columns=("image_name", "x1", "y1", "x2", "y2", "class", "image_width", "image_height"),
        class_field="class",
        box_fields=("x1", "y1", "x2", "y2"),
        convention=XYXY_PIXELS,
        key_field="image_name",
        source="SKU110K_CVPR19 README; Ultralytics' SKU-110K.yaml (names = 'image', 'x1', 'y1', 'x2', 'y2', "
        "'class', 'image_width', 'image_height')",
    ),
    BoxFormat(
        name="GTSDB boxes",
        pairing=ROWS,
        files=r"gt\.txt",  # FullIJCNN2013/gt.txt: no header, `00000.ppm;774;411;815;446;11`
        columns=("file", "x1", "y1", "x2", "y2", "class_id"),
        class_field="class_id",
        box_fields=("x1", "y1", "x2", "y2"),
        convention=XYXY_PIXELS,
        key_field="file",
        separator=";",
        numbered_class=True,
        source="GTSDB ReadMe.txt (Format: image;leftCol;topRow;rightCol;bottomRow;ClassID)",
    ),
    BoxFormat(
        name="Global Wheat boxes",
        pairing=ROWS,
        files=r"\.csv",  # train.csv: recognised by its header's columns, not its name
        single_class="wheat_head",
        box_fields=("bbox",),  # one cell: "[x, y, w, h]"
        convention=XYWH_PIXELS,
        key_field="image_id",
        by_header=True,
        source="Kaggle Global Wheat Detection data page (train.csv: image_id,width,height,bbox,source)",
    ),
    BoxFormat(
        name="Box table of one class",
        pairing=ROWS,
        files=r"\.csv",  # recognised by its header's columns alone: a key and the corners, nothing else
        single_class="object",  # the files name no class: every box one, its count what a record carries
        box_fields=("xmin", "ymin", "xmax", "ymax"),
        convention=XYXY_PIXELS,
        key_field="image",
        by_header=True,
        only_columns=("width", "height"),
        source="Kaggle car-object-detection (train_solution_bounding_boxes.csv: image,xmin,ymin,xmax,ymax, "
        "pixels, one car class); the shape of many one-class Kaggle detection tables",
    ),
    BoxFormat(
        name="Udacity Autti boxes",
        pairing=ROWS,
        files=r"labels\.csv",  # object-dataset/labels.csv: no header, space-separated, classes quoted
        columns=("frame", "xmin", "ymin", "xmax", "ymax", "occluded", "label", "attributes"),
        optional_columns=1,  # a traffic light's colour ("Red"): the class stays trafficLight
        separator=" ",
        class_field="label",
        box_fields=("xmin", "ymin", "xmax", "ymax"),
        convention=XYXY_PIXELS,
        key_field="frame",
        source="udacity/self-driving-car annotations/README.md (Dataset 2, Autti: frame, xmin, ymin, xmax, ymax, "
        "occluded, label, attributes only on traffic lights; the label file has no header)",
    ),
    BoxFormat(
        name="TT100K signs",
        pairing=JSON_DOCUMENT,
        files=r"\.json",  # data/annotations.json beside data/train/, data/test/ (2021: annotations_all.json): by its content
        entries_field="imgs",  # {"types": [...], "imgs": {"<id>": {"path": "train/<id>.jpg", "objects": [...]}}}
        key_field="path",
        boxes_field="objects",
        class_field="category",
        box_fields=("bbox.xmin", "bbox.ymin", "bbox.xmax", "bbox.ymax"),
        convention=XYXY_PIXELS,
        by_header=True,
        source="cg.cs.tsinghua.edu.cn/traffic-sign (TT100K data.zip: data/annotations.json; its code/python/anno_func.py "
        "reads imgs[id]['path'] and objects' category and bbox xmin, ymin, xmax, ymax)",
    ),
    BoxFormat(
        name="BDD100K frames",
        pairing=JSON_DOCUMENT,
        files=r"\.json",  # bdd100k_labels_images_train.json (2018), det_20/det_train.json (2020): by its content
        key_field="name",  # [{"name": "<stem>.jpg", "attributes": ..., "labels": [{"category", "box2d" | "poly2d"}]}]
        boxes_field="labels",
        class_field="category",
        box_fields=("box2d.x1", "box2d.y1", "box2d.x2", "box2d.y2"),
        convention=XYXY_PIXELS,
        skip=(("box2d.x1", "", "a polygon with no box (BDD100K's lanes and drivable areas: poly2d, not an object)"),),
        by_header=True,
        source="doc.bdd100k.com (labels format: a list of frames, name, labels [{category, box2d {x1, y1, x2, y2} "
        "or poly2d}]); github.com/bdd100k/bdd100k",
    ),
    BoxFormat(
        name="UA-DETRAC sequences",
        pairing=FRAMES_XML,
        files=r"\.xml",  # <sequence name="MVI_20011"> ... recognised by its content, named as a folder of frames
        entries_field="frame",
        number_field="num",
        boxes_field="target_list/target",
        class_field="attribute@vehicle_type",
        box_fields=("box@left", "box@top", "box@width", "box@height"),
        convention=XYWH_PIXELS,
        by_header=True,
        source="detrac-db.rit.albany.edu (DETRAC-Train-Annotations-XML/MVI_20011.xml: <sequence name><frame num>"
        "<target_list><target id><box left top width height/><attribute vehicle_type/>; frame n is img<n:05d>.jpg)",
    ),
    BoxFormat(
        name="CrowdHuman boxes",
        pairing=JSON_LINES,
        files=r"\.odgt",  # annotation_train.odgt, annotation_val.odgt: the images in one Images/ folder
        key_field="ID",
        boxes_field="gtboxes",
        class_field="tag",
        box_fields=("fbox",),  # the full body's box, [x, y, w, h]; hbox (head) and vbox (visible part) not carried
        convention=XYWH_PIXELS,
        skip=(("tag", "mask", "an ignored region (CrowdHuman's `mask`: crowds, reflections, not a person)"),),
        source="crowdhuman.org; CrowdHuman's annotation format (ID, gtboxes: tag, hbox, fbox, vbox, extra, head_attr)",
    ),
)


def format_named(name: str) -> BoxFormat:
    """The row of FORMATS named `name`.

    Raises:
      KeyError: no such row.
    """
    return next(f for f in FORMATS if f.name == name)


def per_image_format(folder_name: str, lines: Sequence[str]) -> BoxFormat | None:
    """The PER_IMAGE format of a folder named `folder_name` whose first file's lines are `lines`.

    >>> per_image_format("label_2", ["Car 0.00 0 -1.58 587.01 173.33 614.12 200.12 1.65 1.67 3.64 -0.65 1.71 46.70 -1.59"]).name
    'KITTI object labels'
    >>> per_image_format("labelTxt", ["imagesource:GoogleEarth", "gsd:0.146", "2753 2408 2861 2385 2888 2468 2805 2502 plane 0"]).name
    'DOTA oriented boxes'
    >>> per_image_format("label_2", ["A car crosses the road"]) is None
    True
    >>> per_image_format("Label", ["Traffic light 12.5 3.0 56.25 40.0"]).name
    'OIDv4 toolkit labels'
    >>> per_image_format("Label", ["0 0.5 0.5 0.2 0.2"]) is None
    True
    >>> per_image_format("annotations", ["684,8,273,116,0,0,0,0", "406,119,265,70,1,4,0,0"]).name
    'VisDrone DET annotations'
    >>> per_image_format("annotations", ["684 8 273 116 0 0 0 0"]) is None  # no commas: not this format
    True
    >>> per_image_format("Annotations", ["3", "1 46 138 72 202", "4 120 90 131 118", "2 8 10 30 60"]).name
    'WiderPerson boxes'
    >>> per_image_format("Annotations", ["1 2 6 9 1", "4 3 9 10 1"]).name  # CARPK's: one class number, last
    'Corner boxes of one numbered class'
    >>> per_image_format("Annotations", ["1 46 138 72 202", "4 120 90 131 118"]) is None  # a class first, no count line
    True
    >>> per_image_format("labelTxt", ["2753 2408 2861 2385 2888 2468 2805 2502 plane 0"]).name  # DOTA without its header lines
    'DOTA oriented boxes'
    """
    for found in FORMATS:
        if found.pairing != PER_IMAGE or not re.fullmatch(found.files, folder_name):
            continue
        if found.line_pattern:  # sentences: the first line says which, the box lines hold the boxes
            filled = [line.strip() for line in lines if line.strip()]
            if filled and re.fullmatch(found.signature, filled[0]) and all(
                re.fullmatch(found.line_pattern, line) for line in filled if line.startswith(_first_words(found.line_pattern))
            ):
                return found
            continue
        first = next((line for line in lines if line.strip()), "")
        if found.opens_with_header and not found.header_line(first):
            continue  # its files open with their header (WiderPerson's count): CARPK's `x1 y1 x2 y2 1` lines do not
        kept = [line for line in lines if line.strip() and not found.header_line(line)]
        rows = [found.fields_of(line) for line in kept]
        if found.numbered_class and len({r[int(found.class_field)] if len(r) > int(found.class_field) else "" for r in rows}) != 1:
            continue  # one class in all its lines: a last field that varies is a box's (WiderPerson's lines without their count)
        # (characters a format drops are part of its shape: its lines hold them)
        if rows and all(found.box_line(r) for r in rows) and all(ch in line for line in kept for ch in found.drop):
            return found
    return None


def _first_words(pattern: str) -> str:
    """The literal words a line pattern starts with (`Bounding box for object`): a line starting so
    and not matching the whole pattern is a box line of another shape, and the file is not this format."""
    return re.match(r"[A-Za-z ]*", pattern).group().strip()


def file_format(file_name: str, lines: Sequence[str]) -> BoxFormat | None:
    """The BLOCKS, ROWS or JSON_LINES format of an annotation file named `file_name` whose first
    lines are `lines`: its name, and a path then a count (BLOCKS), a header naming the format's
    columns (ROWS), or a JSON object holding its key and its list of boxes (JSON_LINES).

    >>> file_format("wider_face_val_bbx_gt.txt", ["0--Parade/0_Parade_marchingband_1_465.jpg", "1", "345 211 4 4 2 0 0 0 0 0"]).name
    'WIDER FACE boxes'
    >>> file_format("train-annotations-bbox.csv", ["ImageID,Source,LabelName,Confidence,XMin,XMax,YMin,YMax"]).name
    'Open Images boxes'
    >>> file_format("annotations_val.csv", ["val_0.jpg,5,1429,219,1612,object,2336,4160"]).name
    'SKU-110K boxes'
    >>> file_format("gt.txt", ["00000.ppm;774;411;815;446;11", "00001.ppm;983;388;1024;432;40"]).name
    'GTSDB boxes'
    >>> file_format("gt.txt", ["00000.ppm;774;411;815;446;stop"]) is None
    True
    >>> file_format("annotations_val.csv", ["image,xmin,ymin,xmax,ymax,label"]) is None
    True
    >>> file_format("boxes.csv", ["image,xmin,ymin,xmax,ymax", "a.jpg,1,2,30,40"]).name
    'Box table of one class'
    >>> file_format("labels.csv", ['1478019952686311006.jpg 950 574 1004 620 0 "car"']).name
    'Udacity Autti boxes'
    >>> file_format("labels.csv", ["img_1.jpg,cat", "img_2.jpg,dog"]) is None
    True
    >>> file_format("annotation_val.odgt", ['{"ID": "273271,1b9330008da38cd6", "gtboxes": []}']).name
    'CrowdHuman boxes'
    >>> file_format("annotation_val.odgt", ['{"ID": "x"}']) is None
    True
    >>> file_format("annotation_val.odgt", ['{"ID": "x", "gtboxes": [{"tag": "person", "fbox": [1, 2']).name
    'CrowdHuman boxes'
    >>> file_format("train-annotations-bbox.csv", ["\ufeffImageID,Source,LabelName,Confidence,XMin,XMax,YMin,YMax"]).name
    'Open Images boxes'
    """
    # A UTF-8 byte-order mark (Excel's "CSV UTF-8") opens the first line: `\ufeffImageID` is no column name.
    rows = [line.strip() for line in (*(line.removeprefix("\ufeff") for line in lines[:1]), *lines[1:]) if line.strip()]
    for found in FORMATS:
        if found.pairing == PER_IMAGE or not re.search(found.files + "$", file_name) or not rows:
            continue
        if found.pairing == JSON_LINES:
            if _json_line(found, rows[0]):
                return found
            continue
        if found.pairing == JSON_DOCUMENT:
            if _json_document(found, "\n".join(rows)):
                return found
            continue
        if found.pairing == FRAMES_XML:
            head = "\n".join(rows)
            if re.search(r"<sequence\b", head) and re.search(rf"<{found.entries_field}\b[^>]*\b{found.number_field}=", head):
                return found
            continue
        # (a path line names a file: its extension, or its folders where the format leaves the extension out)
        if found.pairing == BLOCKS and len(rows) >= 2 and ("." in rows[0] or "/" in rows[0]) and not is_number(rows[0]) and rows[1].isdigit():
            return found
        if found.pairing == ROWS and found.columns:
            if all(_headerless_row(found, found.row_cells(row)) for row in rows[:5]):
                return found
            continue
        if found.pairing == ROWS:
            header = [cell.strip().strip('"') for cell in rows[0].split(",")]
            needed = [found.key_field, *found.box_fields, *([found.class_field] if found.class_field else [])]
            others = set(header) - set(needed)
            if all(column in header for column in needed) and (found.only_columns is None or others <= set(found.only_columns)):
                return found
    return None


def _headerless_row(fmt: BoxFormat, cells: Sequence[str]) -> bool:
    """A row of a headerless ROWS table: its count of cells, a key that is no number, a class that
    is no number (a count of 8 numbers-and-a-name cells is common: only the documented places tell
    it), the box a number in each field, and, with corners in pixels and the image's size in the
    row, corners in order inside the image (an `id,class,x,y,w,h,W,H` row is no SKU-110K row).

    >>> fmt = next(f for f in FORMATS if f.name == "SKU-110K boxes")
    >>> [_headerless_row(fmt, r.split(",")) for r in ("a.jpg,5,9,30,40,object,64,64", "a.jpg,5,9,30,40,7,64,64", "a.jpg,10,20,5,6,object,64,64")]
    [True, False, False]
    """
    if not len(fmt.columns) - fmt.optional_columns <= len(cells) <= len(fmt.columns):
        return False
    by_name = dict(zip(fmt.columns, (cell.strip() for cell in cells)))
    if is_number(by_name[fmt.key_field]) or not all(is_number(by_name[f]) for f in fmt.box_fields):
        return False
    if fmt.class_field in by_name:
        cell = by_name[fmt.class_field]
        if not cell or (not cell.isdigit() if fmt.numbered_class else is_number(cell)):
            return False
    if fmt.convention == XYXY_PIXELS and len(fmt.box_fields) == 4:
        x1, y1, x2, y2 = (float(by_name[f]) for f in fmt.box_fields)
        width = float(by_name["image_width"]) if is_number(by_name.get("image_width", "")) else math.inf
        height = float(by_name["image_height"]) if is_number(by_name.get("image_height", "")) else math.inf
        return 0 <= x1 < x2 <= width and 0 <= y1 < y2 <= height
    return True


def _json_line(fmt: BoxFormat, line: str) -> bool:
    """A JSON_LINES file's line: an object holding the format's key and its list of boxes."""
    try:
        found = json_input.parse(line)
    except InvalidInputError:  # a line longer than detection reads is cut: its start says as much
        key, boxes = re.escape(json.dumps(fmt.key_field)), re.escape(json.dumps(fmt.boxes_field))
        return bool(re.match(rf'\{{\s*{key}\s*:\s*"[^"]*"\s*,\s*{boxes}\s*:\s*\[', line))
    return isinstance(found, dict) and isinstance(found.get(fmt.key_field), str) and isinstance(found.get(fmt.boxes_field), list)


def _json_document(fmt: BoxFormat, head: str) -> bool:
    """A JSON_DOCUMENT file's start: its entries' field (or a list), an entry's key naming a file,
    and its list of boxes (judged on the start alone: a document is read whole only when converted)."""
    if not head.lstrip().startswith("{" if fmt.entries_field else "["):
        return False
    if fmt.entries_field and not re.search(rf'{re.escape(json.dumps(fmt.entries_field))}\s*:\s*[{{\[]', head):
        return False
    key = re.search(rf'{re.escape(json.dumps(fmt.key_field))}\s*:\s*"[^"]+\.[A-Za-z]+"', head)
    # (a list of objects, or empty, holding the box's field: a list of class names is a multi-label file's)
    boxes = re.search(rf'{re.escape(json.dumps(fmt.boxes_field))}\s*:\s*\[\s*[{{\]]', head)
    box = re.search(rf'{re.escape(json.dumps(fmt.box_fields[0].split(".")[0]))}\s*:', head)
    return bool(key and boxes and box)


def unsuffixed(stem: str) -> str:
    """A file's stem less its last `_`- or `-`-separated part (UA-DETRAC v3's `MVI_20011_v3` names the
    sequence `MVI_20011`); the stem where it has none.

    >>> unsuffixed("MVI_20011_v3"), unsuffixed("cam-north-2"), unsuffixed("seq")
    ('MVI_20011', 'cam-north', 'seq')
    """
    return re.sub(r"[_-][^_-]*$", "", stem)


def document_keys(fmt: BoxFormat, head: str) -> list[str]:
    """The image keys a JSON_DOCUMENT's start names (to tell whether they carry folders and extensions)."""
    return re.findall(rf'{re.escape(json.dumps(fmt.key_field))}\s*:\s*"([^"]+)"', head)


def frame_shift(first_listed: int | None, present: Collection[int]) -> int | None:
    """What to add to a FRAMES_XML document's frame numbers to name its files, decided by the base
    each side counts from: the document's from its first frame (0 or 1: UA-DETRAC's count from 1,
    and leave out frames of no target, so a first number above 1 tells no base), the files' from
    the numbers present in the sequence's folder (`img00000.jpg`: from 0; `img00001.jpg` the lowest:
    from 1). Frames counted from 1 over files counted from 0 had every box on the frame before its
    own, the last frame naming no file. Where the files count from 0 and the document's base cannot
    be told, None: the caller stops. Where the files' base cannot be told (a sample without their
    first), 0: the numbers as written.

    >>> frame_shift(1, {1, 2, 3}), frame_shift(1, {0, 1, 2}), frame_shift(0, {1, 2}), frame_shift(0, {0, 1})
    (0, -1, 1, 0)
    >>> frame_shift(3, {1, 2, 3}), frame_shift(3, {0, 1, 2, 3}), frame_shift(103, {101, 102, 103})
    (0, None, 0)
    """
    files_base = 0 if 0 in present else 1 if present and min(present) == 1 else None
    listed_base = first_listed if first_listed in (0, 1) else None
    if files_base is None:
        return 0
    if listed_base is None:
        return 0 if files_base == 1 else None  # counted from 1 as the format's own, or from 0: cannot be told
    return files_base - listed_base
