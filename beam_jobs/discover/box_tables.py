"""Detection datasets whose boxes are written as text, found in the detection sample: KITTI's
label_2/ beside image_2/, WIDER FACE's *_bbx_gt.txt, Open Images' *-annotations-bbox.csv (the
rows of `shardify.plan.box_formats.FORMATS`; a new dataset of one of these shapes is a new row).

Found, they are the source's objects: the images are read as an image folder layout whatever the
tables beside them look like, the annotations are evidence joined to the images by key (see
`discover/evidence.py`), and class folders, where the folders have some (WIDER FACE's events),
do not label the images: the objects' classes do, as a COCO, VOC or YOLO dataset's do
(`--label-level N` keeps the folders). Detection reads the first lines of a few files only.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import (
    box_beside, box_content_tables, box_image_folders, box_literal_tables, folder_tables, frame_row_tables, label_file_found, mat_frames,
    set_aside, voc_beside,
)
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import idl_boxes, json_box_files, labelme_shapes, mat_boxes, named_box_lines
from shardify.converters.evidence_files import MAX_XML_BYTES
from shardify.errors import DoubtedGuess, InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import box_formats, file_name_labels, layout
from shardify.plan import evidence as evidence_lib
from shardify.plan.evidence import Evidence, KeyRule, file_key, key_rule, row_key

__all__ = ["box_evidence", "with_box_annotations"]

# Text files whose names are looked at as annotation files of many images (the sample's first).
_CANDIDATE_FILES = 200
# Pairings found by their own modules, not as one annotation file (`_annotation_tables`).
_OWN_READERS = (box_formats.PER_IMAGE, box_formats.FOLDER_TABLES, box_formats.FRAME_ROWS, box_formats.PER_IMAGE_MAT, box_formats.FOLDER_MAT)
# Extensions of annotation files a row of `box_formats.FORMATS` may name (`.odgt`: CrowdHuman's JSON lines).
_ANNOTATION_EXTENSIONS = ("txt", "csv", "odgt", "json", "idl", "yaml", "yml")
# Files of a folder opened to find one with lines (an image without objects has an empty file).
_FIRST_FILES = 20


def _per_image_folders(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    images_by_folder: dict[str, set[str]] = {}
    texts_by_folder: dict[str, list[str]] = {}
    for path in sample:
        ext = layout.extension(path)
        if ext in layout.IMAGE_EXTENSIONS:  # (and the stem a format's views share: VEDAI's `<id>` of `<id>_co.png`)
            images_by_folder.setdefault(posixpath.dirname(path), set()).update(box_image_folders.view_stems(layout.stem(path)))
        elif ext in ("txt", "json", "tsv", "mat") and "/" in path:  # (.tsv: IceVision's rows under a header, `header_box_rows`)
            texts_by_folder.setdefault(posixpath.dirname(path), []).append(path)
    found = []
    trees: set[tuple[str, str]] = set()
    for folder, texts in sorted(texts_by_folder.items()):
        image_folder = box_image_folders.mirrored_images(folder, texts, images_by_folder)
        roots = None if image_folder else box_image_folders.mirror_roots(folder, texts, images_by_folder)
        if roots in trees:
            continue  # (its tree's Evidence is made: one for all its folders, sampled or not)
        if roots:
            image_folder = roots[1]
        by_stem = not image_folder and bool(image_folder := box_image_folders.split_tree_images(folder, texts, images_by_folder))
        if not image_folder:
            continue
        documents = [p for p in texts if layout.extension(p) == "json"]
        mats = [p for p in texts if layout.extension(p) == "mat"]
        if mats:  # one MATLAB file per image (`box_formats.PER_IMAGE_MAT`): the first holding boxes decides
            fmt = _mat_files_format(config, folder, mats) if len(mats) == len(texts) else None  # (beside text files: no one format)
        elif documents:  # one JSON document per image (`box_formats.PER_IMAGE_JSON`): the first decides
            if len(documents) != len(texts):
                continue  # .txt and .json files in one folder: no one format
            # a row of no folder of its own (LabelMe's, `files` "") is told by its content, whatever its folder's
            # name (an export's ann/ beside img/), where the documents lie apart from their images (beside them:
            # box_beside's, and split folders of the same stems are no mirrors); read as far as its reader reads
            apart = not {box_image_folders.image_stem(p) for p in documents} & images_by_folder.get(folder, set())
            fmt = _json_documents_format(config, folder, documents, apart)
        else:
            first = next((p for p in sorted(texts)[:_FIRST_FILES] if any(line.strip() for line in label_file_found.head_lines(config, p))), "")
            lines = label_file_found.head_lines(config, first) if first else []
            fmt = box_formats.per_image_format(posixpath.basename(folder), lines, layout.extension(first)) if first else None
            if fmt is None and first and roots:  # a mirror tree (`Labels/<set>/` of `Images/<set>/`): its root's name tells
                fmt = box_formats.per_image_format(posixpath.basename(roots[0]), lines, layout.extension(first))
        if fmt is None:
            if documents:
                _stop_keyless(config, folder, documents, image_folder, roots)
            continue
        note = f"{folder}/: objects, one file per image of {image_folder}/ by stem: {fmt.shown}"
        rule = KeyRule(image_folder.count("/") + 2, False)
        bare: tuple[str, ...] = ()
        if by_stem:  # the images in split folders beneath image_folder, each keyed by its stem alone (MTSD's)
            note = f"{folder}/: objects, one file per image of {image_folder}/<split>/ by stem: {fmt.shown}"
            rule = KeyRule(1, False)
            bare = box_image_folders.bare_split_folders(image_folder, texts, images_by_folder)
            note += (f"; {', '.join(bare)}: no document, its images written without objects" if bare else "") + (
                "; an image of another split folder without its document a reject")
        if roots:  # a mirror tree: one Evidence at its root, each file keyed by its image's path from SRC
            trees.add(roots)
            folder = roots[0]
            note = f"{folder}/: objects, one file per image, a tree mirroring {image_folder}/ by path: {fmt.shown}"
            rule = KeyRule(64, False)
        names: tuple[str, ...] = ()
        if fmt.pairing == box_formats.PER_IMAGE and fmt.numbered_class:  # CARPK's one class, numbered, named nowhere
            names = _one_class_named(config, folder, first, fmt)
            note += f"; class {names[0]} named {names[1]!r} (--label-names)"
        elif fmt.pairing == box_formats.PER_IMAGE and fmt.single_class == box_formats.UNNAMED_CLASS:  # Guns': no class at all
            names = (box_formats.UNNAMED_CLASS, _unnamed_class_named(config, folder, first))
            note += f"; every box a {names[1]!r} (--label-names)"
        found.append(Evidence(folder, evidence_lib.BOX_FILES, rule, box_format=fmt.name, image_folder=image_folder, note=note,
                              names=names, unannotated=bare))
    return found


def _json_documents_format(config: ConvertConfig, folder: str, documents: Sequence[str], apart: bool) -> box_formats.BoxFormat | None:
    """The PER_IMAGE_JSON row of a folder's documents: the first (by name) that holds boxes decides; one
    of an image without objects (EuroCity Persons' frame of no person: `"children": []`) tells nothing, so
    the next is read, up to _FIRST_FILES."""
    for path in sorted(documents)[:_FIRST_FILES]:
        data = _document(config, path, labelme_shapes.MAX_DOCUMENT_BYTES)
        fmt = json_box_files.json_format(posixpath.basename(folder), data) or (json_box_files.json_format("", data) if apart else None)
        if fmt is not None or not json_box_files.holds_no_boxes(data):
            return fmt
    return None


def _mat_files_format(config: ConvertConfig, folder: str, mats: Sequence[str]) -> box_formats.BoxFormat | None:
    """The PER_IMAGE_MAT row of a folder's .mat files: the first (by name) holding boxes decides; one of an
    image without objects (an empty `boxes`) tells nothing, so the next is read, up to _FIRST_FILES."""
    for path in sorted(mats)[:_FIRST_FILES]:
        data = _document(config, path, mat_boxes.MAX_MAT_BOX_BYTES)
        fmt = mat_boxes.mat_format(posixpath.basename(folder), data)
        if fmt is not None or not mat_boxes.holds_no_boxes(data):
            return fmt
    return None


def _stop_keyless(config: ConvertConfig, folder: str, documents: Sequence[str], image_folder: str,
                  roots: tuple[str, str] | None) -> None:
    """Stops where the folder's first document of boxes holds them in a row's shape without the keys that tell
    the row's convention (`json_box_files.keyless_format`): read as the row, each box may be wrong; unread, the
    images were written without their objects.

    Raises:
      UsageError: such a document, naming it and the layout file's evidence that reads it as the row.
    """
    for path in sorted(documents)[:_FIRST_FILES]:
        data = _document(config, path, labelme_shapes.MAX_DOCUMENT_BYTES)
        row = json_box_files.keyless_format(data)
        if row is None and json_box_files.holds_no_boxes(data):
            continue
        if row is None:
            return
        path_of, images = (roots or (folder, image_folder))
        key = "{parts: 64, extension: false}" if roots else f"{{parts: {image_folder.count('/') + 2}, extension: false}}"
        keys = " and ".join(f"'{k}'" for k in row.document_keys)
        raise UsageError(
            f"{path}: its {row.boxes_field} hold a {row.class_field} and a {row.box_fields[0]} of four numbers, the "
            f"images of {images}/ paired by name, but no {keys} beside them, which tell the {row.name!r} reading "
            "(x, y, width, height): two corners cannot be told from a corner and a size by the numbers; a layout file "
            f"(docs/layout-files.md) with the evidence {{path: {path_of}, kind: box files, key: {key}, box_format: "
            f"{row.name}, image_folder: {images}}} reads them as x, y, width, height"
        )


def _one_class_named(config: ConvertConfig, folder: str, first: str, fmt: box_formats.BoxFormat) -> tuple[str, str]:
    """(the class number, its name) of a folder of boxes of one numbered class named nowhere (CARPK's
    `x1 y1 x2 y2 1`): the name `--label-names` gives, one name for the one class.

    Raises:
      UsageError: no name given (a number is no class name: written, every object would be "1"), or
        more than one for the one class.
    """
    line = next(line for line in label_file_found.head_lines(config, first) if line.strip())
    number = fmt.fields_of(line)[int(fmt.class_field)]
    if len(config.label_names) == 1:
        return number, config.label_names[0]
    given = f"--label-names names {len(config.label_names)} classes; " if config.label_names else ""
    raise UsageError(
        f"{folder}/ holds a box a line ({first}: {line.strip()!r}: the corners x1 y1 x2 y2, then the class), every box of "
        f"one class numbered {number}, named nowhere in SRC: {given}name it with --label-names FILE (one line, the "
        "class's name: `car`), or describe the dataset in a layout file (docs/layout-files.md)"
    )


def _unnamed_class_named(config: ConvertConfig, folder: str, first: str) -> str:
    """The name `--label-names` gives the one class of a folder of boxes that name no class at all
    (Guns Object Detection's `Labels/<n>.txt`: a count line, then `x1 y1 x2 y2` lines).

    Raises:
      UsageError: no name given, or more than one: the boxes are the dataset's objects, but of what
        class only the user can say (written under a made-up name, every record would carry it).
    """
    if len(config.label_names) == 1:
        return config.label_names[0]
    lines = [line.strip() for line in label_file_found.head_lines(config, first) if line.strip()][:2]
    given = f"--label-names names {len(config.label_names)} classes; " if config.label_names else ""
    raise UsageError(
        f"{folder}/ holds a file of boxes per image ({first}: {' / '.join(map(repr, lines))}: the number of boxes, then the "
        f"corners x1 y1 x2 y2 a line) and names no class: every box is of one class the dataset names only in its "
        f"documentation: {given}name it with --label-names FILE (one line, the class's name: `gun`), which writes the boxes "
        "as objects of that class and labels each image by it; or --label-level 0 for the images without their boxes, "
        "or describe the dataset in a layout file (docs/layout-files.md)"
    )


def _document(config: ConvertConfig, path: str, limit: int = MAX_XML_BYTES) -> bytes:
    """The whole of a per-image JSON document (a pretty-printed one spans many lines) up to `limit`
    bytes (one more: a larger one parses as no document), or b""."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return fileobj.read(limit + 1)
    except (OSError, InvalidInputError):
        return b""


def _class_names_file(config: ConvertConfig, sample: Sequence[str], table: str, pattern: str) -> str:
    """The file naming a table's classes: the nearest to the table whose name matches `pattern`."""
    if not pattern:
        return ""
    named = [p for p in sample if re.search(pattern + "$", posixpath.basename(p))]
    near = sorted(named, key=lambda p: (not posixpath.dirname(table).startswith(posixpath.dirname(p)), p.count("/"), p))
    return near[0] if near else ""


def _named_for_boxes(name: str) -> bool:
    """A box format's file pattern matches `name` and not any file of its extension (`movies.csv` is
    matched by the patterns of formats told by their header alone, as every `.csv` is: no sign)."""
    anonymous = "zq0x." + name.rsplit(".", 1)[-1]
    return any(f.pairing not in _OWN_READERS and re.search(f.files + "$", name)
               and not re.search(f.files + "$", anonymous) for f in box_formats.FORMATS)


def _annotation_tables(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    found = []
    texts = [p for p in sample if layout.extension(p) in _ANNOTATION_EXTENSIONS][:_CANDIDATE_FILES]
    # a document per sequence is named as the folder of its frames (UA-DETRAC's MVI_20011.xml, MVI_20011/), or
    # as it with a suffix (its v3 release's MVI_20011_v3.xml)
    frame_folders = {posixpath.basename(posixpath.dirname(p)) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    texts += [p for p in sample if layout.extension(p) == "xml"
              and (layout.stem(p) in frame_folders or box_formats.unsuffixed(layout.stem(p)) in frame_folders)][:_CANDIDATE_FILES]
    for path in texts:
        name = posixpath.basename(path)
        if not any(f.pairing not in _OWN_READERS and re.search(f.files + "$", name) for f in box_formats.FORMATS):
            continue
        if evidence_lib.example_file(path):  # a submission's format (`sample_submission.csv`): no boxes of anything
            continue
        if not FileSystems.exists(join_path(config.source, path)):  # an archive's member: not read as evidence
            continue
        lines = label_file_found.head_lines(config, path)
        fmt = box_formats.file_format(name, lines)
        if fmt is None:
            if all(f.by_header or f.columns for f in box_formats.FORMATS
                   if f.pairing not in _OWN_READERS and re.search(f.files + "$", name)):
                continue
            if _named_for_boxes(name):  # (a pattern any `x.csv` matches says nothing of the file)
                set_aside.note(path, "named like a file of boxes, but its first lines are not of that shape")
            continue
        names_file = ""
        if fmt.pairing == box_formats.BLOCKS:
            rule = key_rule([line.strip() for line in lines if len(line.split()) == 1 and not box_formats.is_number(line)])
            how = "a path line, a count line, then a line per box"
        elif fmt.pairing == box_formats.IDL_LINES:  # the quoted paths show whether they carry folders, extensions
            rule = key_rule(idl_boxes.idl_keys(lines))
            how = "a line an image: its quoted path, then its boxes (x1, y1, x2, y2)"
        elif fmt.pairing == box_formats.NAMED_LINES:  # the names show whether they carry the extension
            rule = key_rule(named_box_lines.named_keys(lines))
            how = "a line an image: its file's name, a colon, then its objects, each ended by ';'"
        elif fmt.pairing == box_formats.FRAMES_XML:  # the folder of the frames, then the number ending each name
            rule = _frame_rule(config, path, fmt, sample)
            how = f"one XML document per sequence, its frames by their {fmt.number_field}, their boxes in {fmt.boxes_field}"
            how += f", frame n its file numbered n{rule.shift:+d}" if rule.shift else ""
        elif fmt.pairing == box_formats.JSON_DOCUMENT:  # the entries' keys show whether they carry folders, extensions
            rule = key_rule(box_formats.document_keys(fmt, "\n".join(lines)))
            how = f"one {fmt.document.upper()} document, its images by {fmt.key_field}, their boxes in {fmt.boxes_field}"
        elif fmt.pairing == box_formats.JSON_LINES:  # the image's id: its file's stem
            rule = KeyRule(1, False)
            how = f"a JSON object a line, its image by {fmt.key_field}, its boxes in {fmt.boxes_field}"
        elif fmt.columns:  # headerless: the key cells show whether they carry the extension
            keys = [fmt.row_cells(line)[fmt.columns.index(fmt.key_field)] for line in lines if line.strip()]
            rule = key_rule(keys)
            _check_keys_name_one_file(path, keys, rule, sample)
            how = f"a headerless row per box ({(fmt.separator or ',').join(fmt.columns)}), its image by {fmt.key_field}"
        else:  # the key cells show whether they carry the extension (`vid_4_1000.jpg`) or are the stem
            rule = _header_key_rule(fmt, lines)
            names_file = _class_names_file(config, sample, path, fmt.class_names)
            how = f"a row per box, its image by {fmt.key_field}, the file's {'name' if rule.extension else 'stem'}"
        names = f", class names from {names_file}" if names_file else ""
        note = f"{path}: objects of the images it names ({how}): {fmt.shown}{names}"
        split = _split_of_name(name)
        evidence = Evidence(path, evidence_lib.BOX_TABLE, rule, box_format=fmt.name, names_file=names_file, split=split, note=note)
        found.append(evidence)
    return found


def _frame_rule(config: ConvertConfig, path: str, fmt: box_formats.BoxFormat, sample: Sequence[str]) -> KeyRule:
    """How a sequence's XML names its frames' files: the folder named as it, then the number ending
    each name, shifted where the document and the files count from different bases
    (`box_formats.frame_shift`: frames from 1 over `img00000.jpg`).

    Raises:
      UsageError: the files count from 0 and the document's first frame tells no base.
    """
    stem = layout.stem(path)
    frames = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS
              and posixpath.basename(posixpath.dirname(p)) in (stem, box_formats.unsuffixed(stem))]
    present = {int(found.group(1)) for p in frames if (found := re.search(r"(\d+)$", layout.stem(p), re.ASCII))}
    head = _document(config, path)[:MAX_XML_BYTES]
    numbers = [int(n) for n in re.findall(rb"<" + re.escape(fmt.entries_field.encode()) + rb"\b[^>]*?\b"
                                          + re.escape(fmt.number_field.encode()) + rb'="\s*([0-9]+)\s*"', head)]
    shift = box_formats.frame_shift(min(numbers) if numbers else None, present)
    if shift is None:
        first = min(frames, key=lambda p: (len(p), p))
        raise UsageError(
            f"{path} numbers its first listed frame {min(numbers)} while its frames' files count from 0 ({first}): "
            "whether frame 1 is the first file or the second cannot be told (frames of no target are left out); "
            "not supported yet: number the files from 1, as UA-DETRAC's img00001.jpg, or from the document's numbers"
        )
    return KeyRule(2, False, True, shift=shift)


def _check_keys_name_one_file(table: str, keys: Sequence[str], rule: KeyRule, sample: Sequence[str]) -> None:
    """Stop where a headerless box table's first keys each name several sampled images (GTSDB's
    gt.txt names `00000.ppm`, the scene at the top, beside `01/00000.ppm`, `11/00000.ppm`, crops
    in class folders): which file a row means cannot be told, and every such image was a reject
    (exit 1).

    Raises:
      UsageError: naming the table and the files one key names.
    """
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    named: dict[str, list[str]] = {}
    for image in images:
        named.setdefault(file_key(image, rule), []).append(image)
    for key in keys:
        files = named.get(row_key(key.strip(), rule), [])
        if len(files) > 1:
            raise UsageError(
                f"{table} names its images by {key.strip()!r} alone, which names {len(files)} files "
                f"({', '.join(sorted(files)[:4])}): the images it means are not told from the others "
                "(folders of crops beside the scenes?); not supported yet: move the other folders out of SRC"
            )


def _header_key_rule(fmt: box_formats.BoxFormat, lines: Sequence[str]) -> KeyRule:
    """How a ROWS table with a header names its images: by stem (Open Images' `ImageID`), or by
    file name where its key cells carry an extension (`image`: `vid_4_1000.jpg`)."""
    rows = [fmt.row_cells(line) for line in lines if line.strip()]
    if not rows or fmt.key_field not in [cell.strip() for cell in rows[0]]:
        return KeyRule(1, False)
    index = [cell.strip() for cell in rows[0]].index(fmt.key_field)
    keys = [row[index].strip() for row in rows[1:] if len(row) > index and row[index].strip()]
    return key_rule(keys) if keys else KeyRule(1, False)


_split_of_name = box_content_tables.split_of_name  # (one rule for documented tables and tables read by content)


def box_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """The source's annotation folders and files of boxes as text, by the rows of
    `box_formats.FORMATS`, Pascal VOC XML beside the images in folders that group them
    (`voc_beside`) and a box table in each class folder (`folder_tables`); [] where a label file or a label pattern was given."""
    if config.labels_file or config.label_from_name:
        return []
    found = _per_image_folders(config, sample) + _annotation_tables(config, sample) + box_beside.beside_box_evidence(config, sample)
    found += frame_row_tables.frame_row_evidence(config, sample, {e.path for e in found})  # UAVDT's M0101_gt_whole.txt
    found += box_content_tables.content_table_evidence(config, sample, {e.path for e in found})  # MIO-TCD's gt_train.csv
    found += box_literal_tables.literal_table_evidence(config, sample, {e.path for e in found})  # Airbus's polygon literals
    found += mat_frames.frames_mat_evidence(config, sample)  # (a .mat of polygons per folder of frames: EgoHands')
    return found + voc_beside.beside_evidence(config, sample) + folder_tables.folder_table_evidence(config, sample)


def with_box_annotations(
    config: ConvertConfig, detected: layout.SourceLayout, found: Sequence[Evidence], sample: Sequence[str] = ()
) -> layout.SourceLayout:
    """`detected` with the boxes `found` as its evidence (in place of anything else read from the
    same files) and, unless `--label-level` says otherwise, no class folders: the objects'
    classes are the images' labels. Split folders give the splits; without them, the files'
    names do (`validation-annotations-bbox.csv`), an image no such file names being rejected
    saying so, never put in train with the others.

    Raises:
      DoubtedGuess: a table read by content (`box_content_tables`) whose boxes fit more than one
        reading, with the guess.
    """
    if not found or detected.name != layout.IMAGE_FOLDERS:
        return detected
    found, exports = box_content_tables.without_exports(detected, found)  # BCCD's test.csv beside its VOC XML
    if not found:
        return dataclasses.replace(detected, notes=(*detected.notes, *exports))
    structure = detected.structure
    folders = bool(detected.split_folders) or (structure is not None and structure.split_level >= 0)
    if folders or not all(e.split for e in found) or len({e.split for e in found}) < 2:
        found = [dataclasses.replace(e, split="") for e in found]  # the folders give the splits, or nothing does
    else:  # images in one folder (Open Images' downloader): each table's name gives its images' split
        found = [dataclasses.replace(e, note=f"{e.note}; its images are in {e.split}") for e in found]
    paths = {e.path for e in found}
    replaced = {e.note for e in detected.evidence if e.path in paths}  # the same file read as something else
    evidence = tuple(sorted([e for e in detected.evidence if e.path not in paths] + list(found), key=lambda e: e.path))
    notes = [e.note for e in found]
    if structure is not None and config.label_level is None and any(level >= 0 for _, level in structure.label_levels):
        classes = detected.structure.label_levels
        structure = dataclasses.replace(
            structure,
            label_levels=tuple((split, -1) for split, _ in classes),
            single_class="",
            name_pattern=None,
            named_splits=(),
        )
        notes.append("class folders not read as labels: the objects' classes label the images (--label-level N reads them)")
    notes += exports
    kept = tuple(note for note in detected.notes if note not in replaced)
    guess = dataclasses.replace(detected, evidence=evidence, structure=structure, notes=(*kept, *notes))
    if not config.label_from_name:  # a guessed name prefix (AU-AIR's frame_<video>_x_<n>.jpg: the video) is no class
        guess = file_name_labels.without_name_labels(guess, "the objects' classes label the images (--label-from-name reads them)")
    doubt = box_content_tables.open_readings(config, sample, found)  # a table's box read two ways: the user decides
    if doubt:  # (the guess as detection goes on to make it: its objects' features, for the layout file written)
        from shardify.beam_jobs.discover import describe  # noqa: PLC0415 - describe's own steps run after this one

        raise DoubtedGuess(doubt, describe.with_objects(config, guess))
    return frame_row_tables.with_sequence_splits(config, guess, sample)  # UAVDT's M_attr/train/M0101_attr.txt
