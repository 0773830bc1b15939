"""What a source looks like: its layout, its splits, which files are junk, each file's label.

Layouts (guessed by `layout_guess.detect_layout` from a sample of the listing, or forced with `--layout`):

  image_folders   SRC/<label>/**/<image>                      one record per image
  text_folders    SRC/<label>/**/<file>.txt                   one record per text file
  named_files     SRC/**/<label>_12.jpg + --label-from-name   one record per file, labelled by its name
  tables          SRC/*.csv|tsv|jsonl|parquet|label, or one    one record per row (.label: `label text`
                  table                                       lines)
  label_file      files anywhere + a label file               labels (and captions) joined by path,
                                                              file name, stem or order
  coco            images + a COCO-style annotation .json      one record per image: categories, captions
  image_captions  img/0001.jpg + txt/0001.txt                 image and caption sharing a stem
  webdataset      tars of 000001.jpg + 000001.cls (+ .txt)    one record per key (see webdataset.py)

Any of them may sit under split folders (SRC/train, SRC/validation or SRC/val, SRC/test). SRC may
also be one file: a table, or a label file (its files are found relative to its folder).

This module owns `SourceLayout`: how to read a source, and which of its files are inputs. Below it,
re-exported here where callers read them: the layouts' names and label keys (`layout_names.py`),
what a file is by its name: a path's parts (`path_parts.py`), the kinds of file (junk, media,
tables, documents: `file_roles.py`), the array files (`array_names.py`). How a plan says where
labels and splits come from is `provenance.py`; which files a layout reads as no input, `layout_auxiliary.py`.
"""

from __future__ import annotations

import fnmatch
import functools
import posixpath
from collections.abc import Callable
from dataclasses import dataclass

from shardify.format import contract, naming
from shardify.plan import dataset_card, layout_auxiliary, provenance
from shardify.plan.array_names import (  # re-exported: callers read them as layout.<name>
    ARRAY_ROLE_WORDS,
    CIFAR,
    HDF5,
    IDX,
    IDX_IMAGES,
    MAT,
    NPY,
    NPY_CLASS_PREFIXES,
    NPZ,
    RAW,
    array_kind,
    npy_class_of,
    npy_names_classes,
)
from shardify.plan.evidence import Evidence
from shardify.plan.file_roles import (  # re-exported: callers read them as layout.<name>
    AUXILIARY_EXTENSIONS,
    AUXILIARY_NAMES,
    IMAGE_EXTENSIONS,
    JUNK_FILENAMES,
    JUNK_FOLDERS,
    LABEL_FILE_NAMES,
    LABEL_LIKE_EXTENSIONS,
    SCRIPT_EXTENSIONS,
    SPLIT_FOLDER_NAMES,
    TABLE_DOCUMENT_EXTENSIONS,
    TABLE_DOCUMENT_NAMES,
    TABLE_EXTENSIONS,
    TEXT_EXTENSIONS,
    WEB_PAGE_EXTENSIONS,
    is_junk,
    is_junk_folder,
    is_media_file,
    split_folders,
)
from shardify.plan.layout_names import (  # re-exported: callers read them as layout.<name>
    ARRAYS,
    BESIDE,
    COCO,
    IMAGE_CAPTIONS,
    IMAGE_FOLDERS,
    LABEL_FILE,
    LABEL_KEYS,
    LAYOUTS,
    NAME,
    NAMED_FILES,
    ORDER,
    PATH,
    SAMPLE_JSON_FIELD,
    SAMPLE_LABEL_FIELDS,
    STEM,
    STEM_NUMBER,
    TABLES,
    TEXT_FOLDERS,
    UNDER,
    WEBDATASET,
)
from shardify.plan.line_files import LineFile
from shardify.plan.path_parts import extension, is_xml_document, numbered_stem, sample_key, stem  # re-exported
from shardify.plan.raw_declared import RawArrays
from shardify.plan.sampled_claims import SampledClaim
from shardify.plan.structure import Structure
from shardify.plan.table_groups import GLOB_CHARACTERS
from shardify.plan.text_joins import TextJoin

__all__ = [
    "IMAGE_FOLDERS",
    "TEXT_FOLDERS",
    "NAMED_FILES",
    "TABLES",
    "LABEL_FILE",
    "COCO",
    "IMAGE_CAPTIONS",
    "WEBDATASET",
    "ARRAYS",
    "LAYOUTS",
    "SAMPLE_LABEL_FIELDS",
    "SAMPLE_JSON_FIELD",
    "PATH",
    "NAME",
    "STEM",
    "ORDER",
    "STEM_NUMBER",
    "LABEL_KEYS",
    "BESIDE",
    "UNDER",
    "SPLIT_FOLDER_NAMES",
    "IMAGE_EXTENSIONS",
    "TEXT_EXTENSIONS",
    "TABLE_EXTENSIONS",
    "LABEL_FILE_NAMES",
    "JUNK_FILENAMES",
    "AUXILIARY_EXTENSIONS",
    "SCRIPT_EXTENSIONS",
    "WEB_PAGE_EXTENSIONS",
    "AUXILIARY_NAMES",
    "LABEL_LIKE_EXTENSIONS",
    "SourceLayout",
    "IDX",
    "CIFAR",
    "NPZ",
    "NPY",
    "RAW",
    "HDF5",
    "MAT",
    "IDX_IMAGES",
    "NPY_CLASS_PREFIXES",
    "ARRAY_ROLE_WORDS",
    "JUNK_FOLDERS",
    "TABLE_DOCUMENT_EXTENSIONS",
    "TABLE_DOCUMENT_NAMES",
    "npy_class_of",
    "npy_names_classes",
    "array_kind",
    "is_junk",
    "is_junk_folder",
    "is_media_file",
    "extension",
    "is_xml_document",
    "stem",
    "numbered_stem",
    "sample_key",
    "split_folders",
]

@dataclass(frozen=True)
class SourceLayout:
    """How to read a source; decided before the pipeline is built, recorded in the manifest.

    Attributes:
      name: one of LAYOUTS.
      media: "image" or "text": what a record's main payload is.
      split_folders: top-level folders that are splits, or () when there are none.
      labels_file: the label file (label_file, coco), relative to SRC when inside it, else as given.
      label_key: how the label file names files: one of LABEL_KEYS.
      key_column: the label table's key column where detection found it by what its cells name
        (`shardify.plan.key_columns`: PetFinder's `PetID`, not `Name`), or `--key-column`'s, else "".
      key_folder: UNDER: the folder relative to SRC the keys' paths are under, else "".
      row_splits: label_file: (split, file beside the label table listing its rows by number from 0)
        (Derm7pt's train_indexes.csv: `beam_jobs/discover/row_index_splits.py`), else ().
      merge_rows: label_file: several rows naming one file give it the union of their labels (a table of a
        row per image and class, Severstal's run-length rows: `run_length_tables.py`), else a conflict.
      captions: image records also hold a caption: a .txt file sharing the image's stem
        (image_captions), or the label file's caption column (or COCO captions).
      source_file: SRC was this one file, named relative to its folder (which is then the root).
      archive_root: SRC was an archive whose members all lie in this folder ("name/"): it is cut
        from their paths.
      notes: how detection decided, one line each, for the plan.
      structure: where the inputs lie and what their folders mean (image_folders, text_folders:
        wrappers, the split level, the class level, unlabelled folders, masks; see
        `shardify.plan.structure`), or None: split folders at the top, the first folder inside a
        split the class.
      evidence: the files that give the inputs' splits and labels (split lists, attribute
        matrices, per-split annotation files: see `shardify.plan.evidence`); auxiliary files.
      vocabulary: label names the dataset ships (`classes.txt`), in index order: labels written
        as numbers are mapped through them, as through `--label-names`.
      vocabulary_file: the file they came from (auxiliary).
      vocabulary_base: the number of the vocabulary's first name where the dataset documents it
        (Flowers-102 counts from 1), else None: read from the numbers (see
        `label_names.numbering_base`).
      objects: the object features records hold: a detection dataset's boxes (COCO, Pascal VOC,
        YOLO), with masks and keypoints where asked and given.
      split_patterns: (path glob, split) pairs that decide each file's split before anything
        else, a file taking its first match's; files none matches are not inputs. From a Hugging
        Face dataset card's `data_files` (see `shardify.plan.dataset_card`) or a layout file.
      classes: a detection dataset's full class list as it declares it (COCO's `categories` in id
        order, YOLO's `names`, a shipped classes.txt), or (): the classes of its objects (and its
        images' labels) are numbered by it, so that any part of the dataset converted on its own
        (one split, a subset) numbers each class alike (see `discover/class_list.py`).
      classes_file: the file(s) that declared `classes`.
      raw_arrays: raw binary image arrays a layout file declares (`shardify.plan.raw_declared`):
        the arrays layout reads the files they match as their records (detection never fills it).
      line_files: tables: files read a record per line, labelled by their name or by a label file
        of as many lines (`shardify.plan.line_files`); the other files are then auxiliary.
      row_labels: tables: (JSON-lines table, its labels file) pairs, line i of the labels file
        the label of row i (PIQA's `train.jsonl` beside `train-labels.lst`; `converters/row_labels.py`).
      table_labels: tables: (table, its class) pairs, every row of the table of that class; "" for an
        unlabelled table (the Multi-Domain Sentiment reviews' `positive.review`, `negative.review` and
        `unlabeled.review`: `beam_jobs/discover/xml_record_files.py`). Its columns give no label.
      split_ids: tables: (JSON document of records keyed by id, the file mapping split names to
        those ids) pairs: each record's split is the one its id is listed under (HateXplain's
        `dataset.json` beside `post_id_divisions.json`; `converters/json_shapes.py`).
      text_joins: tables: a rows table whose key column names the rows of a texts table, whose
        text each row takes as its pair's second text (FNC-1's `train_stances.csv` by `Body ID` in
        `train_bodies.csv`; `converters/joined_texts.py`); the texts tables are then auxiliary.
      label_ids, label_ids_file: (id, name) pairs of a side file that names the labels the records
        hold as ids (EURLEX57K's `eurovoc_en.json`, `{"1402": {"label": "import licence"}}`), and that
        file: a record's label is its id's name (an id the file does not name stays as written).
      whole_images: COCO: the label file's annotations give whole images a category and no box (COCO
        Camera Traps' one JSON: Caltech Camera Traps' `caltech_images_*.json`): the images' classes,
        no object features, single-label unless an image has several (`label_schema.with_objects`).
      masks_indexed: the masks opened are one channel or a palette of few values: one in colour or of
        more values is a photo, its image's reject (`beam_jobs/discover/mask_modes.py`).
      sampled_claims: what rules that decided from sampled rows read there (a measurement table's class, a label
        column by its content), for the plan to confirm over every record (`shardify.plan.sampled_claims`).
        Detection's own finding: never written to, nor read from, a layout file.
    """

    name: str
    media: str
    split_folders: tuple[str, ...] = ()
    labels_file: str = ""
    label_key: str = ""
    captions: bool = False
    source_file: str = ""
    archive_root: str = ""
    notes: tuple[str, ...] = ()
    structure: Structure | None = None
    evidence: tuple[Evidence, ...] = ()
    vocabulary: tuple[str, ...] = ()
    vocabulary_file: str = ""
    vocabulary_base: int | None = None
    objects: contract.ObjectSchema = contract.ObjectSchema()
    split_patterns: tuple[tuple[str, str], ...] = ()
    classes: tuple[str, ...] = ()
    classes_file: str = ""
    raw_arrays: tuple[RawArrays, ...] = ()
    line_files: tuple[LineFile, ...] = ()
    groupings: tuple[str, ...] = ()  # JSON files grouping the vocabulary's classes (GoEmotions' ekman_mapping.json)
    left_out: tuple[str, ...] = ()  # files shaped like inputs that are not (a submission's format: `label_joins`)
    key_column: str = ""
    row_labels: tuple[tuple[str, str], ...] = ()
    table_labels: tuple[tuple[str, str], ...] = ()
    split_ids: tuple[tuple[str, str], ...] = ()
    key_folder: str = ""
    row_splits: tuple[tuple[str, str], ...] = ()
    merge_rows: bool = False
    whole_images: bool = False
    text_joins: tuple[TextJoin, ...] = ()
    label_ids: tuple[tuple[str, str], ...] = ()
    label_ids_file: str = ""
    derived_names: tuple[str, ...] = ()  # (suffix, restore): crops named as a key plus a suffix (`plan.derived_names`)
    masks_indexed: bool = False
    sampled_claims: tuple[SampledClaim, ...] = ()

    def __post_init__(self) -> None:
        if self.name not in LAYOUTS:
            raise ValueError(f"layout {self.name!r} is not one of {', '.join(LAYOUTS)}")
        if self.media not in ("image", "text"):
            raise ValueError(f"media {self.media!r} must be image or text")
        if (self.name in (LABEL_FILE, COCO)) != bool(self.labels_file):
            raise ValueError("the label_file and coco layouts, and only they, need a label file")
        if self.label_key not in (LABEL_KEYS if self.labels_file else ("",)):
            raise ValueError(f"label_key {self.label_key!r} must be one of {', '.join(LABEL_KEYS)} with a label file")
        if self.derived_names and (len(self.derived_names) != 2 or not self.derived_names[0] or not self.labels_file):
            raise ValueError(f"derived_names {self.derived_names!r} is a (suffix, restore) pair, and goes with a label file")
        if bool(self.key_folder) != (self.label_key == UNDER):
            raise ValueError(f"key_folder {self.key_folder!r} goes with label_key {UNDER!r}, and only with it")
        self._check_label_rows()
        if self.name != TABLES and any(e.rows_of for e in self.evidence):
            raise ValueError("keyed labels (evidence with rows_of) label a table's rows: they go with layout: tables")
        if self.raw_arrays and (self.name != ARRAYS or self.media != "image"):
            raise ValueError("raw_arrays are read by the arrays layout (layout: arrays, media: image)")

    def _check_label_rows(self) -> None:
        """The fields that read a label file's rows go with one (the reader of label files alone
        reads them: elsewhere they would be ignored), and its row lists lie beside it (they are read
        there, by name)."""
        if self.key_column and not self.labels_file:
            raise ValueError(f"key_column {self.key_column!r} names a column of the label file: it goes with labels_file")
        for key, value in (("row_splits", self.row_splits), ("merge_rows", self.merge_rows)):
            if value and self.name != LABEL_FILE:
                raise ValueError(f"{key} reads the rows of a label file: it goes with layout: {LABEL_FILE}")
        folder = posixpath.dirname(self.labels_file)
        for split, path in self.row_splits:
            naming.check_split_name(split)
            if posixpath.dirname(path) != folder or GLOB_CHARACTERS & set(self.labels_file):
                raise ValueError(f"row_splits: {path} lies away from the label file {self.labels_file}: the lists numbering "
                                 "its rows are read beside it, as detection finds them")

    def pattern_split(self, relpath: str) -> str | None:
        """The split the first of `split_patterns` that `relpath` matches names; None: no pattern
        matches (or there are none)."""
        return dataset_card.split_of(self.split_patterns, relpath)

    def split_of(self, relpath: str) -> tuple[str, str]:
        """(the split its split folder names, the path inside that folder); ("", relpath) outside
        split folders. A split pattern's split comes first (the path then kept whole)."""
        if self.split_patterns:
            split = self.pattern_split(relpath)
            if split is not None:
                return split, relpath
        structure = self.structure
        if structure is not None:
            folder = structure.split_folder_of(relpath)
            if not folder:
                return "", relpath
            return dict(structure.split_names).get(folder, folder), relpath.split("/", structure.split_level + 1)[-1]
        if not self.split_folders:
            return "", relpath
        folder, _, rest = relpath.partition("/")
        return (folder, rest) if folder in self.split_folders and rest else ("", relpath)

    def class_level_of(self, relpath: str) -> int:
        """The path component that names a file's class (counted from 0 at SRC), or -1 where its
        split has no class folders."""
        structure = self.structure
        if structure is None:
            return 1 if self.split_of(relpath)[0] else 0
        return dict(structure.label_levels).get(structure.split_folder_of(relpath), -1)

    def provenance(self, *, ratios: object = None) -> tuple[str, str]:
        """(which files give the records' labels, which give their splits), one phrase each, for
        the plan: every plan says both (`shardify.plan.provenance`)."""
        return provenance.provenance(self, ratios=ratios)

    def is_label_file(self, relpath: str) -> bool:
        """`relpath` is the label file, or one of the tables its glob names (`Labels/*.csv`: a `*`
        stays within a folder, as Beam's FileSystems.match reads it)."""
        if relpath == self.labels_file:
            return True
        if not self.labels_file or not GLOB_CHARACTERS & set(self.labels_file):
            return False
        return relpath.count("/") == self.labels_file.count("/") and fnmatch.fnmatchcase(relpath, self.labels_file)

    def is_auxiliary(self, relpath: str) -> bool:
        """A file the dataset ships beside its inputs, not an input: the files that give its
        splits and labels; in a folder layout read by its structure, also masks beside the images,
        documentation and metadata
        (by name or extension: text files too, in an image dataset), and files of another kind
        than the images lying above the class folders (`aclImdb/imdbEr.txt`).

        Detection's rules ask it of each sampled path about nine times, of the same layout: the
        answers of the last layout asked are kept (it is frozen, so they cannot change), at most
        `_AUXILIARY_KEPT` paths, and never pickled with it."""
        global _LAST_AUXILIARY
        last = _LAST_AUXILIARY  # (layout, its answers by path, its named files): replaced whole, so read whole
        if last[0] is not self:
            last = _LAST_AUXILIARY = (self, {}, self._named_auxiliary())
        answers = last[1]
        found = answers.get(relpath)
        if found is None:
            if len(answers) >= _AUXILIARY_KEPT:
                answers.clear()
            found = answers[relpath] = layout_auxiliary.is_auxiliary(self, relpath, last[2])
        return found

    def auxiliary_test(self) -> Callable[[str], bool]:
        """`is_auxiliary` for a caller that asks each path once (the listing stage asks it of every
        listed file): the same answers, not kept, since keeping and dropping them cost ~1 µs a path
        there (2.8 against 3.8 µs, perf35)."""
        return functools.partial(layout_auxiliary.is_auxiliary, self, named=self._named_auxiliary())

    def _named_auxiliary(self) -> frozenset[str | None]:
        """The files the layout names beside its inputs: gathered once a layout, not once a path (~1 µs a listed file)."""
        return frozenset((self.vocabulary_file, *self.groupings, *self.left_out, *(f for _, f in self.row_labels),
                          *(f for _, f in self.split_ids), *(f for _, f in self.row_splits), *(j.texts for j in self.text_joins),
                          *(f for e in self.evidence for f in (e.path, e.ids)), self.label_ids_file or None))

    def class_folder_of(self, relpath: str) -> str | None:
        """The class folder a file lies in (at its split's class level), or None: it lies above
        that level, or its split has no class folders."""
        level = self.class_level_of(relpath)
        parts = relpath.split("/")
        if not 0 <= level < len(parts) - 1:
            return None
        if self.structure is not None and self.structure.class_leaf:
            return parts[-2]  # the file's own folder, the fine class (see `Structure.class_leaf`)
        return "/".join(parts[level:-1]) if self.structure is not None and self.structure.class_path else parts[level]


# `SourceLayout.is_auxiliary`'s answers: of the last layout asked, for at most this many paths.
_AUXILIARY_KEPT = 4096
_LAST_AUXILIARY: tuple[SourceLayout | None, dict[str, bool], frozenset[str | None]] = (None, {}, frozenset())
