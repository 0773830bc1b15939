"""The signs of a wrong guess, checked against the source before the pipeline is built.

`shardify.plan.guards` holds the signs as plain functions of paths; this module gives them what
they read from the source (the sampled paths, the first lines of a few text files) and stops the
run (exit 2) on the first sign found, in the flow detect -> describe -> check -> plan.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import channel_check, copy_trees, mask_trees, documented_classes, field_lines_hint, head_reads, keyed_documents, keyed_table_hints, json_line_files, label_file_found, listed_folders, mask_named_classes, mirror_masks, path_columns, sequence_rows, set_aside, stem_masks, tab_rows_hint, table_beside
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import label_cells, line_files
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.files import size_of
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import attribute_tables, box_file_names, chosen_level, mirror_set_aside, file_signs, guards, layout, mirror_trees, row_annotations, split_groups, unread_mirrors

__all__ = ["number_row_folders", "word_vector_files", "check_guess", "check_token_tags"]

# Text files opened to tell annotations from captions: a few in each of a few folders, their
# first lines only.
_ROW_FOLDERS = 8
_ROW_FILES = 3




def number_row_folders(config: ConvertConfig, sample: Sequence[str]) -> list[str]:
    """Folders of .txt files named like the sampled images whose lines are rows of numbers
    (KITTI's `calib/`; its `training/label_2/`, unless read as boxes: see `box_tables`):
    annotations, which would otherwise pair with the images as captions."""
    image_stems = {layout.stem(p) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    by_folder: dict[str, list[str]] = {}
    for path in sample:
        if layout.extension(path) == "txt" and layout.stem(path) in image_stems:
            by_folder.setdefault(posixpath.dirname(path), []).append(path)
    return [
        folder
        for folder, paths in sorted(by_folder.items())[:_ROW_FOLDERS]
        if all(file_signs.number_rows(label_file_found.head_lines(config, p)) for p in paths[:_ROW_FILES])
    ]


# Text files opened to see whether they hold word vectors (their first lines only).
_VECTOR_FILES = 8


def word_vector_files(config: ConvertConfig, sample: Sequence[str]) -> list[str]:
    """The sampled `.txt` and `.vec` files that hold word vectors (`file_signs.word_vectors`:
    GloVe, fastText beside Kaggle's text competitions): no texts to convert, left out."""
    candidates = [p for p in sample if layout.extension(p) in ("txt", "vec")][:_VECTOR_FILES]
    return [p for p in candidates if file_signs.word_vectors(label_file_found.head_lines(config, p))]


def _files_label(detected: layout.SourceLayout) -> bool:
    """The dataset's files (not its folders) give the labels: the folders' reading is no guess.
    A table keyed to one split folder's files (`Evidence.prefix`: C-NMC's validation table,
    `inner_split_labels`) labels that split only: where class folders label another split, their
    reading is still a guess, checked."""
    if detected.structure is None:
        return True
    folders_label = any(level >= 0 for _, level in detected.structure.label_levels)
    return any(e.gives_labels and not (folders_label and e.kind == evidence_lib.LABEL_LINES and e.split and e.prefix)
               for e in detected.evidence)


def _labels_anything(detected: layout.SourceLayout) -> bool:
    """The layout labels some inputs: class folders in some split, names, or the dataset's files;
    or describes them with captions (an image-caption dataset's records are no unlabelled guess)."""
    structure = detected.structure
    if structure is None or detected.captions or any(e.gives_labels or e.kind == evidence_lib.SEGMENTATION_MASKS for e in detected.evidence):
        return True  # (a segmentation dataset's masks are its labels, per pixel)
    return any(level >= 0 for _, level in structure.label_levels) or structure.name_pattern is not None


# Files opened to see whether a source's texts are tagged token by token (CoNLL's format).
_TOKEN_FILE_EXTENSIONS = ("txt", "tsv", "conll", "conllu", "iob", "iob2", "bio")


def check_token_tags(config: ConvertConfig, sample: Sequence[str]) -> None:
    """Stop where the source's text files hold one token a line with its tags (CoNLL-2003's
    `EU NNP B-NP B-ORG`, WNUT's `@paul<TAB>B-person`): labels per token, which records of a label
    per text cannot hold. Read as `label text` lines they wrote each token as a record labelled
    with its tag (exit 0); read as label files, the source "held no texts".

    Raises:
      UsageError: naming the files.
    """
    candidates = [p for p in sample if layout.extension(p) in _TOKEN_FILE_EXTENSIONS][:_ROW_FILES]
    tagged = [p for p in candidates if file_signs.token_tags(label_file_found.head_lines(config, p))]
    if tagged and len(tagged) * 2 > len(candidates):
        raise UsageError(
            f"{', '.join(tagged)} hold one token a line with its tags (CoNLL's format, `EU NNP B-NP B-ORG`): labels per "
            "token, which shardify does not convert (it stores a label per text or image)"
        )


def check_guess(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout, annotations: Sequence[str]) -> None:
    """Stop before writing where a folder layout's reading shows a sign of a wrong guess
    (`shardify.plan.guards.SIGNS`), or where nothing labels its files.

    Args:
      config: the conversion's options.
      sample: the sampled relative paths.
      detected: the layout read from them.
      annotations: folders of rows of numbers named like the images (`number_row_folders`).

    Raises:
      UsageError: the first sign found, or no way to label the files; each names the files that
        show it and only the options that can help.
    """
    if detected.name not in (layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS):
        return
    media = [p for p in sample if layout.is_media_file(p, detected.media)]
    channel_check.check_channel_samples(config, sample, media)  # a sample of several channel files: no record holds it
    if not _files_label(detected):
        # (a mask tree mirroring the class folders: whatever the level, never records; blind50's MVTec ground_truth/)
        mask_trees.check_mask_trees(config, media, then=None if config.label_level is not None else
                                    lambda kept: _sign_left(kept, detected.structure))
        if config.label_level:
            chosen_level.check_chosen_level(media, detected.structure, config.label_level)
        if config.label_level is None:  # masks first: the folders' signs are then read without them
            stem_masks.check_stem_masks(config, media, then=lambda kept: _sign_left(kept, detected.structure))
        try:
            guards.check_folders(media, detected.structure, answered=_answered_signs(config))
        except UsageError as sign:  # a table beside them keys the inputs: its label is an option too (GLDv2's train.csv)
            hint = (keyed_table_hints.keyed_table_hint(config, sample, media) or _tables_hint(detected, media, sample)
                    or table_beside.table_beside_hint(config, detected, media, sample))
            if not hint:
                raise
            raise UsageError(f"{sign}; or {hint}") from None
        if config.label_level is None:
            _check_mirror_masks(config, media, detected.structure, sample=sample)
            mask_named_classes.check_mask_named_classes(config, media, detected.structure)  # `Ground Truth/` of masks
            sequence_rows.check_sequence_rows(config, sample, media, detected.structure)  # UAVDT's M0101/ by M0101_gt_whole.txt
            _check_tables_aside(config, sample, media, detected.structure)
            _check_annotated_points(config, sample, media, detected)
            _check_unread_mirrors(config, sample, media, detected)
            listed_folders.check_listed_folders(config, sample, media, detected)
            listed_folders.check_names_over_annotations(config, detected, annotations)
            _check_number_texts(config, media, detected)
            keyed_documents.check_keyed_documents(config, sample, media, detected)  # Twitter15's tree/<id>.txt by label.txt
        if config.label_level == 0:  # no class folders: a sibling folder of masks named otherwise would be inputs
            _check_mirror_masks(config, [p for p in media if not detected.is_auxiliary(p)], None, siblings=True)
    if sample and not _labels_anything(detected) and config.label_level != 0:
        inputs = set(media)
        others = [p for p in sample if p not in inputs]
        if detected.structure is not None and (why := split_groups.groups_stop(
                config.source, media, detected.structure, [guards.LABELS_FILE_HINT])):  # `cat/train/` or `infrared/train/`
            raise UsageError(why + mirror_masks.twin_masks_hint(config, media) + set_aside.described())
        heads = {p: head_reads.head_lines(config, p) for p in attribute_tables.candidates(others, media)[:8]}
        if tables := attribute_tables.attribute_tables_message(config.source, heads, media, others):
            documented_classes.follow_documented_class(config, heads, others, media, tables + set_aside.described())  # iris.names' `5. class:`
            raise UsageError(tables + set_aside.described())  # UCI's zoo.data, Mulan's yeast-train.arff: no record kind
        raise UsageError(
            file_signs.no_labels_message(config.source, media, others, annotations) + _json_lines_named_json(config, media, others)
            + _keyed_table(config, sample, media)  # Chicken Disease's train_data.csv 'images,label' beside Train/
            + tab_rows_hint.tab_rows_hint(config, media, others)
            + field_lines_hint.field_lines_hint(config, media, others)  # mini-MIAS's Info.txt: `mdb001 G CIRC B ...`
            + mirror_masks.twin_masks_hint(config, media)  # DeepCrack's train_lab/ beside train_img/: --exclude them too
            + set_aside.described()
        )


def _keyed_table(config: ConvertConfig, sample: Sequence[str], media: Sequence[str]) -> str:
    """`--labels T --label-column C` where a table beside unlabelled inputs keys them by name in one column and
    holds one other (`keyed_table_hints`): the stop had named the table as where the labels may be, and only
    `--labels FILE`, leaving the user to find that it is this file (Chicken Disease: `train_data.csv` of
    'images,label', `salmo.466.jpg,Salmonella`, beside a flat `Train/`)."""
    hint = keyed_table_hints.keyed_table_hint(config, sample, media)
    return f"; or {hint}" if hint else ""


# Row tables: read in folders as texts, each file would be one text; `--layout tables` reads a row a record.
_ROW_TABLES = frozenset({"csv", "tsv"})


def _tables_hint(detected: layout.SourceLayout, media: Sequence[str], sample: Sequence[str]) -> str:
    """`--layout tables` for a stop over text folders whose inputs are outnumbered by the row tables in
    folders beside them (HumAID's `events_set1/<event>/<event>_train.tsv`, 'tweet_id tweet_text
    class_label', beside `events_set1/Readme.txt` and `Licensing.txt`: the two texts were the inputs, the
    tables unread, and the stop named folder levels only, which write none of the tables' rows).

    >>> _tables_hint(layout.SourceLayout(layout.TEXT_FOLDERS, media="text"), ["set1/Readme.txt"],
    ...              ["set1/Readme.txt", "set1/a/a_train.tsv", "set1/b/b_dev.tsv"])
    '--layout tables to read the tables in set1/a/, set1/b/ as the data, a row a record'
    """
    if detected.name != layout.TEXT_FOLDERS:
        return ""
    inputs = set(media)
    tables = [p for p in sample if p not in inputs and "/" in p and layout.extension(p) in _ROW_TABLES]
    if len(tables) <= len(media):
        return ""
    folders = sorted({posixpath.dirname(p) + "/" for p in tables})
    more = " and more" if len(folders) > 3 else ""
    return f"--layout tables to read the tables in {', '.join(folders[:3])}{more} as the data, a row a record"


# Text inputs opened to see whether they hold a number a line (their first lines only).
_NUMBER_TEXTS = 8


def _check_number_texts(config: ConvertConfig, media: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where sampled text inputs hold a number a line (`file_signs.number_lines`): the labels of
    another file's lines, each written as one "text" labelled by its folder (Web of Science's
    `Y.txt`, `YL1.txt` beside `X.txt`, one abstract a line: exit 0, every record wrong)."""
    if detected.name != layout.TEXT_FOLDERS:
        return
    inputs = [p for p in media if not detected.is_auxiliary(p)]  # (IMDB's `imdbEr.txt` above the classes is none)
    found = [p for p in inputs[:_NUMBER_TEXTS] if file_signs.number_lines(label_file_found.head_lines(config, p))]
    if found:
        shown = ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
        # (the files beside them, auxiliary ones too: `X.txt`, `Y.txt` are set aside by their one-letter names)
        folders = {posixpath.dirname(p) for p in found}
        beside = [p for p in media if posixpath.dirname(p) in folders]
        numbers = [p for p in beside if p in found or file_signs.number_lines(label_file_found.head_lines(config, p))]
        pairs = _line_pairs(config, [p for p in beside if p not in numbers], numbers)
        if pairs:  # the files of texts they label, line for line: the layout file's lines named in full
            texts = ", ".join(sorted(pairs))
            labels = sorted({posixpath.basename(p) for files in pairs.values() for p in files})
            entries = ", ".join(f"{{path: {text}, labels: {files[0]}}}" for text, files in sorted(pairs.items()))
            which = (f"which of {', '.join(labels)} is the label the files cannot say (" if len(labels) > 1 else "(")
            raise UsageError(
                f"{shown} hold a number a line, no text, as many lines as {texts} beside them: the labels of its lines, one "
                f"a line; {which}a file's name does not tie them): name them in a layout file (`shardify_layout: 1`, "
                f"`layout: tables`, `media: text`, `line_files: [{entries}]`, another labels file in place of {labels[0]} where that is "
                "the label: docs/layout-files.md)"
            )
        raise UsageError(
            f"{shown} hold a number a line, no text: the labels or ids of another file's lines, not texts to convert; "
            "name the file of texts and its labels file in a layout file (`shardify_layout: 1`, `layout: tables`, "
            "`line_files: [{path: TEXTS, labels: LABELS}]`: docs/layout-files.md)"
        )


# Files larger than this are not counted (no pair is offered): as the line files' own check
# (beam_jobs/discover/line_files.py's _COUNTED_BYTES).
_COUNT_BYTES = 256 << 20


def _line_pairs(config: ConvertConfig, texts: Sequence[str], numbers: Sequence[str]) -> dict[str, list[str]]:
    """Each file of texts with the files of numbers in its folder holding as many lines (Web of
    Science's `X.txt` with `Y.txt`, `YL1.txt`, `YL2.txt`), those named shortest first. Lines are
    counted as the scan that reads the pair counts them (`line_files.count_lines`: blank lines
    hold their place, a bare carriage return ends none), so a pair offered here is one it takes."""
    def lines(path: str) -> int:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                size = size_of(fileobj)
                return -1 if size is None or size > _COUNT_BYTES else line_files.count_lines(fileobj)
        except (OSError, InvalidInputError):
            return -1

    folders = {posixpath.dirname(p) for p in numbers}
    counts = {p: lines(p) for p in [*texts, *numbers] if posixpath.dirname(p) in folders}
    pairs = {}
    for text in texts:
        if text in counts and counts[text] > 0:
            same = [p for p in numbers if posixpath.dirname(p) == posixpath.dirname(text) and counts.get(p) == counts[text]]
            if same:
                pairs[text] = sorted(same, key=lambda p: (len(posixpath.basename(p)), p))
    return pairs


# Box tables beside the images opened (their first lines only).
_BOX_TABLES = 8


def _check_annotated_points(config: ConvertConfig, sample: Sequence[str], media: Sequence[str],
                            detected: layout.SourceLayout) -> None:
    """Stop where the inputs read in class folders are annotated with points or boxes: point files
    beside them (300-W's `01_Indoor/indoor_001.pts`) or split lists whose rows hold numbers beside
    each path (WFLW's `list_98pt_rect_attr_train.txt` over WIDER's event folders `0--Parade/`). A
    landmark dataset's folders group its images (settings, events); read as classes they were
    written as every record's label (exit 0). The user says which (`file_signs.annotated_points_message`).

    Raises:
      UsageError: naming the files and the levels that decide.
    """
    levels = [lvl for _, lvl in getattr(detected.structure, "label_levels", ()) if lvl >= 0]
    if not levels:
        return
    inputs = set(media)  # once: built per path it made this check quadratic in the sample (2,000 paths: ~50 ms)
    found = file_signs.point_files(media, [p for p in sample if p not in inputs])
    found += [e.path for e in detected.evidence if e.kind == evidence_lib.SPLIT_LIST and e.column > 0
              and layout.extension(e.path) == "txt" and file_signs.annotation_rows(label_file_found.head_lines(config, e.path))]
    # a box table per folder naming the folder's images (UEC FOOD 256's `<class>/bb_info.txt`)
    read = {e.path for e in detected.evidence}
    folders = {posixpath.dirname(m) for m in media}
    tables = [p for p in sample if p not in inputs and p not in read and layout.extension(p) in ("txt", "csv", "tsv")
              and posixpath.dirname(p) in folders][:_BOX_TABLES]
    found += [p for p in tables if row_annotations.names_folder_images(p, label_file_found.head_lines(config, p), media)]
    # a tree of per-image files of four numbers mirroring the class folders, read by no format (box_file_names)
    found += box_file_names.unread_box_files(media, [p for p in sample if p not in inputs], read,
                                             lambda p: label_file_found.head_lines(config, p))
    if found:
        raise UsageError(file_signs.annotated_points_message(found, max(levels) + 1))


def _check_unread_mirrors(config: ConvertConfig, sample: Sequence[str], media: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where a folder of files named like the inputs, one per input, is read by nothing
    (`unread_mirrors`: INRIA Person's annotations/): set aside, every record would lose them.

    Raises:
      UsageError: naming the folders and what can read them.
    """
    inputs = set(media)
    read = {p for e in detected.evidence for p in (e.path, e.ids) if p}
    records = [p for p in media if not detected.is_auxiliary(p)]  # masks set aside are no class's inputs
    found = unread_mirrors.unread_mirrors(records, [p for p in sample if p not in inputs], read)
    if found:
        raise UsageError(unread_mirrors.message(config.source, found, records))


def _json_lines_named_json(config: ConvertConfig, media: Sequence[str], others: Sequence[str]) -> str:
    """Where SRC holds no inputs and its `.json` files are JSON lines (Hugging Face's published
    files: the Amazon multilingual reviews' `dataset_en_train.json`), the option that reads them as
    tables, a row a record: a guess from a file's first lines alone could be wrong, so it is named."""
    if media:
        return ""
    lines = json_line_files.json_lines_files(config, others)
    if not lines:
        return ""
    return (f"; {', '.join(lines[:3])} hold JSON lines (an object a line): --layout tables reads each line as a record "
            "(with --text-column and --label-column where the plan asks)")


def _check_mirror_masks(
    config: ConvertConfig, media: Sequence[str], structure: object, *, siblings: bool = False, sample: Sequence[str] = ()
) -> None:
    """Stop where a class folder repeats another's file names and holds masks' kind of images
    where the other does not (`outlines/<organ>/CT_000.png` beside `scans/CT_000.png`) and
    `mirror_masks.with_mirror_masks` could not set it aside: masks under a name detection does not
    know, which would be written as a class (exit 0). With `siblings` (no class folders), any two
    sibling folders naming the same images, each adding its own words to the stems (DRIVE's
    `1st_manual/21_manual1.gif` beside `images/21_training.tif`): the masks were written as records.

    Raises:
      UsageError: naming the folders and the layout file's `structure.mask_folders`; where the
        images' names begin with class codes that files beside them are named by (Leeds
        Butterfly's `0010001.png`, `descriptions/001.txt`), `--label-from-name` too.
    """
    # (files of the mask folders detection found are no class's: DAVIS's `Annotations/480p/<seq>/`)
    is_mask = getattr(structure, "is_mask_file", lambda _: False)
    images = [p for p in media if layout.extension(p) in layout.IMAGE_EXTENSIONS and not is_mask(p)]
    found = mirror_masks.confirmed_pairs(config, images, structure, siblings=siblings)
    if found:  # every folder of masks named (STARE's two observers' `labels-ah/`, `labels-vk/`), the first's line said
        pair = found[0]
        more = sorted({p.mirror for p in found} - {pair.mirror})
        also = f"; so do {', '.join(more)}, each a folder of masks to name there too" if more else ""
        said = mirror_trees.message(pair, "inputs") if siblings else mirror_trees.message(pair, "a class", structure)
        copies = "" if siblings else copy_trees.copies_hint(config, sorted({p.mirror for p in found}), images)  # Weizmann's gray/
        views = "" if siblings or more else _views_hint(pair, images, structure, {p.mirror for p in found})  # Vaihingen's dsm/
        raise UsageError(said + also + ('' if siblings else mirror_set_aside.images_alone(found)) + copies + views
                         + _class_codes_hint(pair, found, images, sample))


def _views_hint(pair: object, images: Sequence[str], structure: object, masks: set[str]) -> str:
    """Where the other class folders beside a mirror of masks name the same images under words of their
    own (`mirror_trees.view_folders`: Vaihingen's `dsm/` beside `top/`, elevation rasters of the tiles), the
    `--exclude` that leaves them out, so that the masks are read as the images' (`mirror_masks`); "" otherwise."""
    views = mirror_trees.view_folders(pair, images, structure, masks)
    if not views:
        return ""
    shown = " ".join(f"--exclude {folder.rstrip('/')!r}" for folder in views)
    return (f"; {', '.join(views)} name the images of {pair.mirrored} again under words of their own (another view of "
            f"them, as elevation or depth rasters are, not a class): {shown} leaves them out, and {pair.mirror} is then "
            f"read as masks of {pair.mirrored}")


def _class_codes_hint(pair: object, found: Sequence[object], media: Sequence[str], sample: Sequence[str]) -> str:
    """Where the mirrored images' names begin with a code that files beside them are named by
    (`mirror_masks.class_codes`), the option that labels the images by it; "" otherwise."""
    folders = (pair.mirrored, *(p.mirror for p in found))
    inputs = set(media)
    others = [p for p in sample if p not in inputs and not p.startswith(folders)]
    length, named = mirror_masks.class_codes([p for p in media if p.startswith(pair.mirrored)], others)
    if not length:
        return ""
    shown = ", ".join(named[:3]) + (f" and {len(named) - 3} more" if len(named) > 3 else "")
    return (f"; the names in {pair.mirrored} begin with {length}-digit codes that files beside them are named by "
            f"({shown}): classes? --label-from-name '^(\\d{{{length}}})' labels each image by its code (the masks stay "
            "masks, never records)")


# Tables beside class folders opened to see whether they hold other labels: their first lines only.
_TABLES_OPENED = 8


def _check_tables_aside(config: ConvertConfig, sample: Sequence[str], media: Sequence[str], structure: object) -> None:
    """Stop where a table set aside beside the class folders names the inputs and holds labels of
    its own (MLRSNet's `Labels/<category>.csv`: `image` then 60 columns of 0/1 per image, beside
    `Images/<category>/`): the folders may be how the images were collected, not their labels.
    A table whose label column restates the folders (a Kaggle `sports.csv`) is no sign.

    Raises:
      UsageError: such a table, named with the options that decide.
    """
    if structure is None or not any(level >= 0 for _, level in structure.label_levels):
        return  # no class folders (split folders only, Planet's `train-jpg/`): the no-labels refusal names the tables
    inputs = set(media)
    tables = [
        p for p in sample
        if layout.extension(p) in ("csv", "tsv") and p not in inputs and not evidence_lib.example_file(p)
    ][:_TABLES_OPENED]
    if not tables:
        return
    folder_labels = {part for p in media for part in p.split("/")[:-1]}
    shown, several = [], ""  # (several: a table naming inputs in two columns, which --labels cannot read: Derm7pt's)
    for path in tables:
        found = file_signs.labels_beside_folders(label_file_found.head_lines(config, path), media, folder_labels)
        if found:
            shown.append(f"{path} ({found})")
            label = found.split(" ", 1)[1] if found.startswith("column ") else ""
            several = several or path_columns.several_paths_note(path, label_file_found.head_lines(config, path), media, label)
    if not shown:
        return
    level = max((lvl for _, lvl in getattr(structure, "label_levels", ()) if lvl >= 0), default=0) + 1  # (1 = SRC's folders)
    raise UsageError(
        f"tables beside the class folders name the inputs and hold labels of their own: {', '.join(shown[:3])}: "
        f"the folders may not be the labels: {several or '--labels FILE to read a table' + chr(39) + 's labels instead'}, or "
        f"--label-level {level} (counted from SRC) to keep the class folders as the labels"
    )


def _answered_signs(config: ConvertConfig) -> tuple[str, ...]:
    """The rows of `plan/guards.py`'s SIGNS the user's options answer: `--label-separator` says how a
    class folder's name splits into labels, so names that cross (`black_dress`) are no question."""
    return ("crossed words",) if label_cells.splits_cells(config.label_separator) else ()


def _sign_left(kept: Sequence[str], structure) -> str:
    """What the class folders' signs (`plan/guards.py`) say of the inputs left once masks are excluded
    (ETH-80's numbered object folders, once their maps/ go), "" where none: a stop naming an --exclude
    names what the files left would need too, so that following it converts."""
    found = guards.find_sign(kept, structure)
    if found is None and kept and len({posixpath.dirname(p) for p in kept}) == 1:  # MSRA10K's Imgs/, once its masks go
        return f"they all lie in {posixpath.dirname(kept[0])}/, one folder, no classes: --label-level 0 writes them unlabelled"
    return found.message() if found is not None else ""
