"""XML records labelled by the attributes of another XML document's records of the same ids.

SemEval-2019 task 4 (Hyperpartisan News Detection) ships `articles-training-byarticle-20181122.xml`
(`<articles><article id=.. title=..><p>..</p></article>`) beside `ground-truth-training-byarticle-20181122.xml`
(`<articles><article id=.. hyperpartisan="true" labeled-by=.. url=../>`, in another order): "This
identifier is the key which is used to join each Article with its corresponding ground truth." The
articles were no input (no `<text>` child), and the ground truth no table: the run stopped naming no
option. Read here: a document of records of attributes alone (`xml_records.attribute_head`) whose
records share an attribute with the records of a document of texts, most of whose values in the texts'
first records it holds (the key, `id`), labels those records by one of its other attributes, joined
by the key in the pipeline (an Evidence of kind KEYED_LABELS, read by `label_join.py`: a text record
its labels name no row of is its reject; a labels row naming no text record is rejected with its row).

Which attribute is the label: `--label-column NAME`, else the one whose values repeat (a few values, not
all one: `hyperpartisan`, not `labeled-by`'s one `article` nor `url`'s one a row). Where several could
be (the by-publisher part's `hyperpartisan` and `bias`), or none, the run stops before writing naming
the attributes and `--label-column`. The labels document is no input either way.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_bytes
from shardify.config import ConvertConfig
from shardify.converters import xml_records
from shardify.errors import UsageError
from shardify.plan import layout
from shardify.plan.evidence import KEYED_LABELS, Evidence
from shardify.plan.folder_names import split_word
from shardify.plan.path_parts import is_xml_document

__all__ = ["label_attributes", "with_xml_label_joins"]

# XML documents looked at (a download's few files of records and their truths).
_LOOKED_AT = 20


def label_attributes(rows: Sequence[dict[str, str]], key: str) -> list[str]:
    """The attributes of `rows` (a labels document's first records) besides `key` that read as labels:
    in every row, of two values or more, some repeated, none a URL.

    >>> rows = [{"id": "1", "hp": "true", "by": "article", "url": "https://a/1"}, {"id": "2", "hp": "false", "by": "article",
    ...          "url": "https://a/2"}, {"id": "3", "hp": "true", "by": "article", "url": "https://a/3"}]
    >>> label_attributes(rows, "id")
    ['hp']
    """
    names = [name for name in rows[0] if name != key and all(name in row for row in rows)] if rows else []
    found = []
    for name in names:
        values = [row[name].strip() for row in rows]
        distinct = set(values)
        if len(distinct) >= 2 and len(distinct) < len(values) and not any("://" in v for v in values):
            found.append(name)
    return found


def _key(texts: Sequence[dict[str, str]], truths: Sequence[dict[str, str]]) -> str:
    """The attribute both hold whose values in `truths` hold most of `texts`', or "". (An id two truths
    repeat is the join's to judge: two rows that disagree reject the record, `label_join.py`.)"""
    shared = [name for name in (texts[0] if texts else {}) if truths and all(name in row for row in truths)]
    for name in shared:
        ids = {row[name] for row in truths}
        held = sum(row.get(name) in ids for row in texts)
        if held and held * 2 >= len(texts):
            return name
    return ""


# Split words read as one split when two names are matched (`validation` beside `val` or `dev`).
_ONE_SPLIT = {"valid": "val", "validation": "val", "dev": "val"}


def _split_named(path: str) -> str | None:
    found = split_word(posixpath.splitext(posixpath.basename(path))[0])
    return _ONE_SPLIT.get(found, found) if found else None


def _same_split(matched: list[tuple[str, str]], truth: str) -> list[tuple[str, str]]:
    """`matched` (text documents whose ids `truth` holds) kept to those naming the truth's split, where
    some do: ids counted from 0 in each split's documents (`0000000` ..) are held by every split's truth,
    and each split's records were joined to the other splits' labels too (review27).

    >>> _same_split([("articles-training.xml", "id"), ("articles-validation.xml", "id")], "ground-truth-validation.xml")
    [('articles-validation.xml', 'id')]
    >>> _same_split([("articles-training.xml", "id"), ("articles-validation.xml", "id")], "ground-truth.xml")
    [('articles-training.xml', 'id'), ('articles-validation.xml', 'id')]
    """
    split = _split_named(truth)
    same = [(text, key) for text, key in matched if split and _split_named(text) == split]
    return same or matched


def with_xml_label_joins(config: ConvertConfig, sample: list[str], detected: layout.SourceLayout) -> layout.SourceLayout:
    """`detected` (tables) with each XML document of records of attributes alone joined, by id, to the
    document of text records whose ids it holds, as KEYED_LABELS evidence; else unchanged.

    Raises:
      UsageError: which attribute is the label is the user's to say (several could be, or none), or
        `--label-column` names no attribute of it.
    """
    if detected.name != layout.TABLES:
        return detected
    documents = [p for p in sample if is_xml_document(p) and not layout.is_junk(p)][:_LOOKED_AT]
    if len(documents) < 2:
        return detected
    heads = {p: head_bytes(config, p, xml_records.HEAD_BYTES) for p in documents}
    texts = {p: rows for p in documents if not detected.is_auxiliary(p) and (rows := xml_records.record_attributes(heads[p]))}
    found = []
    for path in documents:
        tag, truths = xml_records.attribute_head(heads[path]) if path not in texts else ("", [])
        if not tag:
            continue
        matched = _same_split([(text, key) for text, rows in texts.items() if (key := _key(rows, truths))], path)
        if not matched and texts:  # a truth that joins nothing would be passed over unsaid, the records unlabelled
            raise UsageError(
                f"{path} holds <{tag}> records of attributes alone ({', '.join(truths[0])}), labels as a ground truth gives "
                f"them, and none of its attributes holds the ids of the records of {', '.join(texts)} (their attributes: "
                f"{', '.join(next(iter(texts.values()))[0])}): shardify cannot join them, and no option names "
                f"the key. Decide: --exclude {path} (the records written unlabelled)"
            )
        for text, key in matched:
            label = _label(path, text, key, truths, config.label_column)
            found.append(Evidence(
                path, KEYED_LABELS, column=0, header=True, names=(label,), label_column=1, rows_of=text, rows_key=key,
                rows_beyond=len(matched) > 1,
                note=f"{path}: the labels of {text}'s records, its <{tag}> attribute {label!r} joined by {key!r}",
            ))
    if not found:
        return detected
    return dataclasses.replace(detected, evidence=(*detected.evidence, *found), notes=(*detected.notes, *(e.note for e in found)))


def _label(path: str, text: str, key: str, truths: Sequence[dict[str, str]], given: str) -> str:
    """The labels document's attribute that labels: `given` (`--label-column`), else the one `label_attributes` finds."""
    names = [name for name in truths[0] if name != key]
    if given:
        if given not in names:
            raise UsageError(f"--label-column {given!r} is no attribute of {path}'s records, which label {text}'s by "
                             f"{key!r} (its attributes: {', '.join(names)})")
        return given
    labels = label_attributes(truths, key)
    if len(labels) == 1:
        return labels[0]
    said = (f"its attributes {', '.join(map(repr, labels))} could each be the label" if labels else
            f"none of its attributes ({', '.join(map(repr, names))}) reads as a label (a few repeated values)")
    raise UsageError(
        f"{path} gives {text}'s records their labels, joined by their {key!r}, and {said}: --label-column NAME names "
        f"the attribute to read (one of {', '.join(names)}); or --exclude {path} (the records unlabelled)"
    )
