"""The layout file: what detection guessed, as a short YAML file a user can read, mend and run.

Detection's one product is a `SourceLayout` (how to read SRC: its inputs, where labels, splits and
objects come from) plus the few reading options it was decided with (text and label columns, label
names, class numbering). `shardify convert SRC OUT --dry-run --layout-file FILE` writes both here;
`shardify convert SRC OUT --layout-file FILE` reads them back and runs with no detection at all, so
a wrong guess is mended by editing a line (`label_levels: {'': 2}`), not by learning ten options.

The file is the dataclasses' own fields, defaults left out, in the plan's vocabulary (docs/layout-
files.md lists every key). Writing then reading gives back an equal layout: the tests hold every
supported public layout to that. The file is untrusted like any input: it is read with
`yaml.safe_load` from at most MAX_BYTES, every key and type is checked, paths must stay inside SRC
(a label file given by absolute path excepted, as `--labels` allows: the checks beyond types are
`layout_file_checks.py`), and a fault is a UsageError naming the file and the key. A catalog entry (`known_layouts`) adds `match:`, globs that say which
download it is; they never decide a reading.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass, field


from shardify.errors import UsageError
from shardify.inputs.excludes import parse_exclude
from shardify.plan import layout as layout_lib
from shardify.plan import layout_file_checks
from shardify.plan.entries import is_inside
from shardify.plan.layout_file_checks import NO_FOLDER as _NO_FOLDER
from shardify.plan.yaml_keys import RepeatedKey, unique_keys_loader

__all__ = ["FORMAT_VERSION", "MAX_BYTES", "READING_OPTIONS", "LayoutSpec", "dumps", "loads", "option_defaults", "split_list_entries"]

FORMAT_VERSION = 1
# A layout file is a few dozen lines; a label vocabulary of 100,000 names stays far below this.
MAX_BYTES = 8 << 20
# The conversion options that say how inputs are read (not how they are stored or run): they
# travel with the layout. Keys as ConvertConfig names them.
READING_OPTIONS: tuple[str, ...] = (
    "label_names",
    "text_column",
    "label_column",
    "keep_columns",
    "label_separator",
    "unlabelled_value",
    "header",
    "label_from_name",
    "unlabelled_files",
    "split",
    "class_ids",
    "masks",
    "keypoints",
    "boxes_outside",
    "encoding",
    "json_records",
    "exclude",
)
# Always written, even at their default: the numbering of detection classes decides what a
# trainer reads as background, so the file says it.
_ALWAYS_WRITTEN = frozenset({"class_ids"})
_OPTION_TYPES: dict[str, object] = {
    "label_names": tuple[str, ...],
    "text_column": str,
    "label_column": str,
    "keep_columns": tuple[str, ...],
    "label_separator": str,
    "unlabelled_value": typing.Optional[tuple[str, ...]],  # noqa: UP045 (as `header`'s: the file's own type table)
    "header": typing.Optional[bool],
    "label_from_name": str,
    "unlabelled_files": tuple[str, ...],
    "split": str,
    "class_ids": str,
    "masks": bool,
    "keypoints": bool,
    "boxes_outside": str,
    "encoding": str,
    "json_records": str,
    "exclude": tuple[str, ...],
}
# SourceLayout fields detection narrates rather than decides: written as comments, not keys.
_NARRATION = frozenset({"notes", "classes_hold_inputs", "sampled_claims"})  # detection's findings, never a user's to write
# The file's key for SourceLayout.name (a bare `name:` would read as the dataset's name).
_LAYOUT_KEY = "layout"


@dataclass(frozen=True)
class LayoutSpec:
    """A layout file's content.

    Attributes:
      layout: how to read SRC.
      options: READING_OPTIONS the file sets (ConvertConfig's names and value types; `split` as
        its option's text), the others left to the command line.
      match: path globs (relative to SRC) a download of the file's dataset holds: a catalog
        entry's (shardify/plan/known_layouts.py); never read to decide a reading.
    """

    layout: layout_lib.SourceLayout
    options: dict[str, object] = field(default_factory=dict)
    match: tuple[str, ...] = ()


def dumps(spec: LayoutSpec, *, source: str, doubt: str = "") -> str:
    """The layout file's text: a comment header (what wrote it, detection's notes, what gives
    labels and splits, a doubt that stopped the run), then the keys."""
    import yaml  # imported when a file is read or written: `--help` stays light
    source_layout = spec.layout
    labels, splits = source_layout.provenance(ratios=spec.options.get("split") or None)
    lines = [
        f"# shardify layout of {source}, as detection read it.",
        "# Mend what is wrong, check it with --dry-run, then convert with it:",
        "#   shardify convert SRC OUT --layout-file THIS_FILE",
        "# Every key: docs/layout-files.md. Detection's notes:",
        *(f"#   - {note}" for note in source_layout.notes),
        f"# labels from: {labels}",
        f"# splits from: {splits}",
    ]
    if doubt:
        lines += ["#", "# DETECTION DOUBTED THIS GUESS, and stopped before writing:"]
        lines += [f"#   {line}" for line in doubt.splitlines() if line.strip()]
    body: dict[str, object] = {"shardify_layout": FORMAT_VERSION}
    body.update(_to_data(source_layout, rename={"name": _LAYOUT_KEY}, skip=_NARRATION))
    options = {
        key: _plain(value)
        for key, value in spec.options.items()
        if key in _ALWAYS_WRITTEN or value != option_defaults()[key]
    }
    if options:
        body["options"] = options
    text = yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=110, default_flow_style=False)
    return "\n".join(lines) + "\n" + text


def split_list_entries(lists: Iterable, most: int = 2) -> str:
    """The layout file's `evidence` entries that keep the first `most` of these split lists (by
    path), as a stop shows them: here so that every stop spells an entry as `loads` reads it.

    >>> from shardify.plan.evidence import Evidence
    >>> split_list_entries([Evidence("b/test.txt", "split list", split="test"), Evidence("a/train.txt", "split list", split="train")])
    '{path: a/train.txt, kind: split list, split: train}, {path: b/test.txt, kind: split list, split: test}'
    """
    return ", ".join(f"{{path: {e.path}, kind: split list, split: {e.split}}}" for e in sorted(lists, key=lambda e: e.path)[:most])


def loads(text: str, *, where: str) -> LayoutSpec:
    """A layout file's content, checked.

    Args:
      text: the file's text.
      where: the file's name, for messages.

    Raises:
      UsageError: not YAML, not a layout file, a key unknown or of the wrong type, a value the
        layout refuses, or a path leaving SRC.
    """
    import yaml  # imported when a file is read or written: `--help` stays light
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise UsageError(f"{where}: a layout file is at most {MAX_BYTES >> 20} MB; this one is larger")
    try:
        data = yaml.load(text, Loader=unique_keys_loader())  # noqa: S506 - a SafeLoader's subclass
    except RecursionError:  # `[[[[...` ten thousand deep: the parser recurses per level
        raise UsageError(f"{where}: not a layout file: nested too deeply") from None
    except RepeatedKey as repeated:
        raise UsageError(
            f"{where}: line {repeated.line} gives the key {repeated.key!r} twice: which value is meant cannot be told"
        ) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        at = f" (line {mark.line + 1})" if mark is not None else ""
        said = " ".join(str(getattr(error, "problem", None) or error).split())  # one line: a reader error spans two
        raise UsageError(f"{where}: not a YAML file{at}: {said}") from None
    try:
        _check_aliases(data, 2 * len(text) + 1024, where)
    except RecursionError:
        raise UsageError(f"{where}: not a layout file: nested too deeply") from None
    if not isinstance(data, dict) or data.get("shardify_layout") != FORMAT_VERSION:
        raise UsageError(
            f"{where}: not a shardify layout file (it starts with `shardify_layout: {FORMAT_VERSION}`; "
            "write one with `shardify convert SRC OUT --dry-run --layout-file FILE`)"
        )
    data = dict(data)
    del data["shardify_layout"]
    options = _options(data.pop("options", None) or {}, where)
    match = _match(data.pop("match", None), where)
    if _LAYOUT_KEY not in data:
        raise UsageError(f"{where}: no `{_LAYOUT_KEY}:` key (one of {', '.join(layout_lib.LAYOUTS)})")
    data["name"] = data.pop(_LAYOUT_KEY)
    try:
        source_layout = _from_data(layout_lib.SourceLayout, data, where, "")
    except RecursionError:  # the checks recurse per level of the file's values
        raise UsageError(f"{where}: not a layout file: nested too deeply") from None
    layout_file_checks.check(source_layout, where)
    return LayoutSpec(source_layout, options, match)


def _check_aliases(data: object, limit: int, where: str) -> None:
    """Refuses YAML aliases that repeat values past what the text could spell out (a text spells at
    most about a value a character): 3,000 aliases of an entry of 3,000 names, 60 kB, made 9
    million values to check (36 s); the billion laughs, 10^9. Each value is counted once per place
    it stands, each list or mapping's count remembered, so the count costs the text's length.

    Raises:
      UsageError: more values than `limit`.
    """
    counted: dict[int, int] = {}

    def count(value: object) -> int:
        if not isinstance(value, (list, dict)):
            return 1
        if id(value) not in counted:
            counted[id(value)] = 1  # while counted: a value holding itself (`&a [*a]`) is the checks' to name
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            counted[id(value)] = 1 + sum(count(item) for item in items)
        return counted[id(value)]

    if count(data) > limit:
        raise UsageError(f"{where}: its YAML aliases (*name) repeat values past {limit:,}, more than its text could give: "
                         "write the values out, or fewer times")


def option_defaults() -> dict[str, object]:
    """READING_OPTIONS' values when not given, as the file writes them (`split` as its text, "")."""
    from shardify.config import ConvertConfig  # config imports this package's layout module

    defaults = {f.name: f.default for f in dataclasses.fields(ConvertConfig) if f.name in READING_OPTIONS}
    return {**defaults, "split": ""}


def _options(data: object, where: str) -> dict[str, object]:
    if not isinstance(data, dict):
        raise UsageError(f"{where}: `options` must be a mapping of option names to values")
    unknown = sorted(str(key) for key in data if key not in _OPTION_TYPES)
    if unknown:
        raise UsageError(f"{where}: options: unknown {', '.join(unknown)} (known: {', '.join(READING_OPTIONS)})")
    options = {key: _value(_OPTION_TYPES[key], value, where, f"options.{key}") for key, value in data.items()}
    if "exclude" in options:  # checked and written as `--exclude`'s: the same globs, the same refusals
        options["exclude"] = tuple(_exclude(i, pattern, where) for i, pattern in enumerate(options["exclude"]))
    if "unlabelled_files" in options:  # (`--unlabelled-files`: globs as `--exclude`'s)
        globs = options["unlabelled_files"]
        options["unlabelled_files"] = tuple(_exclude(i, p, where, "unlabelled_files") for i, p in enumerate(globs))
    return options


def _exclude(i: int, pattern: str, where: str, key: str = "exclude") -> str:
    try:
        return parse_exclude(pattern)
    except ValueError as error:
        raise UsageError(f"{where}: options.{key}[{i}]: {error}") from None


# A catalog entry's `match:` globs: a few short ones say which download it is.
MAX_MATCH_GLOBS = 16
MAX_MATCH_CHARS = 200


def _match(data: object, where: str) -> tuple[str, ...]:
    """`match:`, checked: a list of at most MAX_MATCH_GLOBS short globs, each relative to SRC
    with no `..` (a glob names files of SRC, never outside it)."""
    if data is None:
        return ()
    if not isinstance(data, list) or len(data) > MAX_MATCH_GLOBS:
        raise UsageError(f"{where}: match must be a list of at most {MAX_MATCH_GLOBS} path globs")
    for i, glob in enumerate(data):
        if not isinstance(glob, str) or not glob or len(glob) > MAX_MATCH_CHARS:
            raise UsageError(f"{where}: match[{i}] must be a path glob of 1 to {MAX_MATCH_CHARS} characters, not {glob!r}")
        if "\\" in glob or not is_inside(glob):
            raise UsageError(f"{where}: match[{i}] {glob!r} leaves SRC: write globs relative to SRC, without '..'")
    return tuple(data)


# --------------------------------------------------------------------------------------------------
# Dataclasses to plain data and back, by their type hints
# --------------------------------------------------------------------------------------------------

def _plain(value: object) -> object:
    if dataclasses.is_dataclass(value):
        return _to_data(value, skip=_NARRATION)
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        # (key, value) pairs: split_names, label_levels, codes. YAML writes an empty key as a
        # `? ''` block; files outside split folders are keyed `*` instead.
        return {(k or _NO_FOLDER): _plain(v) for k, v in value}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _to_data(obj: object, *, rename: dict[str, str] | None = None, skip: frozenset[str] = frozenset()) -> dict:
    out: dict[str, object] = {}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.name in skip or value == f.default:
            continue
        out[(rename or {}).get(f.name, f.name)] = _plain(value)
    return out


def _from_data(cls: type, data: object, where: str, path: str) -> object:
    if not isinstance(data, dict):
        raise UsageError(f"{where}: {path or 'the file'} must be a mapping of keys to values")
    hints = typing.get_type_hints(cls)
    known = [f.name for f in dataclasses.fields(cls) if f.name not in _NARRATION]
    unknown = sorted(str(key) for key in data if key not in known)
    if unknown:
        shown = [_LAYOUT_KEY if name == "name" and cls is layout_lib.SourceLayout else name for name in known]
        raise UsageError(f"{where}: {path + ': ' if path else ''}unknown key {', '.join(unknown)} (known: {', '.join(shown)})")
    values = {key: _value(hints[key], value, where, f"{path}.{key}" if path else key) for key, value in data.items()}
    missing = [
        f.name for f in dataclasses.fields(cls)
        if f.name not in values and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    if missing:
        shown = [_LAYOUT_KEY if name == "name" and cls is layout_lib.SourceLayout else name for name in missing]
        raise UsageError(f"{where}: {path + ': ' if path else ''}no {', '.join(f'`{name}:`' for name in shown)} key")
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise UsageError(f"{where}: {path or 'the layout'}: {error}") from None


def _value(hint: object, value: object, where: str, path: str) -> object:
    """`value` as the type `hint` names, or a UsageError naming `path`."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _value(inner, value, where, path)
    if dataclasses.is_dataclass(hint):
        return _from_data(hint, value, where, path)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis and typing.get_origin(args[0]) is tuple:
            key_type, value_type = typing.get_args(args[0])
            if not isinstance(value, dict):
                raise UsageError(f"{where}: {path} must be a mapping")
            return tuple(
                (_value(key_type, "" if k == _NO_FOLDER else k, where, f"{path} key"), _value(value_type, v, where, f"{path}.{k}"))
                for k, v in value.items()
            )
        if not isinstance(value, list):
            raise UsageError(f"{where}: {path} must be a list")
        return tuple(_value(args[0], item, where, f"{path}[{i}]") for i, item in enumerate(value))
    if hint is bool:
        if not isinstance(value, bool):
            raise UsageError(f"{where}: {path} must be true or false, not {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise UsageError(f"{where}: {path} must be a whole number, not {value!r}")
        return value
    if hint is str:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)  # `split_names: {2017: train}` reads 2017 as a number
        if not isinstance(value, str):
            raise UsageError(f"{where}: {path} must be text, not {value!r}")
        return value
    raise AssertionError(f"no reading for {hint!r}")  # a field type this module does not know yet
