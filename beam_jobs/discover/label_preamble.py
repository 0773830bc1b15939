"""A field-lines label file's preamble: its lines before the first that names a file, a note of the plan, no rejects.

mini-MIAS's `Info.txt` (`converters.field_lines`, read by `--labels Info.txt --label-column 3`) opens with
prose that says what its columns mean ("1st column: MIAS database reference number.") before the list
(`mdb001 G CIRC B 535 425 197`). Read line by line, each prose line was a row naming no file ('1st',
'2nd', ...) or a line too short for field 3: a reject each, so many beside 322 films that the run stopped
over the reject limit, every film's row read right.

Which lines are prose is not guessed from their words: the join decides, and where it cannot, a line
stays a reject. Where the file's rows that name no file (and its lines the reader could not use) all
come before its first row that names a file, they are its preamble: left out of the rejects and named,
with their line numbers and first keys, in one note of the plan, so nothing is silent and nothing
counts as a lost input more than once. A row naming no file AFTER the list has begun stays a reject of
its own (a film the download lacks), as in any label file; so does every one where no row names a file
at all. So does a leading row shaped as the list's rows are (`list_row`): its label one of those the
rows naming files carry, or its key of their form (`mdb001` among `mdb002`.., `Abyssinian_1` among
`Abyssinian_100`..): a list whose first lines name films the download lacks (the Oxford-IIIT Pet's
list.txt over a partial images/) had those lines folded into the preamble's note, no reject naming
them. Prose keeps neither (`1st`, `#Image`; `Class`, `SPECIES` where a label would be), and a line
wrongly kept is one reject more, never a row lost. A row of a file left out by `--exclude`, or of a path
leaving SRC, names a file: a row, never folded.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import NOTES, REJECTS
from shardify.converters import field_lines, label_files
from shardify.errors import InvalidInputError
from shardify.inputs.excludes import LEFT_OUT
from shardify.plan.entries import Reject

__all__ = ["FoldPreamble", "fold_preamble", "is_field_lines", "key_form", "list_row"]

_SHOWN = 3  # first keys a preamble's note names
_NAMES_NO_FILE = "names no file: "
_DIGITS = re.compile(r"\d+")
_LETTERS = re.compile(r"[^\W\d_]+")


def key_form(key: str) -> str:
    """A key's form: each run of digits 9, each run of letters a, the rest as written.

    >>> key_form("mdb001"), key_form("Abyssinian_100"), key_form("1st"), key_form("#Image"), key_form("0042")
    ('a9', 'a_9', '9a', '#a', '9')
    """
    return _LETTERS.sub("a", _DIGITS.sub("9", key))


def list_row(key: str, labels: Collection[str], forms: Collection[str], named_labels: Collection[str]) -> bool:
    """Whether a row naming no file, of `key` and `labels`, is shaped as the rows naming files are (their
    keys' `forms`, their `named_labels`): a row of the list, not a line of prose.

    >>> list_row("mdb004", ("NORM",), {"a9"}, {"CIRC", "NORM"}), list_row("x", ("NORM",), {"a9"}, {"NORM"})
    (True, True)
    >>> list_row("1st", ("MIAS",), {"a9"}, {"CIRC", "NORM"}), list_row("#Image", ("SPECIES",), {"a_9"}, {"1", "2"})
    (False, False)
    """
    return key_form(key) in forms or bool(labels) and set(labels) <= set(named_labels)


def is_field_lines(labels_file: str, label_column: str, key_column: str) -> bool:
    """Whether the label file is read as field lines (`--labels F.txt --label-column N`, no key column).

    >>> is_field_lines("all-mias/Info.txt", "3", ""), is_field_lines("Info.txt", "", ""), is_field_lines("a.csv", "3", "")
    (True, False, False)
    """
    try:
        lines = label_files.label_file_format(labels_file, key_column) == label_files.LINES
    except InvalidInputError:  # (no label file's extension: the reader says so)
        return False
    return lines and field_lines.field_number(label_column) is not None


def fold_preamble(
    rejects: Iterable[Reject],
    first_named: int | None,
    label_name: str,
    unnamed: Mapping[int, tuple[str, tuple[str, ...]]] | None = None,
    named: tuple[Collection[str], Collection[str]] = ((), ()),
) -> tuple[list[Reject], list[tuple[str, str]]]:
    """(`rejects` less those of `label_name` on lines before `first_named`, the first row naming a file, and
    the plan's note saying how those lines were read), where they are all of its row rejects; `rejects`
    unchanged and no note where a row of it naming no file (or unusable) comes after `first_named`, or
    none names a file. A leading row that is a list's row (`list_row` of its key and labels in `unnamed`,
    {row: (key, labels)}, against the rows naming files: `named`, (key forms, labels)) stays a reject.

    >>> rows = [Reject("Info.txt", "labels", "names no file: '1st'", 2), Reject("Info.txt", "labels", "2 fields, no field 3", 1)]
    >>> kept, notes = fold_preamble(rows + [Reject("mdb002.pgm", "labels", "x")], 9, "Info.txt")
    >>> [r.relpath for r in kept], notes[0][1][:60]
    (['mdb002.pgm'], 'lines 1-2, before its first line that names a file (line 9),')
    >>> len(fold_preamble(rows + [Reject("Info.txt", "labels", "names no file: 'mdb9'", 12)], 9, "Info.txt")[0])
    3
    >>> missing = Reject("Info.txt", "labels", "names no file: 'mdb001'", 3)
    >>> kept, notes = fold_preamble(rows + [missing], 9, "Info.txt", {2: ("1st", ("MIAS",)), 3: ("mdb001", ("CIRC",))}, ({"a9"}, {"NORM"}))
    >>> [r.reason for r in kept], notes[0][1][:9]
    (["names no file: 'mdb001'"], 'lines 1-2')
    >>> excluded = Reject("Info.txt", "labels", "left out by --exclude: 'mdb001'", 3)
    >>> [r.reason for r in fold_preamble(rows + [excluded], 9, "Info.txt")[0]]
    ["left out by --exclude: 'mdb001'"]
    """
    rejects = list(rejects)
    unnamed = unnamed or {}
    own = sorted((r for r in rejects if r.relpath == label_name and r.row > 0), key=lambda r: r.row)
    if first_named is None or not own or own[-1].row > first_named:
        return rejects, []
    rows = [
        r for r in own if not (r.reason.startswith(_NAMES_NO_FILE) and r.row in unnamed and list_row(*unnamed[r.row], *named))
    ]
    folded = {id(r) for r in rows if not r.reason.startswith(("path ", LEFT_OUT))}  # (a path leaving SRC, an excluded file: rows)
    own = [r for r in own if id(r) in folded]
    if not own:
        return rejects, []
    keys = [r.reason.split(": ", 1)[1] for r in own if r.reason.startswith(_NAMES_NO_FILE)][:_SHOWN]
    shown = f" (keys {', '.join(keys)}{' ...' if len(own) > len(keys) else ''})" if keys else ""
    note = (
        f"lines {own[0].row}-{own[-1].row}, before its first line that names a file (line {first_named}), name none "
        f"and are not `key ... field` rows{shown}: read as its preamble, {len(own)} lines not rows"
    )
    return [r for r in rejects if id(r) not in folded], [(label_name, note)]


class FoldPreamble(beam.PTransform):
    """(candidates, rejects) of a field-lines label file's join -> {REJECTS: its rejects less the
    preamble's lines, NOTES: the note saying how they were read}."""

    def __init__(self, label_name: str) -> None:
        super().__init__()
        self._label_name = label_name

    def expand(self, pcolls: tuple[beam.PCollection, ...]) -> dict[str, beam.PCollection]:
        candidates, rejects, rows = pcolls  # rows: (key, (row, labels, ...)) as the join read them
        named_rows = candidates | "NamedRows" >> beam.FlatMap(lambda batch: [(c.row, True) for c in batch if c.row > 0])
        first_named = (
            named_rows
            | "NamedRowNumbers" >> beam.Keys()
            | "FirstNamedRow" >> beam.CombineGlobally(lambda rows: min(rows, default=None))
        )
        by_row = {
            "row": rows | "RowsByNumber" >> beam.Map(lambda kv: (kv[1][0], (kv[0], tuple(kv[1][1] or ())))),
            "named": named_rows,
        } | "JoinNamedRows" >> beam.CoGroupByKey()
        named = (
            by_row
            | "NamedForms"
            >> beam.FlatMap(
                lambda kv: (
                    [("form", key_form(k)) for k, _ in kv[1]["row"]] + [("label", x) for _, ls in kv[1]["row"] for x in ls]
                    if kv[1]["named"]
                    else []
                )
            )
            | "DistinctForms" >> beam.Distinct()
            | "AllNamedForms" >> beam.combiners.ToList()
            | "FormsAndLabels"
            >> beam.Map(lambda tagged: ({v for t, v in tagged if t == "form"}, {v for t, v in tagged if t == "label"}))
        )
        unnamed = by_row | "UnnamedRows" >> beam.FlatMap(lambda kv: [] if kv[1]["named"] else [(kv[0], kv[1]["row"][0])])
        name = self._label_name
        folded = (
            rejects
            | "AllLabelRejects" >> beam.combiners.ToList()
            | "FoldPreambleRows"
            >> beam.Map(
                lambda found, first, rows, forms: fold_preamble(found, first, name, rows, forms),
                beam.pvalue.AsSingleton(first_named),
                beam.pvalue.AsDict(unnamed),
                beam.pvalue.AsSingleton(named),
            )
        )
        return {
            REJECTS: folded | "KeptRejects" >> beam.FlatMap(lambda pair: pair[0]),
            NOTES: folded | "PreambleNote" >> beam.FlatMap(lambda pair: pair[1]),
        }
