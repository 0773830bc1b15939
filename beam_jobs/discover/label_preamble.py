"""A field-lines label file's preamble: its lines before the first that names a file, a note of the plan, no rejects.

mini-MIAS's `Info.txt` (`converters.field_lines`, read by `--labels Info.txt --label-column 3`) opens with
prose that says what its columns mean ("1st column: MIAS database reference number.") before the list
(`mdb001 G CIRC B 535 425 197`). Read line by line, each prose line was a row naming no file ('1st',
'2nd', ...) or a line too short for field 3: a reject each, so many beside 322 films that the run stopped
over the reject limit, every film's row read right.

Which lines are prose is not guessed from their words: the join decides. Where the file's rows that
name no file (and its lines the reader could not use) all come before its first row that names a
file, they are its preamble: folded into one reject of the label file that names their line numbers
and first keys, so nothing is silent and nothing counts as a lost input more than once. A row naming
no file AFTER the list has begun stays a reject of its own (a film the download lacks), as in any
label file; so does every one where no row names a file at all.
"""

from __future__ import annotations

from collections.abc import Iterable

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import NOTES, REJECTS
from shardify.converters import field_lines, label_files
from shardify.errors import InvalidInputError
from shardify.plan.entries import Reject

__all__ = ["FoldPreamble", "fold_preamble", "is_field_lines"]

_SHOWN = 3  # first keys a preamble's note names


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
    rejects: Iterable[Reject], first_named: int | None, label_name: str
) -> tuple[list[Reject], list[tuple[str, str]]]:
    """(`rejects` less those of `label_name` on rows before `first_named`, the first row naming a file, and
    the plan's note saying how those lines were read), where they are all of its row rejects; `rejects`
    unchanged and no note where a row of it naming no file (or unusable) comes after `first_named`, or
    none names a file.

    >>> rows = [Reject("Info.txt", "labels", "names no file: '1st'", 2), Reject("Info.txt", "labels", "2 fields, no field 3", 1)]
    >>> kept, notes = fold_preamble(rows + [Reject("mdb002.pgm", "labels", "x")], 9, "Info.txt")
    >>> [r.relpath for r in kept], notes[0][1][:60]
    (['mdb002.pgm'], 'lines 1-2, before its first line that names a file (line 9),')
    >>> len(fold_preamble(rows + [Reject("Info.txt", "labels", "names no file: 'mdb9'", 12)], 9, "Info.txt")[0])
    3
    """
    rejects = list(rejects)
    own = sorted((r for r in rejects if r.relpath == label_name and r.row > 0), key=lambda r: r.row)
    if first_named is None or not own or own[-1].row > first_named:
        return rejects, []
    keys = [r.reason.split(": ", 1)[1] for r in own if r.reason.startswith("names no file: ")][:_SHOWN]
    shown = f" (keys {', '.join(keys)}{' ...' if len(own) > len(keys) else ''})" if keys else ""
    note = (
        f"lines {own[0].row}-{own[-1].row}, before its first line that names a file (line {first_named}), name none "
        f"and are not `key ... field` rows{shown}: read as its preamble, {len(own)} lines not rows"
    )
    return [r for r in rejects if not (r.relpath == label_name and r.row > 0)], [(label_name, note)]


class FoldPreamble(beam.PTransform):
    """(candidates, rejects) of a field-lines label file's join -> {REJECTS: its rejects less the
    preamble's lines, NOTES: the note saying how they were read}."""

    def __init__(self, label_name: str) -> None:
        super().__init__()
        self._label_name = label_name

    def expand(self, pcolls: tuple[beam.PCollection, beam.PCollection]) -> dict[str, beam.PCollection]:
        candidates, rejects = pcolls
        first_named = (
            candidates
            | "NamedRows" >> beam.FlatMap(lambda batch: [c.row for c in batch if c.row > 0])
            | "FirstNamedRow" >> beam.CombineGlobally(lambda rows: min(rows, default=None))
        )
        name = self._label_name
        folded = (
            rejects
            | "AllLabelRejects" >> beam.combiners.ToList()
            | "FoldPreambleRows"
            >> beam.Map(lambda rows, first: fold_preamble(rows, first, name), beam.pvalue.AsSingleton(first_named))
        )
        return {
            REJECTS: folded | "KeptRejects" >> beam.FlatMap(lambda pair: pair[0]),
            NOTES: folded | "PreambleNote" >> beam.FlatMap(lambda pair: pair[1]),
        }
