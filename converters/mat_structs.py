"""Per-image annotations kept as a MATLAB (v5) struct array, read by the shapes datasets ship.

A struct array holds one element per image, its fields the image's file, box and class:

  Stanford Cars devkit   cars_train_annos.mat: `annotations` 1 x N with bbox_x1 bbox_y1 bbox_x2
                         bbox_y2 (pixels) class (from 1) fname; cars_test_annos.mat: no class;
                         cars_meta.mat: `class_names`, a 1 x 196 cell
  Stanford Cars, whole   cars_annos.mat: `annotations` with relative_im_path, the same box and
                         class fields, and `test` (1: the test split, 0: train)

The shapes are rows of `KNOWN_SHAPES` (data, not code per dataset): which field names the file,
which four the box's corners, which the class, and which the split. A struct with the file field
and all four box fields gives objects (boxes with classes); with the file and class fields and no
box, labels. MATLAB counts pixels from 1, so a box (1, 1, 10, 10) covers pixels 0-9, as Pascal
VOC's. An element whose value is missing (MATLAB's empty []), not one number, not finite, or a
class past the class names is its image's reject, with the reason; it is never stored as 0.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from shardify.errors import InvalidInputError
from shardify.plan.entries import SourceObject
from shardify.plan.label_names import normalise_label

__all__ = ["StructShape", "KNOWN_SHAPES", "NAME_VARIABLES", "StructFound", "find_struct", "class_names", "StructRow", "struct_rows"]


@dataclass(frozen=True)
class StructShape:
    """The fields of one known annotation struct.

    Attributes:
      name: for the plan.
      file: the field naming the image (a file name, or a path below the images' folder).
      box: the fields of the box's corners (x1, y1, x2, y2) in pixels counted from 1, or ().
      label: the class field, or "".
      class_base: the number of the first class name.
      split: the field giving the split, or "".
      split_codes: (value, split) of the split field.
    """

    name: str
    file: str
    box: tuple[str, ...] = ()
    label: str = ""
    class_base: int = 1
    split: str = ""
    split_codes: tuple[tuple[int, str], ...] = ()


_CARS_BOX = ("bbox_x1", "bbox_y1", "bbox_x2", "bbox_y2")
KNOWN_SHAPES: tuple[StructShape, ...] = (
    StructShape("Stanford Cars devkit annotations", "fname", _CARS_BOX, "class"),
    StructShape("Stanford Cars annotations", "relative_im_path", _CARS_BOX, "class", split="test", split_codes=((0, "train"), (1, "test"))),
)
# A box corner or class number beyond this is no value a dataset holds (a 1e30 would overflow the
# record's coordinates): its element is rejected.
_MAX_NUMBER = 1e9
# Variables of a .mat file beside the annotations that hold the class names (a cell of strings).
NAME_VARIABLES = ("class_names", "classes", "names")


@dataclass(frozen=True)
class StructFound:
    """A struct array of a known shape in a .mat file.

    Attributes:
      variable: its name in the file.
      shape: the shape it has; `box` and `label` cut to the fields it holds.
      first_file: its first element's file, as written (how its keys name files).
    """

    variable: str
    shape: StructShape
    first_file: str


def _fields(value: Any) -> tuple[str, ...]:
    names = getattr(getattr(value, "dtype", None), "names", None)
    return tuple(names) if names else ()


def find_struct(variables: Mapping[str, Any]) -> StructFound | None:
    """The first struct array of the file that has a known shape's file field, or None.

    Raises:
      InvalidInputError: it has some of the shape's box fields but not all (its boxes cannot be
        read; storing the images without them would lose them).
    """
    for variable, value in sorted(variables.items()):
        fields = set(_fields(value))
        for shape in KNOWN_SHAPES:
            if shape.file not in fields or (shape.split and shape.split not in fields):
                continue
            missing = [f for f in shape.box if f not in fields]
            if shape.box and missing and len(missing) < len(shape.box):
                raise InvalidInputError(
                    f"its struct {variable!r} has {', '.join(f for f in shape.box if f in fields)} but no "
                    f"{', '.join(missing)}: its boxes cannot be read"
                )
            box = shape.box if not missing else ()
            label = shape.label if shape.label in fields else ""
            if not box and not label:
                continue  # file names alone label nothing
            elements = value.reshape(-1)
            first = _text(elements[0][shape.file]) if elements.size else None
            cut = StructShape(shape.name, shape.file, box, label, shape.class_base, shape.split, shape.split_codes)
            return StructFound(variable, cut, first or "")
    return None


def class_names(variables: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The class names a .mat file holds (`class_names`, a cell of strings), or None."""
    for name in NAME_VARIABLES:
        value = variables.get(name)
        if value is None or getattr(value, "dtype", None) is None or value.dtype != object:
            continue
        found = [_text(cell) for cell in value.reshape(-1)]
        try:
            names = tuple(normalise_label(name) for name in found if name)
        except InvalidInputError:
            return None
        if names and len(names) == len(found) and len(set(names)) == len(names):
            return names
    return None


@dataclass(frozen=True)
class StructRow:
    """One element of the struct: the image it names and what it gives, or why it cannot.

    Attributes:
      row: its place in the struct, from 1.
      file: the image's file as written, or "" (then `error` says why).
      split: the split its split field gives, or "".
      labels: its class name, or None where the struct gives no class.
      objects: its box with its class, or None where the struct gives no box.
      error: why the element is unusable.
    """

    row: int
    file: str
    split: str = ""
    labels: tuple[str, ...] | None = None
    objects: tuple[SourceObject, ...] | None = None
    error: str = ""


def struct_rows(variables: Mapping[str, Any], variable: str, names: Sequence[str]) -> Iterator[StructRow]:
    """Every element of the struct `variable` (of a known shape) as a StructRow.

    Args:
      names: the class names, from the shape's class_base on; () where none are shipped: the
        class numbers are the names.

    Raises:
      InvalidInputError: no such struct of a known shape.
    """
    found = find_struct({variable: variables.get(variable)}) if variable in variables else None
    if found is None:
        raise InvalidInputError(f"no struct array of a known shape named {variable!r}")
    shape = found.shape
    codes = dict(shape.split_codes)
    for index, element in enumerate(variables[variable].reshape(-1), start=1):
        file = _text(element[shape.file])
        if not file:
            yield StructRow(index, "", error=f"element {index} of {variable!r}: its {shape.file} is not a file name")
            continue
        try:
            split = ""
            if shape.split:
                value = _number(element[shape.split], shape.split)
                if value not in codes:
                    raise InvalidInputError(f"{shape.split} is {value:g}, not one of {', '.join(str(c) for c in codes)}")
                split = codes[int(value)]
            label = _class_name(element[shape.label], shape, names) if shape.label else None
            objects = None
            if shape.box:
                x1, y1, x2, y2 = (_number(element[field], field) for field in shape.box)
                objects = (SourceObject(label=label or "", box=(x1 - 1, y1 - 1, x2, y2)),) if label else None
        except InvalidInputError as error:
            yield StructRow(index, file, error=f"element {index} of {variable!r}: {error.reason}")
            continue
        yield StructRow(index, file, split, (label,) if label else None, objects)


def _class_name(value: Any, shape: StructShape, names: Sequence[str]) -> str:
    number = _number(value, shape.label)
    if number != int(number):
        raise InvalidInputError(f"{shape.label} is {number:g}, not a whole number")
    if not names:
        return str(int(number))
    index = int(number) - shape.class_base
    if not 0 <= index < len(names):
        raise InvalidInputError(f"{shape.label} {int(number)} is past the {len(names)} class names")
    return names[index]


def _number(value: Any, field: str) -> float:
    """The one finite number a field holds.

    Raises:
      InvalidInputError: empty (MATLAB's []), several values, not a number, nan or inf.
    """
    import numpy as np

    array = np.asarray(value).reshape(-1)
    if array.size != 1:
        raise InvalidInputError(f"{field} holds {array.size} values, not one number")
    try:
        number = float(array[0])
    except (TypeError, ValueError):
        raise InvalidInputError(f"{field} is {str(array[0])[:40]!r}, not a number") from None  # no np.str_(...) repr
    if number != number or number in (float("inf"), float("-inf")):
        raise InvalidInputError(f"{field} is {number}, not a finite number")
    if abs(number) > _MAX_NUMBER:
        raise InvalidInputError(f"{field} is {number:g}, past {_MAX_NUMBER:,.0f}: no pixel coordinate or class number")
    return number


def _text(value: Any) -> str | None:
    """The string a MATLAB char array holds (scipy gives a 1-element array of str), or None."""
    import numpy as np

    array = np.asarray(value).reshape(-1)
    if array.size != 1 or not isinstance(array[0], str) or not array[0].strip():
        return None
    return array[0].strip()
