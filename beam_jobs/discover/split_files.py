"""A JSON split file beside a folder layout whose splits come from nowhere: read where sure, else stop.

A download whose inputs lie in one folder (or in class folders) and whose splits are published as a
JSON file beside them (`converters/split_sources.py`: `{split: [names]}`, `{name: split}`, one
wrapper object looked through) was planned as one split, `train`, the file set aside as auxiliary:
the test images written as train with exit 0 (an annotated-potholes export: VOC XMLs beside the
images read right, its `splits.json` of each annotation file's split unread and unnamed). The guard
on unread annotations (`unread_annotation_checks.py`) did not see it: it looks only where the
labels are a guess, and here the labels came from the XMLs.

A table with a split column (`filename,split`: `converters/split_sources.py`) is the same source
as rows; one that `recognise` read as `name label` lines had its splits written as labels (`train`,
`test` beside the VOC objects' `pothole`): such a table whose label field is its split column is
read as split codes instead. A table with other columns than the names and the split stops (they
may be labels nothing reads).

Where the plan has no split source (no split folders, no split list or other split evidence, no
split pattern, no `--split`), each sampled `.json` file set aside is parsed (bounded) for a split
file's shape. Its names are matched with the sampled inputs by the same keys as other split files
(`evidence_keys`; a name of an annotation file, `img-1.xml`, keys the image of its stem). It is read,
as `SPLIT_CODES` evidence, when the reading is sure:

  - every key is a split word (`train`, `val`, `test`, ...: `structure.split_word`);
  - no input is named under two keys (ScienceQA's `trainval` and `minitrain` beside `train`);
  - every sampled input is named, and, where the sample is the whole source, every name is an input.

A file whose names name no input says nothing of these inputs (LILA's location ids): a note, no
stop; unless its names are whole numbers nearly every input's name ends in (indices into the
inputs' numbering, `_numbered_inputs`): that one stops. Any other: stop (exit 2) before writing, naming the file, what makes it unsure, and the
options that decide (`--exclude` it, `--split`, or a layout file's evidence line that reads it).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from shardify.beam_jobs.discover import head_reads
from shardify.beam_jobs.open_inputs import open_input
from shardify.config import ConvertConfig
from shardify.converters import split_sources
from shardify.errors import InvalidInputError, UsageError
from shardify.inputs.paths import join_path
from shardify.plan import evidence as evidence_lib
from shardify.plan import layout
from shardify.plan.evidence import Evidence, KeyRule, file_key, key_rule, row_key
from shardify.plan.evidence_keys import INPUT_SUFFIX
from shardify.plan.structure import split_word

__all__ = ["with_split_files"]

# JSON files and tables parsed at detection, shallowest first (the dataset's own split file lies near its root).
_OPENED = 8
_SHOWN = 3
# A split file's head holds a split word or a wrapper as a JSON string (a key or a value).
# Share of a split file's names that are whole numbers, and of the inputs whose names end in one
# of them, before the file reads as the inputs' numbers (`_numbered_inputs`).
_MOST_NUMBERED = 0.9
_LAST_NUMBER = re.compile(r"(\d{1,18})\D*$", re.ASCII)
_WHOLE = re.compile(r"-?\d{1,18}", re.ASCII)  # (a name given as a whole number; int() refuses 4,300 digits)
_SPLIT_KEY = re.compile(r'"\s*(train\w*|val\w*|dev|test\w*|splits?|partitions?|folds)\s*"', re.IGNORECASE)
# A YAML split file (CWFID's train_test_split.yaml: `train: [2, 5, ...]`): a split word's key at a line's start.
_YAML = ("yaml", "yml")
_YAML_SPLIT_KEY = re.compile(r"^(train\w*|val\w*|dev|test\w*|splits?|partitions?|folds)\s*:", re.IGNORECASE | re.MULTILINE)


def _has_splits(config: ConvertConfig, detected: layout.SourceLayout) -> bool:
    return bool(
        config.split or detected.split_patterns or detected.split_ids or any(e.gives_split for e in detected.evidence)
        or _folder_splits(detected)
    )


def _folder_splits(detected: layout.SourceLayout) -> bool:
    structure = detected.structure
    return bool(detected.split_folders or (structure is not None and (structure.split_level >= 0 or structure.split_folders)))


def _over_folders(config: ConvertConfig, detected: layout.SourceLayout) -> bool:
    """Split folders are the plan's only split source: a file of entries each naming its image and
    split (Karpathy's `dataset_coco.json` beside COCO's train2014/ and val2014/) is read over them,
    its split each image's (his splits re-divide the folders' images: most of val2014/ trains)."""
    return _folder_splits(detected) and not (
        config.split or detected.split_patterns or detected.split_ids or any(e.gives_split for e in detected.evidence))


def _bytes(config: ConvertConfig, path: str) -> bytes | None:
    try:
        with open_input(join_path(config.source, path)) as fileobj:
            return split_sources.read_bytes(fileobj)
    except (InvalidInputError, OSError):
        return None


def _readings(
    config: ConvertConfig, path: str, inputs: Sequence[str], whole: bool, entries_only: bool = False
) -> tuple[dict[str, list[str]], dict, list[str]] | None:
    """(the file's names per split, the Evidence fields that read it back, doubts of its own), or None:
    no split file's shape. A table's names are the column that names the most inputs. `entries_only`:
    only a JSON of entries each naming its file and split (`_over_folders`)."""
    if entries_only and layout.extension(path) != "json":
        return None
    head = "\n".join(head_reads.head_lines(config, path))  # (a large file is read whole only where its head says so)
    document = layout.extension(path) in ("json", *_YAML)
    if layout.extension(path) == "json" and not _SPLIT_KEY.search(head):
        return None
    if layout.extension(path) in _YAML and not _YAML_SPLIT_KEY.search(head):
        return None
    header = (split_sources.table_of(head.encode(), path) or ([],))[0]
    if not document and split_sources.split_column(header) is None:
        return None
    data = _bytes(config, path)
    if data is None:
        return None
    if document:
        try:
            parsed = split_sources.parse_yaml(data) if layout.extension(path) in _YAML else split_sources.parse_json(data)
            names = split_sources.split_names(parsed)
        except InvalidInputError as error:  # (its head names splits: unread, its inputs' splits are unknown)
            raise UsageError(
                f"{path} looks like a split file (its head names splits) but cannot be read: {error.reason}. Decide: "
                f"--exclude {path} (the file left out) or mend it"
            ) from None
        if entries_only and not split_sources.entry_splits(split_sources.parse_json(data)):
            return None
        return (names, {}, []) if names else None
    table = split_sources.table_of(data, path)
    split = split_sources.split_column(table[0]) if table else None
    if table is None or split is None:
        return None
    header, rows = table
    columns = [c for c in range(len(header)) if c != split]
    if not columns:
        return None
    named = {
        c: _doubts(split_sources.names_by_split(rows, c, split), inputs, _rule_of(rows, c, split), whole)[1] for c in columns
    }
    column = max(columns, key=lambda c: (named[c], -c))
    others = [header[c] for c in columns if c != column]
    doubts = [f"it holds other columns ({_shown(others)}) that nothing reads"] if others else []
    fields = {"variable": header[split], "column": column, "header": True, "split_index": split}
    return split_sources.names_by_split(rows, column, split), fields, doubts


def _rule_of(rows: list[list[str]], column: int, split: int) -> KeyRule:
    names = [n for values in split_sources.names_by_split(rows, column, split).values() for n in values]
    return _rule(names) if names else KeyRule()


def _split_as_labels(found: Evidence) -> bool:
    """A table read as `name label` lines: its label field may be a split column (`filename,split`,
    read so its splits became labels, `train` and `test` beside the objects' classes)."""
    return found.kind == evidence_lib.LABEL_LINES and layout.extension(found.path) in ("csv", "tsv")


def _label_field(found: Evidence) -> int:
    return found.label_column if found.label_column is not None else found.column + 1


def _rule(names: Sequence[str]) -> KeyRule:
    """How the file's names key the inputs: as `key_rule` judges them where most carry an input's
    extension; else by stem, an annotation file's extension cut (`img-1.xml` names `img-1.jpg`)."""
    if sum(1 for n in names if INPUT_SUFFIX.search(n)) * 2 > len(names):
        return key_rule(names)
    return dataclasses.replace(key_rule([split_sources.strip_annotation_suffix(n) for n in names]), extension=False)


def _shown(items: Sequence[str]) -> str:
    return ", ".join(items[:_SHOWN]) + (f" and {len(items) - _SHOWN} more" if len(items) > _SHOWN else "")


def _doubts(names: dict[str, list[str]], inputs: Sequence[str], rule: KeyRule, whole: bool) -> tuple[list[str], int]:
    """(what makes the reading unsure, how many sampled inputs its names name)."""
    by_key: dict[str, list[str]] = {}
    for path in inputs:
        by_key.setdefault(file_key(path, rule), []).append(path)
    cut = (lambda n: n) if rule.extension else split_sources.strip_annotation_suffix
    placed: dict[str, set[str]] = {}
    unmatched: list[str] = []
    for split, values in names.items():
        for name in values:
            paths = by_key.get(row_key(cut(name), rule))
            if not paths:
                unmatched.append(name)
            for path in paths or ():
                placed.setdefault(path, set()).add(split)
    doubts = []
    others = sorted(k for k in names if not split_word(k))
    if others:
        doubts.append(f"its keys {_shown(others)} name no split")
    twice = sorted(p for p, splits in placed.items() if len(splits) > 1)
    if twice:
        doubts.append(f"{len(twice)} inputs are under two of its keys ({_shown(twice)}: {', '.join(sorted(placed[twice[0]]))})")
    unnamed = sorted(p for p in inputs if p not in placed)
    if unnamed and placed:
        doubts.append(f"it names {len(placed)} of the {len(inputs)} inputs seen, not {_shown(unnamed)}")
    if unmatched and placed and whole:
        doubts.append(f"{len(unmatched)} of its names name no input ({_shown(unmatched)})")
    return doubts, len(placed)


def _over_folders_stop(path: str, counts: str, doubts: list[str], names: dict[str, list[str]], inputs: Sequence[str],
                       rule: KeyRule) -> str:
    """The stop over a file of entries read over the split folders whose reading is unsure: the folders
    of the inputs it does not name (COCO's test2014/, beside Karpathy's file of train2014/ and val2014/)
    are what to leave out to read it; leaving it out keeps the folders' splits (and its captions unread)."""
    cut = (lambda n: n) if rule.extension else split_sources.strip_annotation_suffix
    named = {row_key(cut(n), rule) for values in names.values() for n in values}
    folders = sorted({p.split("/", 1)[0] for p in inputs if file_key(p, rule) not in named and "/" in p})
    leave = " ".join(f"--exclude {f}" for f in folders[:_SHOWN])
    read = f"{leave} (the inputs it does not name left out) to read its splits over the folders', or " if folders else ""
    return (f"{path} gives the inputs' splits ({counts}) over the split folders', but {'; '.join(doubts)}: shardify cannot "
            f"read it surely. Decide: {read}--exclude {path} to keep the split folders' splits (its entries' captions then "
            f"unread)")


def _read_together(readings: dict, inputs: Sequence[str], whole: bool) -> set[str]:
    """The JSON split files read together, each giving some of the inputs: a file per split, as
    TextCaps ships `TextCaps_0.1_train.json` and `TextCaps_0.1_val.json` beside one folder of their
    images. Two files or more, each naming inputs, none naming an input another names, and together
    sure by the one file's rules (`_doubts` over their names merged); else none (each is then judged
    alone, and a part is unsure: the stop names it)."""
    files = {path: r[0] for path, r in readings.items() if r and not r[1] and layout.extension(path) == "json" and any(r[0].values())}
    if len(files) < 2:
        return set()
    owner: dict[str, str] = {}
    merged: dict[str, list[str]] = {}
    for path, names in files.items():
        rule = _rule([n for values in names.values() for n in values])
        if not _doubts(names, inputs, rule, whole)[1]:
            return set()  # (a file naming no input of these: not one of a set of parts)
        for split, values in names.items():
            for name in values:
                if owner.setdefault(name, path) != path:
                    return set()
            merged.setdefault(split, []).extend(values)
    every = [n for values in merged.values() for n in values]
    return set(files) if not _doubts(merged, inputs, _rule(every), whole)[0] else set()


def _numbered_inputs(names: Sequence[str], inputs: Sequence[str]) -> str:
    """Where nearly all of a split file's names are whole numbers and nearly every sampled input's
    name ends in a number (`image_00012.jpg` for `12`: indices into the inputs' numbering, as
    Oxford Flowers' setid.mat gives them), an input and its number shown (one the file names where
    there is one); else "". Such a file names
    no input by name, and set aside as saying nothing, its test inputs were written as train."""
    whole = [int(n) for n in names if _WHOLE.fullmatch(n)]  # (each counted: a number given twice is still one)
    numbers = set(whole)
    if not inputs or len(whole) < _MOST_NUMBERED * len(names):
        return ""
    found = [(path, int(m.group(1))) for path in inputs if (m := _LAST_NUMBER.search(layout.stem(path)))]
    if len(found) < _MOST_NUMBERED * len(inputs):
        return ""
    # Numbers that do not cover the inputs' (negative, past them, counted from another base) are
    # still no names: set aside, every input was written train (hostile21: train -8..-1, test 9..12).
    named = [(path, n) for path, n in found if n in numbers] or found
    return f"{named[0][0]}: {named[0][1]}"


# A split file's whole numbers naming the inputs by the last number of their names, wherever it stands.
_NUMBERED_INSIDE = KeyRule(number=True, inner=True)


def _numbered_doubts(names: dict[str, list[str]], inputs: Sequence[str], whole: bool) -> tuple[list[str], int]:
    """`_doubts` of a split file of whole numbers read as the inputs' numbers (`_NUMBERED_INSIDE`): (0 named) where two
    sampled inputs carry one number (`001_image.png` beside `001_scan.png`: whose split it gives cannot be told) or a
    name is no whole number, so the stop that names the file stands."""
    keys = [file_key(path, _NUMBERED_INSIDE) for path in inputs]
    if not all(keys) or len(set(keys)) < len(keys) or not all(_WHOLE.fullmatch(n) for v in names.values() for n in v):
        return [], 0
    return _doubts(names, inputs, _NUMBERED_INSIDE, whole)


def _layout_line(path: str, names: dict[str, list[str]], rule: KeyRule, fields: dict) -> str:
    codes = ", ".join(f"{k}: {split_word(k) or k}" for k in names)
    table = f", variable: {fields['variable']}, column: {fields['column']}, header: true" if fields else ""
    # (a rule of numbers says so, CWFID's `inner` one too: a key of the name would name no input; review37)
    key = (f"number: true{', inner: true' if rule.inner else ''}" if rule.number
           else f"extension: {'true' if rule.extension else 'false'}")
    return f"{{path: {path}, kind: split codes, codes: {{{codes}}}{table}, key: {{parts: {rule.parts}, {key}}}}}"


def with_split_files(
    config: ConvertConfig, sample: Sequence[str], detected: layout.SourceLayout, whole: bool
) -> layout.SourceLayout:
    """`detected` with the JSON split file beside its inputs as its split evidence, where the plan has
    no split source and the file's reading is sure (the module's docstring); unchanged where none is
    found. `whole`: the sample is every file of SRC.

    Raises:
      UsageError: a split file of the inputs whose reading is unsure: it names them and what decides.
    """
    over_folders = _over_folders(config, detected)
    if detected.name not in (layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS) or (_has_splits(config, detected) and not over_folders):
        return detected
    misread = {e.path: e for e in detected.evidence if _split_as_labels(e)}
    read = {e.path for e in detected.evidence} - set(misread)
    candidates = sorted(
        (p for p in sample if layout.extension(p) in ("json", "csv", "tsv", *_YAML) and p not in read and detected.is_auxiliary(p)),
        key=lambda p: (p.count("/"), p),
    )[:_OPENED]
    inputs = [p for p in sample if not detected.is_auxiliary(p)]
    if not candidates or not inputs:
        return detected
    found: list[Evidence] = []
    notes: list[str] = []
    readings = {path: _readings(config, path, inputs, whole, entries_only=over_folders) for path in candidates}
    together = _read_together(readings, inputs, whole)
    for path in candidates:
        reading = readings[path]
        if reading is None or not any(reading[0].values()):
            continue
        if path in misread and not (reading[1] and _label_field(misread[path]) == reading[1]["split_index"]):
            continue  # (a table whose labels are another column than its split column: its reading stands)
        reading[1].pop("split_index", None)
        names, fields, own = reading
        every = [n for values in names.values() for n in values]
        rule = _rule(every)
        doubts, named = _doubts(names, inputs, rule, whole)
        if path in together:  # (each file gives a part of the inputs, the files together every one: doubted together)
            doubts = []
        counts = ", ".join(f"{k}: {len(v)}" for k, v in names.items())
        if not named and _numbered_inputs(every, inputs):  # (CWFID's `train: [1, 2, 4]` for images/001_image.png)
            rule, (doubts, named) = _NUMBERED_INSIDE, _numbered_doubts(names, inputs, whole)
        if not named and (shown := _numbered_inputs(every, inputs)):
            raise UsageError(
                f"{path} gives splits ({counts}) of whole numbers, and the inputs' names carry numbers ({shown}): "
                f"it may give each input's split by its number, which shardify does not read by name; without it every "
                f"input would be written as one split, train. Decide: --exclude {path} (one split, the file left out), "
                f"--split train=0.8,test=0.2 (a seeded split of your own), or rename the files to the names it lists"
            )
        if not named:
            if not fields:  # (a table naming no input is left to the guards on unread tables)
                notes.append(f"not used: {path} (a split file's shape, {counts}, but its names name no input)")
            continue
        doubts = own + doubts
        if doubts and over_folders:
            raise UsageError(_over_folders_stop(path, counts, doubts, names, inputs, rule))
        if doubts:
            raise UsageError(
                f"{path} gives the inputs' splits ({counts}), but {'; '.join(doubts)}: shardify cannot read it surely, and "
                f"without it every input would be written as one split, train. Decide: --exclude {path} (one split, the "
                f"file left out), --split train=0.8,test=0.2 (a seeded split of your own), or read it with a layout "
                f"file whose evidence holds {_layout_line(path, names, rule, fields)} (docs/layout-files.md)"
            )
        codes = tuple((k, split_word(k)) for k in names)
        how = f"its {fields['variable']} column" if fields else "the number in its name" if rule == _NUMBERED_INSIDE else "its name"
        note = f"{path}: each input's split, by {how} ({counts})" + (", over the split folders'" if over_folders else "")
        found.append(Evidence(path, evidence_lib.SPLIT_CODES, rule, codes=codes, note=note, **fields))
    if len(found) > 1 and not {e.path for e in found} <= together:
        raise UsageError(
            f"{len(found)} JSON split files give the inputs' splits ({', '.join(e.path for e in found)}): shardify reads "
            f"one; --exclude the others, or say which in a layout file (--dry-run --layout-file FILE)"
        )
    if not found and not notes:
        return detected
    replaced = {e.path for e in found}
    dropped = {misread[p].note for p in replaced if p in misread}
    evidence = tuple(sorted((*(e for e in detected.evidence if e.path not in replaced), *found), key=lambda e: e.path))
    kept = tuple(n for n in detected.notes if n not in dropped)
    return dataclasses.replace(detected, evidence=evidence, notes=(*kept, *notes, *(e.note for e in found)))
