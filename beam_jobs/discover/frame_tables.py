"""Stop where tracking annotations keyed by frame number lie beside numbered frames, unread.

Multi-object tracking datasets ship a folder of numbered frames per sequence and, beside it, a table
of boxes per sequence whose rows name the frame by its NUMBER (the image's stem read as an integer,
not its name) and a track id:

  MOTChallenge (MOT15/16/17/20)   <seq>/img1/000001.jpg, <seq>/gt/gt.txt `frame,id,left,top,w,h,flag,class,visibility`
                                  (and det/det.txt, a public detector's boxes, not truth), seqinfo.ini
  DanceTrack, SportsMOT           the MOTChallenge layout: <seq>/img1/00000001.jpg, <seq>/gt/gt.txt
  KITTI tracking                  training/image_02/<seq>/000000.png, training/label_02/<seq>.txt
                                  `frame track type truncated occluded alpha left top right bottom ...`

Nothing read them: the sequence folders were read as classes (MOT17-02-FRCNN a class, the frames
labelled with it, the boxes lost) with exit 0 (blind18's mot17). Reading them is format work per
dataset (MOT's flag column means "ignore" in gt and "score" in det, KITTI's rows carry a type name);
where no FRAME_ROWS row of `box_formats.FORMATS` reads them (`frame_row_tables`), this check stops the
run before writing (exit 2), naming the tables, saying they are not read, and the options that write
the frames alone, unlabelled (the sequence folder is no class).

Known by shape, not by name: a text table (`.txt`, `.csv`) in a sibling folder of a folder of frames
(`<seq>/gt/` beside `<seq>/img1/`), or in a folder beside the frames' parent named as the frames'
folder (`label_02/0000.txt` for `image_02/0000/`), whose first rows hold six fields or more, the first
two whole numbers (frame, track id), the frame numbers among those of the frames' files. A table read
as evidence (UA-DETRAC's sequence XMLs are, `box_formats.FRAMES_XML`; MOT's gt/gt.txt, `box_formats.FRAME_ROWS`) is not
looked at, nor a file its format ships beside it holding no objects (MOT's det/det.txt: `BoxFormat.companions`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import frame_row_tables, head_reads, voc_beside
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout

__all__ = ["check_frame_tables", "frame_rows"]

# Tables opened (their first lines only), shallowest first.
_OPENED = 12
_SHOWN = 3
_FRAME = re.compile(r"^\D{0,8}(\d{3,})$", re.ASCII)  # 000001, 00000001, img00012: a frame's number
_INTEGER = re.compile(r"^-?\d+$", re.ASCII)
_FIELDS = re.compile(r"[,\s]+")


def frame_rows(lines: Sequence[str]) -> list[int]:
    """The frame numbers of `lines` where they are a tracking table's rows (six fields or more, the
    first two whole numbers: frame and track id; nine of ten lines so), else [].

    >>> frame_rows(["1,1,912,484,97,109,0,7,1", "1,2,1338,418,167,379,1,1,1"])
    [1, 1]
    >>> frame_rows(["0 -1 DontCare -1 -1 -10.0 219.31 188.49 245.50 218.56 -1000 -1000 -1000 -10 -1 -1 -1"])
    [0]
    >>> frame_rows(["img x1 y1 x2 y2", "1 0 143 370 486"]), frame_rows(["0.5,0.2,0.1,0.3,0.9,1"])
    ([], [])
    """
    rows = [_FIELDS.split(line.strip()) for line in lines if line.strip()]
    good = [r for r in rows if len(r) >= 6 and _INTEGER.match(r[0]) and _INTEGER.match(r[1]) and int(r[0]) >= 0]
    return [int(r[0]) for r in good] if rows and len(good) * 10 >= len(rows) * 9 else []


def _frame_folders(sample: Sequence[str], detected: layout.SourceLayout) -> dict[str, set[int]]:
    """{folder: the numbers of its frames} for folders of two or more images all numbered."""
    folders: dict[str, list[str]] = {}
    for path in sample:
        if layout.extension(path) in layout.IMAGE_EXTENSIONS and not detected.is_auxiliary(path):
            folders.setdefault(posixpath.dirname(path), []).append(layout.stem(path))
    found = {}
    for folder, stems in folders.items():
        matches = [_FRAME.match(s) for s in stems]
        if folder and len(stems) >= 2 and all(matches):
            found[folder] = {int(m.group(1)) for m in matches if m}
    return found


def _frames_of(table: str, frames: dict[str, set[int]]) -> str:
    """The folder of frames `table` lies beside (module docstring), or ""."""
    folder = posixpath.dirname(table)
    parent = posixpath.dirname(folder)
    for candidate in sorted(frames):
        if candidate == folder:
            continue
        if posixpath.dirname(candidate) in (parent, folder) and folder != "":  # <seq>/gt/ or <seq>/ beside <seq>/img1/
            return candidate
        if (posixpath.basename(candidate) == layout.stem(table)
                and posixpath.dirname(posixpath.dirname(candidate)) == parent):  # label_02/0000.txt, image_02/0000/
            return candidate
    return ""


def _sequence(table: str, folder: str) -> str:
    """The sequence a table's frames are: the frames' folder named as the table (KITTI's `0000/`), else its parent
    (MOT's `MOT17-02-FRCNN/` of `img1/`)."""
    if posixpath.basename(folder) == layout.stem(table):
        return posixpath.basename(folder)
    return posixpath.basename(posixpath.dirname(folder)) or folder


def check_frame_tables(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop (exit 2) where tables of boxes keyed by frame number lie beside numbered frames unread.

    Raises:
      UsageError: naming the tables, their frames, and the options that write the frames alone.
    """
    if detected.name != layout.IMAGE_FOLDERS or config.labels_file:
        return
    frames = _frame_folders(sample, detected)
    if not frames:
        return
    read = tuple(e.path for e in detected.evidence)
    read += tuple(frame_row_tables.companions_of(detected.evidence, sample))  # MOT's det/det.txt beside a gt.txt read
    # Per-image box files read beside their images cover their tree, SRC's own included (UCAS-AOD's class folders
    # of `P0001.txt` at SRC's top, whose whole-number lines read as frame rows too)
    beside = tuple(e.path for e in detected.evidence if e.kind == evidence_lib.BOX_FILES and e.image_folder == voc_beside.BESIDE)
    tables = sorted(
        (p for p in sample
         if layout.extension(p) in ("txt", "csv") and not any(p == r or p.startswith(r.rstrip("/") + "/") for r in read if r)
         and not any(not r or p.startswith(r.rstrip("/") + "/") for r in beside)),
        key=lambda p: (p.count("/"), p),
    )
    found: list[tuple[str, str]] = []
    for table in tables:
        if len(found) >= _OPENED:
            break
        folder = _frames_of(table, frames)
        if not folder:
            continue
        numbers = frame_rows(head_reads.head_lines(config, table))
        present = frames[folder]
        if numbers and any(n in present or n + 1 in present or n - 1 in present for n in numbers):
            found.append((table, folder))
    if not found:
        return
    shown = ", ".join(f"{t} (frames {f}/)" for t, f in found[:_SHOWN])
    shown += f" and {len(found) - _SHOWN} more" if len(found) > _SHOWN else ""
    globs = sorted({f"**/{posixpath.basename(posixpath.dirname(t))}/**" if posixpath.dirname(t) else t for t, _ in found})
    sequences = sorted({_sequence(t, f) for t, f in found})
    excludes = " ".join(f"--exclude '{g}'" for g in globs)
    raise UsageError(
        f"{shown}: tables of boxes keyed by frame number (the first column: the frame's number, then a track id), one per "
        f"sequence of frames: tracking annotations (MOTChallenge's gt/gt.txt, KITTI tracking's label_02/<seq>.txt), which "
        f"shardify does not read yet; converted as they are, the boxes would be lost and the sequence folders "
        f"({', '.join(sequences[:_SHOWN])}) read as classes, which they are not. To write the frames alone, unlabelled, "
        f"their boxes left out: --label-level 0 {excludes}"
    )
