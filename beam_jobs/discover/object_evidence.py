"""The annotation files beside a folder layout's images that give their objects, found at detection:
YOLO label folders with their data.yaml names, Hugging Face imagefolder metadata with objects,
folders of segmentation masks mirroring the images' paths.

Part of describing a detected layout (`describe.py`, which re-exports these and adds what they find
to the evidence): each reads the sample's paths and a file's first lines, never every file, and
returns `Evidence` rows, so that detection stays bounded however large the download.
"""

from __future__ import annotations

import posixpath

from shardify.beam_jobs.discover import label_file_found, unlisted_masks, yolo_apart, yolo_unnamed
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import yolo_yaml
from shardify.converters.masks import MASK_EXTENSIONS
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib, mask_tails, role_folders, stem_affixes
from shardify.plan import layout
from shardify.plan import structure as structure_lib
from shardify.plan.evidence import Evidence


__all__ = ["hf_metadata", "hf_metadata_per_folder", "segmentation_masks", "yolo_labels"]

# A Hugging Face imagefolder's metadata with objects (see hf_metadata).
_HF_METADATA_NAME = "metadata.jsonl"


def hf_metadata_per_folder(config: ConvertConfig, sample: list[str]) -> list[str]:
    """Hugging Face imagefolder metadata files below the top of SRC (one per split folder) that
    name files and carry no objects: a shape not read yet."""
    return sorted(
        p for p in sample if "/" in p and posixpath.basename(p) in label_file_found.HF_METADATA_FILES and label_file_found.names_files(config, p)
    )


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
                document = yolo_yaml.read_yaml(fileobj.read(label_file_found.HEAD_BYTES))
        except (OSError, InvalidInputError):
            continue  # not the export's data.yaml
        try:
            names = yolo_yaml.yolo_names(document)
        except InvalidInputError as error:
            raise UsageError(f"{path}: {error.reason}; it numbers the classes of {folders[0]}/") from None
        if names:
            return path, names
    return None


def _yolo_names_elsewhere(config: ConvertConfig, sample: list[str], folders: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    """(.yaml, its class names in number order) of YOLO's shape that lie in no folder above the labels `folders`:
    not the export's data.yaml (`_yolo_names`), but what may list its classes (a training run's copy), for the
    stop to name; never read as the export's."""
    above = {"/".join(parts[:i]) for parts in (f.split("/") for f in folders) for i in range(len(parts))}
    found = []
    for path in sorted(p for p in sample if layout.extension(p) in ("yaml", "yml") and posixpath.dirname(p) not in above):
        try:
            with open_input(join_path(config.source, path)) as fileobj:
                names = yolo_yaml.yolo_names(yolo_yaml.read_yaml(fileobj.read(label_file_found.HEAD_BYTES)))
        except (OSError, InvalidInputError):
            continue
        if names:
            found.append((path, tuple(names)))
    return found


def hf_metadata(config: ConvertConfig, sample: list[str]) -> list[Evidence]:
    """A Hugging Face `imagefolder`'s metadata.jsonl files (one per split folder, or one at the
    top) whose first row has a `file_name` and `objects`: each names images of its own folder."""
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS]
    found = []
    for path in sorted(p for p in sample if posixpath.basename(p) == _HF_METADATA_NAME):
        folder = posixpath.dirname(path)
        if not any(posixpath.dirname(p) == folder or p.startswith(folder + "/") or not folder for p in images):
            continue
        first = label_file_found.first_row(config, path)
        if first is None or not isinstance(first.get("file_name"), str) or not isinstance(first.get("objects"), dict):
            continue
        parts = (folder.count("/") + 1 if folder else 0) + first["file_name"].strip().count("/") + 1
        note = f"{path}: Hugging Face imagefolder metadata (file_name, objects: bbox [x, y, w, h], categories)"
        found.append(Evidence(path, evidence_lib.HF_METADATA, evidence_lib.KeyRule(parts, True), note=note))
    return found


# Mask folders give a segmentation dataset when nearly every sampled image has its mask in one of
# them: Pascal VOC's SegmentationClass/ covers a sixth of its images, and is left as auxiliary files.
_MASK_COVERAGE = 0.9


def segmentation_masks(sample: list[str], detected: layout.SourceLayout, config: ConvertConfig) -> list[Evidence]:
    """The folders of masks (`masks.MASK_EXTENSIONS`) mirroring the images' paths (ADE20K's `annotations/`, a `masks/`
    tree, or one per split: SegNet's CamVid `trainannot/`, `valannot/`, `testannot/` beside
    `train/`, `val/`, `test/`), when nearly every sampled image has a mask of the same path under
    one of them.

    Folders are taken in order of how many images they cover; one whose images another has
    already covered is an alternative reading (VOC's SegmentationObject/ beside
    SegmentationClass/), not another split's masks, and is left aside: an image never gets two."""
    structure = detected.structure
    if structure is None or not (structure.mask_folders or structure.mask_words):
        return []
    images = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and not structure.is_mask_file(p)]
    if not images:
        return []
    by_folder: list[tuple[set[str], str, int, bool, tuple[str, str, str], str]] = []
    # masks beside their images (`mask_words`) are read from the folder that holds the images
    for folder in (*structure.mask_folders, *((structure.root,) if structure.mask_words else ())):
        raw = [
            p[len(folder) :].rsplit(".", 1)[0]
            for p in sample
            if p.startswith(folder) and layout.extension(p) in MASK_EXTENSIONS and structure.is_mask_file(p)
        ]
        if not raw:
            continue
        depth = round(sum(m.count("/") + 1 for m in raw) / len(raw))
        covered, tail, added = set(), "", ""
        # the masks' keys as they are, then less the words every mask of the folder adds, then plus
        # those every image beside it adds (`mask_tails`: STARE's `.ah`; DRIVE's `_manual1`, `_training`)
        parent = posixpath.dirname(folder.rstrip("/"))
        near = [p.rsplit(".", 1)[0] for p in images if posixpath.dirname(posixpath.dirname(p)) == parent]
        for tail, added in mask_tails.readings(raw, near) if folder != structure.root else [("", "")]:
            keys = {"/".join((structure_lib.mask_key(mask_tails.without_tail(m, tail)) + added).split("/")[-depth:]) for m in raw}
            covered = {p for p in images if "/".join(p.rsplit(".", 1)[0].split("/")[-depth:]) in keys}
            if covered:
                break
        head = ""
        if not covered and folder != structure.root:  # one affix learned from both folders (`stem_affixes`: ETIS's `p1`)
            head, tail = stem_affixes.learned({m.rpartition("/")[2] for m in raw}, {p.rpartition("/")[2] for p in near}) or ("", "")
            keys = {"/".join(stem_affixes.cut_key(m, (head, tail)).split("/")[-depth:]) for m in raw} if head or tail else set()
            covered = {p for p in images if "/".join(p.rsplit(".", 1)[0].split("/")[-depth:]) in keys}
            added = ""
        prefix = ""
        if covered and folder != structure.root:  # one split's masks/ beside its images/, the other splits' alike
            covered, prefix = _near_images(covered, parent, depth, folder)
        if covered:  # and those whose mask the listing left out (a link outside SRC): unlisted_masks
            missing = {"/".join(p.rsplit(".", 1)[0].split("/")[-depth:]): p for p in images if p not in covered}
            covered |= {missing[key] for key in unlisted_masks.unlisted_masks(config, folder, sorted(missing))}
        if covered:
            jpeg = any(layout.extension(p) in ("jpg", "jpeg") for p in sample if p.startswith(folder) and structure.is_mask_file(p))
            by_folder.append((covered, folder.rstrip("/"), depth, jpeg, (tail, added, head), prefix))
    chosen: list[tuple[set[str], str, int, bool, tuple[str, str, str], str]] = []
    covered_so_far: set[str] = set()
    for found in sorted(by_folder, key=lambda found: (-len(found[0]), found[1])):
        if not found[0] & covered_so_far:
            chosen.append(found)
            covered_so_far |= found[0]
    unmasked = _unmasked_splits(structure, images, covered_so_far, sample)
    masked = [p for p in images if not p.startswith(unmasked)]
    # (masks known by their shape to cover part of the images they mirror: Vaihingen's 16 of 33 tiles)
    partial = bool(chosen) and all(found[1] + "/" in structure.partial_masks for found in chosen)
    if not chosen or (len(covered_so_far) < _MASK_COVERAGE * len(masked) and not partial):
        return []
    first = min(found[1] for found in chosen)  # the plan says the bare splits once
    bare = f"; {', '.join(unmasked)}: no masks, its images written without one (counted as num_unmasked)" if unmasked else ""
    return [
        Evidence(
            folder,
            evidence_lib.SEGMENTATION_MASKS,
            evidence_lib.KeyRule(depth + (prefix.count("/") if prefix else 0), False),
            # (the share of all sampled images, over every mask folder: per folder, COVID-19 Radiography's four
            # class folders' masks/ each said "21% of sampled images have one here" where every image had one)
            note=f"{folder or 'SRC'}/: segmentation masks, one per image by path ({len(covered)} sampled images have one here"
            + (f"; {len(covered_so_far) / len(images):.0%} of all sampled images have one in the {len(chosen)} mask folders)"
               if len(chosen) > 1 else f", {len(covered) / len(images):.0%} of sampled images)")
            + (f", each mask's name adding {tail!r} to its image's" if tail and not added and not head else "")
            + (f", each mask's name its image's with {head!r} before it" + (f" and {tail!r} after" if tail else "") if head else "")
            + (f", each mask's name {tail!r} where its image's is {added!r}" if added else "")
            + ("; masks of some of the images only, the others written without one (counted as num_unmasked)"
               if partial else "")
            + ("; JPEG masks stored as PNG, cut at 128 into 0 and 255 (two-valued ones only)" if jpeg else "") + (bare if folder == first else ""),
            mask_tail=tail,
            image_tail=added,
            mask_head=head,
            all_masks=folder + "/" in structure.mask_folders,
            prefix=prefix,
            unmasked=unmasked,
            partial=partial,
        )
        for covered, folder, depth, jpeg, (tail, added, head), prefix in sorted(chosen, key=lambda found: found[1])
    ]


def _unmasked_splits(structure: structure_lib.Structure, images: list[str], covered: set[str], sample: list[str]) -> tuple[str, ...]:
    """The split folders ('/'-ended, from SRC) the source gives no masks: LoveDA's `Test/` beside
    `Train/` and `Val/` with their `masks_png/`. A split is bare when none of its sampled images has
    a mask and no sampled mask lies under it or under a folder of its name (`annotations/test/`):
    a split whose masks are there but pair with nothing stays in the coverage, and is refused or
    left auxiliary as before. Without split folders, none.

    >>> s = structure_lib.Structure(split_level=0, label_levels=(("Train", -1), ("Test", -1)), mask_folders=("Train/masks/",))
    >>> _unmasked_splits(s, ["Train/img/1.png", "Test/img/2.png"], {"Train/img/1.png"}, ["Train/masks/1.png"])
    ('Test/',)
    """
    if structure.split_level < 0:
        return ()
    masks = [p.split("/") for p in sample if layout.extension(p) in MASK_EXTENSIONS and structure.is_mask_file(p)]
    groups: dict[str, list[str]] = {}
    for path in images:
        if structure.split_folder_of(path):
            groups.setdefault("/".join(path.split("/")[: structure.split_level + 1]) + "/", []).append(path)
    return tuple(
        prefix for prefix, members in sorted(groups.items())
        if not covered.intersection(members) and not any(prefix.rstrip("/").rpartition("/")[2] in parts for parts in masks)
    )


def _near_images(covered: set[str], parent: str, depth: int, mask_folder: str = "") -> tuple[set[str], str]:
    """(the images a mask folder under `parent` covers, the folder its masks' keys lie in, '/'-ended, or "").

    A mask's key is its path's last `depth` parts, so `train/masks/1.png` named `train/images/1.png`
    and `test/images/1.png` alike: with `test/masks/` beside `test/images/`, every image was named by
    two masks and rejected, no record written. Where some covered images lie under the mask folder's
    parent, they are its images; where those lie in one folder, its path is put before each mask's
    key (`Evidence.prefix`), so the mask names the image of its own folder only. Where they lie in several
    folders beside it, the one named for the mask folder's own prefix (`role_folders`: TN3K's `test-mask/`
    beside `test-image/` and `trainval-image/`) is its folder."""
    near = {p for p in covered if parent and p.startswith(parent + "/")}
    if not near:
        return covered, ""
    folders = {"/".join(p.split("/")[: -depth]) for p in near}
    own = role_folders.own_image_folder(mask_folder, folders) if len(folders) > 1 and mask_folder else None
    if own is not None:
        near, folders = {p for p in near if p.startswith(own + "/")}, {own}
    return near, (folders.pop() + "/" if len(folders) == 1 and "" not in folders else "")


def yolo_labels(config: ConvertConfig, sample: list[str]) -> list[Evidence]:
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
    # (labels under another tree naming the images by stem alone: GRAZPEDWRI-DX's folder_structure/yolov5/labels/)
    apart = yolo_apart.stem_paired({f: p for f, p in by_folder.items() if f not in mirroring}, sample)
    mirroring.update(apart)
    found = _yolo_names(config, sample, list(mirroring)) if mirroring else None
    if found is None and mirroring and config.label_names:  # no data.yaml: the names the user gave, in number order
        found = ("--label-names", config.label_names)
    if found is None:
        yolo_unnamed.check_named(config, {folder: by_folder[folder] for folder in mirroring}, yolo_unnamed.names_files(sample),
                                 elsewhere=_yolo_names_elsewhere(config, sample, list(mirroring)),
                                 aside=yolo_unnamed.folders_aside(sample, [k for keys in mirroring.values() for k in keys]))
        return []
    yaml_file, names = found
    evidence = []
    for folder, mirrored in mirroring.items():
        parts = 1 if folder in apart else round(sum(key.count("/") + 1 for key in mirrored) / len(mirrored))
        paired = ", each naming the image of its stem" if folder in apart else ""
        note = f"{folder}/: YOLO labels (class cx cy w h){paired}, class names from {yaml_file} ({len(names)})"
        rule = evidence_lib.KeyRule(parts, False)
        evidence.append(Evidence(folder, evidence_lib.YOLO_LABELS, rule, names=names, names_file=yaml_file, note=note))
    return evidence
