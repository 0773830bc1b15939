"""Describe a detected folder layout: the dataset's own files that give its inputs' splits,
labels and objects (split lists, attribute matrices, `.mat` lists, YOLO labels, VOC annotations,
Hugging Face metadata, segmentation masks), its label vocabulary, and its class folders' level.

Part of detection (`detect.py`): detect -> describe -> check -> plan; every function here takes the
layout `layout_guess.detect_layout` read from the paths and returns it with what the dataset's files say.
This module finds the files that give splits and labels (`find_evidence`); the annotation files that
give objects are found in `object_evidence.py`, and the layout's labels (vocabulary, class level,
object features) amended in `label_schema.py`; both re-exported here, where detection calls them.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Callable, Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import coco_like, coco_split_files, coco_split_folders, label_file_found, mat_annotations
from shardify.beam_jobs.discover import mat_tag_files, mirror_label_files
from shardify.beam_jobs.discover.evidence import unlisted_in_no_split
from shardify.beam_jobs.discover import set_aside, voc_beside, voc_folders, xml_mirrors, yolo_beside_read, word_captions
from shardify.beam_jobs.discover.label_schema import at_label_level, classes_from_lists, with_objects, with_vocabulary  # re-exported
from shardify.beam_jobs.discover.object_evidence import (  # re-exported: callers read them as describe.<name>
    hf_metadata,
    hf_metadata_per_folder,
    segmentation_masks,
    yolo_labels,
)
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import evidence_files, mat_arrays
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import class_file_lists, content_lists, evidence as evidence_lib, folder_label_lists, folder_lists, numbered_lists
from shardify.plan import format_copies, recognise, score_lists
from shardify.plan import guards, layout, unread_annotations
from shardify.plan import structure as structure_lib
from shardify.plan.evidence import Evidence

__all__ = [
    "OBJECT_FOLDER_KINDS",
    "find_evidence",
    "with_split_lists",
    "mat_images",
    "yolo_labels",
    "hf_metadata",
    "hf_metadata_per_folder",
    "with_objects",
    "with_vocabulary",
    "classes_from_lists",
    "at_label_level",
    "segmentation_masks",
    "names_inputs",
    "sample_files",
]

_EVIDENCE_CANDIDATES = 200


def with_split_lists(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """A label file's layout with the split lists the download ships beside it (NIH
    ChestX-ray14's train_val_list.txt and test_list.txt beside Data_Entry_2017.csv): the label
    file gives the labels, the lists the splits. Without them every image landed in one split,
    test images with training ones, with exit 0."""
    found, _ = find_evidence(config, sample, detected)
    lists = tuple(e for e in found if e.kind in (evidence_lib.SPLIT_LIST, evidence_lib.SPLIT_CODES))
    if len(lists) == 1 and lists[0].path == detected.labels_file and lists[0].split == "train":
        # the label file itself named as the one split (movie posters' `train.csv`): the split every
        # record has anyway; read twice, a row the labels reject was rejected again as naming no file
        lists = ()
    if not lists:
        return detected
    return dataclasses.replace(detected, evidence=lists, notes=(*detected.notes, *(e.note for e in lists if e.note)))


def find_evidence(
    config: ConvertConfig, sample: list[str], detected: layout.SourceLayout, *, label_files: list[Evidence] | None = None
) -> tuple[tuple[Evidence, ...], list[str]]:
    """The files of a folder layout's source that give its inputs' splits and labels, and notes on
    what was found and left unused. `label_files`: `word_captions.label_file_evidence` of this
    config and sample where the caller has read it already (detect does, to force image folders),
    so that the label files beside the images are not read twice; None reads them here."""
    texts = [p for p in sample if detected.is_auxiliary(p) and layout.extension(p) in ("txt", "csv", "lst", "jsonl", "")]
    texts = [p for p in texts[:_EVIDENCE_CANDIDATES] if FileSystems.exists(join_path(config.source, p))]  # not a member
    heads = {p: label_file_found.table_head_lines(config, p) for p in texts}
    found: list[Evidence] = []
    unread: list[str] = []
    names_inputs = _names_inputs(sample, detected)
    media = [p for p in sample if not detected.is_auxiliary(p)]
    # `<clip folder>;<label>` split lists (Jester's jester-v1-train.csv): read as such before any other reading
    found += folder_label_lists.recognise_folder_label_lists(heads, media, len(sample) < _sample_files())
    folder_labelled = {e.path for e in found}
    for path, lines in heads.items():
        if path in folder_labelled:
            continue
        folder = posixpath.dirname(path)
        id_files = {p: h for p, h in heads.items() if p != path and posixpath.dirname(p) == folder}
        recognised = recognise.recognise(path, lines, id_files=id_files)
        if recognised is not None and recognised.kind == evidence_lib.LABEL_LINES and not names_inputs(_first_fields(lines)):
            # a lookup table beside the data (PetFinder's `ColorID,ColorName`): its keys name no input,
            # and read as labels each row became a reject and the run exited 1
            unread.append(path)
            recognised = None
        by_file = (recognised is not None and recognised.kind == evidence_lib.SPLIT_LIST and not recognised.variable
                   and recognised.column == 0 and not names_inputs(_first_fields(lines))
                   and (column := class_file_lists.file_column(lines, names_inputs)) is not None)
        if by_file:
            # `<class>,<file>` rows (FlickrLogos-32's trainset.txt): a later field names the file itself
            keys = [evidence_lib.row_fields(line)[column] for line in lines if line.strip()]
            recognised = dataclasses.replace(recognised, column=column, key=evidence_lib.key_rule(keys),
                                             note=f"{recognised.note} (its rows name the file in field {column + 1})")
        if (recognised is not None and recognised.kind == evidence_lib.SPLIT_LIST and not recognised.variable and not by_file
                and not names_inputs(_first_fields(lines))
                and (by_folder := folder_lists.folder_rule(_first_fields(lines), media, len(sample) < _sample_files()))):
            # its rows name the folders holding the inputs (DAVIS's sequences): every file of each
            recognised = dataclasses.replace(recognised, key=by_folder, note=f"{recognised.note} (its rows name folders: every file of each)")
        if (recognised is not None and recognised.kind == evidence_lib.SPLIT_LIST and not recognised.variable
                and not recognised.key.folder and not names_inputs(_first_fields(lines))):
            # a list known by its name whose rows name the inputs in another field (a face's 196
            # landmark coordinates, then its image): read by its content, or its first field named no file
            recognised = content_lists.recognise_list(path, lines, names_inputs) or recognised
        recognised = recognised or content_lists.recognise_list(path, lines, names_inputs) or _folder_list(path, lines, media, len(sample) < _sample_files())
        if recognised is not None:
            found.append(recognised)
    class_folders = numbered_lists.class_folders(media, detected.class_level_of)
    found = numbered_lists.with_class_numbers(found, heads, class_folders)  # `<file> <class number>` lists
    found += _annotation_folders(config, sample)
    found += yolo_labels(config, sample)
    found += yolo_beside_read.yolo_beside_evidence(config, sample)  # Darknet's: each .txt beside its image
    if detected.name == layout.IMAGE_FOLDERS:
        # img001.txt: `cat` beside img001.jpg
        found += word_captions.label_file_evidence(config, sample) if label_files is None else label_files
        found += mirror_label_files.mirror_evidence(config, sample)  # CK+'s Emotion/<tree>/<stem>_emotion.txt
        found += mat_tag_files.tag_file_evidence(config, sample)  # CCP's annotations/image-level/<n>.mat of tags
    found += hf_metadata(config, sample)
    found += segmentation_masks(sample, detected, config)
    found += _mat_evidence(config, sample, detected)
    coco_place = coco_split_files.coco_places(sample)  # (at the top, in annotations/, or so under one wrapping folder)
    coco = sorted(
        p
        for p in sample
        if layout.extension(p) == "json" and coco_place(p) and FileSystems.exists(join_path(config.source, p))
        and label_file_found.looks_like_coco(join_path(config.source, p), p)
    )
    coco_split_files.check_partition_sets(coco, keypoints=config.keypoints)  # AP-10K's split1, split2, split3 sets
    found += _coco_splits(config, sample, detected, coco)
    found = _whole_image_categories(config, found, detected)
    decided = bool(config.labels_file or detected.labels_file or config.label_level is not None or config.label_from_name
                   or config.layout_given)
    # `<file> <score>` lists
    found = score_lists.with_scores(found, heads, class_folders, label_column=config.label_column, decided=decided)
    notes = [f"not used: {', '.join(unread[:4])} (a label for each key, and no key names an input)"] if unread else []
    notes += folder_label_lists.class_list_notes(heads, found)  # Jester's jester-v1-labels.csv
    structure = detected.structure
    split_files = [e for e in found if e.kind in (evidence_lib.SPLIT_LIST, evidence_lib.SPLIT_CODES)]
    if structure is not None and structure.split_level >= 0 and split_files:
        # A list with a class column still labels its files (GTSRB's GT-final_test.csv beside the
        # unlabelled Final_Test/Images/): read as label lines, its split left to the folders.
        labelling = [e for e in split_files if e.kind == evidence_lib.SPLIT_LIST and e.label_column is not None]
        if any(level >= 0 for _, level in structure.label_levels):
            # class numbers after each file (an image list) beside class folders of names (MiniPlaces'
            # images/train/a/abbey/ with data/train.txt's `train/a/abbey/00000001.jpg 0`): one split
            # would be labelled by numbers, another by folder names, with exit 0; left to the folders
            labelling = [e for e in labelling if not e.label_numbers]
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
    # (Pascal VOC XML beside the images naming other objects than their folders is read as objects, one
    # Evidence for the tree: `voc_beside`, found with the box annotations)
    claimed = set(voc_beside.claimed_folders(config, sample))
    others = [e for e in others if not (e.kind == evidence_lib.XML_OBJECTS and e.path in claimed)]
    beside_classes = [
        e for e in others if e.kind == evidence_lib.XML_OBJECTS and structure is not None and detected.class_level_of(e.path + "/x.xml") >= 0
    ]
    _check_objects_beside_classes(config, sample, [e.path for e in beside_classes], detected)
    if beside_classes:
        notes.append(f"not used: {len(beside_classes)} annotation folders beside class folders ({beside_classes[0].path}...): "
                     "their boxes are set aside, the folders the classes; --label-level 0 reads the boxes as the objects")
        others = [e for e in others if e not in beside_classes]
    others = xml_mirrors.one_tree(others, sample, [e.path for e in beside_classes])  # Annotations/<wnid>/ for Images/<wnid>/: every folder read
    # COCO-like files named by their split alone beside split folders of class folders (iNaturalist
    # 2021's train.json, val.json beside train/<species>/, val/<species>/) say what the folders say.
    # Where the files name other splits than the folders (iNaturalist 2018's train2018.json,
    # val2018.json, test2018.json beside train_val2018/ and test2018/), the files give the splits.
    by_folders = structure is not None and structure.split_level >= 0 and any(level >= 0 for _, level in structure.label_levels)
    named_alone = [e for e in others if e.kind == evidence_lib.COCO_SPLIT and label_file_found.named_by_split_alone(e.path)]
    folder_splits = {structure_lib.split_word(folder) or folder for folder in structure.split_folders} if by_folders else set()
    echoes = named_alone if by_folders and {e.split for e in named_alone} <= folder_splits else []
    if echoes:
        notes.append(f"not used: {', '.join(e.path for e in echoes)} (split folders and class folders label the files)")
        others = [e for e in others if e not in echoes]
    # (lists labelling folders beneath the class folders, MURA's `<part>/<patient>/<study>/,1`, label them finer: kept,
    # the folders above then groups, `label_schema.classes_from_lists`)
    label_only = [e for e in others if e.gives_labels and not e.gives_split and not e.key.folder and not unread_annotations.boxes_over_names(
        e, structure, sample, lambda p: label_file_found.head_lines(config, p, lines=200)) and not mirror_label_files.mirrors(e)]
    if folders_label_all and label_only and _part_folders(sample, detected):
        # (objects' annotations over class folders named as a download's parts, GRAZPEDWRI-DX's images_part1/ and
        # images_part2/ beside YOLO labels: kept, and the parts undone, `unlabelled_inputs.parts_beside_objects`)
        label_only = [e for e in label_only if e.kind not in OBJECT_FOLDER_KINDS]
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


def _part_folders(sample: Sequence[str], detected: layout.SourceLayout) -> bool:
    """The class folders show a sign of being a download's parts (`guards.PART_SIGNS`), not classes."""
    if detected.structure is None:
        return False
    sign = guards.find_sign([p for p in sample if not detected.is_auxiliary(p)], detected.structure)
    return sign is not None and sign.sign in guards.PART_SIGNS


def _coco_splits(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout, coco: list[str]) -> list[Evidence]:
    """A COCO_SPLIT per split file, each told the split folders no file annotates and the tails of
    files named after the images (`coco_split_folders`: iSAID's `test/`, `P0000_instance_id_RGB.png`)."""
    per_split = label_file_found.coco_per_split(coco, keypoints=config.keypoints) or label_file_found.lvis_per_split(config, coco)
    bare = coco_split_folders.unannotated_split_folders(detected.structure, [split for _, split in per_split])
    tails = coco_split_folders.derived_tails(sample) if per_split else ()
    said = (f"; {', '.join(bare)}: no annotation file, its images that split's unlabelled records" if bare else "") + (
        f"; files named after an image plus {', '.join(tails)}: auxiliary where no file names them" if tails else "")
    return [Evidence(path, evidence_lib.COCO_SPLIT, evidence_lib.KeyRule(1, True), split=split, note=f"{path}: annotations of {split}"
                     + (said if i == 0 else ""), unannotated=bare, derived_tails=tails) for i, (path, split) in enumerate(per_split)]


# Annotation folders that give each image its objects (their classes its labels), never a folder's class.
OBJECT_FOLDER_KINDS = (evidence_lib.XML_OBJECTS, evidence_lib.YOLO_LABELS, evidence_lib.BOX_FILES)
_OBJECT_NAME = re.compile(r"<name>\s*([^<]*?)\s*</name>")


def _check_objects_beside_classes(config: ConvertConfig, sample: list[str], folders: Sequence[str],
                                  detected: layout.SourceLayout) -> None:
    """Stop where Pascal VOC annotations beside the images in class folders name objects other
    than their class folder (LogoDet-3K's `Food/lays/1.xml` naming `lays` under `Food/`): set aside,
    as those naming their folder (Kaggle ImageNet's `train/n01440764/n01440764_10026.xml`) are, the
    folders were written as the labels and every object dropped, with exit 0.

    Raises:
      UsageError: naming the annotations and what they name.
    """
    found = []
    for folder in folders:
        path = next((p for p in sample if posixpath.dirname(p) == folder and layout.extension(p) == "xml"), "")
        if not path:
            continue
        names = sorted(set(_OBJECT_NAME.findall(" ".join(label_file_found.head_lines(config, path, lines=200)))))
        if names and path.split("/")[detected.class_level_of(path)] not in names:
            found.append((path, names))
    if found:
        shown = ", ".join(f"{path} ({', '.join(names[:3])})" for path, names in found[:3])
        copied = format_copies.copied_tree(found[0][0], sample)  # HIT-UAV's normal_xml/ beside normal_json/
        raise UsageError(
            f"Pascal VOC annotations of the class folders' images (beside them, or in folders named as them) name other objects than the "
            f"folders: {shown}: a detection dataset whose folders group its images, not its classes, or a classification "
            "dataset with boxes of other things; written with the folders as the labels, every box would be dropped"
            + (f"; and the images of {copied[0]}/ are copies, by name, of those of {', '.join(f'{c}/' for c in copied[1])}: one "
               f"dataset shipped once per annotation format, read once: --exclude every copy but the one to read ("
               f"{' '.join(f'--exclude {c}' for c in (copied[0], *copied[1][1:]))} reads {copied[1][0]}/ alone)"
               if copied else
               ": --label-level 0 reads each XML's objects as its image's (each box's <name> its class, the folders only "
               "grouping the images)")
        )


def _first_fields(lines: Sequence[str]) -> list[str]:
    """Each line's first field (a header's too: one name among the keys changes no majority)."""
    rows = [evidence_lib.row_fields(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
    return [row[0] for row in rows if row]


def _whole_image_categories(config: ConvertConfig, found: list[Evidence], detected: layout.SourceLayout) -> list[Evidence]:
    """`found` with its COCO split files marked `whole_images` where their annotations give each image a
    category and no box (iWildCam 2020's COCO Camera Traps JSONs beside flat train/ and test/ folders): the
    images' classes. Read as objects, every image had been rejected (exit 1), and since kinds21 the run
    stopped naming no option that read them. A file of no annotation beside them (iWildCam's
    `*_test_information.json`: the test images, unlabelled) is marked too; a file of boxes beside them keeps
    the objects (COCO's detection). Class folders beside them (iNaturalist's) label the images: unchanged."""
    coco = [e for e in found if e.kind == evidence_lib.COCO_SPLIT]
    structure = detected.structure
    if not coco or (structure is not None and any(level >= 0 for _, level in structure.label_levels)):
        return found
    heads = {}
    for e in coco:
        with open_input(join_path(config.source, e.path)) as fileobj:
            heads[e.path] = fileobj.read(64 << 10)
    whole = {path for path, head in heads.items() if coco_like.image_level_categories(head)}
    if not whole or any(coco_like.object_annotations(head) for path, head in heads.items() if path not in whole):
        return found
    bare = {path for path, head in heads.items() if not coco_like.has_annotations(head)}
    note = "its annotations give each image a category and no box (COCO Camera Traps): the images' classes, no objects"
    return [dataclasses.replace(e, whole_images=True, note=f"{e.note}; {note}" if e.path in whole else e.note)
            if e.path in whole | bare else e for e in found]


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


def _sample_files() -> int:
    """Detection's sample size, read where it is set (tests lower it on `detect`)."""
    from shardify.beam_jobs.discover import detect  # detect imports this module: looked up when called

    return detect.DETECT_SAMPLE_FILES


def _folder_list(path: str, lines: Sequence[str], media: Sequence[str], whole: bool) -> Evidence | None:
    """A split list known by its content whose rows name the folders holding the inputs, not files:
    numbered sequences (`001`, `002` over `JPEGImages/001/00000.jpg`), which `recognise` leaves to
    content as numbers too short to be ids by name. Unread, the lists were dropped unsaid and the
    numbered sequence folders taken for classes, exit 0 (review13: DAVIS' layout with numbers)."""
    listed = content_lists.recognise_list(path, lines, lambda keys: folder_lists.folder_rule(keys, media, whole) is not None)
    if listed is None or listed.kind != evidence_lib.SPLIT_LIST or listed.column != 0 or listed.label_column is not None:
        return None
    by_folder = folder_lists.folder_rule(_first_fields(lines), media, whole)
    return dataclasses.replace(listed, key=by_folder, note=f"{path}: split list of {listed.split} (its rows name folders: every file of each)") if by_folder else None


def _names_inputs(sample: list[str], detected: layout.SourceLayout) -> Callable[[Sequence[str]], bool]:
    """Whether a file's keys name the source's inputs: most of them name a sampled input where
    the sample is the whole source, at least one where it is part of it (a list's first lines
    then name files the sample may have passed over)."""
    inputs = [p for p in sample if not detected.is_auxiliary(p)]
    whole = len(sample) < _sample_files()

    def names(keys: Sequence[str]) -> bool:
        rule = evidence_lib.key_rule(keys)
        known = {evidence_lib.file_key(p, rule) for p in inputs}
        matched = sum(evidence_lib.row_key(k, rule) in known for k in keys)
        return matched * 2 > len(keys) if whole else matched > 0

    return names


names_inputs, sample_files = _names_inputs, _sample_files  # for label_tables.py: a table's column names the inputs


# .mat files read at detection (their variables' names and shapes decide what they give).
_MAT_CANDIDATES = 20


def _mat_evidence(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> list[Evidence]:
    """What the source's MATLAB files give: split arrays, labels by image number, split lists."""
    files = {}
    # A .mat named as an image is that image's own annotation (CCP's `image-level/1005.mat` of tags for `1005.jpg`):
    # no list of the n-th image's labels, which its `labels` variable had been read as, every image mislabelled.
    image_stems = {layout.stem(p) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    mats = [p for p in sample if layout.extension(p) == "mat" and detected.is_auxiliary(p) and layout.stem(p) not in image_stems]
    for path in mats[:_MAT_CANDIDATES]:
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                files[path] = evidence_files.read_mat(fileobj)
        except (OSError, InvalidInputError) as error:
            set_aside.note(path, getattr(error, "reason", None) or str(error))
    found, used = mat_annotations.struct_evidence(sample, files)  # struct arrays of boxes and classes
    for path in sorted(set(files) - used):
        variables = evidence_files.mat_variables(files[path])
        recognised = recognise.mat_evidence(path, variables)
        if recognised is not None:
            found.append(recognised)
        else:
            set_aside.note(path, _mat_unused(variables))
    return found


def mat_images(config: ConvertConfig, sample: list[str]) -> bool:
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
        if not (shared * 2 >= len(paths) and folder):
            continue
        kind, shown, _ = voc_folders.folder_kind(config, paths)  # several files read: negatives come first
        if kind == voc_folders.VOC:
            note = f"{folder}/: Pascal VOC annotations, one per image: its objects' names are its labels"
            found.append(Evidence(folder, evidence_lib.XML_OBJECTS, evidence_lib.KeyRule(1, False), note=note))
        else:  # annotations by their names, but none of those read is VOC with an object
            why = (f"none of the {min(len(paths), voc_folders.FOLDER_READS)} files read holds an <annotation> with an "
                   f"<object>, so {folder}/ was not read as Pascal VOC annotations")
            set_aside.note(shown, why)
    return found
