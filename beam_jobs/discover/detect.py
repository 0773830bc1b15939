"""Detect a source folder's layout before the pipeline is built, from a bounded sample.

The launcher looks at the top of SRC and at most DETECT_SAMPLE_FILES files (`detect_sample.py` lists
them), so detection costs the same for a thousand files or a billion; the pipeline then lists everything.

The flow, one module a step: detect (here: the label file `label_file_found.py` finds, the layout
`shardify.plan.layout_guess.detect_layout` reads from the paths) -> describe (`describe.py`: the files
that give splits, labels and objects; `card.py`, `box_tables.py`, `class_list.py`) -> check
(`guards.py`: signs of a wrong guess stop the run; `guess_checks.py` asks them of the finished guess)
-> plan (the pipeline). A layout file
(`--layout-file`) replaces the first two steps; its reading is checked against the source instead
(`given_layout_checks.py`). What SRC's top holds (`top_data_files.py`), tables of images written as
numbers (`pixel_row_tables.py`) and an HDF5 file's ambiguous arrays (`hdf5_checks.py`) are asked of
modules of their own.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Callable, Sequence
from dataclasses import dataclass


from shardify.beam_jobs.discover import (
    box_tables, card, class_list, describe, guards, held_out_tables, label_file_found, label_tables, line_files,
    subset_tables, text_columns,
)
from shardify.beam_jobs.discover.candidates import Listed
from shardify.beam_jobs.discover.excluded import excluded_note
from shardify.beam_jobs.discover import archive_evidence, archive_heads, given_label_joins, gold_lines, json_line_files, mirror_masks, set_aside, split_annotations, split_folder_labels, split_label_tables, union_tables, yolo_beside, yolo_beside_read
from shardify.beam_jobs.discover import block_files, label_file_twins, split_tab_rows, media_beside_tables, prefix_splits
from shardify.beam_jobs.discover import mirror_label_files
from shardify.beam_jobs.discover import format_twins, given_layout_checks, hdf5_checks, pixel_row_tables, sample_documents
from shardify.beam_jobs.discover import alpha_mattes, row_index_splits, run_length_tables
from shardify.beam_jobs.discover import guess_checks, held_out_in_split_folder
from shardify.beam_jobs.discover import copied_table_reads, detect_sample, head_reads, json_documents, label_studio_exports, text_joins, word_captions
from shardify.beam_jobs.discover import label_file_splits, readme_previews, utterance_lines, xml_label_joins, xml_record_files
from shardify.beam_jobs.discover import code_name_tables, inner_split_labels, unlabelled_inputs, unmatched_names
from shardify.beam_jobs.discover import disputed_name_labels
from shardify.plan import split_extensions
from shardify.beam_jobs.discover.top_data_files import top_data_files
from shardify.beam_jobs.discover.listing import list_file
from shardify.config import ConvertConfig
from shardify.converters import archives
from shardify.errors import UsageError
from shardify.format import naming
from shardify.inputs.paths import join_path
from shardify.plan import folder_lists, folder_notes, known_layouts, layout, layout_guess, second_readings

__all__ = [
    "DETECT_SAMPLE_FILES",
    "SMALL_SOURCE_BYTES",
    "SourceScan",
    "detect_source",
    "resolve_layout",
]

# Files looked at to tell image folders from text folders, tables and caption pairs.
DETECT_SAMPLE_FILES = 2000
# A source seen whole in the sample and at most this large converts in one process: starting Beam's
# worker processes (about 2.5 s here, measured) costs more than a second core saves on it.
SMALL_SOURCE_BYTES = 128 << 20


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
    sample: tuple[str, ...] = ()  # the files seen, for what reads a few of them after detection

    @property
    def small(self) -> bool:
        """Seen whole and at most SMALL_SOURCE_BYTES: starting worker processes would cost more
        than they save."""
        return self.complete and self.num_bytes <= SMALL_SOURCE_BYTES


def resolve_layout(config: ConvertConfig, source_file: str = "") -> layout.SourceLayout:
    """The source's layout: forced by `config.layout` or detected (see `detect_source`)."""
    return detect_source(config, source_file)[0]


def detect_source(
    config: ConvertConfig,
    source_file: str = "",
    *,
    reuse: Callable[[ConvertConfig, Sequence[str], Sequence[str]], layout.SourceLayout | None] | None = None,
) -> tuple[layout.SourceLayout, SourceScan]:
    """The source's layout (forced by `config.layout` or detected), and how much of it was seen.

    Args:
      config: the conversion's options; `config.source` is the folder listed.
      source_file: SRC was this file of that folder.
      reuse: given the sample's paths and the top folders, a layout known already (an append's,
        `held_layout`), or None: detect.

    Raises:
      SourceError: the source or the label file cannot be read.
      UsageError: split folders meet `--split`; several annotation files and none chosen; a
        folder of files with no way to label them.
    """
    listed, complete, top_folders = detect_sample.list_sample(config, DETECT_SAMPLE_FILES)
    known = reuse(config, [item.relpath for item in listed], top_folders) if reuse is not None and not source_file else None
    if known is not None:
        found = known
    elif config.layout_given is not None:  # a layout file: read as it says, nothing guessed
        found = config.layout_given
        given_layout_checks.check_split_folders(found, [item.relpath for item in listed])
        given_layout_checks.check_class_leaves(found, [item.relpath for item in listed])
        given_layout_checks.check_pixel_media(config, found, [item.relpath for item in listed])
        text_columns.check_text_columns(config, [item.relpath for item in listed], found)
        label_tables.check_given_lists(config, found)
        given_layout_checks.check_label_table(config, found)
    else:
        try:
            # files detection reads and cannot use: a refusal names them; each table's header read once
            with set_aside.collecting(), head_reads.reading_once():
                found = _layout_of(config, source_file, [item.relpath for item in listed], top_folders)
        except UsageError as refused:  # doubted or unknown: name a known dataset SRC looks like
            known_layouts.add_hint(refused, config.source)
            raise
    found = excluded_note(config, found)
    if found.source_file:  # one table or one archive: that file is the whole input
        item = list_file(config.source, found.source_file)
        listed, complete = ([item] if isinstance(item, Listed) else []), True
    scan = SourceScan(
        files=len(listed),
        num_bytes=sum(item.size for item in listed),
        complete=complete,
        archives=any(archives.archive_kind(item.relpath) for item in listed),
        sample=tuple(item.relpath for item in listed),
    )
    return found, scan


def _layout_of(config: ConvertConfig, source_file: str, sample: list[str], top_folders: list[str]) -> layout.SourceLayout:
    """The layout, from the sampled paths: of SRC's folder, of the archive or file SRC names."""
    if source_file and archives.archive_kind(source_file):  # an archive as SRC reads as a folder
        names = [name for name, _ in detect_sample.members_sampled(config, source_file, DETECT_SAMPLE_FILES)]
        root = detect_sample.single_top_folder(names)
        sample = [name[len(root) :] for name in names]
        top_folders = sorted({p.split("/", 1)[0] for p in sample if "/" in p})
        with archive_heads.source_archive(join_path(config.source, source_file), root):  # files looked into are members
            detected = _detect_folder(config, sample, top_folders)
        archive_evidence.check_archive_evidence(detected, source_file, labels_given=bool(config.labels_file))
        note = f"SRC is the archive {source_file}" + (f", its members under {root} read from there" if root else "")
        return dataclasses.replace(detected, source_file=source_file, archive_root=root, notes=(note, *detected.notes))
    if source_file:
        single = label_file_found.single_file_layout(config, source_file, sample, top_folders)
        text_columns.check_text_columns(config, sample, single)
        return single
    sample, opened, archive_folders = detect_sample.with_archives_opened(config, sample, DETECT_SAMPLE_FILES)
    top_folders = sorted(set(top_folders) | {p.split("/", 1)[0] for p in sample if "/" in p})
    detected = _detect_folder(config, sample, top_folders, archive_folders)
    archive_evidence.check_archive_evidence(detected, "", archive_folders, labels_given=bool(config.labels_file))
    if opened:
        note = f"archives read as folders: {', '.join(opened[:3])}" + (" and more" if len(opened) > 3 else "")
        detected = dataclasses.replace(detected, notes=(note, *detected.notes))
    return detected


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
    if not config.layout and not config.labels_file:
        guards.check_token_tags(config, sample)
        utterance_lines.check_utterance_lines(config, sample)  # DailyDialog's `__eou__` lines beside their emotions
        label_studio_exports.check_label_studio_exports(config, sample)  # a project's tasks: boxes in percent, images by its paths
    vectors = guards.word_vector_files(config, sample)  # Quora's embeddings/glove.840B.300d/*.txt: no texts
    if vectors:
        sample = [p for p in sample if p not in vectors]
        top_folders = [f for f in top_folders if any(p.startswith(f + "/") for p in sample)]
        top_files = {p for p in sample if "/" not in p}
    previews = [] if config.layout else readme_previews.preview_images(config, sample)  # Sign Digits' Examples/
    if previews:
        sample = [p for p in sample if p not in previews]
        top_folders = [f for f in top_folders if any(p.startswith(f + "/") for p in sample)]
    # AISegment's matting/ of RGBA PNGs mirroring clip_img/'s photos: alpha mattes, not read as masks
    alpha_mattes.check_alpha_mattes(config, sample)
    # Severstal's train.csv of ImageId,ClassId,EncodedPixels: masks as run-length rows, not read yet
    run_length_tables.check_run_length_tables(config, sample, [p for p in sample if layout.is_media_file(p, "image")])
    joined = given_label_joins.joining(config)  # --labels with --key-column: joined onto tables of texts, no label file
    labels_file = label_file_found.relative_labels_file(config.source, config.labels_file) if config.labels_file and not joined else ""
    if labels_file:
        label_file_twins.check_label_file_twins(config, labels_file, sample)  # book30's bookcover30-labels-train.txt beside -test.txt
    keyed_given = ""  # `--labels train.csv` naming the training folders' files only, beside a test folder
    if labels_file in top_files and label_file_found.labels_train_beside_test(config, labels_file, sample):
        keyed_given, labels_file = labels_file, ""  # read as the keyed table beside split folders, as if found
    if not labels_file and not keyed_given and config.layout in ("", layout.LABEL_FILE, layout.COCO) and not config.label_from_name:
        labels_file = label_file_found.found_label_file(config, sample, top_files, top_folders)
    group = None
    if not labels_file and not keyed_given and config.layout in ("", layout.LABEL_FILE) and not config.label_from_name and config.label_level is None:
        group = label_tables.table_group(config, sample)  # MLRSNet's Labels/<category>.csv, read together
        labels_file = group.pattern if group else ""
    if not labels_file and not keyed_given:  # Plant Pathology's train.csv: image_id and a 0/1 column per class
        labels_file = held_out_tables.one_hot_label_file(config, sample)
    label_file = label_file_found.given_label_file(config, labels_file, sample, codes_later=True)  # `label_file_splits` asks
    if label_file:
        label_file_found.check_label_cells(label_file, config)
    forced = config.layout
    card_file, card_pairs = card.card_patterns(config, top_files) if not label_file else ("", ())
    if not forced and card_pairs and card.all_tables(sample, card_pairs):
        forced = layout.TABLES  # the card's data files are tables: wherever they lie (data/*.parquet)
    lines = None  # a record a line, labelled by the file's name or a label file beside it
    if config.layout in ("", layout.TABLES) and not (label_file or config.label_from_name or card_pairs) and config.label_level is None:
        lines = gold_lines.find_gold_lines(config, sample) or line_files.find_line_files(
            config, sample, top_data_files(sample, top_files, top_folders))
        forced = layout.TABLES if lines else forced
    if not forced and not label_file and not config.label_from_name and label_file_found.line_tables_at_top(
        config, top_data_files(sample, top_files, top_folders),
        records=not any(layout.extension(p) in layout.IMAGE_EXTENSIONS for p in sample),
    ):
        forced = layout.TABLES  # SQuAD's question-answering JSON, fastText's lines: a table per file
    if not forced and not label_file and not config.label_from_name and json_line_files.tables_of_json_lines(config, sample):
        forced = layout.TABLES  # `.json` files of JSON lines and nothing else (Hugging Face's published files)
    subsets: tuple[tuple[str, str], ...] = ()
    tab_folders: tuple[tuple[str, str], ...] = ()
    if not forced and not label_file and not config.label_from_name and config.label_level is None:
        forced = layout.TABLES if block_files.block_files(config, sample) else forced  # SemEval-2010 Task 8's TRAIN_FILE.TXT
    if not forced and not label_file and not config.label_from_name and config.label_level is None:
        tab_folders = split_tab_rows.tab_rows_in_split_folders(config, sample, top_folders)  # WASSA-2017's training/*.txt
        forced = layout.TABLES if tab_folders else forced
    if not forced and not label_file and not config.label_from_name and config.label_level is None:
        subsets = subset_tables.subset_split_patterns(config, sample)  # ANLI's R1/train.jsonl, R2/train.jsonl ...
        forced = layout.TABLES if subsets else forced
    xml_tables: tuple[tuple[str, str], ...] = ()
    if not forced and not label_file and not config.label_from_name and config.label_level is None:
        xml_tables = xml_record_files.record_patterns(config, sample)  # SemEval's Restaurants_Train_v2.xml
        forced = layout.TABLES if xml_tables else forced
    documents: tuple[tuple[str, str], ...] = ()
    if config.layout in ("", layout.TABLES) and not (forced and not config.layout) and not label_file and not config.label_from_name \
            and config.label_level is None:
        documents = json_documents.document_patterns(config, sample)  # EURLEX57K's dataset/train/<celex>.json
        forced = layout.TABLES if documents else forced
    # (tables forced by their lines at the top may still be images a row: EMNIST's headerless CSVs)
    illustrations = pixel_row_tables.illustrations(sample)
    pixel_tables = [] if forced not in ("", layout.TABLES) or label_file or config.label_from_name else pixel_row_tables.pixel_tables(config, sample, illustrations)
    if pixel_tables:
        pixel_row_tables.check_label_columns(config, pixel_tables)  # two candidate label columns: the user's to name
        forced = layout.TABLES  # FER2013's fer2013.csv: a grey image a row, written out as numbers
    if not forced and not label_file and describe.mat_images(config, sample):
        forced = layout.ARRAYS  # SVHN's train_32x32.mat: MATLAB image arrays (converters/mat_arrays.py)
    boxes = [] if forced not in ("", layout.IMAGE_FOLDERS) or label_file else box_tables.box_evidence(config, sample)  # KITTI, WIDER, Open Images
    if not forced and not label_file and not config.label_from_name and (describe.yolo_labels(config, sample) or describe.hf_metadata(config, sample) or boxes):
        # A YOLO export (its labels/*.txt share the images' stems but are no captions) or a Hugging
        # Face imagefolder (its metadata.jsonl is no table of texts): images, labelled by those files.
        forced = layout.IMAGE_FOLDERS
    elif not forced and not label_file and not config.label_from_name and (per_folder := describe.hf_metadata_per_folder(config, sample)):
        shown = ", ".join(per_folder[:3]) + (" and more" if len(per_folder) > 3 else "")
        raise UsageError(
            f"{config.source} is a Hugging Face imagefolder with metadata in each split folder ({shown}), which "
            "shardify does not read yet (it would read them as tables of text): put one metadata.csv at the top of "
            "SRC whose file_name is relative to SRC (train/0001.png), or convert one split with --labels FILE, "
            "or force another reading with --layout"
        )
    annotations = [] if (forced and not boxes) or label_file or config.label_from_name else guards.number_row_folders(config, sample)
    annotations = [a for a in annotations if a not in {e.path for e in boxes}]
    read: list[str] = []
    if annotations:  # .txt files named like the images, of numbers: annotations, not captions (KITTI)
        read = yolo_beside.check_yolo_beside(config, sample, annotations)  # Darknet's, CVAT's 'YOLO 1.1': boxes beside each image
        annotations = [a for a in annotations if a not in read]  # (read as objects: yolo_beside_read)
        forced = layout.IMAGE_FOLDERS
    worded = None  # the label files beside the images, read once: describe's evidence reuses them
    if not forced and not label_file and (worded := word_captions.label_file_evidence(config, sample)):
        forced = layout.IMAGE_FOLDERS  # img001.txt: `cat` beside img001.jpg, its label (read by describe), no caption
    detected = layout_guess.detect_layout(
        sample,
        top_folders,
        label_file=label_file,
        name_pattern=config.label_from_name,
        forced=forced,
        archive_folders=archive_folders,
    )
    detected = yolo_beside_read.without_name_labels(config, sample, detected, read)  # the boxes beside the images label them
    detected = disputed_name_labels.without_disputed_names(config, sample, detected)  # train_data.csv: salmo.466.jpg,Salmonella
    if detected.name == layout.NAMED_FILES and (note := unmatched_names.unlabelled_note(config)):
        detected = dataclasses.replace(detected, notes=(*detected.notes, note))  # --unlabelled-files
    sample_documents.check_sample_documents(config, sample, detected)  # LabelMe's <name>.json beside <name>.jpg: no label member
    media_beside_tables.check_clip_inputs(sample, detected, config)  # FSD50K's .wav clips as the inputs: no record holds them
    if vectors:
        note = f"word vectors, no texts: {', '.join(vectors[:3])}{' and more' if len(vectors) > 3 else ''} (left out)"
        detected = dataclasses.replace(detected, left_out=(*detected.left_out, *vectors), notes=(*detected.notes, note))
    if previews:
        note = readme_previews.previews_note(previews)
        detected = dataclasses.replace(detected, left_out=(*detected.left_out, *previews), notes=(*detected.notes, note))
    if detected.name == layout.TEXT_FOLDERS and detected.structure is not None:  # SpamAssassin's `cmds` in each class folder
        texts = [p for p in sample if not detected.is_auxiliary(p)]
        if notes := folder_notes.folder_notes(texts, detected.class_folder_of):
            note = folder_notes.folder_notes_note(notes)
            detected = dataclasses.replace(detected, left_out=(*detected.left_out, *notes), notes=(*detected.notes, note))
    if card_pairs:
        detected = card.with_card(config, detected, card_file, card_pairs)
    if subsets:
        folders = sorted({posixpath.dirname(p) + "/" for p, _ in subsets})
        note = f"subset folders of split tables, each table a split of its own (<split>_<folder>): {', '.join(folders)}"
        detected = dataclasses.replace(detected, split_patterns=subsets, notes=(*detected.notes, note))
    if xml_tables:
        note = f"XML documents of text records, each a table of its split: {', '.join(f'{p} ({s})' for p, s in xml_tables)}"
        classes = xml_record_files.class_files(config, sample)  # the Multi-Domain reviews' positive.review, negative.review
        if classes:
            note += "; each of the class its name names: " + ", ".join(f"{p} ({c or 'unlabelled'})" for p, c in classes[:6])
        detected = dataclasses.replace(detected, split_patterns=xml_tables, table_labels=classes, notes=(*detected.notes, note))
    if documents:
        note = f"JSON documents, one record each (--json-records .), a folder a split: {', '.join(f'{p} ({s})' for p, s in documents)}"
        ids_file, ids = json_documents.label_ids(config, sample, documents)  # EURLEX57K's concepts named by eurovoc_en.json
        detected = dataclasses.replace(detected, split_patterns=documents, label_ids=ids, label_ids_file=ids_file,
                                       notes=(*detected.notes, note))
    if tab_folders:
        note = f"headerless tab-separated .txt tables in split folders: {', '.join(p for p, _ in tab_folders)}"
        detected = dataclasses.replace(detected, split_patterns=tab_folders, notes=(*detected.notes, note))
    if group:
        detected = dataclasses.replace(detected, notes=(*detected.notes, group.note))
    if pixel_tables:
        note = f"tables of images written out as numbers, a grey image a row: {', '.join(pixel_tables)}"
        if illustrations:
            note += f"; images beside them at the top, illustrations, left out: {', '.join(illustrations)}"
        detected = dataclasses.replace(detected, media="image", left_out=(*detected.left_out, *illustrations), notes=(*detected.notes, note))
    if detected.name == layout.ARRAYS:
        hdf5_checks.check_hdf5(config, sample)
    if annotations:
        note = f"rows of numbers named like the images, annotations not read: {', '.join(a + '/' for a in annotations)}"
        detected = dataclasses.replace(detected, notes=(*detected.notes, note))
    if config.label_level is not None and detected.structure is not None:
        detected = describe.at_label_level(detected, config.label_level)
    # STARE's `labels-ah/`, `labels-vk/` beside `stare-images/`; Leeds Butterfly's `segmentations/`: masks by their shape
    detected = mirror_masks.with_mirror_masks(config, sample, detected)
    if detected.name in (layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS) and not config.label_from_name:
        evidence, how = describe.find_evidence(config, sample, detected, label_files=worded)
        if evidence:
            detected = dataclasses.replace(detected, evidence=evidence, notes=(*detected.notes, *how))
            detected = unlabelled_inputs.parts_beside_objects(sample, detected)  # GRAZPEDWRI-DX's images_part1/, _part2/
            detected = split_annotations.files_over_folders(config, detected, sample)  # iNaturalist 2018's train2018.json
            detected = mirror_label_files.without_class_folders(detected)  # CK+'s Emotion/<subject>/<sequence>/
            if config.label_level is None:  # class folders a split list puts wholly in one split: DAVIS's sequences
                inputs = [p for p in sample if not detected.is_auxiliary(p)]
                unclassed, note = folder_lists.without_listed_classes(inputs, detected.structure, detected.evidence)
                if note:
                    detected = dataclasses.replace(detected, structure=unclassed, notes=(*detected.notes, note))
        if not boxes:  # (box tables label their images with their objects' classes: Open Images)
            detected = label_tables.with_label_table(config, sample, detected, only=keyed_given)  # HAM10000's metadata
            detected = label_tables.with_label_lists(config, sample, detected)  # FGVC-Aircraft's images_variant_<split>.txt
            detected = label_tables.with_concept_lists(config, sample, detected)  # MIRFLICKR's annotations/<concept>.txt
            detected = split_label_tables.with_split_tables(config, sample, detected)  # RFMiD's table per split folder
            detected = split_folder_labels.with_split_folder_tables(config, sample, detected)  # Training_set.csv of bare names
            detected = inner_split_labels.with_inner_split_tables(config, sample, detected)  # C-NMC's validation_data/*_labels.csv
            detected = held_out_in_split_folder.with_held_out_lists(config, sample, detected)  # test_<id>.csv of ids
        detected = describe.classes_from_lists(config, detected)
    if keyed_given and not any(e.path == keyed_given for e in detected.evidence):  # never dropped without a word
        raise UsageError(
            f"--labels {config.labels_file}: its rows name files of the training folders only, beside a test folder, "
            "and it could not be read as their table of labels (a key column of file names and a label column): name "
            "them with --key-column and --label-column, or say it in a layout file (--dry-run --layout-file FILE)"
        )
    with label_file_splits.codes_asked_with_guess(config, lambda: detected, label_file):  # `split` of A/B: the guess goes with it
        if detected.name == layout.LABEL_FILE and detected.media == "image" and not detected.split_folders and not config.split:
            detected = describe.with_split_lists(config, sample, detected)
            detected = held_out_tables.with_held_out_tables(config, sample, detected)  # a competition's test.csv of ids
            detected = row_index_splits.with_row_splits(config, sample, detected)  # Derm7pt's train_indexes.csv of row numbers
        detected = label_file_splits.with_split_column(config, sample, detected, label_file)  # labels.csv's `split` column
    split_folder_labels.check_label_file_names(config, sample, detected)  # labels.csv's 'Image_1.jpg' in train/ and test/
    detected = box_tables.with_box_annotations(config, detected, boxes, sample)
    detected = describe.with_objects(config, detected)
    detected = copied_table_reads.with_copied_tables(config, sample, detected)  # IMDb genres' test_data.txt: the solution's rows
    detected = label_tables.with_label_joins(config, sample, detected)  # Jigsaw's test_labels.csv, by id
    detected = xml_label_joins.with_xml_label_joins(config, sample, detected)  # Hyperpartisan's ground-truth XML, by id
    detected = text_joins.with_text_joins(config, sample, detected)  # FNC-1's stances naming their bodies by Body ID
    detected = given_label_joins.with_given_joins(config, sample, detected)  # --labels truth.jsonl --key-column id
    detected = run_length_tables.with_class_rows(config, sample, detected)  # Severstal's rows: a row per image and class
    if detected.name in (layout.TABLES, layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS) and not config.label_names:
        detected = describe.with_vocabulary(config, sample, detected)
        detected = code_name_tables.with_code_name_tables(config, sample, detected)  # Medical Abstracts' medical_tc_labels.csv
    detected = class_list.with_declared_classes(config, sample, detected)
    if lines:
        detected = dataclasses.replace(
            detected, line_files=lines.files, row_labels=(*detected.row_labels, *lines.row_labels), notes=(*detected.notes, lines.note))
        if lines.vocabulary and not config.label_names:
            detected = dataclasses.replace(
                detected, vocabulary=lines.vocabulary, vocabulary_file=lines.vocabulary_file, vocabulary_base=lines.base
            )
    if config.split and detected.split_folders:
        raise UsageError(
            f"{config.source} has split folders ({', '.join(detected.split_folders)}); "
            "--split would mix them: drop --split, or point SRC at one split folder"
        )
    if detected.name == layout.TABLES and not detected.split_patterns and not detected.line_files:
        pairs = (split_extensions.extension_splits([p for p in sample if not detected.is_auxiliary(p)])  # optdigits.tra
                 or split_extensions.c45_splits(sample))  # adult.data, adult.test beside adult.names
        if pairs:
            detected = dataclasses.replace(detected, split_patterns=pairs, notes=(*detected.notes, split_extensions.note(pairs)))
    if detected.name == layout.TABLES and not detected.split_patterns and not detected.line_files:
        copies, note = second_readings.second_readings(sample)  # SciTail's snli_format/ beside tsv_format/
        if copies:
            detected = dataclasses.replace(detected, left_out=(*detected.left_out, *copies), notes=(*detected.notes, note))
        detected = union_tables.with_union_tables(config, sample, detected)  # 10kGNAD's articles.csv: train + test
    detected = media_beside_tables.with_media_set_aside(config, sample, detected)  # MELD's clips beside its tables
    format_twins.check_format_twins(config, sample, detected)  # XNLI's xnli.dev.tsv beside xnli.dev.jsonl
    detected = prefix_splits.with_prefix_splits(config, sample, detected, DETECT_SAMPLE_FILES)  # GlaS's train_, testA_, testB_ in one folder
    detected = guess_checks.checked_guess(config, sample, detected, annotations, DETECT_SAMPLE_FILES)
    return guess_checks.with_last_readings(config, sample, detected)
