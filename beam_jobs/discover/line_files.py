"""Detect text datasets read a record per line whose labels come from outside the line: one line
file per class, or text files beside label files of as many lines (see `shardify.plan.line_files`).

Only a folder that holds the whole sample (the top of SRC, or the download's one wrapper folder)
is looked at (the two sides of a parallel corpus, `train.de` beside `train.en`, are read a
sentence pair a line): its names say which files belong together, the first lines of each say whether
they hold records (many short lines) or documents. Files of `label text` lines (fastText's, UCI's
`ham<TAB>text`) are the line tables' (`line_tables`), not classes. Detection reads the first
64 KiB of each file, and counts the lines of parallel files up to 256 MiB (streamed), which must
agree; the scan compares larger ones.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from apache_beam.io.filesystems import FileSystems

from shardify.beam_jobs.discover import pair_companions
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import archives, line_files as reading, line_tables
from shardify.converters.evidence_files import first_lines
from shardify.converters.header_rows import looks_like_tab_table
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.files import size_of
from shardify.inputs.paths import join_path
from shardify.inputs.whole_numbers import numbers_per_line, whole_number
from shardify.plan import layout
from shardify.plan.evidence import read_vocabulary
from shardify.plan.structure import split_word
from shardify.plan.line_files import (
    DOCUMENTS, MAPPING_NAMES, PAIR_WORDS, RECORDS, LineFile, class_families, corpus_sides, judge_lines, label_twins,
    parallel_pairs,
)
from shardify.plan.tagged_lines import looks_tagged, tagged_lines_message

__all__ = ["FoundLines", "find_line_files", "uneven"]

_HEAD_BYTES = 64 << 10
_HEAD_LINES = 200
# Parallel files up to this size have their lines counted before the run (a stop, exit 2).
_COUNTED_BYTES = 256 << 20
# More files than this are no family of class files: a class a file is a short list.
_MAX_CLASS_FILES = 200
# Every extension shardify reads as something else: such a file is never a class's lines.
_KNOWN_EXTENSIONS = frozenset(
    layout.IMAGE_EXTENSIONS | layout.TABLE_EXTENSIONS | layout.TEXT_EXTENSIONS | layout.AUXILIARY_EXTENSIONS
    | {"json", "gz", "bz2", "xz", "zip", "tar", "tgz", "7z", "rar", "npy", "npz", "h5", "hdf5", "bin", "pkl",
       "pickle", "idx", "dat", "data", "arff", "conll", "lst", "list", "xml"}
)


@dataclass(frozen=True)
class FoundLines:
    """What detection found: the line files, the class names a mapping file gives (in index
    order, numbered from `base`), the mapping file, and a line for the plan."""

    files: tuple[LineFile, ...]
    vocabulary: tuple[str, ...] = ()
    vocabulary_file: str = ""
    base: int | None = None
    note: str = ""
    row_labels: tuple[tuple[str, str], ...] = ()  # tables labelled by a gold file's lines (gold_lines.py)


def find_line_files(config: ConvertConfig, sample: Sequence[str], folder_files: Collection[str]) -> FoundLines | None:
    """The line files of SRC, or None where its files are of no such kind.

    Args:
      config: the options (`--layout tables` reads class files a record per line where their
        content cannot tell).
      sample: every sampled path: all must lie in the one folder, or in split folders side by
        side (`train/`, `test/`: each read as that folder, its split the folder's), documentation
        aside.
      folder_files: the files of that one folder (the top of SRC, or its one wrapper folder).

    Raises:
      UsageError: parallel files whose line counts differ; class files whose lines could be
        records or documents, and no `--layout` says which.
    """
    sampled = sorted(p for p in sample if not layout.is_junk(p))
    files = sorted(p for p in folder_files if not layout.is_junk(p))
    if any(archives.archive_kind(p) for p in sampled):
        return None
    if len(files) >= 2 and len(files) == len(sampled):
        return _in_folder(config, files, at_top=True)
    groups = _split_folders(sampled)
    if not groups:
        return None  # files elsewhere too: a layout of folders, not of line files
    found, numbered = [], []
    for group in groups:  # (each split folder's numbers beside texts gathered: one stop naming all of them)
        try:
            found.append(_in_folder(config, group))
        except NumbersBesideTexts as stop:
            numbered.append(stop)
    if numbered:
        raise NumbersBesideTexts(sorted(t for s in numbered for t in s.texts), sorted(n for s in numbered for n in s.numbers))
    if any(f is None for f in found) or len({bool(f.files[0].labels) for f in found if f and f.files}) != 1:
        return None
    kept = [f for f in found if f is not None]
    first = next((f for f in kept if f.vocabulary), kept[0])
    files_found = tuple(line for f in kept for line in f.files)
    note = "in split folders: " + "; ".join(f.note for f in kept)
    return FoundLines(files_found, first.vocabulary, first.vocabulary_file, first.base, note)


def _split_folders(sampled: list[str]) -> list[list[str]]:
    """The sample's files by folder where every file lies in a folder named for a split, those
    folders side by side (`train/pos.txt`, `test/pos.txt`), documentation aside; else []."""
    groups: dict[str, list[str]] = {}
    for path in sampled:
        folder = posixpath.dirname(path)
        if folder and split_word(posixpath.basename(folder)):
            groups.setdefault(folder, []).append(path)
        elif not _doc(path):
            return []
    parents = {posixpath.dirname(folder) for folder in groups}
    return [groups[f] for f in sorted(groups)] if len(groups) >= 2 and len(parents) == 1 else []


def _in_folder(config: ConvertConfig, files: list[str], at_top: bool = False) -> FoundLines | None:
    """The line files of one folder's `files`, or None."""
    if len(files) < 2:
        return None
    pairs = parallel_pairs(files)
    if pairs:
        return _parallel(config, files, pairs)
    return _sides(config, files) or _per_class(config, files, at_top)


def _sides(config: ConvertConfig, files: list[str]) -> FoundLines | None:
    """The two sides of a parallel corpus (`train.de` beside `train.en`, `test2016.de` beside
    `test2016.en`), every file but documentation one of two sides: a record a line, line i of the
    first side its text and line i of the other its pair. Three sides of one stem (a record of
    which two?) or other data beside them: None, as before (the run stops naming the sides)."""
    sides = corpus_sides(files)
    members = {path for group in sides for path in group}
    if not sides or any(len(group) != 2 for group in sides) or any(p not in members and not _doc(p) for p in files):
        return None
    for text, pair in sides:
        if counts := uneven(config, text, pair):
            raise UsageError(
                f"{text} has {counts[0]:,} lines and {pair} {counts[1]:,}: line i of each is one sentence pair, so a line "
                "was lost or added in one of them and no pair can be trusted; mend the files (nothing was written)"
            )
    shown = ", ".join(f"{t} + {posixpath.basename(p)}" for t, p in sides[:3]) + (" and more" if len(sides) > 3 else "")
    note = f"sides of a parallel corpus, a sentence pair a line: line i of the first file the text, of the second its pair: {shown}"
    return FoundLines(tuple(LineFile(text, pair=pair) for text, pair in sides), note=note)


def _parallel(config: ConvertConfig, files: list[str], pairs: list[tuple[str, str]]) -> FoundLines | None:
    """Text files beside label files (`train_text.txt`, `train_labels.txt`), with a mapping file."""
    members = {path for pair in pairs for path in pair}
    mapping = next((p for p in files if posixpath.basename(p).lower() in MAPPING_NAMES and p not in members), "")
    text_words = {word for word, _ in PAIR_WORDS}
    lone = [p for p in files if p not in members and p != mapping and _ends_with(p, text_words)]
    if any(_letter_pair(text) and pair_companions.numeric_lines(config, text) for text, _ in pairs):
        return None  # UCI HAR's X_train.txt beside y_train.txt: rows of numbers, no texts
    others = [p for p in files if p not in members and p != mapping and p not in lone]
    beside = [p for p in others if not _doc(p) and (
        pair_companions.class_table(config, p, [lab for _, lab in pairs], [q for q in files if q != p])
        or pair_companions.link_list(config, p))]
    if any(not _doc(p) and p not in beside for p in others):
        return None  # other data beside the pairs: not this kind alone
    # A label file the listing left out (a pipe, a link leading outside SRC, no permission) is
    # still its text file's: paired, the scan rejects the text file naming it. Taken for absent,
    # its lines were written unlabelled (exit 0).
    for text in list(lone):
        twin = next((t for t in label_twins(text) if FileSystems.exists(join_path(config.source, t))), "")
        if twin:
            pairs, lone = [*pairs, (text, twin)], [p for p in lone if p != text]
    for text, labels in pairs:
        if counts := uneven(config, text, labels):
            raise UsageError(
                f"{text} has {counts[0]:,} lines and {labels} {counts[1]:,}: line i of {labels} labels line i of {text}, "
                "so a line was lost or added in one of them and no label can be trusted; mend the files (nothing "
                "was written)"
            )
    if not config.label_separator:
        _check_one_label_a_line(config, pairs)
    found = tuple(LineFile(text, labels=labels) for text, labels in pairs) + tuple(LineFile(p) for p in lone)
    vocabulary, base = _mapping(config, mapping) if mapping else ((), None)
    shown = ", ".join(f"{t} <- {posixpath.basename(lab)}" for t, lab in pairs[:3]) + (" and more" if len(pairs) > 3 else "")
    note = f"a text a line, labelled by the same line of its label file: {shown}"
    if lone:
        note += f"; without a label file, unlabelled: {', '.join(lone[:3])}"
    if beside:  # WiLI's labels.csv (a table of the classes) and urls.txt (a link a line): no records, named
        note += f"; not read (a table of the classes or a list of links): {', '.join(beside[:3])}"
    return FoundLines(found, vocabulary, mapping if vocabulary else "", base, note)


class NumbersBesideTexts(UsageError):
    """The stop of `_check_numbers_beside_texts`, holding its files, so that split folders' stops
    are told as one (`find_line_files`): a layout of one folder's pair wrote the others' lines as train."""

    def __init__(self, texts: list[str], numbers: list[str]) -> None:
        self.texts, self.numbers = texts, numbers
        shown = ", ".join(numbers[:3]) + (" and more" if len(numbers) > 3 else "")
        keys, others = _numbers_layout(texts, numbers)
        super().__init__(
            f"{shown} hold numbers alone, a line each, beside the texts of {', '.join(texts[:3])}"
            f"{' and more' if len(texts) > 3 else ''}: labels or annotations of the texts' lines, not a class of their "
            "own, which reading a class per file would make them. --layout-file FILE holding `shardify_layout: 1`, "
            f"`layout: tables`, `media: text` and {keys} reads line i of the second as the label of line i of the first "
            f"(docs/layout-files.md){others}; --exclude '{numbers[0]}' converts the texts alone, a class per file"
        )


def _check_numbers_beside_texts(lines: dict[str, list[str]]) -> None:
    """Stop where files read a class per file are some of texts and some of numbers alone
    (DailyDialog's `dialogues_text.txt` beside `dialogues_emotion.txt`, an emotion number a line):
    the numbers are the texts' labels or annotations, line by line, not a class of records `3`;
    read so, every text was labelled by its file's name, with exit 0. The stop's layout file pairs
    every text file with a numbers file of its own folder and names the split folders they lie in
    (UIT-VSFC's train/, dev/, test/, each sents.txt beside sentiments.txt and topics.txt): a layout
    of one pair, or of no split folders, wrote every other folder's lines as train (`_numbers_layout`)."""
    numbers = sorted(path for path, found in lines.items() if _numbers_alone(found))
    texts = sorted(path for path in lines if path not in numbers)
    if numbers and texts:
        raise NumbersBesideTexts(texts, numbers)


# A number as a line file writes a label or score: signed, decimal, ASCII digits (no nan, no exponent), bounded.
_SIGNED_NUMBER = re.compile(r"[-+]?(\d{1,18}(\.\d{0,18})?|\.\d{1,18})", re.ASCII)


def _numbers_alone(lines: Sequence[str]) -> bool:
    """Every non-blank line numbers alone: whole ones (`numbers_per_line`: DailyDialog's emotions), or signed
    and decimal ones (sentiments of `-1`, `0`, `1`; scores of `0.75`), which had been read as texts of a class
    named by their file (`sentiments`) beside the texts' own, exit 0 (review30).

    >>> _numbers_alone(["-1", "0", "1", ""]), _numbers_alone(["0.75", "+2.5 3"]), _numbers_alone(["-1", "nan"]), _numbers_alone([""])
    (True, True, False, False)
    """
    if numbers_per_line(list(lines)) is not None:
        return True
    filled = [line.split() for line in lines if line.strip()]
    return bool(filled) and all(_SIGNED_NUMBER.fullmatch(word) for words in filled for word in words)


_LAYOUT_PAIRS = 12  # text files paired in the stop's layout file at most (more: the user lists the rest)


def _numbers_layout(texts: list[str], numbers: list[str]) -> tuple[str, str]:
    """The stop's layout keys, each in backquotes (`line_files: [...]`, and `split_folders: [...]` where
    every text lies in a top folder named as a split), and a clause naming the numbers files left out
    (a second file of numbers in a folder labels the same lines otherwise: its name the user's choice).
    A text file with no numbers file in its folder: the first pair alone, as an example.

    >>> _numbers_layout(["dev/s.txt", "train/s.txt"], ["dev/l.txt", "dev/t.txt", "train/l.txt", "train/t.txt"])[0]
    '`line_files: [{path: dev/s.txt, labels: dev/l.txt}, {path: train/s.txt, labels: train/l.txt}]` and `split_folders: [dev, train]`'
    """
    beside = {text: [n for n in numbers if posixpath.dirname(n) == posixpath.dirname(text)] for text in texts}
    if not all(beside.values()):
        return f"`line_files: [{{path: {texts[0]}, labels: {numbers[0]}}}]`", ""
    listed = texts[:_LAYOUT_PAIRS]
    keys = "`line_files: [" + ", ".join(f"{{path: {t}, labels: {beside[t][0]}}}" for t in listed) + "]`"
    tops = {t.split("/")[0] for t in texts if "/" in t}
    if len(tops) > 1 and all("/" in t for t in texts) and all(split_word(top) for top in tops):
        keys += f" and `split_folders: [{', '.join(sorted(tops))}]`"
    left = sorted({n for t in listed for n in beside[t][1:]})
    others = (f"; {', '.join(left[:3])}{' and more' if len(left) > 3 else ''} label the same lines otherwise: name one "
              "of them in `labels` instead where it is the task") if left else ""
    more = f"; {len(texts) - len(listed)} more text files to list alike" if len(texts) > len(listed) else ""
    return keys, others + more


def _check_one_label_a_line(config: ConvertConfig, pairs: list[tuple[str, str]]) -> None:
    """Stop where a label file's lines hold several words (AAPD's `cs.it math.it`): several labels
    a line, or one label of several words (`very negative`), which the lines alone do not tell;
    read whole, a multi-label line would be written as one class of its words joined."""
    for text, labels in pairs:
        head = _head(config, labels)
        lines = first_lines(head, _HEAD_LINES) if head and b"\x00" not in head else []
        several = next((line.strip() for line in lines if len(line.split()) > 1), "")
        if several:
            raise UsageError(
                f"{labels} labels the lines of {text}, and its lines hold several words ({several!r}): several labels a "
                "line or one label of several words: --label-separator ' ' reads each word a label (multi-label); "
                "--label-separator with a character no line holds (';') keeps each line one label"
            )


def _per_class(config: ConvertConfig, files: list[str], at_top: bool = False) -> FoundLines | None:
    """One line file per class (`rt-polarity.pos`, `rt-polarity.neg`; `pos.txt`, `neg.txt`); `at_top`: the
    files are those of SRC's top or its lone wrapper folder, which the line tables read (line_tables_at_top)."""
    family = class_families(files, _KNOWN_EXTENSIONS)
    if not family or len(family) > _MAX_CLASS_FILES:
        return None  # hundreds of files of lines are a folder of texts (poems, lyrics), not of classes
    heads = {path: _head(config, path) for path, _ in family}
    # Binary, unreadable and empty files tell nothing of the others (the scan rejects each with why).
    texts = {path: head for path, head in heads.items() if head and b"\x00" not in head}
    if len(texts) < 2:
        return None  # not two text files of a class each
    lines = {path: first_lines(head, _HEAD_LINES) for path, head in texts.items()}
    if line_tables.short_files_tab_labelled(list(lines.values())) or any(
            line_tables.is_tab_labelled(found) or looks_like_tab_table(found) for found in lines.values()):
        return None  # `label<TAB>text` lines or a table: the line tables' (line_tables_at_top)
    if any(line_tables.is_fasttext(head) for head in texts.values()):
        return None
    _check_numbers_beside_texts(lines)
    if why := tagged_lines_message(lines):
        if config.layout == layout.TABLES or (at_top and all(looks_tagged(found) for found in lines.values())):
            return None  # the line tables' (at the top of SRC: line_tables_at_top), each line's label its tag
        raise UsageError(why)  # Emotion-Stimulus' `<happy>..<\happy>` lines: the class is the tag's, not the file's
    verdict = judge_lines(list(lines.values()))
    forced = config.layout == layout.TABLES
    if verdict == DOCUMENTS and not forced:
        return None  # a document a file: read as texts, as before
    if verdict != RECORDS and not forced:
        shown = ", ".join(path for path, _ in family[:4])
        raise UsageError(
            f"{shown}: one file per class ({', '.join(label for _, label in family[:4])}), but their first lines do not "
            "tell whether each line is a record (many short lines) or each file one document: --layout tables reads "
            "a record per line, labelled by its file's class; --label-from-name REGEX reads a record per file"
        )
    where = "extension" if layout.extension(family[0][0]) == family[0][1] else "name"
    shown = ", ".join(f"{path} -> {label}" for path, label in family[:4]) + (" and more" if len(family) > 4 else "")
    note = f"one line file per class, a record a line, the class from the file's {where}: {shown}"
    return FoundLines(tuple(LineFile(path, label=label) for path, label in family), note=note)


def _letter_pair(text: str) -> bool:
    """A text file paired by a one-letter word (`x_train.txt`), whose lines must hold words."""
    return _ends_with(text, pair_companions.LETTER_WORDS) or layout.stem(text).lower().split("_", 1)[0] in pair_companions.LETTER_WORDS


def _ends_with(path: str, words: set[str] | frozenset[str]) -> bool:
    stem = layout.stem(path).lower()
    return any(stem == word or stem.endswith(("_" + word, "-" + word, "." + word)) for word in words)


def _doc(path: str) -> bool:
    return layout.stem(path).lower() in layout.AUXILIARY_NAMES or layout.extension(path) in layout.AUXILIARY_EXTENSIONS or (
        "readme" in posixpath.basename(path).lower()
    )


def _head(config: ConvertConfig, path: str) -> bytes | None:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return fileobj.read(_HEAD_BYTES)
    except (OSError, InvalidInputError):
        return None


def uneven(config: ConvertConfig, first: str, second: str) -> tuple[int, int] | None:
    """The two files' line counts where both are counted (`_count`) and differ: line i of one
    goes with line i of the other, so a line lost or added in either mispairs every line after
    (parallel corpus sides, texts beside labels, and `gold_lines`' data and gold files)."""
    counts = _count(config, first), _count(config, second)
    return counts if None not in counts and counts[0] != counts[1] else None  # type: ignore[return-value]


def _count(config: ConvertConfig, path: str) -> int | None:
    """The file's lines, or None where it is larger than _COUNTED_BYTES (the scan compares the
    counts then, and rejects the text file whole) or cannot be read."""
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            size = size_of(fileobj)
            return None if size is None or size > _COUNTED_BYTES else reading.count_lines(fileobj)
    except (OSError, InvalidInputError):
        return None  # the scan rejects it with why


def _mapping(config: ConvertConfig, path: str) -> tuple[tuple[str, ...], int | None]:
    """The class names of a mapping file (`0<TAB>anger`), in index order, and the first index."""
    head = _head(config, path)
    lines = first_lines(head or b"", 100_000)
    names = read_vocabulary(lines)
    if not names:
        return (), None
    first = lines[0].split(None, 1)[0] if lines and lines[0].split() else ""
    return names, whole_number(first) if len(lines[0].split(None, 1)) == 2 else None
