"""Captions that are one word each: labels beside the images, not captions.

An image-caption layout pairs each image with the `.txt` sharing its stem and writes the text as
the record's caption, unlabelled. Downloads that label each image with a file beside it do the same
with one word (`img001.txt`: `cat`) or one number (CK+'s emotion codes, `3.0000000e+00`): read as
captions, every record was written unlabelled, its class as a caption, with exit 0. A caption says
more than a word, and a class repeats: where every sampled caption file holds one short token and
the tokens repeat (or are numbers), the run stops naming the files. No option reads such files as
labels yet; `--layout image_captions` keeps them as captions, a table of path and label
(`--labels FILE`) labels the images.
"""

from __future__ import annotations

from collections.abc import Sequence

from shardify.beam_jobs.discover import label_file_found
from shardify.config import ConvertConfig
from shardify.converters.column_content import is_number
from shardify.errors import UsageError
from shardify.plan import layout

__all__ = ["check_word_captions"]

# Caption files opened (their first lines only), the fewest that show a class repeating, and a
# token's most characters.
_FILES = 12
_MIN_FILES = 4
_MAX_TOKEN_CHARS = 32


def _token(lines: Sequence[str]) -> str | None:
    """The one short token the file's lines hold, or None."""
    words = [word for line in lines for word in line.split()]
    return words[0] if len(words) == 1 and len(words[0]) <= _MAX_TOKEN_CHARS else None


def check_word_captions(config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout) -> None:
    """Stop where an image-caption layout's captions are one token each, repeating or numbers.

    Raises:
      UsageError: naming the files, what they hold and the options.
    """
    if detected.name != layout.IMAGE_CAPTIONS or config.layout:
        return
    stems = {layout.stem(p) for p in sample if layout.extension(p) in layout.IMAGE_EXTENSIONS}
    files = sorted(p for p in sample if layout.extension(p) == "txt" and layout.stem(p) in stems)[:_FILES]
    if len(files) < _MIN_FILES:
        return
    tokens = [_token(label_file_found.head_lines(config, p)) for p in files]
    if any(token is None for token in tokens):
        return
    values = [t for t in tokens if t is not None]
    if len(set(values)) * 2 > len(values) and not all(is_number(v) for v in values):
        return  # (one word each, all different: names or short captions, as a caption may be)
    shown = ", ".join(f"{p} ({v!r})" for p, v in list(zip(files, values))[:3])
    raise UsageError(
        f"the .txt files beside the images hold one {'number' if all(map(is_number, values)) else 'word'} each, repeating as "
        f"classes do ({shown} ...): labels, not captions, which say more; shardify reads no label file per image yet: "
        "give the labels as one table of path and label (--labels FILE), or keep the files as captions with "
        "--layout image_captions"
    )
