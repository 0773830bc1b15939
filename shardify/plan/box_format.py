"""One way a detection dataset writes its boxes as text (`BoxFormat`). The words its fields take
(pairings, box conventions, the number rule) are `box_words`', re-exported here. The rows, one per shape, are
`shardify/plan/box_format_rows.py`; recognising a format from names and first lines is
`shardify/plan/box_formats.py` (which re-exports these names: import them from there).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence
from dataclasses import dataclass

from shardify.inputs.whole_numbers import whole_number
from shardify.plan.box_words import (  # (re-exported: import them from box_formats)
    BLOCKS, CONVENTIONS, CXCYWH_NORMALISED, CXCYWH_PIXELS, ELLIPSE_PIXELS, FOLDER_CLASS, FOLDER_TABLES, FRAMES_XML,
    FRAME_ROWS, IDL_LINES, JSON_DOCUMENT, JSON_LINES, LISTS_EVERY_IMAGE, LITERAL_PIXELS, NAMED_LINES, PER_IMAGE,
    PER_IMAGE_JSON, POINTS_PIXELS, QUAD_PIXELS, ROTATED_PIXELS, ROWS, UNNAMED_CLASS, WORDS_BEFORE_BOX, XXYY_NORMALISED,
    XYWH_PERCENT, XYWH_PIXELS, XYXY_NORMALISED, XYXY_PERCENT, XYXY_PIXELS, is_number,
)
from shardify.plan.mat_box_kinds import CORNER_POINTS_YX, FIELD_CLASSES, FOLDER_MAT, PER_IMAGE_MAT, POLYGONS_XY, mat_row_fault

__all__ = [
    "PER_IMAGE",
    "BLOCKS",
    "ROWS",
    "JSON_LINES",
    "JSON_DOCUMENT",
    "FRAMES_XML",
    "FRAME_ROWS",
    "IDL_LINES",
    "NAMED_LINES",
    "PER_IMAGE_JSON",
    "PER_IMAGE_MAT",
    "FOLDER_MAT",
    "FIELD_CLASSES",
    "FOLDER_TABLES",
    "FOLDER_CLASS",
    "UNNAMED_CLASS",
    "LISTS_EVERY_IMAGE",
    "XYXY_PIXELS",
    "XYWH_PIXELS",
    "XXYY_NORMALISED",
    "QUAD_PIXELS",
    "ELLIPSE_PIXELS",
    "ROTATED_PIXELS",
    "XYXY_NORMALISED",
    "CXCYWH_PIXELS",
    "CXCYWH_NORMALISED",
    "XYWH_PERCENT",
    "XYXY_PERCENT",
    "CORNER_POINTS_YX",
    "POLYGONS_XY",
    "WORDS_BEFORE_BOX",
    "LITERAL_PIXELS",
    "POINTS_PIXELS",
    "BoxFormat",
    "is_number",
]

@dataclass(frozen=True)
class BoxFormat:
    """One way a detection dataset writes its boxes as text.

    Attributes:
      name: how the plan names it.
      pairing: PER_IMAGE, BLOCKS, ROWS, JSON_LINES, JSON_DOCUMENT, FRAMES_XML or FRAME_ROWS (or another
        kind's: the MATLAB ones are `mat_box_kinds.py`'s).
      files: PER_IMAGE: a pattern the annotation folder's name matches (`label_2`); BLOCKS, ROWS:
        one the annotation file's name matches.
      fields: PER_IMAGE, BLOCKS: the numbers of fields a box line may have.
      class_field: the field (an index, or a ROWS column name) that names the class; WORDS_BEFORE_BOX
        where the class is every word before the box's four fields (a name with spaces: OIDv4's
        `Traffic light 12 34 56 78`); "" where every box is of `single_class`.
      single_class: the class of every box where no field names one.
      box_fields: the four fields of the box (eight for QUAD_PIXELS, five for ELLIPSE_PIXELS and ROTATED_PIXELS), in the order `convention`
        reads them; or one
        field whose cell holds the four as a list (`"[834.0, 222.0, 56.0, 36.0]"`, Global Wheat).
      convention: XYXY_PIXELS, XYWH_PIXELS, XXYY_NORMALISED, XYXY_NORMALISED, QUAD_PIXELS, ELLIPSE_PIXELS or
        ROTATED_PIXELS.
      header: PER_IMAGE: a pattern of the lines before the boxes that are no box (DOTA's
        `imagesource:GoogleEarth`, `gsd:0.146`): skipped; "" for none.
      opens_with_header: PER_IMAGE: every file opens with a `header` line (WiderPerson's count), so
        a file that does not is not of this format; DOTA's header lines are there or not.
      skip: (field, value, why) per kind of row that is no object.
      key_field: ROWS: the column naming the image by its file's stem; JSON_LINES, JSON_DOCUMENT: the
        key doing so (JSON_DOCUMENT: the image's path or name as the entry writes it).
      entries_field: JSON_DOCUMENT: the document's key holding the entries (a list, or an object
        of id -> entry); "" where the document is the list itself. FRAMES_XML: the frames' tag.
      number_field: FRAMES_XML: the frame element's attribute holding its number; FRAME_ROWS: the
        index of the field holding it.
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
      document_keys: PER_IMAGE_JSON: keys the document holds beside its boxes (Cityscapes'
        `imgHeight`, `imgWidth`), which tell whose documented box convention it is where four
        numbers in one list cannot (`[x, y, w, h]` or two corners); () where the boxes' fields tell.
      numbered_class: ROWS headerless: the class cell is a class number whose names the table does
        not give (GTSDB's 0 ... 42): a whole number there is the class, kept as written. PER_IMAGE:
        one class number in every line, named nowhere (CARPK's `x1 y1 x2 y2 1`): the run stops
        until `--label-names` names it (`beam_jobs/discover/box_tables.py`).
      line_pattern: PER_IMAGE files of sentences, not fields (PASCAL Annotation Version 1.00): the
        pattern a box line matches whole, its groups the class and box fields; every other line is
        no box and is skipped. "" for files of fields.
      signature: with `line_pattern`: the pattern the file's first line matches, which tells the
        format (its other lines are skipped, so only this line and the box lines say what it is).
      extension: PER_IMAGE: the annotation files' extension, without the dot ("txt"; MSRA-TD500's
        "gt"). A per-image file of another extension than .txt may lie beside its image, in the
        image's own folder (`beam_jobs/discover/box_beside.py`).
      source: where the format is documented.
      key_template: ROWS: the image's key built from several columns, each named in braces
        (`video_{video_id}/{video_frame}`: the Great Barrier Reef's frames), where no one column names
        it; `key_field` then names the first of them. "" for none.
      document: JSON_DOCUMENT: "json", or "yaml" for a YAML list of entries (Bosch Small Traffic
        Lights' train.yaml: `- boxes: [...]` / `path: ./rgb/train/...`), whose absolute paths (its
        test.yaml names the authors' server) name a file by its name alone.
      sequence_path: FRAME_ROWS: a pattern the end of the table's path matches, its one group the
        sequence's name, which names the folder of its frames (`GT/([^/]+)_gt_whole\\.txt`: UAVDT's
        M0101_gt_whole.txt is the rows of M0101/; `([^/]+)/gt/gt\\.txt`: MOT's sequence is the table's grandparent).
      frames_folder: FRAME_ROWS: the folder inside the sequence's that holds its frames (MOT's `img1`), "" for none.
      frame_base: FRAME_ROWS: the number of the sequence's first frame as the format documents it (KITTI
        tracking's 0, the others' 1); the frames' files may count from another base (`frame_rows_rule`).
      companions: FRAME_ROWS: (pattern, why) per kind of file the format ships beside its tables that is
        no table of objects (UAVDT's `<seq>_gt_ignore.txt`: ignored regions; MOT's `det/det.txt`: a
        detector's output): the pattern the end of its path matches, its group the sequence. Such a
        file is left out and listed in the plan, never read as objects nor stopped on.
      class_codes: PER_IMAGE known by its header: the class field holds codes that may read as numbers (IceVision's
        traffic-sign codes `2.1`, `3.24`, `8`), each a class as written; without it a class that is a number is no box line.
      image_suffixes: PER_IMAGE: the suffixes the stems of the images one annotation file annotates add
        to its stem, one image per suffix (VEDAI's `00000003.txt` annotates the colour view
        `00000003_co.png` and the infrared one `00000003_ir.png` of one scene: each a record with the
        file's objects); () where the file annotates the image of its own stem.
      centre_fields: PER_IMAGE: the two fields holding the box's centre x and y where the format writes it
        again after the corners (UCAS-AOD's `x1 y1 ... x4 y4 theta cx cy w h`): a line whose centre lies
        outside its corners' envelope, or is no number, is no box line of this format, so lines of thirteen
        numbers that are something else (landmarks, features) are not read as boxes. () for none.
      rooted_keys: JSON_DOCUMENT: its keys are written from the dataset's root with a leading `/`
        (BBBC041's `/images/<uuid>.png`), read without it; elsewhere such a key leads outside the folder.
      class_list_field: JSON_DOCUMENT: the document's key holding the list of class names, a box's
        class field then a whole number counting from 0 into it (AU-AIR's `categories`: class 1 is
        `categories[1]`, "Car"); "" where the class field names the class.
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
    document_keys: tuple[str, ...] = ()
    drop: str = ""
    line_pattern: str = ""
    signature: str = ""
    extension: str = "txt"
    source: str = ""
    document: str = "json"
    key_template: str = ""
    class_list_field: str = ""
    sequence_path: str = ""
    frames_folder: str = ""
    frame_base: int = 1
    companions: tuple[tuple[str, str], ...] = ()
    image_suffixes: tuple[str, ...] = ()
    class_codes: bool = False
    centre_fields: tuple[str, ...] = ()
    rooted_keys: bool = False

    def __post_init__(self) -> None:
        if self.pairing not in (PER_IMAGE, BLOCKS, ROWS, JSON_LINES, JSON_DOCUMENT, FRAMES_XML, FRAME_ROWS, IDL_LINES, NAMED_LINES,
                                PER_IMAGE_JSON, PER_IMAGE_MAT, FOLDER_MAT,
                                FOLDER_TABLES):
            raise ValueError(f"{self.name}: pairing {self.pairing!r}")
        if self.convention not in CONVENTIONS:
            raise ValueError(f"{self.name}: box convention {self.convention!r}")
        if bool(self.class_field) == bool(self.single_class):
            raise ValueError(f"{self.name}: a class field or a single class, not both or neither")
        if self.pairing == FRAMES_XML and not (self.entries_field and self.number_field and self.boxes_field):
            raise ValueError(f"{self.name}: a sequence's XML names its frames, their numbers and their boxes")
        if (self.pairing == FRAME_ROWS) != bool(self.sequence_path) or (
            self.pairing == FRAME_ROWS and not (self.number_field.isdigit() and self.fields and self.frame_base in (0, 1)
                                                and re.compile(self.sequence_path).groups == 1)
        ):
            raise ValueError(f"{self.name}: a table of frame rows names its sequence by its path (one group), its frames by a field")
        if (self.frames_folder or self.companions) and self.pairing != FRAME_ROWS:
            raise ValueError(f"{self.name}: a frames folder and companions are a table of frame rows'")
        if self.document not in ("json", "yaml") or (self.document == "yaml" and self.pairing != JSON_DOCUMENT):
            raise ValueError(f"{self.name}: a document of boxes is JSON, or YAML read as one JSON_DOCUMENT")
        if self.pairing in (JSON_LINES, JSON_DOCUMENT) and not (self.key_field and self.boxes_field):
            raise ValueError(f"{self.name}: a JSON line names its image and its list of boxes")
        if self.pairing == PER_IMAGE_JSON and not (self.boxes_field and len(self.box_fields) in (1, 4)):
            raise ValueError(f"{self.name}: an image's JSON names its boxes, each holding its four numbers in one field or four")
        if self.pairing in (ROWS, FOLDER_TABLES) and not self.key_field:
            raise ValueError(f"{self.name}: a table of boxes names its image column")
        if (len(self.box_fields) == 8) != (self.convention == QUAD_PIXELS):
            raise ValueError(f"{self.name}: eight box fields are a quadrilateral's corners, and only they")
        if (len(self.box_fields) == 5) != (self.convention in (ELLIPSE_PIXELS, ROTATED_PIXELS)):
            raise ValueError(f"{self.name}: five box fields are an ellipse's or a rotated rectangle's, and only they")
        fault = mat_row_fault(self.pairing, self.convention, self.boxes_field, self.extension, self.box_fields, self.class_field)
        if fault:
            raise ValueError(f"{self.name}: {fault}")
        if not re.fullmatch(r"[a-z0-9]+", self.extension) or (
            self.extension != "txt" and self.pairing not in (PER_IMAGE, PER_IMAGE_MAT, FOLDER_MAT)
        ):
            raise ValueError(f"{self.name}: an extension of its own is a per-image file's")
        if self.convention == LITERAL_PIXELS and not (
            self.pairing == ROWS and len(self.box_fields) == 1 and self.separator in ("", ",", "\t")
        ):
            raise ValueError(f"{self.name}: a literal of boxes is one cell of a comma- or tab-separated table")
        if self.key_template and (self.pairing != ROWS or f"{{{self.key_field}}}" not in self.key_template):
            raise ValueError(f"{self.name}: a key template builds a table row's key, its key field among its columns")
        if self.pairing != FOLDER_MAT and len(self.box_fields) not in (1, 4, 5, 8) or (
            len(self.box_fields) == 1 and self.pairing not in (ROWS, JSON_LINES, JSON_DOCUMENT, PER_IMAGE_JSON)
        ):
            raise ValueError(f"{self.name}: four box fields, or one table cell holding the four")
        if any(flag not in ("is_crowd", "truncated", "difficult") for _, flag in self.flags):
            raise ValueError(f"{self.name}: flags are is_crowd, truncated or difficult")
        if self.columns and (self.pairing != ROWS or not {self.key_field, *self.box_fields} <= set(self.columns)):
            raise ValueError(f"{self.name}: a headerless table's columns name its key and box fields")
        if self.optional_columns and not 0 < self.optional_columns < len(self.columns):
            raise ValueError(f"{self.name}: optional columns are some of a headerless table's last columns")
        if self.class_numbers and (not self.class_field.isdigit() or self.pairing not in (PER_IMAGE, FRAME_ROWS)):
            raise ValueError(f"{self.name}: numbered classes are named by one field of a per-image line or a frame row")
        if self.image_suffixes and (self.pairing != PER_IMAGE or self.stem_prefix or len(set(self.image_suffixes)) < 2
                                    or not all(re.fullmatch(r"[-_.]\w+", s) for s in self.image_suffixes)):
            raise ValueError(f"{self.name}: image suffixes name two views or more of a per-image file's image")
        if self.document_keys and self.pairing != PER_IMAGE_JSON:
            raise ValueError(f"{self.name}: keys beside the boxes are a per-image JSON document's")
        if self.stem_prefix and self.pairing != PER_IMAGE:
            raise ValueError(f"{self.name}: a stem's prefix pairs a per-image file with its image")
        if self.class_list_field and (self.pairing != JSON_DOCUMENT or not self.class_field):
            raise ValueError(f"{self.name}: a list of class names is a JSON document's, its boxes' class field an index into it")
        if self.rooted_keys and (self.pairing != JSON_DOCUMENT or self.document != "json"):
            raise ValueError(f"{self.name}: keys written from the dataset's root are a JSON document's")
        if self.centre_fields and (self.pairing != PER_IMAGE or len(self.centre_fields) != 2
                                   or not all(f.isdigit() for f in self.centre_fields)):
            raise ValueError(f"{self.name}: a box's centre is two fields of a per-image line")
        if bool(self.line_pattern) != bool(self.signature) or (self.line_pattern and self.pairing != PER_IMAGE):
            raise ValueError(f"{self.name}: a per-image file of sentences has its box lines' pattern and its first line's")

    @property
    def shown(self) -> str:
        what = f"class {self._field_shown(self.class_field)}" if self.class_field else f"every box a {self.single_class!r}"
        what += f", a number into the document's {self.class_list_field}" if self.class_list_field else ""
        return f"{self.name} ({what}, boxes {self.convention})"

    def _field_shown(self, field: str) -> str:
        if field == WORDS_BEFORE_BOX:
            return "the words before the box"
        if field == "class":  # (a column of that name: `class class` said nothing twice)
            return "column 'class'"
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
            number = whole_number(found)  # (a class cell of any length: no ValueError)
            number = -1 if number is None else number
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
        elif self.class_field and not self.class_numbers and not self.numbered_class and not self.class_codes and (
            int(self.class_field) >= len(fields) or is_number(fields[int(self.class_field)])
        ):
            return False
        if not all(is_number(fields[int(i)]) for i in self.box_fields):
            return False
        return not self.centre_fields or self._centre_inside(fields)

    def _centre_inside(self, fields: Sequence[str]) -> bool:
        """Whether the centre the line writes lies within its box fields' envelope (a line of such a
        format's length whose numbers are not a box and its centre is no box line: `centre_fields`).

        >>> from shardify.plan.box_formats import format_named
        >>> fmt = format_named("UCAS-AOD oriented boxes")
        >>> fmt.box_line("2 3 6 3 6 9 2 9 0 4 6 4 6".split())
        True
        >>> fmt.box_line("2 3 6 3 6 9 2 9 0 40 6 4 6".split())  # its centre outside its corners
        False
        >>> fmt.box_line("0.1 0.2 0.9 0.1 0.8 0.9 0.2 0.8 0.5 0.75 0.3 0.6 0.4".split())  # inside, far from their middle
        False
        """
        if not all(int(f) < len(fields) and is_number(fields[int(f)]) for f in self.centre_fields):
            return False
        numbers = [float(fields[int(i)]) for i in self.box_fields]
        xs, ys = numbers[0::2], numbers[1::2]
        cx, cy = (float(fields[int(f)]) for f in self.centre_fields)
        if not (min(xs) <= cx <= max(xs) and min(ys) <= cy <= max(ys)):
            return False
        # A box's centre is its corners' mean (a rotated rectangle's exactly); numbers that are no box (13 features
        # of an image) put theirs anywhere inside: within a tenth of the box's span of the mean, a pixel at least.
        slack_x, slack_y = max(1.0, (max(xs) - min(xs)) / 10), max(1.0, (max(ys) - min(ys)) / 10)
        if max(xs) - min(xs) <= 2 and max(ys) - min(ys) <= 2:  # (normalised corners: a pixel is no slack)
            slack_x, slack_y = (max(xs) - min(xs)) / 10, (max(ys) - min(ys)) / 10
        return abs(cx - sum(xs) / len(xs)) <= slack_x and abs(cy - sum(ys) / len(ys)) <= slack_y
