"""Media files beside a dataset's tables: clips, recordings or pictures of its rows, not tables.

A text dataset may ship the media its rows were transcribed from beside its tables: MELD's
`train_splits/dia0_utt0.mp4` beside `train_sent_emo.csv` (rows keyed by `Dialogue_ID`,
`Utterance_ID`), IEMOCAP-style `wav/` folders, a VQA table's `images/`. Read as tables they were
each rejected "not a table", over the reject limit (exit 1) for files that were never inputs. In a
tables layout they are set aside, counted with the auxiliary files and said in the plan in one
line (`media_kinds.AV_EXTENSIONS` and the image formats: the kinds of media, as data). Where a table's first lines name them by
file name, the rows point at media shardify's tables layout does not read as part of a record:
the plan stops, naming the table and the files.

And where the inputs of a folder layout are themselves clips or recordings (FSD50K's
`FSD50K.dev_audio/64760.wav` with its labels in `FSD50K.ground_truth/dev.csv`), the run stops
before writing, saying that shardify writes images and texts, not audio or video
(`check_clip_inputs`): read as texts, every clip had been rejected "binary file, not UTF-8 text"
and the run ended with exit 1, after a stop whose advice (keep one of the label tables) could not help.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import clip_transcripts, label_file_found
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import layout
from shardify.plan.media_kinds import AV_EXTENSIONS

__all__ = ["check_clip_inputs", "with_media_set_aside"]

MEDIA_EXTENSIONS = AV_EXTENSIONS | frozenset(layout.IMAGE_EXTENSIONS)
# Tables opened (their first lines) to see whether they name the media by file name.
_TABLES_OPENED = 4


def with_media_set_aside(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` with the media files beside its tables set aside and said (module docstring).

    Raises:
      UsageError: a table's first lines name the media files by name.
    """
    if detected.name != layout.TABLES or detected.source_file or detected.line_files:
        return detected
    media = [p for p in sample if layout.extension(p) in MEDIA_EXTENSIONS]
    if not media:
        return detected
    names = {posixpath.basename(p) for p in media}
    tables = [p for p in sample if layout.extension(p) in layout.TABLE_EXTENSIONS][:_TABLES_OPENED]
    for table in tables:
        head = "\n".join(label_file_found.head_lines(config, table))
        named = sorted(n for n in names if n in head)
        if named:
            raise UsageError(
                f"{table} names media files beside the tables ({', '.join(named[:3])}): its rows point at clips, "
                f"recordings or images, which a table's record does not hold; {_ways(table, [p for p in media if posixpath.basename(p) in named])}"
            )
    folders = sorted({posixpath.dirname(p) + "/" for p in media})
    shown = ", ".join(folders[:4]) + (" and more" if len(folders) > 4 else "")
    kinds = ", ".join(sorted({"." + layout.extension(p) for p in media}))
    note = f"media beside the tables, not tables ({kinds} in {shown}): set aside, counted with the auxiliary files"
    return dataclasses.replace(detected, notes=(*detected.notes, note))  # (`layout.is_auxiliary` sets them aside)


def _ways(table: str, named: Sequence[str]) -> str:
    """What converts a table naming media (`named`: their paths): images with their labels; clips
    and recordings, which shardify reads into no record (`media_kinds`), only by the table's texts
    alone, the media left out with `--exclude` (their folders, or their kind where some lie in SRC).

    >>> _ways("t.csv", ["a.mp3"]).startswith("shardify reads no audio or video"), _ways("t.csv", ["a.jpg"])[:32]
    (True, 'convert the images with their la')
    """
    folders = sorted({posixpath.dirname(n) for n in named})
    kinds = sorted({layout.extension(n) for n in named})
    where = " ".join(f"--exclude {f!r}" if f else f"--exclude '**/*.{kind}'" for f in folders for kind in (kinds if not f else [""]))
    alone = f"the table's texts alone, the media left out with {where}"
    if any(layout.extension(n) in AV_EXTENSIONS for n in named):
        return f"shardify reads no audio or video into a record: convert {alone}"
    return f"convert the images with their labels (--labels {table} over the folder of images), or {alone}"


# Of a folder layout's inputs, at least this share clips or recordings: the dataset is of them.
_CLIP_SHARE = 0.5


def check_clip_inputs(sample: Sequence[str], detected: layout.SourceLayout, config: ConvertConfig | None = None) -> None:
    """Stop where most inputs of a folder layout are audio or video files (module docstring).

    Raises:
      UsageError: naming the kinds, their folders, and that no option converts them.
    """
    if detected.name not in (layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS, layout.NAMED_FILES):
        return
    inputs = [p for p in sample if not detected.is_auxiliary(p)]
    clips = [p for p in inputs if layout.extension(p) in AV_EXTENSIONS]
    if not clips or len(clips) < _CLIP_SHARE * len(inputs):
        return
    folders = sorted({posixpath.dirname(p) + "/" for p in clips})
    shown = ", ".join(folders[:3]) + (f" and {len(folders) - 3} more" if len(folders) > 3 else "")
    kinds = ", ".join(sorted({"." + layout.extension(p) for p in clips}))
    others = sorted({posixpath.dirname(p) + "/" for p in inputs if layout.extension(p) not in AV_EXTENSIONS})
    apart = [f for f in folders if f not in others]
    # LJ Speech's metadata.csv beside wavs/, LibriSpeech's `.trans.txt` beside its FLACs: the transcripts
    # converted alone (`clip_transcripts`), first: AISHELL's one transcript file lies apart from the clips too
    transcripts = clip_transcripts.transcripts_hint(config, sample, clips) if config is not None else ""
    if transcripts:
        way = transcripts
    elif others and len(apart) == len(folders):  # (review26: a folder of .wav pronunciations beside class folders of photos)
        top = " ".join(f"--exclude '*.{kind}'" for kind in sorted({layout.extension(c) for c in clips if "/" not in c}))
        excludes = " ".join(f"--exclude '{f}**'" if f != "/" else top for f in apart[:8])
        way = (f"; where the clips are not the dataset's inputs but the {len(inputs) - len(clips)} other files are (in "
               f"{', '.join(others[:3])}{' and more' if len(others) > 3 else ''}), leave the clips out: {excludes}")
    else:
        way = ""
    raise UsageError(
        f"the inputs are audio or video files ({len(clips)} of the {len(inputs)} found: {kinds} in {shown}): shardify writes "
        "images and texts into records, not audio or video, and no option changes that; decode the clips into features or "
        f"frames first, or point SRC at the images or texts of the dataset{way}"
    )
