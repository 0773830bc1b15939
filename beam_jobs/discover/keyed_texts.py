"""Texts keyed by id beside tables of the same ids: one set of items, its texts in one file, its metadata in others.

Corpora of documents about things publish the texts and the things' metadata apart, joined by an id:
the CMU Movie Summary corpus's plot_summaries.txt (`<Wikipedia movie id><TAB><plot>`, no header)
beside movie.metadata.tsv (`<Wikipedia movie id><TAB><Freebase id><TAB><name>...<TAB><genres>`) and
character.metadata.tsv (a row per character, by the same movie id); the Book Summary corpus's
booksummaries.txt (`<Wikipedia id><TAB><Freebase id><TAB><title>...<TAB><summary>`); review sets whose
texts are keyed by a product id listed in a products table. Read as tables of texts, every metadata
table became records of its own (a movie's name as a text, a character's as another) beside the
plots, all unlabelled, with exit 0, while the labels (the genres) sat in a metadata column.

Told here from the tables' first rows: a headerless table of `id<TAB>text` lines
(`sniffed_tables.looks_like_id_texts`) and another table whose first column holds ids of the same
shape (the same characters, digits or not, and lengths within `_ID_LENGTH_SLACK`), or the same ids:
the run stops before writing, naming both and what can be done (the text file converted alone, or the
label column joined onto it as `label<TAB>text` lines). Which column of the metadata is the label,
and how a JSON cell of `{id: name}` reads (its values are the names), is the user's until a layout
file states the join.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from shardify.beam_jobs.discover import given_label_joins
from shardify.converters import sniffed_tables
from shardify.converters.column_names import KEY_COLUMN_NAMES
from shardify.errors import UsageError
from shardify.inputs.whole_numbers import whole_number
from shardify.plan import layout
from shardify.plan.structure import split_word

__all__ = ["check_keyed_texts", "check_side_tables"]

_ID_LENGTH_SLACK = 2  # Wikipedia ids of 975900 and 1234567: one kind, lengths a digit or two apart
_SHOWN = 3


def _shape(key: str) -> str:
    """The characters a key is made of: digits, letters, or both (with what joins them)."""
    return re.sub(r"[a-z]+", "a", re.sub(r"\d+", "9", key.strip().lower()))


def _same_ids(keys: Sequence[str], others: Sequence[str]) -> bool:
    """`others` (another table's first column) holds ids of the kind `keys` are, or some of them."""
    keys, others = [k.strip() for k in keys if k.strip()], [o.strip() for o in others if o.strip()]
    if not keys or not others:
        return False
    if set(keys) & set(others):
        return True
    shapes = {_shape(k) for k in keys}
    lengths = [len(k) for k in keys]
    low, high = min(lengths) - _ID_LENGTH_SLACK, max(lengths) + _ID_LENGTH_SLACK
    return (len(shapes) == 1 and {_shape(o) for o in others} == shapes and any(c.isdigit() for c in keys[0])
            and all(low <= len(o) <= high for o in others))


def check_keyed_texts(headers: Mapping[str, object], paths: Sequence[str] = ()) -> None:
    """Raises UsageError where a headerless `id<TAB>text` table sits beside a table whose first column
    holds ids of the same kind (see the module's docstring).

    Args:
      headers: path -> its `tables.TableHeader` (columns, whether a header is present, first rows).
      paths: the layout's tables, all of them: those the stop's join would leave out are named.
    """
    keyed = [path for path, header in headers.items()
             if not header.present and len(header.columns) == 2
             and sniffed_tables.looks_like_id_texts(["\t".join(map(str, row)) for row in header.sample])]
    for path in keyed:
        keys = [str(row[0]) for row in headers[path].sample if row]
        beside = [other for other, header in headers.items()
                  if other != path and len(header.columns) > 2 and header.sample
                  and _same_ids(keys, [str(row[0]) for row in header.sample if row])]
        if beside:
            shown = ", ".join(beside[:_SHOWN])
            raise UsageError(
                f"{path} holds `id<TAB>text` lines ({', '.join(keys[:2])}, ...) and {shown} hold ids of the same kind in "
                f"their first column: one set of items, its texts in {path}, its metadata (and likely its labels) in "
                f"{shown}. Read as inputs, each metadata row would be a record of its own. "
                f"{given_label_joins.metadata_join_hint(path, beside, headers, paths)}; or convert {path} alone (SRC the file) "
                "for unlabelled texts (docs/converting.md)"
            )


# A table of texts shares this share of its sampled ids with another table's first column or more:
# the other table is about the same rows (their scores, their source), keyed as they are.
_MIN_SHARED_IDS = 0.5
_MIN_IDS = 3


def _id_column(header) -> int | None:
    """A table with a header's column named as an id (`id`, `key`) whose sampled values are unique."""
    for i, name in enumerate(header.columns):
        if name.strip().lower() in KEY_COLUMN_NAMES and name.strip().lower() not in ("path", "file", "filename", "file_name", "image"):
            values = [str(row[i]).strip() for row in header.sample if i < len(row) and str(row[i]).strip()]
            if len(values) >= _MIN_IDS and len(set(values)) == len(values):
                return i
    return None


def _row_numbers(ids: set[str]) -> bool:
    """The ids are whole numbers in a run with no gap (a row's number, not a key of its own)."""
    found = [whole_number(i) for i in ids]  # (None for '²' or past 18 digits: int() would raise)
    if None in found:
        return False
    numbers = sorted(found)
    return numbers[-1] - numbers[0] == len(numbers) - 1


def check_side_tables(headers: Mapping[str, object], texts: Mapping[str, bool]) -> None:
    """Raises UsageError where a table of texts (`texts[path]`: its rows have a text column) has an id
    column whose sampled ids are, half of them or more, the first column of other tables: those are
    the same rows' side tables (EmoBank's corpus/emobank.csv `id,split,V,A,D,text` beside reader.csv and
    writer.csv, the scores by perspective, and meta.tsv, each row's source and genre, by the same id),
    not records of their own; read as inputs, their rows were records and their genres labels beside
    the unlabelled texts. The stop names them and `--exclude` for each.
    """
    for path, header in headers.items():
        if not texts.get(path) or not header.present:
            continue
        i = _id_column(header)
        if i is None:
            continue
        ids = {str(row[i]).strip() for row in header.sample if i < len(row)}
        if _row_numbers(ids):
            continue  # 0, 1, 2 ...: every table numbers its rows so (Quora's train.csv `id` and test.csv `test_id`)
        sides = []
        for other, theirs in headers.items():
            if other == path or not theirs.sample or split_word(layout.stem(other)):
                continue  # (a split's table is the same dataset's other rows, never a side table)
            first = {str(row[0]).strip() for row in theirs.sample if row}
            if len(ids & first) >= _MIN_SHARED_IDS * min(len(ids), len(first)):
                sides.append(other)
        if sides:
            excludes = " ".join(f"--exclude {side!r}" for side in sides)
            raise UsageError(
                f"{', '.join(sides)} {'are' if len(sides) > 1 else 'is'} keyed by the ids of {path}'s column "
                f"{header.columns[i]!r} ({', '.join(sorted(ids)[:2])}, ...): side tables of the same rows (their scores, "
                f"sources or metadata), not records of their own. {excludes} converts {path} alone; a label among their "
                f"columns is not joined onto the texts (docs/converting.md)"
            )
