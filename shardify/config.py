"""What to convert and how: the options of one conversion, checked when they are made.

Requests with a grammar of their own (`--shards`, `--split`, `--max-rejects`) are held as typed
values (`shardify.plan.requests`): the CLI parses them at the edge; a library caller may pass the
option's text, parsed here once.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from shardify.converters import columns, no_label_values, texts, vote_majority
from shardify.converters.raw_pixels import StorePixels, parse_store_pixels
from shardify.converters.resize import Resize, parse_resize
from shardify.errors import InvalidInputError
from shardify.format import contract, naming
from shardify.inputs.excludes import Excludes, parse_exclude
from shardify.plan import box_columns, layout
from shardify.plan.defaults import DEFAULT_MAX_PIXELS, DEFAULT_MAX_REJECTS, DEFAULT_VALIDATE, VALIDATION_LEVELS
from shardify.plan.label_names import normalise_label
from shardify.plan.label_spellings import LabelAliases, parse_label_aliases
from shardify.plan.requests import (
    RejectLimit,
    ShardRequest,
    SplitRatios,
    parse_max_rejects,
    parse_shards,
    parse_split_ratios,
)

__all__ = ["ConvertConfig"]


@dataclass(frozen=True)
class ConvertConfig:
    """One conversion's options; recorded in the manifest's "options" (paths excepted).

    Attributes:
      source: the raw data folder (local path or a Beam file system URL).
      output: the output folder.
      shards: the shard count of the largest split (others scaled by records), counts per split, or
        a shard size (`--shards 64`, `train=64,validation=8`, `--shard-size 128MB`); text or an int
        is parsed with `parse_shards`.
      seed: seeds the record order and the ratio split.
      max_pixels: larger images are rejected.
      layout: one of `layout.LAYOUTS` to force it, or "" to detect.
      labels_file: a label file (CSV, TSV or JSONL) mapping paths or ids to labels.
      split: ratios to split by a seeded hash ("train=0.8,test=0.2" is parsed), or None (split
        folders, else one split).
      label_names: the label vocabulary in index order, or () for the sorted names found.
      text_column: tables: the text column(s), by name or number from 1, several joined: "2,3".
      label_column, keep_columns, label_separator, header, json_records: see `columns.TableOptions`.
      unlabelled_value: a label cell that means "no label" (Wikipedia Movie Plots' Genre 'unknown'):
        rows whose label column holds it (compared without case or surrounding spaces; several
        comma-separated) are written unlabelled; "" says no value means that (every value a class);
        None: not said (a stop over a label column holding such a word names this option).
      label_alias: `--label-alias` as (spelling, class) pairs: records labelled with a spelling are
        written as its class (`Neative=Negative`; `X=X` keeps X a class of its own); 'A=B,C=D' is parsed
        (see `shardify.plan.label_spellings`).
      key_column: a metadata table found beside the inputs (see `shardify.plan.keyed_tables`):
        the column naming the inputs, by name or number from 1, where two columns do; "": the
        one whose values name them. With `labels_file`: where its cells are file names, the column
        (or columns, "clinic,derm") of that table naming the inputs (`discover/key_paths.py`); else
        the id column both it and the tables of texts hold, by which its labels are joined onto
        their rows (`discover/given_label_joins.py`).
      label_from_name: a regular expression with one group: the group of a file's name is its
        label (the named_files layout).
      unlabelled_files: with `label_from_name`: globs over paths relative to SRC (as `exclude`'s);
        a file the pattern does not match is a record without a label where one matches it, not a
        reject (Ships in Satellite Imagery's whole scenes beside its `1__...png` chips). A file the
        pattern matches keeps its label; one neither matches is still rejected.
      class_ids: detection datasets: how objects' class/label numbers their classes (see
        contract.CLASS_ID_CONVENTIONS): "label-map" from 1 (the default, with label_map.pbtxt:
        detection trainers keep 0 for the background), "contiguous" from 0, "source" (the
        dataset's own ids, COCO's 1-90).
      masks: detection datasets: store one PNG mask per object (COCO's polygons and RLE).
      keypoints: COCO: store each object's keypoints, read from the person_keypoints_*.json files
        (or the keypoints of a file given with --labels).
      boxes_outside: "clip" a box that leaves the image to the image, or "drop" its object; either
        is said in repaired.jsonl.
      label_votes: a label table of vote counts, a column per class (FER+'s `fer2013new.csv`): the rule
        that makes a row's class of its votes, a key of `vote_majority.VOTE_RULES` ("majority": the class
        with more than half of the votes); "" for none (such a table stops: `plan/vote_columns.py`).
      box_order: tables of boxes read by content (no header naming their box columns): which of
        the readings their rows leave open is meant, a key of `box_columns.BOX_ORDER_NAMES`
        ("xyxy", "xxyy", "xywh"); "" for none (several readings fitting every image: a stop).
      label_level: image_folders, text_folders: the folder level that names a file's class,
        counting folders from SRC (1: SRC/<class>/...; 0: no class folders, the records are
        unlabelled), or None to read it from the structure.
      encoding: of text files.
      follow_outside_links: read files that symlinks inside the source point to outside it.
      validate: how images are checked before they are stored: "full" decodes them, "header"
        checks header and structure only (see `defaults.VALIDATION_LEVELS`).
      apply_exif_orientation: store images upright (re-encoded) instead of recording the EXIF
        orientation they need.
      resize: store images larger than it asks shrunk to it (`--resize shorter:256` with
        `--jpeg-quality`; see `converters.resize`), or None: every image as found. Text
        ("shorter:256") is parsed with `parse_resize`.
      store_pixels: which images are stored as their uint8 pixels instead of encoded (never, auto:
        at most 64x64, always; see `converters.raw_pixels`). Text ("auto") is parsed with
        `parse_store_pixels`.
      layout_given: how to read SRC, from a layout file (`--layout-file`; see
        `shardify.plan.layout_file`): detection is skipped, and with it `layout`, `labels_file` and
        `label_level`, which the layout already holds. None: detected.
      max_rejects: the run fails (no manifest; the report is kept) when more inputs are rejected:
        a count ("50") or a share of the inputs tried ("10%"), parsed into a RejectLimit.
      exclude: `--exclude` globs over paths relative to SRC: the files (or folders) they match are
        neither inputs nor evidence (see `shardify.inputs.excludes`); checked by `parse_exclude`.
    """

    source: str
    output: str
    shards: ShardRequest = ShardRequest(largest=1)
    seed: int = 0
    max_pixels: int = DEFAULT_MAX_PIXELS
    layout: str = ""
    labels_file: str = ""
    split: SplitRatios | None = None
    label_names: tuple[str, ...] = ()
    text_column: str = ""
    label_column: str = ""
    key_column: str = ""
    keep_columns: tuple[str, ...] = ()
    label_separator: str = ""
    unlabelled_value: tuple[str, ...] | None = None
    label_alias: LabelAliases = ()
    header: bool | None = None
    label_from_name: str = ""
    unlabelled_files: tuple[str, ...] = ()
    label_level: int | None = None
    class_ids: str = contract.DEFAULT_CLASS_IDS
    masks: bool = False
    keypoints: bool = False
    boxes_outside: str = "clip"
    box_order: str = ""
    label_votes: str = ""
    encoding: str = texts.DEFAULT_ENCODING
    json_records: str = ""
    max_rejects: RejectLimit = parse_max_rejects(DEFAULT_MAX_REJECTS)
    follow_outside_links: bool = False
    validate: str = DEFAULT_VALIDATE
    apply_exif_orientation: bool = False
    resize: Resize | None = None
    store_pixels: StorePixels = StorePixels()
    layout_given: layout.SourceLayout | None = None
    exclude: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # Text from a library caller, parsed once (each raises ValueError with the reason).
        if not isinstance(self.shards, ShardRequest):
            object.__setattr__(self, "shards", parse_shards(self.shards))
        if isinstance(self.split, str):
            object.__setattr__(self, "split", parse_split_ratios(self.split) if self.split else None)
        if isinstance(self.resize, (str, int)):
            object.__setattr__(self, "resize", parse_resize(str(self.resize)))
        if not isinstance(self.store_pixels, StorePixels):
            object.__setattr__(self, "store_pixels", parse_store_pixels(self.store_pixels))
        if isinstance(self.label_alias, str) or any(isinstance(pair, str) for pair in self.label_alias):
            object.__setattr__(self, "label_alias", parse_label_aliases(self.label_alias))
        if isinstance(self.unlabelled_value, str):
            object.__setattr__(self, "unlabelled_value", no_label_values.parse(self.unlabelled_value))
        if not isinstance(self.max_rejects, RejectLimit):
            object.__setattr__(self, "max_rejects", parse_max_rejects(self.max_rejects))
        patterns = (self.exclude,) if isinstance(self.exclude, str) else self.exclude
        object.__setattr__(self, "exclude", tuple(dict.fromkeys(parse_exclude(p) for p in patterns)))
        object.__setattr__(self, "unlabelled_files", _unlabelled_globs(self.unlabelled_files))
        for name in self.shards.per_split:
            naming.check_split_name(name)
        for name, _ in self.split.ratios if self.split else ():
            naming.check_split_name(name)
        if self.validate not in VALIDATION_LEVELS:
            raise ValueError(f"--validate {self.validate!r} is not one of {', '.join(VALIDATION_LEVELS)}")
        if self.max_pixels < 1:
            raise ValueError(f"max_pixels={self.max_pixels} must be positive")
        if self.layout and self.layout not in layout.LAYOUTS:
            raise ValueError(f"layout {self.layout!r} is not one of {', '.join(layout.LAYOUTS)}")
        if self.layout == layout.LABEL_FILE and not self.labels_file:
            raise ValueError("the label_file layout needs --labels FILE")
        if self.labels_file and self.layout not in ("", layout.LABEL_FILE, layout.COCO) and not (self.key_column and self.layout == layout.TABLES):
            raise ValueError(f"--labels goes with the label_file or coco layout, not {self.layout}")
        if self.label_from_name:
            _check_name_pattern(self.label_from_name)
            if self.labels_file or self.layout not in ("", layout.NAMED_FILES):
                raise ValueError("--label-from-name labels files by their names: it goes with no --labels and no other --layout")
        elif self.layout == layout.NAMED_FILES:
            raise ValueError("the named_files layout needs --label-from-name REGEX")
        if self.unlabelled_files and not self.label_from_name:
            raise ValueError("--unlabelled-files names the files --label-from-name REGEX does not match that are records "
                             "without a label: it goes with --label-from-name")
        if self.key_column and self.layout_given is not None:
            raise ValueError("--key-column feeds detection, which a layout file skips: write `key_column:` in the file (with its "
                             "labels_file), or a metadata table's key as its evidence entry's `column` (docs/layout-files.md)")
        if self.layout_given is not None and (self.layout or self.labels_file or self.label_level is not None):
            raise ValueError("a layout file says how SRC is read: --layout, --labels and --label-level go in it, not beside it")
        if self.class_ids not in contract.CLASS_ID_CONVENTIONS:
            raise ValueError(f"--class-ids {self.class_ids!r} is not one of {', '.join(contract.CLASS_ID_CONVENTIONS)}")
        if self.boxes_outside not in ("clip", "drop"):
            raise ValueError(f"--boxes-outside {self.boxes_outside!r} is not clip or drop")
        if self.label_votes and self.label_votes not in vote_majority.VOTE_RULES:
            raise ValueError(f"--label-from-votes {self.label_votes!r} is not one of {', '.join(vote_majority.VOTE_RULES)}")
        if self.label_votes and (not self.labels_file or self.label_column.strip() or self.label_separator):
            raise ValueError("--label-from-votes reads the vote columns of the table --labels FILE names, in place of a label "
                             "column: it goes with --labels, and not with --label-column or --label-separator")
        if self.box_order and self.box_order not in box_columns.BOX_ORDER_NAMES:
            raise ValueError(f"--box-order {self.box_order!r} is not one of {', '.join(box_columns.BOX_ORDER_NAMES)}")
        if self.box_order and self.layout_given is not None:
            raise ValueError("--box-order feeds detection, which a layout file skips: its evidence's box_format lines say "
                             "how each table of boxes reads (docs/layout-files.md)")
        if self.label_level is not None:
            if self.label_level < 0:
                raise ValueError(f"--label-level {self.label_level}: a folder level counts from 1 (0: no class folders)")
            if self.labels_file or self.label_from_name or self.layout not in ("", layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS):
                raise ValueError("--label-level names class folders: it goes with image_folders or text_folders, no --labels")
        try:
            names = tuple(normalise_label(name) for name in self.label_names)
        except InvalidInputError as error:
            raise ValueError(f"--label-names: {error.reason}") from None
        if len(set(names)) != len(names) or not all(names):
            raise ValueError("label names must be distinct and non-empty (after Unicode normalisation)")
        object.__setattr__(self, "label_names", names)
        texts = columns.parse_column_list(self.text_column)
        if len(set(texts)) != len(texts) or self.label_column.strip() in texts:
            raise ValueError(
                f"--text-column {self.text_column!r} and --label-column {self.label_column!r} name a column twice: name each once"
            )
        try:
            "".encode(self.encoding)
        except LookupError:
            raise ValueError(f"unknown encoding {self.encoding!r}") from None

    @property
    def excludes(self) -> Excludes:
        """The `--exclude` patterns as a test of a path relative to SRC."""
        return Excludes(self.exclude)

    @property
    def table_options(self) -> columns.TableOptions:
        return columns.TableOptions(
            columns.parse_column_list(self.text_column),
            self.label_column.strip(),
            self.keep_columns,
            self.label_separator,
            self.header,
            self.encoding,
            self.json_records.strip(),
            unlabelled_values=self.unlabelled_value,
            label_votes=self.label_votes,
        )

    def manifest_options(self) -> dict[str, object]:
        """The options as the manifest records them: requests as their option's text."""
        options = asdict(self)
        del options["source"], options["output"], options["layout_given"]  # the manifest records the layout
        options["shards"] = str(self.shards)
        options["split"] = str(self.split) if self.split else ""
        options["max_rejects"] = str(self.max_rejects)
        options["store_pixels"] = str(self.store_pixels)
        options["label_names"] = list(self.label_names)
        options["label_alias"] = {spelling: name for spelling, name in self.label_alias}
        options["keep_columns"] = list(self.keep_columns)
        options["exclude"] = list(self.exclude)
        options["unlabelled_files"] = list(self.unlabelled_files)
        return options


def _unlabelled_globs(patterns: str | tuple[str, ...]) -> tuple[str, ...]:
    """`--unlabelled-files` globs, each checked as an `--exclude` glob is (`parse_exclude`), once each.

    Raises:
      ValueError: a pattern is empty, absolute, climbs out of SRC or opens a class it never closes.
    """
    found = []
    for pattern in (patterns,) if isinstance(patterns, str) else patterns:
        try:
            found.append(parse_exclude(pattern))
        except ValueError as error:
            raise ValueError(str(error).replace("--exclude", "--unlabelled-files")) from None
    return tuple(dict.fromkeys(found))


def _check_name_pattern(pattern: str) -> None:
    """`--label-from-name` must compile and hold exactly one group: the label.

    Raises:
      ValueError: it does not.
    """
    try:
        groups = re.compile(pattern).groups
    except re.error as error:
        raise ValueError(f"--label-from-name {pattern!r} is not a regular expression: {error}") from None
    if groups != 1:
        raise ValueError(f"--label-from-name {pattern!r} must hold exactly one group (...), the label; it holds {groups}")
