"""Detect a source folder's layout before the pipeline is built, from a bounded sample.

The launcher looks at the top of SRC and at most DETECT_SAMPLE_FILES files, so detection costs the
same for a thousand files or a billion; the pipeline then lists everything.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import posixpath
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import box_tables, card, class_list, coco_like, guards, mat_annotations
from shardify.beam_jobs.discover.candidates import Listed
from shardify.beam_jobs.discover.evidence import unlisted_in_no_split
from shardify.beam_jobs.discover.list_archives import member_prefix
from shardify.beam_jobs.discover import set_aside
from shardify.beam_jobs.discover.listing import list_file, list_tree, real_folder, sample_tree, spread_over_folders
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import archives, coco_urls, evidence_files, hdf5_arrays, label_files, line_tables, mat_arrays, qa_json, yolo_yaml
from shardify.converters.evidence_files import first_lines
from shardify.errors import DoubtedGuess, InvalidInputError, SourceError, UsageError
from shardify.format import contract, naming
from shardify.inputs import json_input
from shardify.inputs.files import size_of
from shardify.inputs.paths import is_local_path, join_path
from shardify.plan import content_lists, evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.entries import Reject
from shardify.plan.evidence import Evidence
from shardify.plan.known_names import known_vocabulary
from shardify.plan.structure import split_word

__all__ = [
    "DETECT_SAMPLE_FILES",
    "LABEL_KEY_SAMPLE_ROWS",
    "SMALL_SOURCE_BYTES",
    "SourceScan",
    "detect_source",
    "resolve_layout",
    "labels_file_path",
]

# Files looked at to tell image folders from text folders, tables and caption pairs.
DETECT_SAMPLE_FILES = 2000
# A source seen whole in the sample and at most this large converts in one process: starting Beam's
# worker processes (about 2.5 s here, measured) costs more than a second core saves on it.
SMALL_SOURCE_BYTES = 128 << 20
# Label file rows looked at to tell path keys from file-name and id keys.
LABEL_KEY_SAMPLE_ROWS = 100
# Archives opened to sample their members (their paths decide the layout like files' do).
_DETECT_ARCHIVES = 3
# Bytes read at a time when scanning a COCO file for its first file names.
_SCAN_BLOCK_BYTES = 1 << 20
_COCO_SCAN_BYTES = 64 << 20  # file names sampled from a COCO file's first 64 MiB at most
# A COCO file's "images" list comes after its small "info" and "licenses" blocks.
_COCO_HEAD_BYTES = 64 << 10


def _relative_labels_file(source: str, labels_file: str) -> str:
    """The label file relative to SRC when it is inside SRC (then it is not an input), else as given."""
    if is_local_path(source) and is_local_path(labels_file):
        real_source, real_file = os.path.realpath(source), os.path.realpath(labels_file)
        if os.path.commonpath([real_source, real_file]) == real_source:
            return os.path.relpath(real_file, real_source).replace(os.sep, "/")
        return os.path.abspath(labels_file)
    prefix = source.rstrip("/") + "/"
    return labels_file[len(prefix) :] if labels_file.startswith(prefix) else labels_file


def labels_file_path(source: str, labels_file: str) -> str:
    """Where to open a SourceLayout's label file."""
    if is_local_path(labels_file) and os.path.isabs(labels_file) or "://" in labels_file:
        return labels_file
    return join_path(source, labels_file)


def _label_file_sample(path: str, shown: str, config: ConvertConfig) -> layout.LabelFileSample:
    """The first rows' keys of a label or annotation file, and what it holds.

    Raises:
      SourceError: it cannot be read.
    """
    try:
        if label_files.label_file_format(path) == label_files.COCO:
            return _coco_sample(path, shown)
        keys, captions, order = [], False, False
        with open_input(path) as fileobj:
            rows = label_files.read_label_rows(
                fileobj, path, label_column=config.label_column, size_bytes=size_of(fileobj)
            )
            for row in itertools.islice(rows, LABEL_KEY_SAMPLE_ROWS):
                if isinstance(row, label_files.LabelRow):
                    keys.append(row.key)
                    captions = captions or bool(row.caption)
                    order = order or row.key.startswith("#")
    except (OSError, InvalidInputError) as error:
        raise SourceError(f"cannot read the label file {path}: {getattr(error, 'reason', error)}") from None
    return layout.LabelFileSample(shown, tuple(keys), label_files.label_file_format(path), captions, order)


_COCO_FILE_NAME = re.compile(rb'"file_name"\s*:\s*"((?:[^"\\]|\\.)*)"')


def _coco_sample(path: str, shown: str) -> layout.LabelFileSample:
    """Keys and captions of a COCO file from a scan of its bytes (it can be hundreds of MB: the
    worker that reads it parses it once; detection does not)."""
    keys: list[str] = []
    url_keys: list[str] = []  # LVIS names its images by coco_url only: their paths are its keys
    captions = False
    with open_input(path) as fileobj:
        tail = b""
        for _ in range(_COCO_SCAN_BYTES // _SCAN_BLOCK_BYTES):
            block = fileobj.read(_SCAN_BLOCK_BYTES)
            if not block:
                break
            chunk = tail + block
            if len(keys) < LABEL_KEY_SAMPLE_ROWS:
                keys += [key for m in _COCO_FILE_NAME.finditer(chunk) if (key := _json_string(m.group(1)))]
                url_keys += coco_urls.url_keys(chunk)[: LABEL_KEY_SAMPLE_ROWS - len(url_keys)]
            captions = captions or b'"caption"' in chunk
            if captions and len(keys) >= LABEL_KEY_SAMPLE_ROWS:
                break
            tail = chunk[-256:]
        if not keys and not url_keys:  # LVIS's images follow its annotations, hundreds of MB in
            url_keys = coco_like.url_keys_at_end(fileobj, size_of(fileobj), LABEL_KEY_SAMPLE_ROWS)
    keys = keys or url_keys
    return layout.LabelFileSample(shown, tuple(dict.fromkeys(keys))[:LABEL_KEY_SAMPLE_ROWS], label_files.COCO, captions)


def _json_string(escaped: bytes) -> str | None:
    """The string a JSON string literal's inside spells, or None if it is not valid JSON."""
    try:
        value = json_input.parse(b'"' + escaped + b'"')
    except InvalidInputError:
        return None
    return value if isinstance(value, str) else None


def _looks_like_qa(path: str) -> bool:
    """A .json whose first bytes are SQuAD's question-answering shape (see `qa_json`): a table."""
    try:
        with open_input(path) as fileobj:
            return qa_json.looks_like_qa(fileobj.read(qa_json.HEAD_BYTES))
    except (OSError, InvalidInputError):
        return False


def _line_tables(config: ConvertConfig, top_files: set[str]) -> bool:
    """Files at the top of SRC that are tables by their content, not their extension: SQuAD-style
    .json, fastText's `__label__` lines in a .txt (see `qa_json`, `line_tables`)."""
    for path in sorted(top_files):
        ext = layout.extension(path)
        if ext == "json" and _looks_like_qa(join_path(config.source, path)):
            return True
        if ext == "txt" and line_tables.is_fasttext(_first_line(config, path) or b""):
            return True
    return False


def _looks_like_coco(path: str, shown: str) -> bool:
    """A .json whose first bytes hold an "images" list: a COCO-style annotation file. One that is
    not, or is over the annotation files' size limit, is set aside with why (`shown`: its name)."""
    try:
        with open_input(path) as fileobj:
            size = size_of(fileobj)
            if size is not None and size > label_files.MAX_ANNOTATION_BYTES:
                limit_mib = label_files.MAX_ANNOTATION_BYTES >> 20
                set_aside.note(shown, f"{size:,} bytes, more than the {limit_mib} MiB an annotation file may hold")
                return False
            head = fileobj.read(_COCO_HEAD_BYTES)
    except (OSError, InvalidInputError) as error:
        set_aside.note(shown, f"cannot be read: {getattr(error, 'reason', None) or error}")
        return False
    if coco_like.looks_like_annotations(head):
        return True
    set_aside.note(shown, f'no "images" list in its first {_COCO_HEAD_BYTES >> 10} KiB: not read as COCO annotations')
    return False


def _found_label_file(config: ConvertConfig, sample: list[str], top_files: set[str], top_folders: list[str]) -> str:
    """A label or annotation file in SRC used without `--labels`: labels.csv (or .tsv, .jsonl,
    .parquet) beside data files, or the one COCO-style .json at the top or in annotations/.

    Raises:
      UsageError: several annotation files: which one is for the user to say.
    """
    has_data_files = any(layout.extension(p) not in layout.TABLE_EXTENSIONS | {"json"} for p in sample)
    found = [name for name in layout.LABEL_FILE_NAMES if name in top_files]
    # A Hugging Face imagefolder's one metadata file at the top (file_name relative to SRC).
    found += [name for name in _HF_METADATA_FILES if name in top_files and _names_files(config, name)]
    found = [name for name in found if FileSystems.exists(join_path(config.source, name))]  # not in an archive
    if found and has_data_files:
        return found[0]
    candidates = [p for p in sample if layout.extension(p) == "json" and p.count("/") <= 1]
    candidates = [p for p in candidates if "/" not in p or p.split("/")[0] in ("annotations", "annotation")]
    coco = sorted(p for p in candidates if _looks_like_coco(join_path(config.source, p), p))
    if _coco_per_split(coco, keypoints=config.keypoints) or _lvis_per_split(config, coco):
        return ""  # one annotation file per split: read as the dataset's evidence (see _find_evidence)
    if len(coco) > 1:
        raise UsageError(
            f"{config.source} holds {len(coco)} annotation files ({', '.join(coco)}): choose one with --labels FILE"
        )
    return coco[0] if coco and has_data_files else ""


def _coco_per_split(coco: Sequence[str], *, keypoints: bool = False) -> list[tuple[str, str]]:
    """(file, split) of COCO instance files, one per split (`instances_train2017.json`,
    `instances_val2017.json`, `image_info_test2017.json` for an unlabelled test split), when there
    are several; else []. With `keypoints`, the keypoint files (`person_keypoints_train2017.json`)."""
    found = []
    prefix = "person_keypoints_" if keypoints else "instances_"
    for path in coco:
        stem = layout.stem(path)
        rest = stem[len(prefix) :] if stem.startswith(prefix) else stem[len("image_info_") :] if stem.startswith("image_info_test") else ""
        if split_word(rest):
            found.append((path, split_word(rest) or ""))
    splits = [split for _, split in found]
    return found if len(found) >= 2 and len(set(splits)) == len(splits) else []


def _lvis_per_split(config: ConvertConfig, coco: Sequence[str]) -> list[tuple[str, str]]:
    """(file, split) of COCO-like files named by split that name their images by URL (LVIS's)."""

    def by_url(path: str) -> bool:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                return coco_like.names_images_by_url(fileobj, size_of(fileobj))
        except (OSError, InvalidInputError):
            return False

    return [] if config.keypoints else coco_like.split_files(coco, by_url)


# Evidence files read at detection, and the bytes of each looked at.
_EVIDENCE_CANDIDATES = 200
_EVIDENCE_HEAD_BYTES = 64 << 10
_EVIDENCE_HEAD_LINES = 40
_HF_METADATA_NAME = "metadata.jsonl"  # a Hugging Face imagefolder's metadata with objects (see _hf_metadata)
# A Hugging Face imagefolder's metadata files: `file_name` names an image, the other columns are
# its features (`text` a caption). Read as a label file where one lies at the top of SRC.
_HF_METADATA_FILES = ("metadata.csv", "metadata.jsonl")


def _first_line(config: ConvertConfig, path: str) -> bytes | None:
    """The first line (at most _EVIDENCE_HEAD_BYTES) of `path` relative to SRC, or None where it
    cannot be read."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return fileobj.readline(_EVIDENCE_HEAD_BYTES)
    except (OSError, InvalidInputError):
        return None


def _first_row(config: ConvertConfig, path: str) -> dict | None:
    """The first row of the JSON lines file `path` relative to SRC, where it is an object."""
    first = _first_line(config, path)
    try:
        row = json_input.parse(first) if first is not None else None
    except InvalidInputError:
        return None
    return row if isinstance(row, dict) else None


def _names_files(config: ConvertConfig, path: str) -> bool:
    """Whether the first line of the table `path` (relative to SRC) has a `file_name` column (and,
    in JSON lines, no `objects`)."""
    if path.endswith(".jsonl"):
        row = _first_row(config, path)
        # with `objects` it is a detection dataset's, read as evidence (_hf_metadata)
        return row is not None and isinstance(row.get("file_name"), str) and "objects" not in row
    first = _first_line(config, path)
    header = first.decode("utf-8", errors="replace") if first is not None else ""
    return "file_name" in [cell.strip().strip('"') for cell in header.split(",")]


def _hf_metadata_per_folder(config: ConvertConfig, sample: list[str]) -> list[str]:
    """Hugging Face imagefolder metadata files below the top of SRC (one per split folder) that
    name files and carry no objects: a shape not read yet."""
    return sorted(
        p for p in sample if "/" in p and posixpath.basename(p) in _HF_METADATA_FILES and _names_files(config, p)
    )
# A vocabulary file is read whole: ImageNet-21k's 21,843 names fit.
_VOCABULARY_LINES = 30_000


def _head(config: ConvertConfig, relpath: str, *, lines: int = _EVIDENCE_HEAD_LINES) -> list[str]:
    try:
        with open_input(join_path(config.source, relpath)) as fileobj:
            return first_lines(fileobj.read(_EVIDENCE_HEAD_BYTES), lines)
    except (OSError, InvalidInputError):
        return []


def _find_evidence(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> tuple[tuple[Evidence, ...], list[str]]:
    """The files of a folder layout's source that give its inputs' splits and labels, and notes on
    what was found and left unused."""
    texts = [p for p in sample if detected.is_auxiliary(p) and layout.extension(p) in ("txt", "csv", "lst", "")]
    texts = [p for p in texts[:_EVIDENCE_CANDIDATES] if FileSystems.exists(join_path(config.source, p))]  # not a member
    heads = {p: _head(config, p) for p in texts}
    found: list[Evidence] = []
    names_inputs = _names_inputs(sample, detected)
    for path, lines in heads.items():
        folder = posixpath.dirname(path)
        id_files = {p: h for p, h in heads.items() if p != path and posixpath.dirname(p) == folder}
        recognised = evidence_lib.recognise(path, lines, id_files=id_files)
        recognised = recognised or content_lists.recognise_list(path, lines, names_inputs)
        if recognised is not None:
            found.append(recognised)
    found += _annotation_folders(config, sample)
    found += _yolo_labels(config, sample)
    found += _hf_metadata(config, sample)
    found += _segmentation_masks(sample, detected)
    found += _mat_evidence(config, sample, detected)
    coco = sorted(
        p
        for p in sample
        if layout.extension(p) == "json" and p.count("/") <= 1 and FileSystems.exists(join_path(config.source, p))
        and _looks_like_coco(join_path(config.source, p), p)
    )
    for path, split in _coco_per_split(coco, keypoints=config.keypoints) or _lvis_per_split(config, coco):
        found.append(Evidence(path, evidence_lib.COCO_SPLIT, evidence_lib.KeyRule(1, True), split=split, note=f"{path}: annotations of {split}"))
    notes = []
    structure = detected.structure
    split_files = [e for e in found if e.kind in (evidence_lib.SPLIT_LIST, evidence_lib.SPLIT_CODES)]
    if structure is not None and structure.split_level >= 0 and split_files:
        # A list with a class column still labels its files (GTSRB's GT-final_test.csv beside the
        # unlabelled Final_Test/Images/): read as label lines, its split left to the folders.
        labelling = [e for e in split_files if e.kind == evidence_lib.SPLIT_LIST and e.label_column is not None]
        unused = [e for e in split_files if e not in labelling]
        if unused:
            notes.append(f"not used: {', '.join(e.path for e in unused[:4])} (split folders give the splits)")
        digits = _numbered_class_digits(sample, detected)
        found = [e for e in found if e not in split_files] + [
            dataclasses.replace(
                e, kind=evidence_lib.LABEL_LINES, split="", label_digits=digits,
                note=f"{e.path}: labels from its column {e.label_column + 1} (split folders give the splits)"
                + (f", numbers written with {digits} digits as the class folders are" if digits else ""),
            )
            for e in labelling
        ]
    lists, skipped = evidence_lib.finest_lists([e for e in found if e.kind == evidence_lib.SPLIT_LIST])
    others = [e for e in found if e.kind != evidence_lib.SPLIT_LIST]
    folders_label_all = (
        structure is not None
        and all(level >= 0 or split in structure.named_splits for split, level in structure.label_levels)
        and not structure.unlabelled
    )
    # Annotation folders beside class folders (Kaggle ImageNet's train/<wnid>/ XMLs) say what the
    # folders say; reading them would cost a file per image.
    beside_classes = [
        e for e in others if e.kind == evidence_lib.XML_OBJECTS and structure is not None and detected.class_level_of(e.path + "/x.xml") >= 0
    ]
    if beside_classes:
        notes.append(f"not used: {len(beside_classes)} annotation folders beside class folders ({beside_classes[0].path}...)")
        others = [e for e in others if e not in beside_classes]
    label_only = [e for e in others if e.gives_labels and not e.gives_split]
    if folders_label_all and label_only:
        notes.append(f"not used: {', '.join(e.path for e in label_only)} (class folders or names label every file)")
        others = [e for e in others if e not in label_only]
    if skipped:
        notes.append(f"split lists not used: {', '.join(skipped[:4])}" + (f" and {len(skipped) - 4} more" if len(skipped) > 4 else ""))
    coco_unused = [p for p in coco if p not in {e.path for e in others}]
    if coco_unused and any(e.kind == evidence_lib.COCO_SPLIT for e in others):
        read = "person_keypoints_* (--keypoints)" if config.keypoints else "instances_*"
        notes.append(f"annotation files not used: {', '.join(coco_unused)} (one per split is read: {read})")
    chosen = tuple(sorted(lists + others, key=lambda e: e.path))
    if unlisted_in_no_split(chosen):
        notes.append("inputs in no split list: in no split, counted with the auxiliary files (not records, not rejects)")
    return chosen, [e.note for e in chosen] + notes


def _numbered_class_digits(sample: list[str], detected: layout.SourceLayout) -> int:
    """The width of the class folders' names where all are numbers of one width with leading
    zeros (GTSRB's 00000..00042), else 0: a class column's `14` then means folder `00014`."""
    names = set()
    for path in sample:
        level = detected.class_level_of(path)
        parts = path.split("/")
        if level >= 0 and not detected.is_auxiliary(path) and level < len(parts) - 1:
            names.add(parts[level])
    widths = {len(name) for name in names}
    if not names or not all(name.isdigit() for name in names) or len(widths) != 1 or not any(n.startswith("0") for n in names):
        return 0
    return widths.pop()


def _names_inputs(sample: list[str], detected: layout.SourceLayout) -> Callable[[Sequence[str]], bool]:
    """Whether a file's keys name the source's inputs: most of them name a sampled input where
    the sample is the whole source, at least one where it is part of it (a list's first lines
    then name files the sample may have passed over)."""
    inputs = [p for p in sample if not detected.is_auxiliary(p)]
    whole = len(sample) < DETECT_SAMPLE_FILES

    def names(keys: Sequence[str]) -> bool:
        rule = evidence_lib.key_rule(keys)
        known = {evidence_lib.file_key(p, rule) for p in inputs}
        matched = sum(evidence_lib.row_key(k, rule) in known for k in keys)
        return matched * 2 > len(keys) if whole else matched > 0

    return names


# .mat files read at detection (their variables' names and shapes decide what they give).
_MAT_CANDIDATES = 20


def _mat_evidence(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> list[Evidence]:
    """What the source's MATLAB files give: split arrays, labels by image number, split lists."""
    files = {}
    for path in [p for p in sample if layout.extension(p) == "mat" and detected.is_auxiliary(p)][:_MAT_CANDIDATES]:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                files[path] = evidence_files.read_mat(fileobj)
        except (OSError, InvalidInputError) as error:
            set_aside.note(path, getattr(error, "reason", None) or str(error))
    found, used = mat_annotations.struct_evidence(sample, files)  # struct arrays of boxes and classes
    for path in sorted(set(files) - used):
        variables = evidence_files.mat_variables(files[path])
        recognised = evidence_lib.mat_evidence(path, variables)
        if recognised is not None:
            found.append(recognised)
        else:
            set_aside.note(path, _mat_unused(variables))
    return found


def _mat_images(config: ConvertConfig, sample: list[str]) -> bool:
    """No image in the sample, and its .mat files hold image arrays (by their headers)."""
    if any(layout.extension(p) in layout.IMAGE_EXTENSIONS for p in sample):
        return False
    found = False
    for path in [p for p in sample if layout.extension(p) == "mat"][:_MAT_CANDIDATES]:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                found = found or mat_arrays.holds_images(fileobj)
        except OSError:
            continue
    return found


def _mat_unused(variables: dict[str, tuple[str, tuple[int, ...]]]) -> str:
    """Why a .mat file's variables give neither splits nor labels."""
    other = sorted(name for name, (kind, _) in variables.items() if kind == "other")
    if other:
        return f"{', '.join(other[:3])}: not a vector of whole numbers >= 0 (image numbers or labels), nor of file names"
    return f"its variables ({', '.join(sorted(variables)[:4]) or 'none'}) name no split's image numbers, file list or labels"


def _yolo_names(config: ConvertConfig, sample: list[str], folders: list[str]) -> tuple[str, tuple[str, ...]] | None:
    """(the data.yaml, its class names) of a YOLO export: a .yaml with `names` at the top of SRC or
    in a folder above the labels `folders` (the export's own folder, inside the wrapper its
    download unpacks into), the nearest first.

    Raises:
      UsageError: such a .yaml gives `names` in neither of YOLO's forms (guessing would number the
        classes wrong).
    """
    above = {"/".join(parts[:i]) for parts in (f.split("/") for f in folders) for i in range(len(parts))}
    candidates = [p for p in sample if layout.extension(p) in ("yaml", "yml") and posixpath.dirname(p) in above]
    for path in sorted(candidates, key=lambda p: (-p.count("/"), p)):
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                document = yolo_yaml.read_yaml(fileobj.read(_EVIDENCE_HEAD_BYTES))
        except (OSError, InvalidInputError):
            continue  # not the export's data.yaml
        try:
            names = yolo_yaml.yolo_names(document)
        except InvalidInputError as error:
            raise UsageError(f"{path}: {error.reason}; it numbers the classes of {folders[0]}/") from None
        if names:
            return path, names
    return None


def _hf_metadata(config: ConvertConfig, sample: list[str]) -> list[Evidence]:
    """A Hugging Face `imagefolder`'s metadata.jsonl files (one per split folder, or one at the
    top) whose first row has a `file_name` and `objects`: each names images of its own folder."""
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    found = []
    for path in sorted(p for p in sample if posixpath.basename(p) == _HF_METADATA_NAME):
        folder = posixpath.dirname(path)
        if not any(posixpath.dirname(p) == folder or p.startswith(folder + "/") or not folder for p in images):
            continue
        first = _first_row(config, path)
        if first is None or not isinstance(first.get("file_name"), str) or not isinstance(first.get("objects"), dict):
            continue
        parts = (folder.count("/") + 1 if folder else 0) + first["file_name"].strip().count("/") + 1
        note = f"{path}: Hugging Face imagefolder metadata (file_name, objects: bbox [x, y, w, h], categories)"
        found.append(Evidence(path, evidence_lib.HF_METADATA, evidence_lib.KeyRule(parts, True), note=note))
    return found


# A mask folder gives a segmentation dataset when nearly every sampled image has its mask: Pascal
# VOC's SegmentationClass/ covers a sixth of its images, and is left as auxiliary files.
_MASK_COVERAGE = 0.9


def _segmentation_masks(sample: list[str], detected: layout.SourceLayout) -> list[Evidence]:
    """The folder of PNG masks (ADE20K's `annotations/`, a `masks/` tree) mirroring the images'
    paths, when nearly every sampled image has a mask of the same path under it."""
    structure = detected.structure
    if structure is None or not structure.mask_folders:
        return []
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not any(p.startswith(m) for m in structure.mask_folders)]
    best: tuple[float, str, int] | None = None
    for folder in structure.mask_folders:
        masks = [p[len(folder) :].rsplit(".", 1)[0] for p in sample if p.startswith(folder) and layout.extension(p) == "png"]
        if not masks or not images:
            continue
        depth = round(sum(m.count("/") + 1 for m in masks) / len(masks))
        keys = {"/".join(m.split("/")[-depth:]) for m in masks}
        covered = sum(1 for p in images if "/".join(p.rsplit(".", 1)[0].split("/")[-depth:]) in keys) / len(images)
        if covered >= _MASK_COVERAGE and (best is None or covered > best[0]):
            best = (covered, folder.rstrip("/"), depth)
    if best is None:
        return []
    covered, folder, depth = best
    note = f"{folder}/: segmentation masks, one PNG per image by path ({covered:.0%} of sampled images have one)"
    return [Evidence(folder, evidence_lib.SEGMENTATION_MASKS, evidence_lib.KeyRule(depth, False), note=note)]


def _yolo_labels(config: ConvertConfig, sample: list[str]) -> list[Evidence]:
    """A YOLO export's labels folders, with data.yaml's class names: each image's label file is
    its path with the last `images` folder read as `labels` and the extension as .txt, as
    Ultralytics finds them (`images/train/x.jpg` -> `labels/train/x.txt`; Roboflow's
    `train/images/x.jpg` -> `train/labels/x.txt`). One Evidence per labels folder."""
    images = {p.rsplit(".", 1)[0] for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    by_folder: dict[str, list[str]] = {}
    for path in sample:
        parts = path.split("/")
        if layout.extension(path) == "txt" and "labels" in parts[:-1]:
            at = len(parts) - 2 - parts[-2::-1].index("labels")  # the last `labels` folder on the path
            by_folder.setdefault("/".join(parts[: at + 1]), []).append(path)
    mirroring = {}
    for folder, labels in sorted(by_folder.items()):
        mirrored = [evidence_lib.yolo_image_key(folder, p[len(folder) + 1 :]) for p in labels]
        if sum(1 for key in mirrored if key in images) * 2 >= len(labels):
            mirroring[folder] = mirrored
    found = _yolo_names(config, sample, list(mirroring)) if mirroring else None
    if found is None:
        return []
    yaml_file, names = found
    evidence = []
    for folder, mirrored in mirroring.items():
        parts = round(sum(key.count("/") + 1 for key in mirrored) / len(mirrored))
        note = f"{folder}/: YOLO labels (class cx cy w h), class names from {yaml_file} ({len(names)})"
        rule = evidence_lib.KeyRule(parts, False)
        evidence.append(Evidence(folder, evidence_lib.YOLO_LABELS, rule, names=names, names_file=yaml_file, note=note))
    return evidence



def _annotation_folders(config: ConvertConfig, sample: list[str]) -> list[Evidence]:
    """Folders of Pascal VOC annotations (`Annotations/<id>.xml`) beside the images they describe:
    most of their stems are images' stems, and the first holds an <annotation> with <object>s."""
    images = {layout.stem(p) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    by_folder: dict[str, list[str]] = {}
    for path in sample:
        if layout.extension(path) == "xml":
            by_folder.setdefault(posixpath.dirname(path), []).append(path)
    found = []
    for folder, paths in sorted(by_folder.items()):
        shared = sum(1 for p in paths if layout.stem(p) in images)
        head = " ".join(_head(config, paths[0], lines=200)) if shared * 2 >= len(paths) and folder else ""
        if "<annotation" in head and "<object>" in head:
            note = f"{folder}/: Pascal VOC annotations, one per image: its objects' names are its labels"
            found.append(Evidence(folder, evidence_lib.XML_OBJECTS, evidence_lib.KeyRule(1, False), note=note))
        elif shared * 2 >= len(paths) and folder:  # annotations by their names, but the first one read is not
            why = f"its first lines hold no <annotation> with an <object>, so {folder}/ was not read as Pascal VOC annotations"
            set_aside.note(paths[0], why)
    return found


def _single_file_layout(
    config: ConvertConfig, source_file: str, sample: list[str], top_folders: list[str]
) -> layout.SourceLayout:
    """SRC given as one file: a table (one record per row), or a label or annotation file whose
    files lie in its folder. Any .txt or .json is a label file, but a question-answering JSON
    (SQuAD's shape), which is a table; a table is one when its first keys name files (found beside
    it, or spelled like image and text file names).

    Raises:
      UsageError: neither a table nor a label file.
    """
    if layout.extension(source_file) not in layout.TABLE_EXTENSIONS | {"txt", "json"}:
        raise UsageError(
            f"{join_path(config.source, source_file)} is neither a folder, a table (.csv, .tsv, .jsonl, "
            ".parquet, .label) nor a label file (.txt, .json)"
        )
    others = [p for p in sample if p != source_file]
    if _line_tables(config, {source_file}):
        return layout.detect_layout([source_file], [], source_file=source_file, forced=config.layout)
    if config.layout != layout.TABLES:
        label_file = _label_file_sample(join_path(config.source, source_file), source_file, config)
        if (
            config.layout in (layout.LABEL_FILE, layout.COCO)
            or label_file.fmt != label_files.TABLE
            or _keys_name_files(label_file.keys, others)
        ):
            detected = layout.detect_layout(others, top_folders, label_file=label_file, forced=config.layout)
            note = f"SRC is the label file {source_file}: the files it names are found in its folder"
            return dataclasses.replace(detected, notes=(note, *detected.notes))
    return layout.detect_layout([source_file], [], source_file=source_file, forced=config.layout)


def _keys_name_files(keys: tuple[str, ...], sample: list[str]) -> bool:
    """The first keys of a table name files: found in the folder, or spelled like file names."""
    if not keys:
        return False
    _, how = layout.choose_label_key(keys, sample)
    known = layout.IMAGE_EXTENSIONS | layout.TEXT_EXTENSIONS
    return "judged by their shape" not in how or all(layout.extension(key) in known for key in keys)


@dataclass(frozen=True)
class SourceScan:
    """How much detection saw of the source: enough to tell a small source, which converts
    fastest in one process (see `runner.make_pipeline`), and whether archives need listing.

    Attributes:
      files: files seen (not junk, not rejected).
      num_bytes: their bytes.
      complete: the listing was seen whole (it holds at most DETECT_SAMPLE_FILES files).
      archives: archives are among the files (SRC may be one).
    """

    files: int
    num_bytes: int
    complete: bool
    archives: bool

    @property
    def small(self) -> bool:
        """Seen whole and at most SMALL_SOURCE_BYTES: starting worker processes would cost more
        than they save."""
        return self.complete and self.num_bytes <= SMALL_SOURCE_BYTES


def resolve_layout(config: ConvertConfig, source_file: str = "") -> layout.SourceLayout:
    """The source's layout: forced by `config.layout` or detected (see `detect_source`)."""
    return detect_source(config, source_file)[0]


def detect_source(config: ConvertConfig, source_file: str = "") -> tuple[layout.SourceLayout, SourceScan]:
    """The source's layout (forced by `config.layout` or detected), and how much of it was seen.

    Args:
      config: the conversion's options; `config.source` is the folder listed.
      source_file: SRC was this file of that folder.

    Raises:
      SourceError: the source or the label file cannot be read.
      UsageError: split folders meet `--split`; several annotation files and none chosen; a
        folder of files with no way to label them.
    """
    listed, complete, top_folders = _list_sample(config)
    if config.layout_given is not None:  # a layout file: read as it says, nothing guessed
        found = config.layout_given
    else:
        with set_aside.collecting():  # files detection reads and cannot use: a refusal names them
            found = _layout_of(config, source_file, [item.relpath for item in listed], top_folders)
    if found.source_file:  # one table or one archive: that file is the whole input
        item = list_file(config.source, found.source_file)
        listed, complete = ([item] if isinstance(item, Listed) else []), True
    scan = SourceScan(
        files=len(listed),
        num_bytes=sum(item.size for item in listed),
        complete=complete,
        archives=any(archives.archive_kind(item.relpath) for item in listed),
    )
    return found, scan


def _list_sample(config: ConvertConfig) -> tuple[list[Listed], bool, list[str]]:
    """(at most DETECT_SAMPLE_FILES usable files, spread over SRC's folders, whether they are all
    there are, the folders at the top of SRC)."""
    if is_local_path(config.source):
        listed, complete = sample_tree(
            config.source, DETECT_SAMPLE_FILES, follow_outside_links=config.follow_outside_links, exclude=[config.output]
        )
        output, root = real_folder(config.output), real_folder(config.source)
        with os.scandir(config.source) as scan:
            top_folders = [
                e.name for e in scan if e.is_dir(follow_symlinks=False) and os.path.join(root, e.name) != output
            ]
        return listed, complete, top_folders
    # Object stores list in name order, so the first files may all lie in one folder ("test/"
    # before "train/"): the top folders come from the whole listing, which Beam's match reads in
    # full anyway, and the sample is spread over the folders it names.
    listing = list_tree(config.source, follow_outside_links=config.follow_outside_links, exclude=[config.output])
    files = (item for item in listing if not isinstance(item, Reject) and not layout.is_junk(item.relpath))
    folders: set[str] = set()
    by_folder: dict[str, list[Listed]] = {}  # the first files of the first folders: bounded
    count = 0
    for item in files:
        count += 1
        parent, _, _ = item.relpath.rpartition("/")
        if parent:
            folders.add(parent.split("/", 1)[0])
        kept = by_folder.get(parent)
        if kept is None and len(by_folder) < DETECT_SAMPLE_FILES:
            kept = by_folder[parent] = []
        if kept is not None and len(kept) < DETECT_SAMPLE_FILES:
            kept.append(item)
    return spread_over_folders(by_folder.values(), DETECT_SAMPLE_FILES), count <= DETECT_SAMPLE_FILES, sorted(folders)


def _layout_of(config: ConvertConfig, source_file: str, sample: list[str], top_folders: list[str]) -> layout.SourceLayout:
    """The layout, from the sampled paths: of SRC's folder, of the archive or file SRC names."""
    if source_file and archives.archive_kind(source_file):  # an archive as SRC reads as a folder
        names = [name for name, _ in _members_sampled(config, source_file)]
        root = _single_top_folder(names)
        sample = [name[len(root) :] for name in names]
        top_folders = sorted({p.split("/", 1)[0] for p in sample if "/" in p})
        detected = _detect_folder(config, sample, top_folders)
        note = f"SRC is the archive {source_file}" + (f", its members under {root} read from there" if root else "")
        return dataclasses.replace(detected, source_file=source_file, archive_root=root, notes=(note, *detected.notes))
    if source_file:
        return _single_file_layout(config, source_file, sample, top_folders)
    sample, opened, archive_folders = _with_archives_opened(config, sample)
    top_folders = sorted(set(top_folders) | {p.split("/", 1)[0] for p in sample if "/" in p})
    detected = _detect_folder(config, sample, top_folders, archive_folders)
    if opened:
        note = f"archives read as folders: {', '.join(opened[:3])}" + (" and more" if len(opened) > 3 else "")
        detected = dataclasses.replace(detected, notes=(note, *detected.notes))
    return detected


def _members_sampled(config: ConvertConfig, archive: str) -> list[tuple[str, int]]:
    """(name, size) of the first regular members of an archive in SRC (at most the sample's size).

    Raises:
      SourceError: it cannot be read as an archive.
    """
    path = join_path(config.source, archive)
    members: list[tuple[str, int]] = []
    try:
        with open_input(path) as fileobj:
            size = size_of(fileobj) or 0
            for member in archives.list_members(fileobj, archive, archives.archive_kind(archive), size):
                if isinstance(member, archives.Member) and not layout.is_junk(member.name):
                    members.append((member.name, member.size_bytes))
                    if len(members) == DETECT_SAMPLE_FILES:
                        break
    except (OSError, InvalidInputError) as error:
        raise SourceError(f"cannot read the archive {path}: {getattr(error, 'reason', error)}") from None
    return members


def _single_top_folder(names: list[str]) -> str:
    """'name/' when every name lies in that one folder (as most archives hold their dataset), else ''."""
    tops = {name.split("/", 1)[0] for name in names}
    return f"{tops.pop()}/" if len(tops) == 1 and all("/" in name for name in names) else ""


def _with_archives_opened(config: ConvertConfig, sample: list[str]) -> tuple[list[str], list[str], list[str]]:
    """The sample with its archives' members in their place, as the pipeline will list them (see
    `list_archives.member_prefix`); the archives opened; the folders archives read as."""
    probe = layout.SourceLayout(layout.IMAGE_FOLDERS, "image")
    opened, expanded, folders = [], [], []
    for relpath in sample:
        if not archives.archive_kind(relpath):
            expanded.append(relpath)
            continue
        prefix, _ = member_prefix(config.source, relpath, probe)
        folders.append(prefix)
        if len(opened) < _DETECT_ARCHIVES:
            opened.append(relpath)
            try:
                expanded += [prefix + name for name, _ in _members_sampled(config, relpath)]
            except SourceError:
                continue  # rejected with its reason when the pipeline lists it
    return expanded[:DETECT_SAMPLE_FILES], opened, folders


def _detect_folder(
    config: ConvertConfig, sample: list[str], top_folders: list[str], archive_folders: Sequence[str] = ()
) -> layout.SourceLayout:
    """The layout of a folder (or of an archive read as one) from its sampled paths; archives in
    it read as `archive_folders`."""
    top_files = {p for p in sample if "/" not in p}
    if naming.MANIFEST_FILENAME in top_files and any(naming.parse_shard_filename(p) for p in top_files):
        raise UsageError(
            f"{config.source} is a shardify output (it holds {naming.MANIFEST_FILENAME} and shards): convert the "
            "raw data it was made from, or read it with shardify.load"
        )
    labels_file = _relative_labels_file(config.source, config.labels_file) if config.labels_file else ""
    if not labels_file and config.layout in ("", layout.LABEL_FILE, layout.COCO) and not config.label_from_name:
        labels_file = _found_label_file(config, sample, top_files, top_folders)
    if config.labels_file and not FileSystems.exists(labels_file_path(config.source, labels_file)):
        raise SourceError(f"label file {config.labels_file} does not exist")
    label_file = _label_file_sample(labels_file_path(config.source, labels_file), labels_file, config) if labels_file else None
    forced = config.layout
    card_file, card_pairs = card.card_patterns(config, top_files) if not label_file else ("", ())
    if not forced and card_pairs and card.all_tables(sample, card_pairs):
        forced = layout.TABLES  # the card's data files are tables: wherever they lie (data/*.parquet)
    if not forced and not label_file and not config.label_from_name and _line_tables(config, top_files):
        forced = layout.TABLES  # SQuAD's question-answering JSON, fastText's lines: a table per file
    if not forced and not label_file and _mat_images(config, sample):
        forced = layout.ARRAYS  # SVHN's train_32x32.mat: MATLAB image arrays (converters/mat_arrays.py)
    boxes = [] if forced not in ("", layout.IMAGE_FOLDERS) or label_file else box_tables.box_evidence(config, sample)  # KITTI, WIDER, Open Images
    if not forced and not label_file and not config.label_from_name and (_yolo_labels(config, sample) or _hf_metadata(config, sample) or boxes):
        # A YOLO export (its labels/*.txt share the images' stems but are no captions) or a Hugging
        # Face imagefolder (its metadata.jsonl is no table of texts): images, labelled by those files.
        forced = layout.IMAGE_FOLDERS
    elif not forced and not label_file and not config.label_from_name and (per_folder := _hf_metadata_per_folder(config, sample)):
        shown = ", ".join(per_folder[:3]) + (" and more" if len(per_folder) > 3 else "")
        raise UsageError(
            f"{config.source} is a Hugging Face imagefolder with metadata in each split folder ({shown}), which "
            "shardify does not read yet (it would read them as tables of text): put one metadata.csv at the top of "
            "SRC whose file_name is relative to SRC (train/0001.png), or convert one split with --labels FILE, "
            "or force another reading with --layout"
        )
    annotations = [] if (forced and not boxes) or label_file or config.label_from_name else guards.number_row_folders(config, sample)
    annotations = [a for a in annotations if a not in {e.path for e in boxes}]
    if annotations:  # .txt files named like the images, of numbers: annotations, not captions (KITTI)
        forced = layout.IMAGE_FOLDERS
    detected = layout.detect_layout(
        sample,
        top_folders,
        label_file=label_file,
        name_pattern=config.label_from_name,
        forced=forced,
        archive_folders=archive_folders,
    )
    if card_pairs:
        detected = card.with_card(detected, card_file, card_pairs)
    if detected.name == layout.ARRAYS:
        _check_hdf5(config, sample)
    if annotations:
        note = f"rows of numbers named like the images, annotations not read: {', '.join(a + '/' for a in annotations)}"
        detected = dataclasses.replace(detected, notes=(*detected.notes, note))
    if config.label_level is not None and detected.structure is not None:
        detected = _at_label_level(detected, config.label_level)
    if detected.name in (layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS) and not config.label_from_name:
        evidence, how = _find_evidence(config, sample, detected)
        if evidence:
            detected = dataclasses.replace(detected, evidence=evidence, notes=(*detected.notes, *how))
        detected = _classes_from_lists(config, detected)
    detected = box_tables.with_box_annotations(config, detected, boxes)
    detected = _with_objects(config, detected)
    if detected.name in (layout.TABLES, layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS) and not config.label_names:
        detected = _with_vocabulary(config, sample, detected)
    detected = class_list.with_declared_classes(config, sample, detected)
    if config.split and detected.split_folders:
        raise UsageError(
            f"{config.source} has split folders ({', '.join(detected.split_folders)}); "
            "--split would mix them: drop --split, or point SRC at one split folder"
        )
    try:
        guards.check_guess(config, sample, detected, annotations)
    except UsageError as error:  # the guess goes with the doubt: a layout file can mend it
        raise DoubtedGuess(str(error), detected) from None
    return detected


def _check_hdf5(config: ConvertConfig, sample: list[str]) -> None:
    """Stops before writing where an HDF5 file's images or labels could be any of several datasets
    (reading one would be a guess); a file that cannot be read is left to discovery, which rejects it.

    Raises:
      UsageError: names the file, the datasets, and how to settle it.
    """
    for path in sample:
        if layout.array_kind(path) != layout.HDF5:
            continue
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                found = hdf5_arrays.find_arrays(fileobj)
        except (OSError, InvalidInputError):
            continue
        if found.ambiguity:
            raise UsageError(
                f"{path}: {found.ambiguity}, and neither their shapes nor their names tell which: name the images "
                "x (or images) and the labels y (or labels), the others otherwise (h5py's File.move), or keep one "
                "image array and one label vector in the file"
            )


def _with_vocabulary(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with the class names a vocabulary file at the top of SRC (or one folder down)
    gives, for labels written as numbers."""
    for path in sorted(p for p in sample if p.count("/") <= 1 and posixpath.basename(p).lower() in evidence_lib.VOCABULARY_NAMES):
        if not FileSystems.exists(join_path(config.source, path)):
            continue
        names = evidence_lib.read_vocabulary(_head(config, path, lines=_VOCABULARY_LINES))
        if names:
            note = f"label names from {path} ({len(names)}: {', '.join(names[:3])}...), for labels written as numbers"
            return dataclasses.replace(detected, vocabulary=names, vocabulary_file=path, notes=(*detected.notes, note))
    known = known_vocabulary(config.source, sample)
    if known:
        names, what, base = known
        note = f"label names: {what}, for labels written as numbers"
        return dataclasses.replace(detected, vocabulary=names, vocabulary_base=base, notes=(*detected.notes, note))
    return detected


def _classes_from_lists(config: ConvertConfig, detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` without class folders where split lists with a class column name the inputs
    (Stanford Online Products' Ebay_train.txt, `class_id` beside `super_class_id`, over
    `bicycle_final/` folders): the column the dataset publishes as the class is the label, and the
    folders above are groups of classes. --label-level keeps the folders."""
    structure = detected.structure
    lists = [e.path for e in detected.evidence if e.kind == evidence_lib.SPLIT_LIST and e.label_column is not None]
    if not lists or structure is None or config.label_level is not None or all(level < 0 for _, level in structure.label_levels):
        return detected
    splits = [split for split, _ in structure.label_levels] or [""]
    chosen = dataclasses.replace(
        structure, label_levels=tuple((split, -1) for split in splits), single_class="", name_pattern=None, named_splits=()
    )
    note = (
        f"folders are not the classes: the class column of {', '.join(lists[:2])} labels the files "
        "(--label-level N to label by folders)"
    )
    return dataclasses.replace(detected, structure=chosen, notes=(*detected.notes, note))


def _at_label_level(detected: layout.SourceLayout, level: int) -> layout.SourceLayout:
    """`detected` with its class folders where --label-level says (1: SRC/<class>/; 0: none)."""
    structure = detected.structure
    splits = [split for split, _ in structure.label_levels] or [""]
    chosen = dataclasses.replace(
        structure,
        label_levels=tuple((split, level - 1) for split in splits),
        single_class="",
        name_pattern=None,
        named_splits=(),
        chosen_level=True,
    )
    note = f"class folders at level {level} (--label-level)" if level else "no class folders (--label-level 0): unlabelled"
    return dataclasses.replace(detected, structure=chosen, notes=(*detected.notes, note))


def _with_objects(config: ConvertConfig, detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with the object features its annotations give: boxes from COCO files and
    Pascal VOC annotations, YOLO labels and Hugging Face metadata; masks where --masks asks (COCO's
    segmentations, else each box filled)."""
    coco = detected.name == layout.COCO or any(e.kind == evidence_lib.COCO_SPLIT for e in detected.evidence)
    segmentation = any(e.kind == evidence_lib.SEGMENTATION_MASKS for e in detected.evidence)
    voc = any(e.kind in (*evidence_lib.ANNOTATION_FOLDERS, evidence_lib.HF_METADATA, evidence_lib.BOX_TABLE) or e.boxes for e in detected.evidence)
    if not (coco or voc):
        if config.masks or config.keypoints:
            option = "--masks" if config.masks else "--keypoints"
            raise UsageError(f"{option} keeps detection datasets' objects' {option[2:]}: this source has no objects")
        if segmentation:
            note = "segmentation: each image's mask stored as image/segmentation/class/encoded"
            return dataclasses.replace(detected, objects=contract.ObjectSchema(segmentation=True), notes=(*detected.notes, note))
        return detected
    if config.keypoints and not coco:
        raise UsageError("--keypoints reads COCO's keypoint annotations: this source has none")
    schema = contract.ObjectSchema(boxes=True, masks=config.masks, keypoints=config.keypoints, segmentation=segmentation)
    note = "objects: boxes" + (", masks" if config.masks else "") + (", keypoints" if config.keypoints else "")
    note += f", classes numbered {config.class_ids}" + ("; segmentation masks" if segmentation else "")
    return dataclasses.replace(detected, objects=schema, notes=(*detected.notes, note))
