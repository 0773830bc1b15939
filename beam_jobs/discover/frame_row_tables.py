"""Tables of boxes per sequence of frames, read as the frames' objects (FRAME_ROWS rows of
`box_formats.FORMATS`: UAVDT, VisDrone-VID, KITTI tracking, MOTChallenge).

A table is one sequence's when its path matches a row's `sequence_path` (UAVDT's `GT/M0101_gt_whole.txt`:
M0101; MOT's `MOT17-02-FRCNN/gt/gt.txt`), exactly one folder of the sample's images is that sequence's
(`M0101/`, or MOT's `MOT17-02-FRCNN/img1/`; of several, those sharing the most leading folders with the table),
its first rows are the row's shape (its count of fields,
the frame number and the track id whole numbers, the class, the box numbers) and frames they name are
files of that folder. Then each row is a box of the frame its number names: the frame's file is the
one whose name ends in that number, counted from the base the format documents (KITTI's 0, the others'
1) or shifted where the files count otherwise. What does not fit is never read as boxes:

  a table of a sequence no folder holds        left out, named in the plan (its frames are not here)
  two folders of frames of one sequence         a stop naming both and the --exclude that decides
                                                (KITTI's image_02/0000/ beside image_03/0000/: the
                                                right camera's frames are not the labels')
  rows of another shape, or frame numbers       not this format: the stop over unread frame tables
  that name none of the folder's files          (`frame_tables`) or over sequence folders
                                                (`sequence_rows`) still stands; where other tables of
                                                its format are read, a stop naming it (its frames
                                                were written without their objects)

Files a format ships beside its tables that hold no objects (its `companions`: UAVDT's `_gt.txt`,
`_gt_ignore.txt`, MOT's det/det.txt) are named in the table's plan note and stopped on by nothing.

A sequence's split: its folders' split words where it has them (MOT17's train/, test/); else, where
every sequence read has a file named after it (`M0101_attr.txt`) in a folder named by a split word and
one such folder only (UAVDT's `M_attr/train/`, `M_attr/test/`), that folder's split. A file named after
its sequence and filed under a split word says what the sequence is as plainly as a split folder of
frames would; where only some sequences are so filed, none is (a note says so), and the frames take
the splits of their folders, or none.
"""

from __future__ import annotations

import dataclasses
import posixpath
import re
from collections.abc import Sequence

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import head_reads
from shardify.beam_jobs.discover.listing import list_tree
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import box_formats, layout
from shardify.plan.evidence import BOX_TABLE, Evidence, KeyRule
from shardify.plan.folder_names import split_word

__all__ = ["companion_paths", "companions_of", "frame_row_evidence", "with_sequence_splits"]

_TABLE_EXTENSIONS = ("txt", "csv")
_NUMBER_END = re.compile(r"(\d+)$", re.ASCII)
_INTEGER = re.compile(r"-?\d+", re.ASCII)
# Tables opened (first lines only) in all: a download of hundreds of sequences is judged on these.
_OPENED = 64


def _formats() -> list[box_formats.BoxFormat]:
    return [f for f in box_formats.FORMATS if f.pairing == box_formats.FRAME_ROWS]


def _sequence_of(fmt: box_formats.BoxFormat, path: str) -> str:
    """The sequence a table of `fmt` at `path` is, or "" where it is no such table."""
    if not re.search(fmt.files + "$", posixpath.basename(path)):
        return ""
    found = re.search(fmt.sequence_path + "$", path)
    return found.group(1) if found else ""


def _frame_folders(sample: Sequence[str]) -> dict[str, set[int]]:
    """{folder: the numbers ending its images' names} for folders whose images all end in a number."""
    stems: dict[str, list[str]] = {}
    for path in sample:
        if layout.extension(path) in layout.IMAGE_EXTENSIONS:
            stems.setdefault(posixpath.dirname(path), []).append(layout.stem(path))
    found = {}
    for folder, names in stems.items():
        numbers = [_NUMBER_END.search(n) for n in names]
        if all(numbers):
            found[folder] = {int(m.group(1)) for m in numbers if m}
    return found


def _folders_of(fmt: box_formats.BoxFormat, sequence: str, frames: dict[str, set[int]], table: str) -> list[str]:
    """The folders of frames of `sequence` (`<seq>/`, or `<seq>/<frames_folder>/`) nearest `table`: those
    sharing the most leading folders with it (KITTI's training/label_02/0000.txt: training/image_02/0000/,
    not testing/image_02/0000/, another sequence of the same number)."""
    tail = f"{sequence}/{fmt.frames_folder}" if fmt.frames_folder else sequence
    named = [f for f in frames if f == tail or f.endswith("/" + tail)]
    if not named:
        return []
    shared = {f: _shared(f, table) for f in named}
    return sorted(f for f in named if shared[f] == max(shared.values()))


def _shared(folder: str, table: str) -> int:
    """How many leading folders `folder` and `table`'s path share."""
    count = 0
    for mine, its in zip(folder.split("/"), posixpath.dirname(table).split("/")):
        if mine != its:
            break
        count += 1
    return count


def _rows_fit(fmt: box_formats.BoxFormat, lines: Sequence[str]) -> list[int]:
    """The frame numbers of `lines` where every one is a row of `fmt` (its fields, a whole frame number
    and track id, its class and box), else []."""
    rows = [fmt.fields_of(line) for line in lines if line.strip()]
    number = int(fmt.number_field)
    if len(rows) > 1 and not _fits(fmt, rows[-1]):
        rows = rows[:-1]  # (the last line read may be cut; a bad one is a reject when the table is read)
    if not rows or not all(_fits(fmt, r) for r in rows):
        return []
    return [int(r[number]) for r in rows]


def _fits(fmt: box_formats.BoxFormat, row: Sequence[str]) -> bool:
    number = int(fmt.number_field)
    return (fmt.box_line(row) and row[number].isascii() and row[number].isdigit() and len(row) > number + 1
            and bool(_INTEGER.fullmatch(row[number + 1])))


def _shift(fmt: box_formats.BoxFormat, present: set[int]) -> int:
    """What to add to a row's frame number to name its file: the files' base less the format's
    (frames documented from 1 over `000000.png` files: -1); 0 where the files' base cannot be told."""
    files_base = 0 if 0 in present else 1 if present and min(present) == 1 else None
    return 0 if files_base is None else files_base - fmt.frame_base


def _checked_shift(config: ConvertConfig, fmt: box_formats.BoxFormat, table: str, folder: str, shift: int) -> int:
    """`shift` (the files counted from another base than `fmt` documents), or 0, where the table's rows
    count as the files do: of the two, the one under which every frame the whole table names lies among
    the numbers of `folder`'s images on disk. A MOTChallenge-shaped table counting from 0 over files from
    000000.jpg had been shifted by -1, every frame given the next one's boxes and frame 0's rows rejected
    (2 of 42: exit 0). Read only where the files' base differs from the format's.

    Raises:
      UsageError: where both fit (rows from 1 over files from 0 and one more file): which file a row's
        number names cannot be told.
    """
    numbers = []
    at = int(fmt.number_field)
    try:
        with open_input(join_path(config.source, table)) as handle:
            for raw in handle:
                fields = fmt.fields_of(raw.decode("utf-8", "replace").lstrip("\ufeff"))
                if len(fields) > at and fields[at].isascii() and fields[at].isdigit():
                    numbers.append(int(fields[at]))
    except (OSError, InvalidInputError):
        return shift  # (an archive's member, a table gone: read as the files' base says; its rows' rejects then tell)
    files = {int(m.group(1)) for item in list_tree(join_path(config.source, folder), links_inside=config.source)
             if "/" not in (name := getattr(item, "relpath", "/")) and layout.extension(name) in layout.IMAGE_EXTENSIONS
             and (m := _NUMBER_END.search(layout.stem(name)))}
    if not numbers or not files:
        return shift
    fit = [s for s in (shift, 0) if min(files) <= min(numbers) + s and max(numbers) + s <= max(files)]
    if len(fit) < 2:
        return fit[0] if fit else shift  # (none fits: the rows naming no file are rejects, counted)
    raise UsageError(
        f"{table} ({fmt.name}) names frames {min(numbers)} to {max(numbers)}, and {folder}/ holds images numbered "
        f"{min(files)} to {max(files)}: whether a row's frame n is the file numbered n or n{shift:+d} cannot be told "
        f"(the format counts from {fmt.frame_base}, the files from {min(files)}); renumber the files or the rows to agree, "
        f"or leave the table and its frames out: --exclude '{table}' --exclude '{folder}/**'"
    )


def companion_paths(fmt: box_formats.BoxFormat, sequence: str, sample: Sequence[str]) -> list[str]:
    """The files of `sample` that are `fmt`'s companions of `sequence`'s table (`BoxFormat.companions`)."""
    return sorted(p for p in sample for pattern, _ in fmt.companions
                  if (found := re.search(pattern + "$", p)) and found.group(1) == sequence)


def _sequence_splits(sample: Sequence[str], sequences: Sequence[str], taken: set[str]) -> tuple[dict[str, str], str]:
    """{sequence: split} from files named after each sequence in folders named by split words (module
    docstring) and the first such file; or {} and why, where only some sequences are so filed."""
    splits: dict[str, set[str]] = {}
    shown: dict[str, str] = {}
    wanted = set(sequences)
    longest_first = sorted(wanted, key=len, reverse=True)  # (`uav0000013_00000_v_attr`: the sequence holds `_` too)
    for path in sample:
        if path in taken or layout.extension(path) in layout.IMAGE_EXTENSIONS:
            continue
        split = split_word(posixpath.basename(posixpath.dirname(path)))
        stem = layout.stem(path)
        named = next((w for w in longest_first if stem == w or (stem.startswith(w) and stem[len(w)] in "_-")), "") if split else ""
        if named:
            splits.setdefault(named, set()).add(split)
            shown.setdefault(named, path)
    one = {s: next(iter(found)) for s, found in splits.items() if len(found) == 1}
    if one and set(one) == wanted:
        return one, shown[min(one)]
    if one:
        return {}, (f"files named after {len(one)} of the {len(wanted)} sequences lie in split folders "
                    f"({', '.join(sorted(one)[:3])}): not read as the sequences' splits, which the others lack")
    return {}, ""


def frame_row_evidence(config: ConvertConfig, sample: Sequence[str], taken: set[str]) -> list[Evidence]:
    """The tables of frame rows of `sample` (module docstring), each an Evidence of its sequence's frames.

    Raises:
      UsageError: a sequence whose frames lie in two folders: which its rows describe cannot be told.
    """
    if config.labels_file or config.label_from_name:
        return []
    formats = _formats()
    candidates = [(p, f, s) for p in sample if layout.extension(p) in _TABLE_EXTENSIONS and p not in taken
                  for f in formats if (s := _sequence_of(f, p))]
    if not candidates:
        return []
    frames = _frame_folders(sample)
    found: list[tuple[str, box_formats.BoxFormat, str, str, int]] = []
    orphans: list[str] = []
    misfits: list[tuple[str, box_formats.BoxFormat, str]] = []
    fitted: set[str] = set()
    opened = 0
    for path, fmt, sequence in candidates:
        folders = _folders_of(fmt, sequence, frames, path)
        if not folders:
            orphans.append(path)
            continue
        if len(folders) > 1:
            excludes = " ".join(f"--exclude '{f}/**'" for f in folders[1:])
            raise UsageError(
                f"{path} holds the boxes of sequence {sequence} ({fmt.name}), whose frames lie in {len(folders)} folders "
                f"({', '.join(f + '/' for f in folders[:3])}): which folder's frames its rows describe cannot be told "
                f"(a second camera's?); leave the others out: {excludes}"
            )
        shift = _shift(fmt, frames[folders[0]])
        if shift:
            shift = _checked_shift(config, fmt, path, folders[0], shift)
        if opened < _OPENED or fmt.name not in fitted:  # (past _OPENED, a download is judged by its first tables;
            opened += 1                                   # a row of another shape is still a reject when read)
            numbers = _rows_fit(fmt, head_reads.head_lines(config, path))
            if not numbers or not any(n + shift in frames[folders[0]] for n in numbers):
                misfits.append((path, fmt, folders[0]))  # not of this shape, or numbering no frame here: not read
                continue
        fitted.add(fmt.name)
        found.append((path, fmt, sequence, folders[0], shift))
    _check_misfits([(p, f, d) for p, f, d in misfits if f.name in fitted])
    if not found:
        return []
    found += _unsampled(config, found, frames, {p for p, *_ in found})
    orphans = [p for p in orphans if p not in {f[0] for f in found}]
    evidence = []
    for index, (path, fmt, sequence, folder, shift) in enumerate(found):
        rule = KeyRule(folder.count("/") + 2, False, True, shift=shift)  # (the folder's whole path, then the number)
        how = f"a row per box, its frame by number, of {folder}/" + (f", frame n its file numbered n{shift:+d}" if shift else "")
        note = f"{path}: objects of the frames it numbers ({how}): {fmt.shown}"
        beside = [f"{c} ({why})" for pattern, why in fmt.companions for c in companion_paths(fmt, sequence, sample)
                  if re.search(pattern + "$", c)]
        note += f"; left out beside it: {', '.join(beside)}" if beside else ""
        if index == 0 and orphans:
            note += (f"; left out: {', '.join(orphans[:3])}{' and more' if len(orphans) > 3 else ''} (tables of sequences "
                     "no folder of frames here holds)")
        evidence.append(Evidence(path, BOX_TABLE, rule, box_format=fmt.name, image_folder=folder, note=note))
    return evidence


def _unsampled(
    config: ConvertConfig, found: Sequence[tuple], frames: dict[str, set[int]], seen: set[str]
) -> list[tuple[str, box_formats.BoxFormat, str, str, int]]:
    """The tables of the folders holding tables read that the sample left out, each with its sequence's
    folder of frames: the folder of that name beside the frames' folders of the tables read, sampled or
    found on disk. A download of many sequences keeps their tables in one folder (UAVDT's GT/ of 150,
    VisDrone-VID's annotations/), of which the sample holds a share only; left unread, their frames
    were written without their objects (a sampled table whose frames the sample left out alike). Tables
    whose sequence has no such folder stay unread (orphans, named in the plan)."""
    excluded = config.excludes
    beside: dict[str, tuple[box_formats.BoxFormat, str, int]] = {}
    for path, fmt, _, folder, shift in found:
        up = posixpath.dirname(posixpath.dirname(folder) if fmt.frames_folder else folder)
        beside.setdefault(posixpath.dirname(path), (fmt, up, shift))
    more = []
    for table_folder, (fmt, up, shift) in sorted(beside.items()):
        if not table_folder or fmt.frames_folder:  # (SRC itself is never listed again; MOT's gt/ hold one table each)
            continue
        for item in list_tree(join_path(config.source, table_folder), links_inside=config.source):
            path = f"{table_folder}/{getattr(item, 'relpath', '')}"
            sequence = _sequence_of(fmt, path) if "/" not in getattr(item, "relpath", "/") else ""
            if not sequence or path in seen or (excluded and excluded(path)):
                continue
            folder = "/".join(part for part in (up, sequence, fmt.frames_folder) if part)
            if folder in frames or FileSystems.exists(join_path(config.source, folder)):
                more.append((path, fmt, sequence, folder, shift))
    return more


def _check_misfits(misfits: Sequence[tuple[str, box_formats.BoxFormat, str]]) -> None:
    """Stop where a table named and placed as the others of its format that are read is not of their
    shape: its frames were written without their objects.

    Raises:
      UsageError: naming the tables, their frames and the options.
    """
    if not misfits:
        return
    path, fmt, folder = misfits[0]
    more = f" and {len(misfits) - 1} more" if len(misfits) > 1 else ""
    excludes = " ".join(f"--exclude '{p}' --exclude '{d}/**'" for p, _, d in misfits[:3])
    raise UsageError(
        f"{path}{more}: named and placed as the {fmt.name} tables read beside it, but its first rows are not of their shape "
        f"({fmt.name}: {' or '.join(map(str, fmt.fields))} fields a row, a frame number, a track id, "
        f"its class and box) or name none of the frames of {folder}/: its frames would be written without their objects; "
        f"mend the table, or leave it and its frames out: {excludes}"
    )


def with_sequence_splits(config: ConvertConfig, detected: layout.SourceLayout, sample: Sequence[str]) -> layout.SourceLayout:
    """`detected` with a split pattern per sequence folder where no split folder gives the splits and
    every sequence read is filed under one split word (module docstring); a note where only some are."""
    structure = detected.structure
    if detected.split_patterns or detected.split_folders or (structure is not None and structure.split_level >= 0):
        return detected
    read = [(_sequence_of(fmt, item.path), [item.image_folder]) for item in detected.evidence
            if (fmt := _frame_format(item)) is not None]
    if not read or any(re.search(r"[][*?{}]", folders[0]) for _, folders in read):
        return detected
    claimed = {e.path for e in detected.evidence} | companions_of(detected.evidence, sample)
    sequences = sorted({s for s, _ in read})
    splits, said = _sequence_splits(_with_split_folders(config, sample, sequences), sequences, claimed)
    doubt = "" if splits else said
    folders = {folders[0] for _, folders in read}
    outside = [p for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS and posixpath.dirname(p) not in folders]
    if doubt or (splits and outside):
        why = doubt or f"frames outside the sequences read ({outside[0]}) would have no split"
        return dataclasses.replace(detected, notes=(*detected.notes, f"sequence splits not read: {why}"))
    if len(set(splits.values())) < 2:
        return detected
    pairs = tuple(sorted((f"{folders[0]}/*", splits[sequence]) for sequence, folders in read))
    shown = ", ".join(f"{pattern} -> {split}" for pattern, split in pairs[:4]) + (f" and {len(pairs) - 4} more" if len(pairs) > 4 else "")
    note = f"splits of the sequences, each by the split folder of a file named after it ({said}): {shown}"
    return dataclasses.replace(detected, split_patterns=pairs, notes=(*detected.notes, note))


def _with_split_folders(config: ConvertConfig, sample: Sequence[str], sequences: Sequence[str]) -> list[str]:
    """`sample` and the files the sample left out of each split-word folder that holds a file named after
    a sequence (UAVDT's M_attr/train/ of 30 files, sampled in part)."""
    wanted = tuple(sequences)
    folders = sorted({posixpath.dirname(p) for p in sample if posixpath.dirname(p)
                      and split_word(posixpath.basename(posixpath.dirname(p))) and layout.stem(p).startswith(wanted)})
    listed = list(sample)
    for folder in folders:
        listed += [f"{folder}/{item.relpath}" for item in list_tree(join_path(config.source, folder), links_inside=config.source)
                   if "/" not in getattr(item, "relpath", "/")]
    return sorted(set(listed))


def _frame_format(item: Evidence) -> box_formats.BoxFormat | None:
    """The FRAME_ROWS format `item` is read by, or None."""
    if not item.box_format:
        return None
    try:
        fmt = box_formats.format_named(item.box_format)
    except KeyError:
        return None
    return fmt if fmt.pairing == box_formats.FRAME_ROWS else None


def companions_of(evidence: Sequence[Evidence], sample: Sequence[str]) -> set[str]:
    """The files of `sample` of the kinds (`BoxFormat.companions`) the formats of the frame-row tables
    read as `evidence` ship beside them, of any sequence (MOT17's test sequences: det/det.txt, no gt)."""
    patterns = {pattern for item in evidence if (fmt := _frame_format(item)) is not None for pattern, _ in fmt.companions}
    return {p for p in sample if any(re.search(pattern + "$", p) for pattern in patterns)}
