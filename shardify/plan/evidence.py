"""The files a dataset ships that say which split, or which labels, its inputs have.

Datasets publish their splits and labels in files beside the inputs, each in its own shape:

  split lists         one file per split, each line naming a file: VOC's ImageSets/Main/train.txt
                      (ids), Food-101's meta/test.txt (`apple_pie/1011328`: a path without its
                      extension), Pets' annotations/trainval.txt (`Abyssinian_100 1 1 1`), DTD's
                      labels/train1.txt (numbered folds: the first is read)
  split codes         one file, each line a file and a code: CelebA's list_eval_partition.txt
                      (`000001.jpg 0`: 0 train, 1 validation, 2 test), CUB's train_test_split.txt
                      (`1 1`: image ids, 1 train, 0 test; ids resolved through images.txt)
  attributes          CelebA's list_attr_celeba.txt: a count line, a line of attribute names, a row
                      of 1/-1 per file: the attributes set to 1 are the record's labels
  label lines         `name label ...` lines: Tiny ImageNet's val_annotations.txt, Kaggle
                      ImageNet's LOC_val_solution.csv (`ImageId,PredictionString`: its first word)
  annotation files    COCO's instances_<split>.json: the categories of an image's objects, the
                      split from the file's name
  annotation folders  Pascal VOC's Annotations/<id>.xml, one beside each image: its objects'
                      names are the image's labels
  YOLO exports        labels/<split>/<stem>.txt beside images/<split>/<stem>.jpg: `class cx cy w h`
                      per object (normalised), class names from data.yaml
  boxes as text       KITTI's label_2/<stem>.txt beside image_2/, WIDER FACE's *_bbx_gt.txt, Open
                      Images' *-annotations-bbox.csv: the rows of `shardify.plan.box_formats`
  concept lists       one file per concept naming the inputs that show it, the concept the file's
                      name (MIRFLICKR-25k's annotations/<concept>.txt of image numbers): an
                      input's labels are the concepts whose lists name it (multi-label)
  MATLAB files        Flowers-102's setid.mat (arrays of image numbers per split: trnid, valid,
                      tstid) and imagelabels.mat (the n-th image's label), Stanford Dogs'
                      train_list.mat and test_list.mat (a cell of file paths per split); read
                      with scipy, imported only when one is met

Each is recognised by its name and its first lines (`shardify.plan.recognise`; lists whose names hold other
words, by their content: `shardify.plan.content_lists`), read by
`converters/evidence_files.py`, and joined with the inputs it names by a key (`KeyRule`): the last
components of a file's path, with or without the extension, as the file's own lines spell them
(`shardify.plan.evidence_keys`, re-exported here). Nothing here reads a file: detection hands in
the first lines it read.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from shardify.plan import composite_keys, list_folds, list_parts
from shardify.plan.evidence_keys import INPUT_SUFFIX, NUMBERED, KeyRule, file_key, key_rule, row_key
from shardify.plan.structure import split_word
from shardify.plan.vocabulary_files import VOCABULARY_NAMES, read_vocabulary

__all__ = [
    "SPLIT_LIST",
    "SPLIT_CODES",
    "ATTRIBUTES",
    "LABEL_LINES",
    "COCO_SPLIT",
    "XML_OBJECTS",
    "MAT_SPLITS",
    "MAT_LABELS",
    "YOLO_LABELS",
    "HF_METADATA",
    "MAT_OBJECTS",
    "SEGMENTATION_MASKS",
    "BOX_FILES",
    "BOX_TABLE",
    "CONCEPT_LIST",
    "KEYED_LABELS",
    "ANNOTATION_FOLDERS",
    "LABEL_FILES",
    "yolo_image_key",
    "KINDS",
    "KeyRule",
    "NUMBERED",
    "Evidence",
    "key_rule",
    "file_key",
    "row_key",
    "finest_lists",
    "looks_like_a_list",
    "VOCABULARY_NAMES",
    "read_vocabulary",
    "name_words",
    "row_fields",
    "EXAMPLE_WORDS",
    "LIST_WORDS",
    "INPUT_SUFFIX",
]

SPLIT_LIST, SPLIT_CODES, ATTRIBUTES, LABEL_LINES, COCO_SPLIT = "split list", "split codes", "attributes", "label lines", "coco"
XML_OBJECTS = "xml objects"
MAT_SPLITS, MAT_LABELS = "mat splits", "mat labels"
YOLO_LABELS = "yolo labels"
HF_METADATA = "hf metadata"  # a Hugging Face imagefolder's metadata.jsonl with `objects`
MAT_OBJECTS = "mat objects"  # a MATLAB struct array of per-image boxes and classes (converters/mat_structs.py)
SEGMENTATION_MASKS = "segmentation masks"  # a folder of PNG masks sharing the images' paths (ADE20K's annotations/)
BOX_FILES = "box files"  # a folder of one text file of boxes per image (KITTI's label_2/): see box_formats
BOX_TABLE = "box table"  # one file of boxes of many images (WIDER FACE's, Open Images'): see box_formats
CONCEPT_LIST = "concept list"  # one file per concept of the inputs showing it (shardify.plan.concept_lists)
KEYED_LABELS = "keyed labels"  # a table of labels of another table's rows, joined by id (shardify.plan.label_joins)
LABEL_FILES = "label files"  # a .txt of one word beside each image, its label (beam_jobs/discover/word_captions.py)
KINDS = (
    SPLIT_LIST, SPLIT_CODES, ATTRIBUTES, LABEL_LINES, COCO_SPLIT, XML_OBJECTS, MAT_SPLITS, MAT_LABELS, YOLO_LABELS, HF_METADATA,
    SEGMENTATION_MASKS, BOX_FILES, BOX_TABLE, MAT_OBJECTS, CONCEPT_LIST, KEYED_LABELS, LABEL_FILES,
)
# Kinds that are folders of one annotation file per image, each read as the image's objects (a
# label file's, LABEL_FILES, as its label: no objects).
ANNOTATION_FOLDERS = (XML_OBJECTS, YOLO_LABELS, BOX_FILES, LABEL_FILES)
# Words a split list's name may hold besides its split word: `train_list.txt`, `TrainImages.txt`.
_LIST_WORDS = frozenset(
    {"list", "lists", "images", "image", "files", "file", "set", "split", "fold", "ids", "names", "img", "cls", "loc"}
)
# Files that only show a format (Kaggle's LOC_sample_submission.csv): never evidence.
_EXAMPLE_WORDS = frozenset({"sample", "submission", "example", "template"})


def _words(name: str) -> list[str]:
    """Words of a file name, camelCase split: 'TrainImages' -> ['train', 'images']."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", name)
    return [w for w in re.split(r"[^a-z]+", spaced.lower()) if w]


@dataclass(frozen=True)
class Evidence:
    """A file of the source that gives its inputs' splits or labels.

    Attributes:
      path: the file, relative to SRC.
      kind: one of KINDS.
      key: how its rows' keys name files.
      split: SPLIT_LIST, COCO_SPLIT, BOX_TABLE: the split its rows' files are in ("" for a COCO
        file whose name names no split, and for a box table where split folders give the splits);
        LABEL_LINES read as a keyed table named as a split (`train.csv`): its rows' split, "" else.
      codes: SPLIT_CODES: (code, split) pairs.
      ids: SPLIT_CODES keyed by ids: the file (relative to SRC) whose `id path` lines resolve them.
      variable: MAT_LABELS: the array of labels; a MAT split list (SPLIT_LIST of a .mat file): the
        cell of paths; SPLIT_CODES of a table (`converters/split_sources.py`): its split column;
        LABEL_FILES of .mat files: the variable of tags each holds (`converters/mat_tags.py`, `names` naming them).
      names: YOLO_LABELS: the class names, by index (data.yaml's `names`); MAT_OBJECTS: the class
        names shipped beside the struct (cars_meta.mat's class_names), or (); CONCEPT_LIST: its
        one concept, the label of every input it names.
      names_file: YOLO_LABELS, MAT_OBJECTS: the file they came from (data.yaml); BOX_TABLE: the file naming
        its classes by id (Open Images' class-descriptions-boxable.csv), or "".
      box_format: BOX_FILES, BOX_TABLE: the name of its row of `box_formats.FORMATS`.
      image_folder: BOX_FILES: the folder of the images its files mirror (`training/image_2`); BOX_TABLE of
        frame rows (`box_formats.FRAME_ROWS`): the folder of its sequence's frames, its rows keyed by its
        path and the frame's number (`UAV-benchmark-M/M0101/7`); XML_OBJECTS:
        "." where each XML lies beside its image, keyed by its path from SRC (discover/voc_beside.py);
        LABEL_FILES: "." beside each image, or the images' root a root of label files mirrors
        (CK+'s `cohn-kanade-images` for `Emotion/`: discover/mirror_label_files.py).
      prefix: MAT_OBJECTS: the folder its file names lie in (`cars_train/`), put before each; LABEL_LINES
        read as a keyed table per split (`split_multi_hot`): its split folder's name (`a. Training Set/`),
        put before each key, so that ids repeated across splits name files of their own split only;
        SEGMENTATION_MASKS inside a split's folder (`train/masks/`): its images' folder (`train/images/`),
        put before each mask's key, so that `train/masks/1.png` names `train/images/1.png`, not `test/images/1.png`.
      classes: LABEL_LINES read as a keyed table: its multi-hot class columns (a row's labels those
        holding 1), or () where `label_column` gives the label.
      summary: with `classes`: the 0/1 column that is 1 where any class is (RFMiD's `Disease_Risk`),
        no class; a row of no class is then the empty label set. "": none (such a row is rejected).
      boxes: MAT_OBJECTS: its elements give boxes with classes (objects), not classes alone.
      column: SPLIT_LIST, LABEL_LINES: the field of a row that names the file (0: the first).
      header: SPLIT_LIST, LABEL_LINES: its first line names the columns, and is no row.
      label_column: SPLIT_LIST, LABEL_LINES: the field holding the class, or None (a split list
        gives no labels; label lines' label is the field after the name).
      label_rest: SPLIT_LIST, LABEL_LINES: the label is the rest of the line from `label_column`,
        spaces and all (FGVC-Aircraft's `0034309 Cessna 172`); without it a row of another number
        of fields than the file's first is that row's reject, never a label cut at a space.
      label_digits: LABEL_LINES: a class number is written with this many digits, as the class
        folders of the other splits spell the same classes (GTSRB's ClassId 14, folder 00014); 0:
        as the file writes it.
      label_separator: LABEL_LINES read as a keyed table: `--label-separator`, which splits its label
        cells into several labels (Planet's space-separated tags), or "".
      label_numbers: LABEL_LINES read as a keyed table: its labels are class numbers (most rows
        detection read hold whole numbers): a row whose label is not one (`nan`, `-1`, `2.5`) is its
        reject, never a class of its own.
      label_scores: SPLIT_LIST, LABEL_LINES: its labels are scores kept as written (a decimal number each:
        `CF437.jpg 2.883333`, a table's MOS column): a row whose label is no number (`nan`, `?`, a word) is its
        reject, never a class of its own. Detection reads a list's or table's first rows only: a `nan` row
        deep in a large list was the class 'nan', exit 0.
      label_also: LABEL_LINES read as a keyed table: further label columns (`--label-column
        Type1,Type2`: Pokemon's second type, empty where there is none), a row's labels the
        given cells of `label_column` and these (multi-label); () where one column gives the label.
      label_lists: LABEL_LINES read as a keyed table: its label cells are list literals
        (`['Comedy', 'Drama']`, `tag_labels.list_labels`), each a record's several labels; a cell
        that is none is its row's reject.
      cells: LABEL_LINES read as a keyed table with no header row (`shardify.plan.headerless_tables`):
        its rows' number of cells, its first line a row; 0: its first line is the header, or no keyed table.
      key_template: LABEL_LINES read as a keyed table whose rows name their files by several
        columns (Chinese MNIST's `input_{0}_{1}_{2}`: `shardify.plan.composite_keys`), or "":
        `column` names them alone.
      rows_of, rows_key: KEYED_LABELS: the table whose rows it labels, and that table's column
        holding the ids its own key column (`column`) holds; `names` are its class columns. A JSON-lines
        labels table (no column order) is read by names: its key `rows_key`, its label `names[0]`.
      label_pairs: KEYED_LABELS: its classes are read from one cell of `name-0;name-1;...` pairs, its column
        `label_column` (Disaster Response's `categories`: `converters/flag_pairs.py`), a row's labels the
        names marked 1; a cell of other names or another value is its row's reject.
      merge_rows: LABEL_LINES: a row per input and class (Severstal's run-length rows: a row per image and
        defect class, `run_length_tables.py`): an input's labels are its rows', not a conflict.
      rows_beyond: KEYED_LABELS: the labels table is a metadata table of more items than the texts
        (`--labels --key-column`, `beam_jobs/discover/given_label_joins.py`): its rows naming no text
        row are passed over, not rejected; with `label_lists`, its label cells are lists or {id: name}
        objects, several labels each.
      mask_tail: SEGMENTATION_MASKS: the words every mask of the folder adds to its image's stem,
        cut from each mask's key (STARE's `.ah` of `im0001.ah.ppm`: `shardify.plan.mask_tails`), or "";
        LABEL_FILES of a root mirroring the images' tree (`image_folder` the images' root): the ending
        each file adds to its image's stem (CK+'s `_emotion`), or "";
        image_tail: the words every image beside it adds to its stem, added to each mask's key after
        (DRIVE's `_training` of `21_training.tif`, `21_manual1.gif` cut to `21`), or "".
        mask_head: what every mask's name adds before its image's, cut from each (ETIS-Larib's `p` of
        `Ground Truth/p1.tif`: `shardify.plan.stem_affixes`), or "".
      all_masks: SEGMENTATION_MASKS: every image of the folder is a mask, whatever its name (a folder
        detection knew by its shape, `beam_jobs/discover/mirror_masks.py`; one known by its name is).
      unmasked: SEGMENTATION_MASKS: the split folders ('/'-ended) the source gives no masks (LoveDA's
        `Test/`, CIHP's test images): no sampled image of theirs has one and no mask lies in them, so
        their images are written without a mask (an unlabelled split), not rejected; an image there
        that has a mask after all is rejected, so that a split's records all carry one or none.
      partial: SEGMENTATION_MASKS: a folder of masks for only some of the images it mirrors (`Structure.
        partial_masks`): an image without a mask there is written without one (counted as num_unmasked).
      whole_images: COCO_SPLIT: its annotations give whole images a category and no box (COCO Camera
        Traps: iWildCam, Caltech Camera Traps, Snapshot Serengeti), or it holds no annotation beside such
        files (a test split's image information): the images' classes, no object features; an image
        of one category is single-label (`converters/coco_entries.image_level`).
      unannotated, derived_tails: COCO_SPLIT files lying per split (`beam_jobs/discover/coco_split_folders.py`): the split
        folders ('/'-ended) whose split no file annotates (iSAID's `test/`), their unnamed images that split's unlabelled
        records; the tails of files named after an image (`_instance_color_RGB`), unnamed ones auxiliary, not rejects.
        `unannotated` of BOX_FILES keyed by stem across split folders (MTSD's `images/<split>/`): the split folders
        none of whose sampled images has a document (written without objects); another's image without one a reject.
      note: how it was recognised, for the plan.
    """

    path: str
    kind: str
    key: KeyRule = KeyRule()
    split: str = ""
    codes: tuple[tuple[str, str], ...] = ()
    ids: str = ""
    variable: str = ""
    names: tuple[str, ...] = ()
    names_file: str = ""
    box_format: str = ""
    image_folder: str = ""
    column: int = 0
    header: bool = False
    label_column: int | None = None
    label_rest: bool = False
    label_digits: int = 0
    label_separator: str = ""
    label_numbers: bool = False
    label_scores: bool = False
    label_lists: bool = False
    label_also: tuple[int, ...] = ()
    cells: int = 0
    key_template: str = ""
    note: str = ""
    prefix: str = ""
    classes: tuple[str, ...] = ()
    summary: str = ""
    boxes: bool = False
    rows_of: str = ""
    rows_key: str = ""
    rows_beyond: bool = False
    label_pairs: bool = False
    merge_rows: bool = False
    mask_tail: str = ""
    image_tail: str = ""
    mask_head: str = ""
    all_masks: bool = False
    unmasked: tuple[str, ...] = ()
    partial: bool = False
    whole_images: bool = False
    unannotated: tuple[str, ...] = ()
    derived_tails: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"evidence kind {self.kind!r} is not one of {', '.join(KINDS)}")
        if self.key_template:
            composite_keys.check_template(self.key_template)
        if self.kind == SPLIT_LIST and not self.split:
            raise ValueError(f"{self.path}: a split list names its split")
        if self.kind in (SPLIT_CODES, MAT_SPLITS) and not self.codes:
            raise ValueError(f"{self.path}: split codes need their meaning")
        if self.kind == KEYED_LABELS and not (self.rows_of and self.rows_key and self.names):
            raise ValueError(f"{self.path}: keyed labels name the table they label, its key column and their classes")
        if self.kind == CONCEPT_LIST and len(self.names) != 1:
            raise ValueError(f"{self.path}: a concept list names its one concept")
        if self.kind in (BOX_FILES, BOX_TABLE) and not self.box_format:
            raise ValueError(f"{self.path}: boxes as text name their format")
        if self.kind in (BOX_FILES, BOX_TABLE):
            from shardify.plan.box_formats import format_named  # noqa: PLC0415 - the format table imports nothing of here

            try:  # (a layout file's box_format mistyped: said here, not as a failed conversion)
                format_named(self.box_format)
            except KeyError:
                raise ValueError(
                    f"{self.path}: box_format {self.box_format[:200]!r} is no row of the format table (docs/datasets.md) "
                    "and no table read by content ('Box table of columns image,class,x1,y1,x2,y2 (pixels)')"
                ) from None
        if self.column < 0 or (self.label_column is not None and (self.label_column < 0 or self.label_column == self.column)):
            raise ValueError(f"{self.path}: the name's column and the class column are two fields, counted from 0")
        if self.label_also and (self.label_column is None or any(
                c < 0 or c in (self.column, self.label_column) for c in self.label_also) or len(set(self.label_also)) != len(self.label_also)):
            raise ValueError(f"{self.path}: further label columns are fields besides the name's and the label's, each once, counted from 0")

    @property
    def gives_split(self) -> bool:
        return self.kind in (SPLIT_LIST, SPLIT_CODES, MAT_SPLITS) or (
            self.kind in (COCO_SPLIT, BOX_TABLE) and bool(self.split)
        ) or (self.kind == MAT_OBJECTS and bool(self.split or self.codes))

    @property
    def gives_labels(self) -> bool:
        if self.kind == SPLIT_LIST:
            return self.label_column is not None
        return self.kind in (
            ATTRIBUTES, LABEL_LINES, COCO_SPLIT, XML_OBJECTS, MAT_LABELS, YOLO_LABELS, HF_METADATA, BOX_FILES, BOX_TABLE, MAT_OBJECTS,
            CONCEPT_LIST, KEYED_LABELS, LABEL_FILES,
        )

    @property
    def shown(self) -> str:
        """Its path as plans show it: a folder of annotations ends in '/', and YOLO labels name
        the data.yaml that numbers their classes."""
        if self.kind == YOLO_LABELS:
            return f"{self.path}/ (YOLO, class names from {self.names_file})"
        if self.kind in (BOX_FILES, BOX_TABLE):
            names = f", class names from {self.names_file}" if self.names_file else ""
            return f"{self.path}{'/' if self.kind == BOX_FILES else ''} ({self.box_format}{names})"
        if self.kind == LABEL_FILES and self.variable:  # per-image MATLAB files of tags (discover/mat_tag_files.py)
            return f"{self.path}/<image stem>.mat ({self.variable!r} tags of each image of {self.image_folder}/, named by {self.names_file})"
        if self.kind == LABEL_FILES and self.image_folder not in ("", "."):  # a root mirroring the images' (mirror_label_files)
            return f"{self.path}/**/<image stem>{self.mask_tail}.txt (a label word per image of {self.image_folder}/)"
        if self.kind == LABEL_FILES:  # one word beside each image (discover/word_captions.py)
            return f"{self.path or 'SRC'}/**/<image>.txt (a label word beside each image)"
        if self.kind == XML_OBJECTS and self.image_folder == ".":  # beside the images (discover/voc_beside.py)
            return f"{self.path or 'SRC'}/**/<image>.xml (Pascal VOC beside each image)"
        return self.path + "/" if self.kind in (XML_OBJECTS, SEGMENTATION_MASKS) else self.path

    def holds_beside(self, relpath: str) -> bool:
        """`relpath` is one of this Evidence's per-image box files lying beside their images
        (`beam_jobs/discover/box_beside.py`: MSRA-TD500's `train/IMG_0064.gt`): an annotation,
        never an input, though it shares its folder and stem with one."""
        if self.kind != BOX_FILES or self.image_folder != "." or (self.path and not relpath.startswith(self.path + "/")):
            return False
        from shardify.plan.box_formats import format_named  # noqa: PLC0415 - the format table imports nothing of here

        ending = format_named(self.box_format).extension
        return ending != "txt" and relpath.rsplit(".", 1)[-1].lower() == ending

    @property
    def multi_label(self) -> bool:
        """Its rows give a set of labels each (an image's categories, its attributes), however
        many one image has: the records are multi-label. (Pascal VOC's objects make them so only
        where an image has objects of several classes.) Boxes as text and YOLO labels too: an
        image holds the classes of its objects, none where it has none (WIDER FACE's one class
        included; a YOLO background image, its label file empty, as Ultralytics advises adding)."""
        if self.kind == COCO_SPLIT and self.whole_images:
            return False  # a camera trap's image of one category is single-label; several make the records multi-label
        if self.kind == KEYED_LABELS and self.label_column is not None:
            return self.label_lists or self.label_pairs  # one label a row (or a list's, given joins: given_label_joins.py), its label column's cell (OLID's `id,label` lines: plan/id_label_tables.py)
        return self.kind in (ATTRIBUTES, COCO_SPLIT, BOX_FILES, BOX_TABLE, YOLO_LABELS, CONCEPT_LIST, KEYED_LABELS) or bool(
            self.kind == LABEL_LINES and ((self.label_separator and self.label_separator != "none") or self.label_also)
        )


def yolo_image_key(labels_folder: str, under: str) -> str:
    """The image path (without its extension) that the YOLO label file `under` of `labels_folder`
    labels: the folder's last `labels` read as `images` (`labels/train` + `x.txt` ->
    `images/train/x`), as Ultralytics pairs them."""
    head, _, tail = labels_folder.rpartition("labels")
    return f"{head}images{tail}/{under.rsplit('.', 1)[0]}"


def _fields(line: str) -> list[str]:
    return line.replace(",", " ").replace(";", " ").split()


def example_file(path: str) -> bool:
    """A file that only shows a format (`sample_submission.csv`): never labels or evidence."""
    return bool(_EXAMPLE_WORDS & set(_words(posixpath.splitext(posixpath.basename(path))[0])))


# Names and rows read as this module reads them, for `shardify.plan.content_lists`.
name_words, row_fields, EXAMPLE_WORDS = _words, _fields, _EXAMPLE_WORDS
# For recognise.py: the words a list's name may hold (and INPUT_SUFFIX, the suffixes that make a key a
# file name, from evidence_keys).
LIST_WORDS = _LIST_WORDS


def _edition(folder: str) -> int:
    """The year a list folder is named for (DAVIS 2017's `ImageSets/2017/` beside `ImageSets/2016/`,
    the earlier edition's lists of a part of the same sequences), or 0: a fold's number is none."""
    found = re.fullmatch(r"(?:19|20)\d\d", posixpath.basename(folder))
    return int(found.group(0)) if found else 0


def finest_lists(lists: Sequence[Evidence]) -> tuple[list[Evidence], list[str]]:
    """The split lists to read, and why the others are not: of numbered folds the first
    (DTD's train1, val1, test1), of lists in several folders those of the folder whose lists
    cover the most splits (VOC's ImageSets/Main, not Segmentation; with the same folder of other parts
    of the download naming other splits, `list_parts`), among those a folder of lists
    naming no fold before folders of numbered folds (SCUT-FBP5500's 60/40 lists, not its
    cross_validation_<k>/), the latest edition's among equals (DAVIS's `ImageSets/2017/`, not
    `2016/`), and no union of others (VOC's trainval beside train and val).
    """
    if not lists:
        return [], []
    skipped: list[str] = []
    by_folder: dict[str, list[Evidence]] = {}
    for found in lists:
        by_folder.setdefault(posixpath.dirname(found.path), []).append(found)
    # among folders of as many splits, one of lists that name no fold (SCUT-FBP5500's 60/40 `train.txt`, `test.txt`)
    # before folders of numbered folds (its `cross_validation_1/train_1.txt`): the folds are other partitions
    folder = max(sorted(by_folder), key=lambda f: (len({e.split for e in by_folder[f]}), not list_folds.fold_numbered(by_folder[f]),
                                                   f == "" or "main" in f.lower(), _edition(f)))
    parts = {folder, *list_parts.other_parts(folder, by_folder)}  # (VOC 2007's trainval and test tars unpacked apart)
    chosen = [e for f in sorted(parts) for e in by_folder[f]]
    skipped += [e.path for f, group in by_folder.items() if f not in parts for e in group]
    if list_folds.no_folds(chosen):  # (numbers each list holds alone, SIXray's train_3850, test_1650: no folds, nor said so)
        chosen = [replace(e, note=re.sub(r", fold \d+", "", e.note)) for e in chosen]
    folds = list_folds.folds(chosen)
    first = min(folds)
    skipped += [e.path for fold, group in folds.items() if fold != first for e in group]
    chosen = folds[first]
    names = {e.split for e in chosen}
    if "trainval" in names and {"train", "val"} <= names | {"validation"} and ("val" in names or "validation" in names):
        skipped += [e.path for e in chosen if e.split == "trainval"]
        chosen = [e for e in chosen if e.split != "trainval"]
    return sorted(chosen, key=lambda e: e.path), sorted(skipped)


# Names of files that describe a dataset rather than hold its texts.
_LIST_NAME_WORDS = _LIST_WORDS | {"labels", "label", "classes", "class", "synsets", "wnids", "words", "vocab", "mapping", "annotations", "anno", "meta", "readme", "license", "partition", "attr", "bbox", "boxes", "landmarks", "identity"}


def looks_like_a_list(relpath: str) -> bool:
    """A text file whose name says it lists or describes the dataset (`train1.txt`,
    `aeroplane_trainval.txt`, `labels_joint_anno.txt`, `classes.txt`, `wnids.txt`), not one of
    its texts: it does not count when a source's media is judged.

    >>> [looks_like_a_list(p) for p in ("dtd/labels/test10.txt", "meta/classes.txt", "pos/0_9.txt", "alt.atheism/53068")]
    [True, True, False, False]
    """
    stem = posixpath.splitext(posixpath.basename(relpath))[0]
    words = _words(stem)
    return bool(words) and (any(split_word(w) for w in words) or bool(set(words) & _LIST_NAME_WORDS))
