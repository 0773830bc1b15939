"""A hint for a stop over inputs nothing labels, where a .txt beside them lists them a line each with fields.

mini-MIAS ships its films as `all-mias/mdb001.pgm` .. `mdb322.pgm` beside `Info.txt`, whose lines
after a prose preamble are `mdb001 G CIRC B 535 425 197`: reference (the film's stem), tissue, class
of abnormality, severity, x, y, radius (a normal film's line stops at its class, `mdb003 D NORM`). The
stop said the labels "may be in all-mias/Info.txt, which shardify does not read", offering options
that could not read it. `--labels Info.txt --label-column N` reads such lines now
(`converters.field_lines`), and which field is the label stays the user's: the stop names the option
with the fields that hold few repeated words, as labels do, each with its values, and the file's
lines that show the inputs' names. Numbers (coordinates, sizes) are no candidate field.

A label may hold spaces (FGVC-Aircraft's `images_family_train.txt`: `1025794 Boeing 707`, `0034309
A300`; torchvision's FGVCAircraft reads each line as `line.strip().split(" ", 1)`): field 2 alone
(`Boeing`) merged Boeing 707 and 727 into one class, a hint whose option wrote wrong labels. Where
the lines' rests (fields 2 to the end) are labels themselves (few, repeated) and the lines differ in
their count of fields, the rest is the label: the hint offers `--labels F` alone (which reads
`name label` lines so, `label_files`) and no column. Where every line has as many fields, which
reading is right cannot be told: the hint names the rest-of-line reading beside the columns.

Only a file whose lines' first fields are the names or stems of sampled inputs, on at least two lines
of two inputs, gets the hint; a prose file whose first words happen to be a file's is not read so
far: its other fields would be words of a sentence, each a value of its own, no repeated labels.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from shardify.beam_jobs.discover.head_reads import head_bytes
from shardify.config import ConvertConfig
from shardify.converters.field_lines import fields as line_fields
from shardify.inputs.whole_numbers import is_decimal
from shardify.plan import path_parts

__all__ = ["field_lines_hint", "label_fields", "rest_labels"]

_READ_BYTES = 256 << 10  # a list's head: mini-MIAS's Info.txt is 10 KiB, its preamble included
_LOOKED_AT = 4  # .txt files read
_SHOWN = 4  # values a field's description names


def label_fields(lines: Sequence[str], names: set[str]) -> tuple[list[str], dict[int, list[str]], int]:
    """(keys, {field number: its values}, lines) of the `lines` whose first field is one of `names`:
    the fields (from 2) that hold two or more words, repeated over those lines, as labels do; no fields
    where fewer than two lines name two of `names`.

    >>> keys, fields, n = label_fields(["MIAS list:", "mdb001 G CIRC B 535 425 197", "mdb003 D NORM",
    ...     "mdb004 D NORM", "mdb005 F CIRC B 477 133 30"], {"mdb001", "mdb003", "mdb004", "mdb005"})
    >>> keys, fields, n
    (['mdb001', 'mdb003', 'mdb004', 'mdb005'], {3: ['CIRC', 'NORM']}, 4)
    """
    rows = [line_fields(line) for line in lines]  # (as the reader splits them: quoted fields unquoted)
    keyed = [row for row in rows if row and row[0] in names]
    keys = list(dict.fromkeys(row[0] for row in keyed))
    if len(keyed) < 2 or len(keys) < 2:
        return keys, {}, len(keyed)
    fields: dict[int, list[str]] = {}
    for number in range(2, max(len(row) for row in keyed) + 1):
        values = [row[number - 1] for row in keyed if len(row) >= number]
        distinct = sorted(set(values))
        if any(is_decimal(v) for v in distinct) or not 2 <= len(distinct) <= len(values) // 2:
            continue  # numbers; one word on every line (a sentence's, no label to tell apart); words of one line each
        fields[number] = distinct
    return keys, fields, len(keyed)


def rest_labels(lines: Sequence[str], names: set[str]) -> tuple[list[str], bool]:
    """(the distinct rests, fields 2 to the end joined by one space, of the lines keyed by `names`,
    whether those lines differ in their count of fields); no rests where they are no labels: numbers
    alone, or not few and repeated (each line's own record).

    >>> rest_labels(["1 Boeing 707", "2 Boeing 727", "3 A300", "4 Boeing 707", "5 A300", "6 Boeing 727"],
    ...     {"1", "2", "3", "4", "5", "6"})
    (['A300', 'Boeing 707', 'Boeing 727'], True)
    >>> rest_labels(["m1 G CIRC B 535 425 197", "m2 D NORM", "m3 F CIRC M 12 40 9", "m4 D NORM"], {"m1", "m2", "m3", "m4"})
    ([], True)
    """
    rows = [row for row in map(line_fields, lines) if len(row) >= 2 and row[0] in names]
    rests = [" ".join(row[1:]) for row in rows]
    distinct = sorted(set(rests))
    varied = len({len(row) for row in rows}) > 1
    if all(is_decimal(f) for row in rows for f in row[1:]) or not 2 <= len(distinct) <= len(rests) // 2:
        return [], varied
    return distinct, varied


def _field(number: int, values: Sequence[str], widths: Sequence[int]) -> str:
    """ "column 4 (B, M; on 9 of 14 lines)": field `number`, its values, and how many of the listing
    lines (of `widths` fields each) have it, where not all do.

    >>> _field(4, ["B", "M"], [7, 3, 7]), _field(3, ["CIRC", "NORM"], [7, 3])
    ('column 4 (B, M; on 2 of 3 lines)', 'column 3 (CIRC, NORM)')
    """
    shown = ", ".join(values[:_SHOWN]) + (", ..." if len(values) > _SHOWN else "")
    having = sum(w >= number for w in widths)
    return f"column {number} ({shown}{f'; on {having} of {len(widths)} lines' if having < len(widths) else ''})"


def field_lines_hint(config: ConvertConfig, media: Sequence[str], others: Sequence[str]) -> str:
    """ "; F's lines name the inputs ...: --labels F --label-column N ..." for the first .txt of `others`
    whose lines list sampled inputs with label-like fields (`label_fields`); "" where none does."""
    if not media:
        return ""
    names = {posixpath.basename(p) for p in media} | {path_parts.stem(p) for p in media}
    for path in [p for p in others if p.lower().endswith(".txt")][:_LOOKED_AT]:
        text = head_bytes(config, path, _READ_BYTES).decode("utf-8", errors="replace")
        lines = text.splitlines()[:-1] if not text.endswith("\n") and len(text) >= _READ_BYTES else text.splitlines()
        keys, fields, _named = label_fields(lines, names)  # (the lines naming inputs: `widths` below counts them)
        rests, varied = rest_labels(lines, names)
        if rests and (varied or not fields):  # (columns would cut labels holding spaces: the rest is the label)
            shown = ", ".join(rests[:_SHOWN]) + (", ..." if len(rests) > _SHOWN else "")
            return (
                f"; {path} can be read as labels, though: its lines name the inputs ({', '.join(keys[:3])}"
                f"{' ...' if len(keys) > 3 else ''}), each followed by its label, words separated by spaces ({shown}): "
                f"--labels {path} reads the rest of each line after the key as its label"
            )
        if not fields:
            continue
        widths = [len(row) for row in map(line_fields, lines) if row[:1] and row[0] in names]
        described = " or ".join(_field(n, values, widths) for n, values in fields.items())
        if rests:
            described += f", or --labels {path} alone for the rest of each line after the key ({', '.join(rests[:_SHOWN])}{', ...' if len(rests) > _SHOWN else ''})"
        return (
            f"; {path} can be read as labels, though: its lines name the inputs ({', '.join(keys[:3])}{' ...' if len(keys) > 3 else ''}), each followed by "
            f"fields separated by spaces: --labels {path} --label-column N reads field N of its lines as their labels "
            f"(the key field 1), N one of {described}; which one is the label is yours to say, lines before the first "
            "that names an input are read as its preamble"
        )
    return ""
