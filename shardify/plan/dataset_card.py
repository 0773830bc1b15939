"""A Hugging Face dataset card's splits: the `configs:` / `data_files:` YAML atop a README.md.

Datasets downloaded from the Hugging Face Hub (`huggingface-cli download`, `git clone`) carry a
README.md whose front matter may say which files form which split
(https://huggingface.co/docs/hub/datasets-manual-configuration):

    ---
    configs:
    - config_name: default
      data_files:
      - split: train
        path: "data/*.csv"        # a path, a glob, or a list of them
      - split: test
        path: holdout/ghi.csv
    ---

That is the dataset author's own statement of the splits, so it decides them over every guess from
names: each file takes the split of the first pattern it matches, and files no pattern matches are
not data. A card with several configs and none marked `default: true` (or named `default`) is a
choice this tool does not make: the run stops naming them. Everything here is a plain function of
the card's text (untrusted: bounded, `yaml.safe_load`, every value checked).
"""

from __future__ import annotations

import re

from shardify.errors import InvalidInputError, UsageError
from shardify.format import naming
from shardify.plan import globs
from shardify.plan.entries import is_inside
from shardify.plan.label_names import normalise_label
from shardify.plan.yaml_keys import load_noting_repeats

__all__ = ["CARD_NAMES", "HEAD_BYTES", "card_class_names", "card_splits", "split_of"]

# The card is the README at the top of the download.
CARD_NAMES = frozenset({"readme.md"})
# Front matter sits at the top; a card whose YAML runs past this is not read (its splits are
# then guessed from names, as without a card).
HEAD_BYTES = 256 << 10
_FRONT_MATTER = re.compile(r"\A(?:\ufeff)?---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)


def card_splits(text: str, *, where: str) -> tuple[tuple[str, str], ...]:
    """(path pattern, split) pairs of the card's chosen config, in the card's order; () where the
    card says nothing of its files (no front matter, no `configs`, no `data_files`).

    Raises:
      UsageError: several configs and none chosen; a split name or a path this tool refuses.
    """
    front = _front_matter(text, where)
    configs = front.get("configs") if isinstance(front, dict) else None
    if not isinstance(configs, list) or not configs:
        return ()
    config = _chosen(configs, where)
    data_files = config.get("data_files") if isinstance(config, dict) else None
    if data_files is None:
        return ()
    pairs: dict[tuple[str, str], None] = {}  # in order, once each: YAML aliases repeat one list at no cost
    given = 0
    for split, paths in _split_paths(data_files, where):
        try:
            naming.check_split_name(split)
        except ValueError as error:
            raise UsageError(f"{where}: data_files: {error}") from None
        for path in paths:
            given += 1
            if given > 10 * _MAX_PATTERNS:  # YAML aliases: `- *entry` 2,000 times over a list of 2,000 paths
                raise UsageError(f"{where}: data_files gives more than {10 * _MAX_PATTERNS:,} paths and globs: "
                                 "give the files by a few globs, or write a layout file's split_patterns")
            pattern = path.strip().removeprefix("./")
            if (pattern, split) in pairs:
                continue
            if len(pattern) > globs.MAX_PATTERN_CHARS:
                raise UsageError(f"{where}: data_files: a pattern of {len(pattern):,} characters (at most {globs.MAX_PATTERN_CHARS:,})")
            if not is_inside(pattern):
                raise UsageError(f"{where}: data_files: {path!r} leaves the dataset's folder")
            pairs[pattern, split] = None
            if len(pairs) > _MAX_PATTERNS:  # each file is matched against every pattern
                raise UsageError(f"{where}: data_files names more than {_MAX_PATTERNS:,} paths and globs: "
                                 "give the files by a few globs, or write a layout file's split_patterns")
    return tuple(pairs)


# What the card's YAML is read for: a key given twice among these (or a class number) is a choice
# YAML made unsaid (it keeps the last): `configs:` twice split every file as the second said.
_READ_KEYS = frozenset({"configs", "config_name", "default", "data_files", "split", "path",
                        "dataset_info", "features", "name", "dtype", "class_label", "names"})
# Distinct (path, split) pairs a card may give: far past any card's, and a bound on the matching.
_MAX_PATTERNS = 10_000


def _front_matter(text: str, where: str) -> object:
    """The card's YAML front matter, None where it has none or it does not parse (it then says
    nothing we can use).

    Raises:
      UsageError: it gives a key this module reads twice in one mapping (naming the key and line).
    """
    import yaml  # imported when a file is read or written: `--help` stays light
    match = _FRONT_MATTER.match(text)
    if not match:
        return None
    try:
        front, repeated = load_noting_repeats(match[1])
    except (yaml.YAMLError, RecursionError):  # RecursionError: `[[[[...` thousands deep
        return None
    for key in repeated:
        if key.key in _READ_KEYS or (isinstance(key.key, (int, str)) and str(key.key).strip().isdigit()):
            raise UsageError(f"{where}: line {key.line + 1} gives the key {key.key!r} twice: YAML keeps the last unsaid, "
                             "so which value is meant cannot be told; mend the card")
    return front


def _chosen(configs: list, where: str) -> object:
    if len(configs) == 1:
        return configs[0]
    marked = [c for c in configs if isinstance(c, dict) and c.get("default") is True]
    named = [c for c in configs if isinstance(c, dict) and c.get("config_name") == "default"]
    if len(marked) == 1 or (not marked and len(named) == 1):
        return (marked or named)[0]
    names = [str(c.get("config_name")) for c in configs if isinstance(c, dict)]
    shown = ", ".join(names[:6]) + (" and more" if len(names) > 6 else "")
    raise UsageError(
        f"{where} names {len(configs)} configs ({shown}) and none is the default: point SRC at one config's "
        "files, or write a layout file with --dry-run --layout-file FILE and keep one config's split_patterns"
    )


def _split_paths(data_files: object, where: str) -> list[tuple[str, list[str]]]:
    """[(split, [path or glob])] from the three forms the Hub reads: a path (all train), a
    list of {split, path}, or a mapping split -> path(s)."""
    if isinstance(data_files, str):
        return [("train", [data_files])]
    if isinstance(data_files, dict):
        items = list(data_files.items())
    elif isinstance(data_files, list) and all(isinstance(d, dict) for d in data_files):
        items = [(d.get("split", "train"), d.get("path")) for d in data_files]
    elif isinstance(data_files, list) and all(isinstance(d, str) for d in data_files):
        items = [("train", data_files)]
    else:
        raise UsageError(f"{where}: data_files is neither a path, a list of split/path entries, nor a mapping")
    out = []
    for split, paths in items:
        paths = [paths] if isinstance(paths, str) else paths
        if not isinstance(split, str) or not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
            raise UsageError(f"{where}: data_files: split {split!r} needs a path or a list of paths")
        out.append((split, paths))
    return out


def split_of(pairs: tuple[tuple[str, str], ...], relpath: str) -> str | None:
    """The split of the first (pattern, split) pair `relpath` matches, or None: no pattern does.
    Patterns are globs as the Hub reads them (`shardify.plan.globs`, matched without backtracking:
    the card is untrusted)."""
    for pattern, split in pairs:
        if globs.glob_match(pattern, relpath):
            return split
    return None


# A card's class names are read only within these bounds (they are untrusted).
_MAX_CLASS_NAMES = 100_000
_MAX_CLASS_NAME_CHARS = 1_000


def card_class_names(text: str, *, where: str = "the dataset card") -> tuple[str, ...]:
    """The names, in index order, of the one `class_label` feature the card's `dataset_info`
    declares (`names: {'0': negative, '1': positive}` or a list): the labels the data files hold
    as numbers 0..N-1. () where the card declares none, or several.

    >>> card_class_names("---\\ndataset_info:\\n  features:\\n  - name: label\\n    dtype:\\n      class_label:\\n"
    ...                  "        names:\\n          '0': negative\\n          '1': positive\\n---\\n")
    ('negative', 'positive')

    Raises:
      UsageError: the one class_label's names cannot name labels (`_checked_names`): the run
        stops before writing rather than write them, or write the numbers unsaid.
    """
    front = _front_matter(text, where)
    info = front.get("dataset_info") if isinstance(front, dict) else None
    if isinstance(info, list):  # one entry per config: the default's, or the only one
        info = info[0] if len(info) == 1 else next(
            (i for i in info if isinstance(i, dict) and i.get("config_name") == "default"), None)
    features = info.get("features") if isinstance(info, dict) else None
    found = [f["dtype"]["class_label"].get("names") for f in features if isinstance(f, dict)
             and isinstance(f.get("dtype"), dict) and isinstance(f["dtype"].get("class_label"), dict)] if isinstance(features, list) else []
    if len(found) != 1:
        return ()
    names = found[0]
    if isinstance(names, dict):
        numbered = {str(k).strip(): v for k, v in names.items()}
        if len(numbered) != len(names) or set(numbered) != {str(i) for i in range(len(numbered))}:
            raise UsageError(f"{where}: its class_label names are not numbered 0 to {len(names) - 1} ({_shown(list(names))}): "
                             "mend the card, or name the labels with --label-names FILE")
        names = [numbered[str(i)] for i in range(len(numbered))]
    if not isinstance(names, list) or not 0 < len(names) <= _MAX_CLASS_NAMES:
        return ()
    return _checked_names(names, where)


def _shown(values: list) -> str:
    return ", ".join(repr(v) for v in values[:4]) + (", ..." if len(values) > 4 else "")


def _checked_names(names: list, where: str) -> tuple[str, ...]:
    """The card's class names normalised as every label is (`normalise_label`).

    Raises:
      UsageError: a name YAML read as a boolean (`no`, `yes`, `on`, `off` unquoted: they were the
        labels 'False' and 'True'), empty, of another type or too long, not UTF-8 (read with
        replacement characters), holding a control character, or equal to another once normalised
        (two classes would be written as one, or the manifest refused after the shards were written).
    """
    advice = "mend the card, or name the labels with --label-names FILE"
    checked: list[str] = []
    for index, name in enumerate(names):
        if isinstance(name, bool):
            raise UsageError(f"{where}: class_label name {index} is a YAML boolean ({str(name).lower()}): unquoted no, yes, "
                             f"on and off are read as false and true; quote the names ('{index}': 'no'), or {advice}")
        if not isinstance(name, (str, int)) or len(str(name)) > _MAX_CLASS_NAME_CHARS:
            raise UsageError(f"{where}: class_label name {index} is a {type(name).__name__}, not a name; {advice}")
        if "\ufffd" in str(name):
            raise UsageError(f"{where}: class_label name {index} is not UTF-8 text (the card is in another encoding); {advice}")
        try:
            label = normalise_label(str(name))
        except InvalidInputError as error:
            raise UsageError(f"{where}: class_label name {index}: {error.reason}; {advice}") from None
        if not label:
            raise UsageError(f"{where}: class_label name {index} is empty; {advice}")
        if label in checked:
            raise UsageError(f"{where}: class_label names {checked.index(label)} and {index} are both {label!r} "
                             f"(once in NFC, trimmed): two classes would be written as one; {advice}")
        checked.append(label)
    return tuple(checked)
