"""A YOLO export's data.yaml: the class names its label lines number.

Ultralytics' documentation gives `names` in two forms, a list (`names: [cat, dog]`) and a mapping
of class index to name (`names: {0: cat, 1: dog}`, what Ultralytics' own exports and its dataset
YAMLs write). A label line's class is an index into them, so a mapping must hold every index
0..n-1 once: anything else would number the classes wrong, and is refused with what is wrong.
"""

from __future__ import annotations

from shardify.errors import InvalidInputError
from shardify.inputs.whole_numbers import whole_number
from shardify.plan.label_names import normalise_label

__all__ = ["read_yaml", "yolo_names"]


def read_yaml(data: bytes) -> object:
    """A YAML document (safe types only).

    Raises:
      InvalidInputError: not YAML.
    """
    import yaml

    try:
        return yaml.safe_load(data.decode("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError, RecursionError) as error:
        raise InvalidInputError(f"not YAML: {str(error).splitlines()[0] if str(error) else 'nested too deep'}") from None
    except ValueError:  # an int of more than 4,300 digits: Python's int() refuses it inside the loader
        raise InvalidInputError("not YAML this reads: a number of thousands of digits") from None


def yolo_names(document: object) -> tuple[str, ...] | None:
    """The class names of a YOLO data.yaml (as `read_yaml` gives it), or None where it gives no
    `names`. Ultralytics' documentation gives `names` as a list (`[cat, dog]`) or as a mapping of
    class index to name (`{0: cat, 1: dog}`, what its own exports write); a mapping's keys must be
    the whole numbers 0..n-1 (YAML ints, or digits quoted as strings), since a label line's class
    is its index.

    Raises:
      InvalidInputError: `names` present but in neither form (the reason says what is wrong).
    """
    names = document.get("names") if isinstance(document, dict) else None
    if names is None:
        return None
    if isinstance(names, dict):
        names = _indexed_names(names)
    if not isinstance(names, list) or not names:
        raise InvalidInputError(f"`names` is {type(names).__name__}: expected a list of class names or {{0: name, 1: name, ...}}")
    for index, name in enumerate(names):
        if isinstance(name, bool) or not isinstance(name, (str, int)) or not normalise_label(str(name)):
            raise InvalidInputError(f"`names` entry {index} is {_shown(name)}: expected a class name")
    found = tuple(normalise_label(str(n)) for n in names)
    if len(set(found)) != len(found):
        shared = next(n for n in found if found.count(n) > 1)
        raise InvalidInputError(f"`names` gives {shared!r} to more than one class index")
    return found


def _indexed_names(names: dict) -> list:
    """The names of `{0: name, 1: name, ...}` in index order.

    Raises:
      InvalidInputError: a key that is not a whole number, or keys other than 0..n-1.
    """
    indexed = {}
    for key, name in names.items():
        index = key if isinstance(key, int) else whole_number(key.strip()) if isinstance(key, str) else None
        if isinstance(key, bool) or index is None:  # (a key past 18 digits: none, not int()'s ValueError)
            raise InvalidInputError(f"`names` key {_shown(key)} is not a class index: expected {{0: name, 1: name, ...}}")
        if index in indexed:
            raise InvalidInputError(f"`names` gives class index {index} twice")
        indexed[index] = name
    if sorted(indexed) != list(range(len(indexed))):
        missing = next(i for i in range(len(indexed)) if i not in indexed)
        raise InvalidInputError(f"`names` keys are not 0..{len(indexed) - 1}: class index {missing} has no name")
    return [indexed[i] for i in range(len(indexed))]


# A value shown in a refusal is cut to this many characters.
_SHOWN_CHARS = 80


def _shown(value: object) -> str:
    """`value` as a refusal shows it: a scalar's repr, cut; a list or mapping by its type alone.
    YAML aliases make a few hundred bytes a list of 10^9 names (the billion laughs): the loader
    shares the nested lists, but their repr walks every one (the run hung)."""
    if isinstance(value, (str, int, float, bool, type(None))):
        text = repr(value) if not isinstance(value, int) or abs(value) < 10**_SHOWN_CHARS else "a number too long to show"
        return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 3] + "..."
    return f"a {type(value).__name__}"
