"""An append's layout, taken from OUT instead of detected again, where the files detection would
look at are of the kinds OUT holds already.

Detection reads its rules over a sample of up to 2,000 of SRC's files; an append to an output of
31,680 images paid that (~180 ms of CPU, against ~35 ms over the 320 new files alone) to find the
layout the output's manifest records already. So an append first lists the same sample, then keeps
the recorded layout when nothing in it could change the decision:

- the options are the ones OUT was converted with (the manifest's, `--shards` aside), no
  `--layout`, `--layout-file` or `--exclude` (its note counts today's files), SRC a local folder;
- the recorded layout reads nothing but paths: image or text folders, labels from folders (no
  label, split or annotation file, no name pattern, no objects), rebuilt to the same record;
- every sampled file OUT does not hold lies in a folder where OUT holds inputs, with an extension
  OUT holds there, and is named after no other file of its folder (`0_mask.jpg` beside `0.jpg`: a
  companion detection pairs, `_companions`); every top folder holds held inputs; every folder of held
  inputs is in the sample.

Anything else (a new folder, a file of another kind, a label file, a folder gone) is detected as
before, so a new file that would change the layout is detected or stops as it always did. The held
inputs are read with the checks `append_plan` makes (`load_held` keeps them for it).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import types
import typing
from collections.abc import Callable, Sequence

from shardify.beam_jobs.discover.held import HeldInputs, load_held
from shardify.config import ConvertConfig
from shardify.format import naming
from shardify.format.inputs_file import records_per_version
from shardify.format.manifest import load_manifest
from shardify.inputs.paths import is_local_path
from shardify.plan import layout
from shardify.plan.layout import SourceLayout

__all__ = ["held_layout_reuse"]

_LOG = logging.getLogger("shardify")

# Layouts whose inputs' labels and splits come from their folders alone.
_FOLDER_LAYOUTS = (layout.IMAGE_FOLDERS, layout.TEXT_FOLDERS)
# Fields such a layout may set; every other field must keep its default (no file read for it).
_PATH_FIELDS = frozenset({"name", "media", "split_folders", "notes", "structure", "objects"})
# Options that do not steer detection (`--shards` only sizes the shards).
_NOT_DETECTION = frozenset({"shards"})

Reuse = Callable[[ConvertConfig, Sequence[str], Sequence[str]], SourceLayout | None]


def held_layout_reuse(output: str) -> Reuse:
    """`reuse(config, sampled relpaths, top folders)`: OUT's recorded layout where the sample
    shows nothing it does not hold (see the module's docstring), else None: detect."""

    def reuse(config: ConvertConfig, sample: Sequence[str], top_folders: Sequence[str]) -> SourceLayout | None:
        try:
            found, held = _recorded(config, output)
        except Exception as error:  # noqa: BLE001 - no usable output: detection and append_plan say what is wrong
            _LOG.debug("--append: detecting the layout (%s's recorded one not usable: %s)", output, error)
            return None
        if found is None or held is None:
            return None
        if not _same_kinds(held, sample, top_folders):
            return None
        _LOG.info("--append: layout %s as %s records it: no file in SRC's sample is of a kind it does not hold, so not detected again", found.name, output)
        return found

    return reuse


def _recorded(config: ConvertConfig, output: str) -> tuple[SourceLayout | None, HeldInputs | None]:
    """(OUT's layout rebuilt, its held inputs) where the options allow taking it; (None, None)."""
    if config.layout_given is not None or config.layout or config.exclude or not is_local_path(config.source):
        return None, None
    latest = load_manifest(output)
    options = dict(latest.data.get("options", {}))
    stored = options.pop("source_layout", None)
    given = json.loads(json.dumps(config.manifest_options()))
    if {k: v for k, v in given.items() if k not in _NOT_DETECTION} != {k: v for k, v in options.items() if k not in _NOT_DETECTION}:
        return None, None
    found = _paths_only(stored)
    if found is None or not latest.versions:
        return None, None
    per_version = records_per_version(
        (split.name, shard.path, shard.num_records) for split in latest.splits.values() for shard in split.shards
    )
    names = tuple(naming.inputs_filename(n) for n in range(1, latest.version + 1))
    return found, load_held(output, names, per_version)  # (checked as append_plan checks them, and kept for it)


def _paths_only(stored: object) -> SourceLayout | None:
    """The recorded layout, rebuilt, where it reads nothing but paths and rebuilds to the very
    record (a field this reading does not know would differ); else None."""
    if not isinstance(stored, dict) or stored.get("name") not in _FOLDER_LAYOUTS:
        return None
    try:
        found = _rebuilt(SourceLayout, stored)
    except (TypeError, ValueError, KeyError):
        return None
    if json.loads(json.dumps(dataclasses.asdict(found))) != stored:
        return None
    defaults = SourceLayout(name=found.name, media=found.media)
    if any(getattr(found, f.name) != getattr(defaults, f.name) for f in dataclasses.fields(SourceLayout) if f.name not in _PATH_FIELDS):
        return None
    if found.structure is None or found.structure.name_pattern is not None or found.objects.any:
        return None
    return found


def _rebuilt(hint: object, value: object) -> object:
    """`value` (a dataclass as `dataclasses.asdict` and JSON left it) as the type `hint` names."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _rebuilt(inner, value)
    if dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            raise TypeError(f"{hint} from {type(value).__name__}")
        hints = typing.get_type_hints(hint)
        return hint(**{key: _rebuilt(hints[key], item) for key, item in value.items()})
    if origin is tuple:
        if not isinstance(value, list):
            raise TypeError(f"a tuple from {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_rebuilt(args[0], item) for item in value)
        return tuple(_rebuilt(a, item) for a, item in zip(args, value, strict=True))
    return value


def _kind(path: str) -> tuple[str, str]:
    """(the folder, the extension in lower case, "" for none or a name starting with its only dot):
    `posixpath.splitext`'s but for names starting with several dots, at half its cost (31,680 held
    paths: 22 → 10 ms); held and sampled paths are read alike."""
    folder, _, name = path.rpartition("/")
    dot = name.rfind(".")
    return folder, name[dot:].lower() if dot > 0 else ""


def _same_kinds(held: HeldInputs, sample: Sequence[str], top_folders: Sequence[str]) -> bool:
    """Every sampled file is held, or lies in a folder of held inputs with an extension held there;
    every top folder holds held inputs; every folder of held inputs is sampled."""
    kinds: dict[str, set[str]] = {}
    for path in held.paths:
        folder, extension = _kind(path)
        kinds.setdefault(folder, set()).add(extension)
    tops = {folder.split("/", 1)[0] for folder in kinds if folder}
    if any(top not in tops for top in top_folders):
        return False
    seen: set[str] = set()
    new = []
    for path in sample:
        folder, extension = _kind(path)
        seen.add(folder)
        if path not in held:
            if extension not in kinds.get(folder, ()):
                return False
            new.append((folder, extension, path))
    return seen >= kinds.keys() and not _companions(new, held, sample, kinds)


def _companions(new: Sequence[tuple[str, str, str]], held: HeldInputs, sample: Sequence[str], kinds: dict[str, set[str]]) -> bool:
    """Some new file is named after another file of its folder, its stem that one's and an ending
    (`0_mask.jpg` beside `0.jpg`, `000001.jpg_face.jpg`): a companion that detection pairs with its
    input (a mask, a crop), never an input of the layout OUT holds. Twelve `<n>_mask.jpg` beside
    class folders' `<n>.jpg` had been appended as images of the classes, exit 0, where detection
    stops the append (review26)."""
    if not new:
        return False
    stems = {path.rpartition(".")[0] if "." in path.rpartition("/")[2][1:] else path for path in sample}
    for folder, extension, path in new:
        stem = path[: len(path) - len(extension)] if extension else path
        start = len(folder) + 1 if folder else 0
        for i in range(start + 1, len(stem)):
            if stem[i] in "_-." and (stem[:i] in stems or any(stem[:i] + other in held for other in kinds.get(folder, ()))):
                return True
    return False
