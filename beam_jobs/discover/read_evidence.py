"""ReadEvidence: one evidence file (or folder) -> its rows, keyed by the rule that joins them to inputs.

Reading is one subject, the join another (`discover/evidence.py`, which keys the inputs and
resolves each one's split and labels from the rows). Every kind of evidence reads differently: a
split list or a label table row by row (`converters/evidence_files.py`), a folder of per-image
annotations (Pascal VOC's .xml, YOLO's .txt, KITTI's label_2/) a row per file, a folder of masks
a row per mask (not read: the writer reads each with its image), a table of boxes of many images
row by row or block by block. Whatever a row cannot say about its input (an annotation that
cannot be read, a mask `--exclude` left out) goes on as the row's error, so that the join rejects
the input with it: an image is never written without its objects or mask.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Iterator, Sequence

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import reject
from shardify.beam_jobs.discover import mirror_label_files, voc_beside, word_captions
from shardify.beam_jobs.discover.listing import list_tree
from shardify.beam_jobs.open_inputs import open_input
from shardify.converters import box_text, evidence_files, folder_tables, frame_row_tables, idl_boxes, mat_boxes, mat_frame_polygons, mat_tags, named_box_lines, tables
from shardify.converters.masks import MASK_EXTENSIONS
from shardify.errors import InvalidInputError, SourceError
from shardify.format.contract import ObjectSchema
from shardify.inputs.excludes import LEFT_OUT
from shardify.inputs.files import size_of
from shardify.inputs.paths import join_path
from shardify.plan import box_formats, layout, mask_names, mask_tails, stem_affixes
from shardify.plan.box_file_names import annotated_image
from shardify.plan.structure import mask_key, mask_named
from shardify.plan.entries import Reject
from shardify.plan.evidence import (
    ANNOTATION_FOLDERS,
    LABEL_FILES,
    BOX_FILES,
    BOX_TABLE,
    SEGMENTATION_MASKS,
    XML_OBJECTS,
    YOLO_LABELS,
    Evidence,
    KeyRule,
    row_key,
    yolo_image_key,
)

__all__ = ["ReadEvidence"]

_STAGE = "labels"


class ReadEvidence(beam.DoFn):
    """An evidence file -> ((rule, key), (its path, EvidenceRow)) per row, or Rejects."""

    def __init__(
        self, source: str, rules: Sequence[KeyRule], objects: ObjectSchema, left_out: frozenset[str] = frozenset()
    ) -> None:
        self._source = source
        self._rules = list(rules)
        self._objects = objects if objects.boxes else None
        self._left_out = left_out  # `--exclude`'s files: an image's annotation or mask among them rejects the image
        self._image_keys: set[str] | None = None  # SRC's images by path without extension, listed once where needed

    def process(self, found: Evidence) -> Iterator:
        rule = self._rules.index(found.key)
        if found.kind in ANNOTATION_FOLDERS:
            yield from self._annotation_folder(found, rule)
            return
        if found.kind == SEGMENTATION_MASKS:
            yield from self._mask_folder(found, rule)
            return
        try:
            if found.kind == BOX_TABLE:
                yield from self._box_table(found, rule)
                return
            id_paths = None
            if found.ids:
                with open_input(join_path(self._source, found.ids)) as fileobj:
                    id_paths = evidence_files.read_id_paths(fileobj)
            with open_input(join_path(self._source, found.path)) as fileobj:
                rows = evidence_files.read_evidence(
                    fileobj, found, id_paths=id_paths, size_bytes=size_of(fileobj), objects=self._objects
                )
                for row in rows:
                    if isinstance(row, tables.RowError):
                        yield reject(found.path, row.reason, row.row, _STAGE)
                    else:
                        yield (rule, row_key(row.key, found.key)), (found.path, row)
        except InvalidInputError as error:
            yield reject(found.path, f"unusable: {error.reason}", stage=_STAGE)
        except OSError as error:
            yield reject(found.path, f"cannot read: {error}", stage=_STAGE)


    def _annotation_folder(self, found: Evidence, rule: int) -> Iterator:
        """A row per annotation file of the folder (Pascal VOC's .xml, YOLO's .txt): the path
        that names its image, its objects and their names."""
        folder = join_path(self._source, found.path)
        fmt = box_formats.format_named(found.box_format) if found.kind == BOX_FILES else None
        extension = "xml" if found.kind == XML_OBJECTS else "json" if fmt and fmt.pairing == box_formats.PER_IMAGE_JSON else fmt.extension if fmt else "txt"
        if found.kind == LABEL_FILES and found.variable:  # per-image MATLAB files of tags (converters/mat_tags.py)
            extension = "mat"
        # (a per-image .mat: PER_IMAGE_MAT's extension "mat", read by converters/mat_boxes.py)
        if fmt is not None and fmt.pairing == box_formats.FOLDER_TABLES:  # a box table in each class folder
            yield from self._folder_tables(found, fmt, rule)
            return
        if fmt is not None and fmt.pairing == box_formats.FOLDER_MAT:  # a .mat of polygons in each folder of frames
            yield from self._folder_mats(found, fmt, rule)
            return
        items = list(list_tree(folder, links_inside=self._source))  # (a link to another folder of SRC stays inside)
        beside = found.kind in (YOLO_LABELS, LABEL_FILES) and found.image_folder == voc_beside.BESIDE
        # (YOLO files beside their images: a .txt is one only with an image of its stem beside it, train.txt no such)
        stems = {item.relpath.rsplit(".", 1)[0] for item in items if layout.extension(getattr(item, "relpath", "")) in layout.IMAGE_EXTENSIONS} if beside else set()
        for item in items:
            where = f"{found.path}/{getattr(item, 'relpath', '')}"
            if layout.extension(item.relpath) != extension or (beside and item.relpath.rsplit(".", 1)[0] not in stems):
                continue
            if found.kind == YOLO_LABELS and found.image_folder == voc_beside.BESIDE:  # beside its image (yolo_beside_read)
                key = posixpath.join(found.path, item.relpath).rsplit(".", 1)[0]
            elif found.kind == YOLO_LABELS:  # the image's path, its last `labels` folder read as `images`
                key = yolo_image_key(found.path, item.relpath)
            elif found.kind == BOX_FILES and found.image_folder == voc_beside.BESIDE:  # beside its image (box_beside)
                key = posixpath.join(found.path, _box_file_stem(item.relpath, found.box_format))
            elif found.kind == BOX_FILES:  # the image of the same stem in the mirrored folder
                key = f"{found.image_folder}/{_box_file_stem(item.relpath, found.box_format)}"
            elif found.kind == LABEL_FILES and found.image_folder != voc_beside.BESIDE:  # a root mirroring the images' (CK+)
                mirrored = mirror_label_files.image_key(found, item.relpath)
                if mirrored is None:
                    continue  # (a .txt without the root's ending: no label file of its kind)
                key = mirrored
            elif found.image_folder == voc_beside.BESIDE:  # beside its image: the image's path from SRC
                key = posixpath.join(found.path, item.relpath).rsplit(".", 1)[0]
            else:  # the image's path, from the annotation folder on
                key = item.relpath.rsplit(".", 1)[0]
            if not isinstance(item, Reject) and where.lstrip("/") in self._left_out and not self._names_an_image(found, key, fmt):
                continue  # left out by --exclude, annotating no image (VEDAI's fold01.txt among its box files): counted by the plan
            if isinstance(item, Reject) or where.lstrip("/") in self._left_out:  # a pipe, a link leading outside SRC
                why = f"{where.lstrip('/')} is unusable: {item.reason}" if isinstance(item, Reject) else f"{where.lstrip('/')} is {LEFT_OUT}"
                row = evidence_files.EvidenceRow(1, key, error=f"its annotation {why}")  # (its image goes with it)
                yield (rule, row_key(row.key, found.key)), (where, row)
                continue
            try:
                limit = (mat_boxes.MAX_MAT_BOX_BYTES if fmt is not None and fmt.pairing == box_formats.PER_IMAGE_MAT
                         else box_text.document_limit(fmt) if fmt is not None else evidence_files.MAX_XML_BYTES)
                with open_input(join_path(folder, item.relpath)) as fileobj:
                    data = fileobj.read(limit + 1)
                if found.kind == LABEL_FILES:  # one word, the image's label (`word_captions`)
                    labels = mat_tags.tag_labels(data, found.variable, found.names) if found.variable else (word_captions.file_label(data),)
                    row = evidence_files.EvidenceRow(1, key, labels=labels)
                    yield (rule, row_key(row.key, found.key)), (where, row)
                    continue
                if found.kind == XML_OBJECTS:
                    objects = evidence_files.voc_annotation(data)
                elif fmt is not None and fmt.pairing == box_formats.PER_IMAGE_MAT:
                    objects = mat_boxes.mat_objects(data, fmt)
                elif fmt is not None and fmt.pairing == box_formats.PER_IMAGE_JSON:
                    objects = box_text.per_image_json_objects(data, fmt)
                elif fmt is not None:
                    objects = box_text.per_image_objects(data, fmt)
                    if fmt.single_class == box_formats.FOLDER_CLASS:  # every box of its image's class folder
                        folder_name = posixpath.basename(posixpath.dirname(key))
                        objects = tuple(o if o.skipped else dataclasses.replace(o, label=folder_name) for o in objects)
                    if fmt.numbered_class and found.names:  # one numbered class, named by --label-names
                        objects = box_text.named_class(objects, *found.names)
                    elif fmt.single_class == box_formats.UNNAMED_CLASS:  # one class named nowhere: --label-names's
                        objects = box_text.named_class(objects, box_formats.UNNAMED_CLASS, found.names[1]) if found.names else (
                            box_text.unnamed_class(objects))
                else:
                    objects = evidence_files.yolo_annotation(data, found.names)
            except (InvalidInputError, OSError) as error:
                # The image's own annotation: the image goes to the rejects with it, never written without its objects.
                reason = error.reason if isinstance(error, InvalidInputError) else f"cannot read: {error}"
                # (`where` keeps its "/" at SRC's top: JoinEvidence knows an annotation folder's rows by it; not said)
                for view in self._views(key, fmt):
                    row = evidence_files.EvidenceRow(1, key + view, error=f"its annotation {where.lstrip('/')} is unusable: {reason}")
                    yield (rule, row_key(row.key, found.key)), (where, row)
                continue
            names = tuple(sorted({obj.label for obj in objects if not obj.skipped}))
            # one row per view the file annotates (VEDAI's `<id>_co`, `<id>_ir`), else the image of its stem
            for view in self._views(key, fmt):
                row = evidence_files.EvidenceRow(1, key + view, labels=names, objects=objects)
                yield (rule, row_key(row.key, found.key)), (where, row)


    def _listed_images(self) -> set[str]:
        """SRC's images by path without extension, listed once (only where a reading needs them)."""
        if self._image_keys is None:
            self._image_keys = {
                item.relpath.rsplit(".", 1)[0] for item in list_tree(self._source, links_inside=self._source)
                if not isinstance(item, Reject) and layout.extension(item.relpath) in layout.IMAGE_EXTENSIONS
            }
        return self._image_keys

    def _names_an_image(self, found: Evidence, key: str, fmt: box_formats.BoxFormat | None) -> bool:
        """An annotation file of `key` (one of its views, `BoxFormat.image_suffixes`) has an image in SRC: its
        left-out file then rejects that image; one of no image is no annotation to reject (the plan names it)."""
        views = fmt.image_suffixes if fmt is not None and fmt.image_suffixes else ("",)
        return found.kind != BOX_FILES or any(key + view in self._listed_images() for view in views)

    def _views(self, key: str, fmt: box_formats.BoxFormat | None) -> tuple[str, ...]:
        """The suffixes of the images a per-image file of `key` annotates: ("",) for the image of its stem;
        the format's views that SRC holds (a download of VEDAI's colour images alone: `_co` only), or all of
        them where it holds none (each then rejected as naming no file, as a stray file's row is)."""
        if fmt is None or not fmt.image_suffixes:
            return ("",)
        held = tuple(view for view in fmt.image_suffixes if key + view in self._listed_images())
        return held or fmt.image_suffixes

    def _folder_tables(self, found: Evidence, fmt: box_formats.BoxFormat, rule: int) -> Iterator:
        """A row per box of each class folder's table of the tree (`box_formats.FOLDER_TABLES`),
        keyed by its image's path from SRC, its class the folder's; a table that cannot be read is
        reported, and its rows' images with it (none written without its objects)."""
        for item in list_tree(join_path(self._source, found.path), links_inside=self._source):
            if not re.fullmatch(fmt.files, posixpath.basename(getattr(item, "relpath", ""))):
                continue
            table = posixpath.join(found.path, item.relpath)
            if table in self._left_out:  # (`--exclude`: as if it were not there; the plan counts it)
                continue
            if isinstance(item, Reject):
                yield reject(table, f"unusable: {item.reason}", stage=_STAGE)
                continue
            try:
                with open_input(join_path(self._source, table)) as fileobj:
                    for row in folder_tables.folder_table_rows(fileobj, fmt, table):
                        if isinstance(row, tables.RowError):
                            yield reject(table, row.reason, row.row, _STAGE)
                        else:
                            yield (rule, row_key(row.key, found.key)), (f"{found.path}/{item.relpath}", row)
            except InvalidInputError as error:
                yield reject(table, f"unusable: {error.reason}", stage=_STAGE)
            except OSError as error:
                yield reject(table, f"cannot read: {error}", stage=_STAGE)

    def _folder_mats(self, found: Evidence, fmt: box_formats.BoxFormat, rule: int) -> Iterator:
        """A row per frame of each folder of the tree holding images and a .mat of `fmt`'s polygons
        (`box_formats.FOLDER_MAT`), keyed by the frame's path from SRC; a file that cannot be read, or
        of another count of frames than its folder's images, rejects every frame of its folder."""
        frames: dict[str, list[str]] = {}
        mats: list[str] = []
        for item in list_tree(join_path(self._source, found.path), links_inside=self._source):
            relpath = getattr(item, "relpath", "")
            path = posixpath.join(found.path, relpath) if found.path else relpath
            if isinstance(item, Reject) or path in self._left_out:
                continue  # (a pipe, a link out of SRC, `--exclude`'s: a frame so is rejected or counted by the plan)
            if layout.extension(relpath) in layout.IMAGE_EXTENSIONS:
                frames.setdefault(posixpath.dirname(path), []).append(path)
            elif re.fullmatch(fmt.files, posixpath.basename(relpath)):
                mats.append(path)
        for table in sorted(mats):
            if posixpath.dirname(table) not in frames:
                continue  # (a .mat of no folder of frames: EgoHands' metadata.mat)
            try:
                with open_input(join_path(self._source, table)) as fileobj:
                    data = fileobj.read(mat_frame_polygons.MAX_FRAMES_MAT_BYTES + 1)
            except (InvalidInputError, OSError) as error:
                data = b""
                reason = error.reason if isinstance(error, InvalidInputError) else f"cannot read: {error}"
                rows = (evidence_files.EvidenceRow(i, p.rsplit(".", 1)[0], error=f"its annotation {table} is unusable: {reason}")
                        for i, p in enumerate(sorted(frames[posixpath.dirname(table)]), start=1))
            else:
                rows = mat_frame_polygons.frame_rows(data, fmt, table, frames[posixpath.dirname(table)])
            for row in rows:
                yield (rule, row_key(row.key, found.key)), (f"{found.path}/{posixpath.relpath(table, found.path or '.')}", row)

    def _box_table(self, found: Evidence, rule: int) -> Iterator:
        """A row per image (a BLOCKS or JSON_LINES file) or per box (a ROWS table) of a file of boxes as text,
        its class ids named through its class names file where it has one. Where that file
        cannot be read, every image the table names is rejected saying so: none is written
        without its objects."""
        fmt = box_formats.format_named(found.box_format)
        class_names, unusable = None, ""
        if found.names_file:
            try:
                with open_input(join_path(self._source, found.names_file)) as fileobj:
                    class_names = box_text.read_class_names(fileobj)
            except (InvalidInputError, OSError) as error:
                unusable = f"the class names file {found.names_file} is unusable: {getattr(error, 'reason', None) or error}"
        with open_input(join_path(self._source, found.path)) as fileobj:
            lines = evidence_files.text_lines(fileobj)
            if fmt.pairing == box_formats.JSON_DOCUMENT:  # read whole: one document
                rows = box_text.document_rows(fileobj, fmt)
            elif fmt.pairing == box_formats.FRAMES_XML:  # read whole: one sequence, named as its folder
                rows = box_text.frame_rows(fileobj, fmt, posixpath.splitext(posixpath.basename(found.path))[0])
            elif fmt.pairing == box_formats.FRAME_ROWS:  # a row per box, its frame by number, of its sequence's folder
                rows = frame_row_tables.frame_table_rows(lines, fmt, found.image_folder)
            elif fmt.pairing == box_formats.BLOCKS:
                rows = box_text.block_rows(lines, fmt)
            elif fmt.pairing == box_formats.IDL_LINES:
                rows = idl_boxes.idl_rows(lines, fmt)
            elif fmt.pairing == box_formats.NAMED_LINES:
                rows = named_box_lines.named_rows(lines, fmt)
            elif fmt.pairing == box_formats.JSON_LINES:
                rows = box_text.json_rows(lines, fmt)
            else:
                rows = box_text.table_rows(lines, fmt, class_names)
            for row in _whole(rows, found.path):
                if isinstance(row, tables.RowError):
                    yield reject(found.path, row.reason, row.row, _STAGE)
                    continue
                if unusable:
                    row = evidence_files.EvidenceRow(row.row, row.key, error=unusable)
                elif found.split:  # the file's name gives its images' split (no split folders)
                    row = dataclasses.replace(row, split=found.split)
                yield (rule, row_key(row.key, found.key)), (found.path, row)

    def _mask_folder(self, found: Evidence, rule: int) -> Iterator:
        """A row per mask file of the folder (`masks.MASK_EXTENSIONS`), naming the image of the same path under its own
        folder; masks are not read here (the writer reads each with its image)."""
        folder = join_path(self._source, found.path)
        # a folder named for masks holds masks; another (the images' own) only its files named as masks
        name = posixpath.basename(found.path)
        all_masks = mask_named(name) or mask_names.ends_in_mask_word(name) or found.all_masks  # (DUT-OMRON's too)
        for item in list_tree(folder, links_inside=self._source):  # (a link to another folder of SRC stays inside)
            if layout.extension(item.relpath) not in MASK_EXTENSIONS:
                continue
            key = item.relpath.rsplit(".", 1)[0]
            if not all_masks and mask_key(key) == key:
                continue
            if (mask_names.observer_rank(re.split(r"[._\- ]", posixpath.basename(key))[-1]) or 1) > 1:
                continue  # a later observer's mask (CHASE_DB1's `_2ndHO`): the first's is the record's
            where = f"{found.path}/{item.relpath}" if found.path else item.relpath
            key = mask_tails.without_tail(key, found.mask_tail)  # (STARE's `im0001.ah`: the folder's own words)
            key = stem_affixes.cut_key(key, (found.mask_head, ""))  # (ETIS-Larib's `p1`: the head every mask adds)
            named = found.prefix + mask_key(key) + found.image_tail  # (DRIVE's `21_manual1` -> `21` -> `21_training`)
            if isinstance(item, Reject):  # a pipe, a link leading outside SRC: its image goes with it, never maskless
                row = evidence_files.EvidenceRow(1, named, error=f"its mask {where} is unusable: {item.reason}")
            elif where in self._left_out:
                row = evidence_files.EvidenceRow(1, named, error=f"its mask {where} is {LEFT_OUT}")
            else:
                row = evidence_files.EvidenceRow(1, named, mask=(where, item.size))
            yield (rule, row_key(row.key, found.key)), (where, row)



def _whole(rows: Iterator, path: str) -> Iterator:
    """`rows`, or a stop where the document they come from cannot be read at all: its images would
    be written as images without objects, with exit 0 (one reject among many)."""
    try:
        yield from rows
    except box_text.UnreadableDocument as error:
        raise SourceError(
            f"{path} cannot be read ({error.reason}): the images it annotates would be written without their "
            "objects; mend or fetch the file again, or move it out of SRC to convert the images without objects"
        ) from None


def _box_file_stem(relpath: str, box_format: str) -> str:
    """A per-image box file's path without its extension and its format's stem prefix (ICDAR's
    `gt_img_1.txt` -> `img_1`): its image's, in the mirrored folder."""
    folder, _, name = relpath.rpartition("/")
    stem = annotated_image(name.rsplit(".", 1)[0])  # (FlickrLogos' `<image>.jpg.bboxes.txt`: `<image>.jpg`)
    prefix = box_formats.format_named(box_format).stem_prefix
    if prefix and stem.startswith(prefix) and len(stem) > len(prefix):
        stem = stem[len(prefix):]
    return f"{folder}/{stem}" if folder else stem
