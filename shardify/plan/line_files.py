"""Files of text lines, a record per line, whose labels come from outside the line: the plan's
vocabulary for two kinds of text dataset, told from the names of the files beside each other.

- One line file per class: every line of a file has the class its name gives. The extension
  where the files share a stem (sentence polarity's `rt-polarity.pos` and `rt-polarity.neg`), the
  stem where they share an extension (`pos.txt` and `neg.txt`, `<class>.txt` for several classes).
- Parallel text and label files: line i of `<split>_text.txt` is labelled by line i of
  `<split>_labels.txt` (TweetEval; WiLI-2018's `x_<split>.txt` by `y_<split>.txt`), the words from PAIR_WORDS; a mapping file
  (`mapping.txt`, `<index><TAB><name>`) names the classes where the labels are numbers.

Names decide only which files belong together; whether a file holds records a line or one
document is told from its content (`judge_lines`), and where that cannot be told the run stops
naming `--layout tables` (a record per line). Files of other pairings (`train.src` beside
`train.tgt`: a translation's source and target; `train.de` beside `train.en`) are no labels: they
are the two sides of a parallel corpus (`corpus_sides`), read a record a line, line i of the first
side (in sorted order: torchtext's Multi30k reads `de` before `en`) the text and line i of the
other its pair.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from shardify.plan.split_extensions import SPLIT_EXTENSIONS
from shardify.plan.structure import split_word

__all__ = [
    "LineFile",
    "corpus_sides",
    "PAIR_WORDS",
    "MAPPING_NAMES",
    "RECORDS",
    "DOCUMENTS",
    "UNSURE",
    "parallel_pairs",
    "label_twins",
    "class_families",
    "judge_lines",
]


@dataclass(frozen=True)
class LineFile:
    """A file read a record per line, and where its lines' labels come from.

    Attributes:
      path: the file of lines, relative to SRC.
      label: every line's class (one line file per class), or "".
      labels: the file whose line i is line i's label (parallel files), or "".
      pair: the file whose line i is line i's second text (the other side of a parallel corpus:
        `train.de` read with `train.en`, a record a sentence pair), or "".
    """

    path: str
    label: str = ""
    labels: str = ""
    pair: str = ""


# (word ending a text file's stem, words ending its label file's stem): `train_text.txt` beside
# `train_labels.txt`. Data, not code: a new pairing is a row here.
PAIR_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("text", ("labels", "label")),
    ("texts", ("labels", "label")),
    ("sentences", ("labels", "label")),
    ("sents", ("labels", "label")),
    # WiLI-2018's `x_train.txt` beside `y_train.txt` (and `train_x.txt`, `X_train.txt`): a letter tells less
    # than a word, so detection reads such a pair as texts only where its lines hold words (pair_companions)
    ("x", ("y",)),
)
# Files naming the classes of numbered labels beside parallel files, `<index><TAB><name>` a line.
MAPPING_NAMES = ("mapping.txt", "label_names.txt", "classes.txt", "labels.txt")
# Extensions a line file may have where its stem is the class: plain text, or none.
_STEM_CLASS_EXTENSIONS = ("txt", "")
# Stems that are never a class: documentation and the dataset's own lists.
_NOT_CLASSES = frozenset({"readme", "license", "licence", "citation", "changelog", "notes", "mapping", "classes", "labels",
                          "label_names", "vocab", "vocabulary", "index", "manifest", "metadata",
                          "about"})  # (the Anki/Tatoeba pairs' `_about.txt`: where the download came from)
_WORD_END = re.compile(r"^(?P<prefix>.*?)[_.-]?(?P<word>[A-Za-z]+)$")
# The word first, then a separator and the rest (`text_train`, `text-test`): never the whole stem.
_WORD_START = re.compile(r"^(?P<word>[A-Za-z]+)[_.-](?P<rest>.+)$")


def _stem_ext(path: str) -> tuple[str, str]:
    name = posixpath.basename(path)
    stem, dot, ext = name.rpartition(".")
    return (stem, ext.lower()) if dot and stem else (name, "")


def parallel_pairs(paths: Iterable[str]) -> list[tuple[str, str]]:
    """(text file, label file) pairs in the same folder with the same extension, named by a
    prefix and a word of PAIR_WORDS.

    >>> parallel_pairs(["e/train_text.txt", "e/train_labels.txt", "e/val_text.txt", "e/mapping.txt", "m/train.src", "m/train.tgt"])
    [('e/train_text.txt', 'e/train_labels.txt')]
    """
    present = set(paths)
    found = []
    for path in sorted(present):
        other = next((twin for twin in label_twins(path) if twin in present), None)
        if other is not None:
            found.append((path, other))
    return found


def label_twins(path: str) -> list[str]:
    """The names a text file's label file may have, in the order they are looked for.

    >>> label_twins("e/train_text.txt")
    ['e/train_labels.txt', 'e/train_Labels.txt', 'e/train_LABELS.txt', 'e/train_label.txt', 'e/train_Label.txt', 'e/train_LABEL.txt']
    >>> label_twins("AAPD/text_val")[:4]
    ['AAPD/labels_val', 'AAPD/Labels_val', 'AAPD/LABELS_val', 'AAPD/label_val']
    """
    stem, ext = _stem_ext(path)
    twins = []
    # the word ends the stem (`train_text`), or begins it (AAPD's `text_train` beside `label_train`)
    for match, before in ((_WORD_END.match(stem), True), (_WORD_START.match(stem), False)):
        if match is None:
            continue
        for text_word, label_words in PAIR_WORDS:
            if match["word"].lower() != text_word or (len(text_word) == 1 and ext not in _STEM_CLASS_EXTENSIONS):
                continue  # a letter pairs plain text only: `x_train.npy` beside `y_train.npy` are arrays'
            for label_word in label_words:
                for spelled in (label_word, label_word.capitalize(), label_word.upper()):
                    name = stem[: match.start("word")] + spelled if before else spelled + stem[match.end("word") :]
                    twins.append(posixpath.join(posixpath.dirname(path), name + (f".{ext}" if ext else "")))
    return [twin for twin in twins if twin != path]


def class_families(paths: Sequence[str], known_extensions: frozenset[str]) -> list[tuple[str, str]]:
    """(file, class) of the files of one folder that are one line file per class, or [].

    The files sharing a stem whose extensions are no known format's (`rt-polarity.pos`,
    `rt-polarity.neg`): the extension is the class. Else the files of `.txt` (or no extension)
    whose stems name no split, documentation or list: the stem is the class. At least two
    files, every one of them in the family but documentation.

    >>> class_families(["rt-polarity.pos", "rt-polarity.neg", "rt-polarity.README.1.0.txt"], frozenset({"txt"}))
    [('rt-polarity.neg', 'neg'), ('rt-polarity.pos', 'pos')]
    >>> class_families(["pos.txt", "neg.txt", "README.txt"], frozenset({"txt"}))
    [('neg.txt', 'neg'), ('pos.txt', 'pos')]
    >>> class_families(["train.txt", "test.txt"], frozenset({"txt"})), class_families(["doc1.txt", "doc2.txt"], frozenset())
    ([], [])
    >>> class_families(["corpus.src", "corpus.tgt"], frozenset()), class_families(["ep.de", "ep.en"], frozenset())
    ([], [])
    """
    by_stem: dict[str, list[tuple[str, str]]] = {}
    for path in paths:
        stem, ext = _stem_ext(path)
        if _class_extension(ext, known_extensions) and not split_word(stem):
            by_stem.setdefault(stem, []).append((path, ext))
    family = [group for group in by_stem.values() if len(group) >= 2]
    if len(family) == 1:
        rest = [p for p in paths if p not in {path for path, _ in family[0]}]
        if all(_documentation(p) for p in rest):
            return sorted(family[0])
        return []
    stems = []
    for path in paths:
        stem, ext = _stem_ext(path)
        if ext in _STEM_CLASS_EXTENSIONS and not _documentation(path) and not split_word(stem) and _class_name(stem):
            stems.append((path, stem))
    rest = [p for p in paths if p not in {path for path, _ in stems}]
    if len(stems) >= 2 and all(_documentation(p) for p in rest) and len({s.casefold() for _, s in stems}) == len(stems):
        return sorted(stems)
    return _dotted_family(paths, known_extensions)


# Dotted parts a line file's name must have for one of them to be its class (`quote.tok.gt9.5000`):
# fewer (`a.csv`, `b.csv`) are a name and an extension, told apart above.
_MIN_DOTTED_PARTS = 3


def _dotted_family(paths: Sequence[str], known_extensions: frozenset[str]) -> list[tuple[str, str]]:
    """(file, class) where the files of no known format differ in one dotted part only, a word, all
    their other parts the same (the subjectivity dataset's `quote.tok.gt9.5000` and
    `plot.tok.gt9.5000`: the first part is the class); else [].

    >>> _dotted_family(["quote.tok.gt9.5000", "plot.tok.gt9.5000", "subjdata.README.1.0"], frozenset({"txt"}))
    [('plot.tok.gt9.5000', 'plot'), ('quote.tok.gt9.5000', 'quote')]
    >>> _dotted_family(["model.ckpt.data", "model.ckpt.index"], frozenset()), _dotted_family(["a.b.1", "a.b.2"], frozenset())
    ([], [])
    >>> _dotted_family(["corpus.tok.de.bpe", "corpus.tok.en.bpe"], frozenset()), _dotted_family(["train.src.tok", "train.tgt.tok"], frozenset())
    ([], [])
    """
    parts = {path: posixpath.basename(path).split(".") for path in paths if not _documentation(path)}
    if len(parts) < 2 or len({len(p) for p in parts.values()}) != 1 or len(next(iter(parts.values()))) < _MIN_DOTTED_PARTS:
        return []
    if any(p[-1].lower() in known_extensions for p in parts.values()):
        return []
    differ = [i for i in range(len(next(iter(parts.values())))) if len({p[i] for p in parts.values()}) > 1]
    if len(differ) != 1 or differ[0] == len(next(iter(parts.values()))) - 1:  # the extension: rt-polarity's rule above
        return []
    classes = [(path, p[differ[0]]) for path, p in parts.items()]
    if not all(_class_name(c) and not split_word(c) and c.lower() not in _NOT_CLASSES for _, c in classes):
        return []
    # A side of a parallel corpus (`corpus.tok.de.bpe` beside `corpus.tok.en.bpe`, `train.src.tok`
    # beside `train.tgt.tok`) differs in a language code or a side's name: line-aligned, no classes.
    if any(len(c) <= 2 or c.lower() in _NOT_CLASS_EXTENSIONS for _, c in classes):
        return []
    return sorted(classes)


# Extensions that are a side of a parallel corpus, never a class: a translation's source and target
# (`train.src`, `train.tgt`), and language codes of two letters (Europarl's `.de` beside `.en`).
_NOT_CLASS_EXTENSIONS = frozenset({"src", "tgt", "source", "target", "orig", "ref", "hyp", "gold", "pred", "out", "in"})


def corpus_sides(paths: Iterable[str]) -> list[tuple[str, ...]]:
    """The files of one folder and stem that are sides of a parallel corpus (their extensions two
    letters, a language's code, or a side's name: `train.de` beside `train.en`), sorted; [] where none.

    >>> corpus_sides(["m/train.de", "m/train.en", "m/val.de", "m/val.en", "m/README"])
    [('m/train.de', 'm/train.en'), ('m/val.de', 'm/val.en')]
    >>> corpus_sides(["r/rt-polarity.pos", "r/rt-polarity.neg"])
    []
    """
    sides: dict[tuple[str, str], list[str]] = {}
    for path in paths:
        stem, ext = _stem_ext(path)
        if (len(ext) == 2 and ext.isalpha()) or ext in _NOT_CLASS_EXTENSIONS:
            sides.setdefault((posixpath.dirname(path), stem), []).append(path)
    return [tuple(sorted(found)) for _, found in sorted(sides.items()) if len(found) >= 2]


def _class_extension(ext: str, known_extensions: frozenset[str]) -> bool:
    """An extension that may be a class: letters, of no known format, no side of a corpus, no split's
    name (`corpus.train` beside `corpus.test`; UCI's `optdigits.tra` beside `optdigits.tes`): those had
    been written labelled `train` and `test`, or `tra` and `tes`, all in one split, exit 0 (review32).

    >>> [_class_extension(e, frozenset()) for e in ("pos", "neg", "train", "test", "dev", "tra", "tes", "tst")]
    [True, True, False, False, False, False, False, False]
    """
    return (
        len(ext) > 2 and re.fullmatch(r"[a-z]+", ext) is not None
        and ext not in known_extensions and ext not in _NOT_CLASS_EXTENSIONS
        and ext not in SPLIT_EXTENSIONS and not split_word(ext)
    )


def _class_name(stem: str) -> bool:
    """A stem that may name a class: words, no digits (`article_017`, `doc1` name documents)."""
    return re.fullmatch(r"[^\W\d]+(?:[ _.-][^\W\d]+)*", stem) is not None


def _documentation(path: str) -> bool:
    """A README, licence or list beside the line files (by its name's first word), never a class."""
    name = posixpath.basename(path).lower()
    first = re.split(r"[^a-z]+", name.strip("._-"), maxsplit=1)[0]
    return first in _NOT_CLASSES or "readme" in name or name.endswith((".md", ".html", ".pdf", ".rst"))


RECORDS, DOCUMENTS, UNSURE = "records", "documents", "unsure"
# A file of records a line: at least this many lines seen, short lines, no blank line between
# them (a document's paragraphs are separated by blank lines).
_MIN_RECORD_LINES = 5
_MAX_MEDIAN_CHARS = 300  # a snippet, a tweet, a question; an article's paragraph is longer
_MAX_BLANK_SHARE = 0.02


def judge_lines(heads: Sequence[Sequence[str]]) -> str:
    """What the first lines of each file show: RECORDS (many short lines, no blank-line
    paragraphs), DOCUMENTS (paragraphs separated by blank lines), or UNSURE (too few lines, or
    lines as long as a document's paragraphs: a guess either way could write wrong labels).

    >>> judge_lines([["a good film ."] * 6, ["a bad film ."] * 6])
    'records'
    >>> judge_lines([["Dear all,", "", "The meeting is off.", "", "Bye"]] * 2)
    'documents'
    >>> judge_lines([["one line only"]] * 2)
    'unsure'
    """
    verdicts = set()
    for lines in heads:
        body = list(lines)
        while body and not body[-1].strip():
            body.pop()
        filled = [line for line in body if line.strip()]
        blank = len(body) - len(filled)
        if blank and blank > _MAX_BLANK_SHARE * len(body):
            verdicts.add(DOCUMENTS)
        elif len(filled) < _MIN_RECORD_LINES or sorted(map(len, filled))[len(filled) // 2] > _MAX_MEDIAN_CHARS:
            verdicts.add(UNSURE)
        else:
            verdicts.add(RECORDS)
    if DOCUMENTS in verdicts:
        return DOCUMENTS
    return RECORDS if verdicts == {RECORDS} else UNSURE
