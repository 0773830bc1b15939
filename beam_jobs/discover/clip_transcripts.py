"""The transcripts beside clips a folder layout stops on: texts shardify reads, said with the options.

A speech corpus ships its recordings beside a table of what is said in each: LJ Speech's
`wavs/LJ001-0001.wav` beside `metadata.csv` (`LJ001-0001|Printing, in the only sense ...|...`, the
clip's id, the transcription and its normalized form). shardify writes no audio, and the clips stop
the run (`media_beside_tables.check_clip_inputs`); that stop had said no option converts the dataset,
while the transcripts are a table of texts it reads, a row a record. Where a table's first rows begin
(or hold, in one column) the clips' ids, the stop now names it and the options that convert it alone:
the clips' folders left out with `--exclude`, the column after the ids as the text, the ids kept.
Which column holds the text is the one after the ids: a corpus' transcription follows its clip's id
(LJ Speech's `id|transcription|normalized`; a table whose text lies elsewhere is the user's to name,
and the hint says it is the column after the ids). Part of detection; only first lines are read.

Other corpora keep a transcript file per folder of `<id> <text>` lines, no table's separator at all:
LibriSpeech's `<speaker>/<chapter>/<speaker>-<chapter>.trans.txt` beside the chapter's FLACs
(`84-121123-0000 GO DO YOU HEAR`), Kaldi's `text` files. Where a sampled `.txt` is such lines
(`converters.keyed_lines`) and one of its ids names a sampled clip, the stop names them and the
options reading them alone: `--layout tables` (a `.txt` of `<id> <text>` lines is then a table of
`id` and `text`, no label), the clips left out by extension, and the other sampled files (a corpus'
`SPEAKERS.TXT`, `README.TXT`, which `--layout tables` would read or refuse) by a glob of their
folder and extension, or by name where that glob would take a transcript too.
"""

from __future__ import annotations

import csv
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.converters import keyed_lines, token_tables
from shardify.inputs.excludes import Excludes, exclude_option
from shardify.plan import layout

__all__ = ["transcripts_hint"]

_TABLE_EXTENSIONS = ("csv", "tsv")
_TABLES_OPENED = 4
# Of a table's rows, at least this share must name a sampled clip by its stem in the id column, and as
# many hold a text of _MIN_WORDS words or more after it (a transcript, not a label or a number).
_NAMED_SHARE = 0.5
_MIN_WORDS = 3
# Sampled `.txt` files opened (their first lines only; a sample holding more gets no hint: one left
# unopened could be a transcript), and the globs a hint may name for the other files before it is
# too long to follow (then none is given).
_LINE_FILES_OPENED = 32
_MAX_OTHER_GLOBS = 8


def _rows(path: str, lines: Sequence[str]) -> list[list[str]]:
    lines = [line for line in lines if line.strip()]
    if token_tables.pipe_separated(lines):
        return [line.split(token_tables.PIPE) for line in lines]
    delimiter = "\t" if path.lower().endswith(".tsv") else ","
    try:
        return [row for row in csv.reader(lines, delimiter=delimiter)]
    except csv.Error:
        return []


def _options(path: str, rows: Sequence[Sequence[str]], stems: set[str]) -> str:
    """`--text-column T --keep-columns K` for a table whose column K holds the clips' ids and T
    follows it, or ""."""
    if len(rows) < 2 or len({len(r) for r in rows}) != 1 or len(rows[0]) < 2:
        return ""
    width = len(rows[0])
    for key in range(width - 1):
        named = [r[key].strip() in stems or posixpath.splitext(r[key].strip())[0] in stems for r in rows]
        if sum(named[1:]) < _NAMED_SHARE * (len(rows) - 1):
            continue
        header = not named[0]
        said = [r[key + 1] for r in rows[int(header):]]
        if sum(len(cell.split()) >= _MIN_WORDS for cell in said) < _NAMED_SHARE * len(said):
            return ""  # (FSD50K's `fname,labels`: the clips' ids beside label words, no transcript)
        names = [c.strip() for c in rows[0]] if header else [str(n) for n in range(1, width + 1)]
        quote = lambda name: name if name.replace("_", "").isalnum() else repr(name)
        data = "" if header else " --no-header"  # (its first row a clip's: data, however it reads)
        return f"--text-column {quote(names[key + 1])} --keep-columns {quote(names[key])}{data}"
    return ""


def _keyed_transcripts(config: ConvertConfig, sample: Sequence[str], stems: set[str]) -> list[str]:
    """The sampled `.txt` files of `<id> <text>` lines, where an id of one of them names a sampled
    clip (the sample may hold a folder's transcript and none of its clips), else []."""
    found, named = [], False
    texts = [p for p in sample if layout.extension(p) == "txt" and not layout.is_junk(p)]
    if len(texts) > _LINE_FILES_OPENED:
        return []  # (a sampled text left unopened could be a transcript the hint would leave out)
    for path in texts:
        lines = [line for line in label_file_found.head_lines(config, path) if line.strip()]
        if keyed_lines.looks_keyed(lines):
            found.append(path)
            named = named or any(keyed_lines.split_keyed(line)[0] in stems for line in lines)
    return found if named else []


def _other_globs(others: Sequence[str], transcripts: Sequence[str]) -> list[str]:
    """`--exclude` patterns leaving out `others` but no transcript: a glob of each one's folder and
    extension (`*.TXT`, `docs/*.pdf`), or its own path where the glob would take a transcript."""
    globs: list[str] = []
    for path in others:
        folder, ext = posixpath.dirname(path), layout.extension(posixpath.basename(path))
        glob = (f"{folder}/" if folder else "") + (f"*.{posixpath.basename(path).rsplit('.', 1)[1]}" if ext else "*")
        glob = path if any(Excludes((glob,))(t) for t in transcripts) or "[" in glob else glob
        if not any(Excludes((g,))(path) for g in globs):
            globs.append(glob)
    return globs


def _keyed_hint(config: ConvertConfig, sample: Sequence[str], clips: Sequence[str], stems: set[str]) -> str:
    """"; ..." naming `<id> <text>` transcript files and the options converting them alone, or ""."""
    transcripts = _keyed_transcripts(config, sample, stems)
    if not transcripts:
        return ""
    kinds = sorted({layout.extension(c) for c in clips})
    nested = any("/" in c for c in clips)
    excludes = [f"**/*.{k}" if nested else f"*.{k}" for k in kinds]
    left = Excludes(tuple(excludes))
    others = sorted(p for p in sample if p not in transcripts and not left(p) and not layout.is_junk(p))
    globs = _other_globs(others, transcripts)
    if len(globs) > _MAX_OTHER_GLOBS:
        return ""
    shown = ", ".join(transcripts[:2]) + (f" and {len(transcripts) - 2} more" if len(transcripts) > 2 else "")
    options = " ".join(f"--exclude '{g}'" for g in excludes + globs)
    return (f"; but {shown} hold the clips' transcripts, lines of `<id> <text>` shardify reads as a table (a line a "
            f"record, its text the words after the clip's id, the id kept), the audio not read: convert them alone "
            f"with --layout tables {options}")


def transcripts_hint(config: ConvertConfig, sample: Sequence[str], clips: Sequence[str]) -> str:
    """"; ..." naming a table of the clips' transcripts in `sample` and the options converting it
    alone (module docstring), or ""."""
    stems = {posixpath.splitext(posixpath.basename(c))[0] for c in clips}
    tables = [p for p in sample if layout.extension(p) in _TABLE_EXTENSIONS and not layout.is_junk(p)][:_TABLES_OPENED]
    for table in tables:
        options = _options(table, _rows(table, label_file_found.head_lines(config, table)), stems)
        if not options:
            continue
        folders = sorted({posixpath.dirname(c) for c in clips})
        kinds = sorted({layout.extension(c) for c in clips if not posixpath.dirname(c)})
        excludes = " ".join([exclude_option(f, tree=True) for f in folders if f] + [f"--exclude '*.{k}'" for k in kinds])
        return (f"; but {table} holds the clips' transcripts, a table of texts shardify reads, a row a record (the "
                f"column after the clips' ids its text, the ids kept), the audio not read: convert it alone with "
                f"{excludes} {options}")
    return _keyed_hint(config, sample, clips, stems)
