"""`.txt` files beside the images holding one word or number each: the images' labels, not captions.

An image-caption layout pairs each image with the `.txt` sharing its stem and writes the text as
the record's caption, unlabelled. Downloads that label each image with a file beside it do the same
with one word (`img001.txt`: `cat`) or one number (an emotion code, `3.0000000e+00`; an age): read as
captions, every record was written unlabelled, its class as a caption, with exit 0. A caption says
more than a word, and a class repeats: where every sampled `.txt` beside an image holds one short
token and the tokens repeat (or are numbers), the files are read as the images' labels
(a class name of two or three words on one line, `golden retriever`, is one token here;
`label_file_evidence`: one LABEL_FILES Evidence at their folders' common ancestor, each file keyed
by its image's path; `file_label` reads one); an image without such a file is unlabelled, and a
file of more than one word rejects its image naming it. `--layout image_captions` keeps them as
captions.
"""

from __future__ import annotations

import math
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover import head_reads, voc_beside
from shardify.config import ConvertConfig
from shardify.converters.column_content import is_number
from shardify.errors import InvalidInputError
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.evidence import Evidence, KeyRule

__all__ = ["file_label", "label_file_evidence", "label_file_words", "label_files_of"]

# Files opened to tell (their first lines only), the fewest that show a class repeating, and a
# token's most characters (a label; longer is a word of a caption or an id).
_FILES = 12
_MIN_FILES = 4
_MAX_TOKEN_CHARS = 32
# A label's most words (a class name of a few words repeats as one word does; a caption says more).
_MAX_LABEL_WORDS = 3
# Keys match the image's whole path (as `box_beside` and `voc_beside` key files beside their images).
_WHOLE_PATH = 64
# A label file is read whole: at most this many bytes.
_MAX_FILE_BYTES = 4096


def _token(lines: Sequence[str]) -> str | None:
    """The one short label the file's lines hold, or None: one token, or a name of a few words on
    one line (`golden retriever`, ImageNet-like class names; read as a caption, every image was
    written unlabelled with exit 0) none of them a number (`120 45` is no name)."""
    filled = [line.split() for line in lines if line.strip()]
    words = filled[0] if len(filled) == 1 else []
    if len(words) > 1 and (len(words) > _MAX_LABEL_WORDS or any(is_number(word) for word in words)):
        return None
    label = " ".join(words)
    return label if words and len(label) <= _MAX_TOKEN_CHARS else None


def _label(token: str) -> str:
    """A number written as a float of a whole value (`3.0000000e+00`) as that whole number (`3`)."""
    if is_number(token):
        value = float(token)
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
    return token


def file_label(data: bytes) -> str:
    """The label one file holds (its one word; a whole number written as a float as the number).

    Raises:
      InvalidInputError: not UTF-8, longer than _MAX_FILE_BYTES, or not one word.

    >>> file_label(b"   3.0000000e+00\\n"), file_label(b"cat\\r\\n")
    ('3', 'cat')
    """
    if len(data) > _MAX_FILE_BYTES:
        raise InvalidInputError(f"a label file of more than {_MAX_FILE_BYTES:,} bytes: no one word")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"a label file not valid UTF-8 ({error.reason} at byte {error.start})") from None
    token = _token(text.splitlines())
    if token is None:
        raise InvalidInputError(f"a label file of {len(text.split())} words, where the others hold one label (a word or a name of at most {_MAX_LABEL_WORDS}) each")
    if is_number(token) and math.isnan(float(token)):  # a missing value written by a table library, no class
        raise InvalidInputError(f"a label file holding {token!r}, a missing value: no label")
    return _label(token)


def label_files_of(config: ConvertConfig, sample: Sequence[str]) -> list[str]:
    """The sampled `.txt` files sharing an image's path (its stem, beside it) where every one read
    holds one short token and the tokens repeat as classes do (or are numbers); [] otherwise."""
    images = {p.rsplit(".", 1)[0] for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    files = sorted(p for p in sample if layout.extension(p) == "txt" and p.rsplit(".", 1)[0] in images)
    if len(files) < _MIN_FILES:
        return []
    return files if label_file_words([head_reads.head_lines(config, p) for p in files[:_FILES]]) else []


def label_file_words(heads: Sequence[Sequence[str]], most: float = 1.0) -> list[str] | None:
    """The labels files of these first lines give (`file_label`'s reading), where every one (or the
    share `most` of them: the others their images' rejects) holds one short token and the tokens
    repeat as classes do (or are numbers); None otherwise.

    >>> label_file_words([["   3.0000000e+00"], ["7.0e+00"]]), label_file_words([["Alice"], ["Bob"]])
    (['3', '7'], None)
    >>> label_file_words([["cat"], ["dog"], ["cat"], ["dog"], ["3 4"]], most=0.8)
    ['cat', 'dog', 'cat', 'dog']
    >>> label_file_words([["0.8734"], ["0.5121"], ["0.6602"], ["0.9015"]]) is None  # scores, no classes
    True
    """
    tokens = [_token(lines) for lines in heads]
    if not tokens or sum(token is not None for token in tokens) < most * len(tokens):
        return None
    values = [t for t in tokens if t is not None]
    if len(set(values)) * 2 > len(values) and not all(is_number(v) for v in values):
        return None  # (one word each, all different: names or short captions, as a caption may be)
    if len(set(values)) * 2 > len(values) and any(math.isfinite(float(v)) and not float(v).is_integer() for v in values):
        return None  # (a measurement of each image, `0.8734`, all different: a score, no class; review26)
    return [_label(v) for v in values]


def label_file_evidence(config: ConvertConfig, sample: Sequence[str]) -> list[Evidence]:
    """One LABEL_FILES Evidence over the label files beside the images (`label_files_of`), at their
    folders' common ancestor; [] where there are none, or the user chose the labels or the layout."""
    if config.layout or config.labels_file or config.label_from_name or config.label_level is not None:
        return []
    files = label_files_of(config, sample)
    if not files:
        return []
    folders = sorted({posixpath.dirname(p) for p in files})
    top = posixpath.commonpath(folders) if len(folders) > 1 else folders[0]
    note = (f"{top or '.'}/: a .txt of one label word or short name beside each image, its label ({files[0]}: "
            f"{_label(_token(head_reads.head_lines(config, files[0])) or '')!r}); an image without one unlabelled")
    return [Evidence(top, evidence_lib.LABEL_FILES, KeyRule(_WHOLE_PATH, False), image_folder=voc_beside.BESIDE, note=note)]
