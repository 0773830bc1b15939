"""The plan, checked for the signs of a wrong guess before anything is written.

Detection reads a sample; the plan counts everything. Some counts show that a guess about the
source was wrong, whatever the sample said: labels that are the names of containers, splits or
archives (a wrapper folder read as the class), an alphabet's letters (SUN397's `a/abbey/`: the
class is a level deeper), a validation split without labels beside labelled ones (its labels
are in a file not read; tables of which every file is read, under --label-column, have no such file: `_every_file_read`). Such a plan is refused
(nothing is written, exit 2) with what was found and the option that decides; a guess certain
enough to proceed is said in the plan's notes instead (see `structure.py`).
"""

from __future__ import annotations

from collections.abc import Mapping

from shardify.converters import no_label_values
from shardify.plan.label_spellings import LabelAliases, near_spellings
from shardify.plan.label_vocabularies import mixed_vocabularies
from shardify.plan.layout import SourceLayout
from shardify.plan.number_spellings import number_spellings
from shardify.plan.sampled_claims import unconfirmed
from shardify.plan.shard_plans import PlanSummary
from shardify.plan.structure import is_never_a_class, split_word

__all__ = ["wrong_guess", "LABEL_LEVEL_HINT", "ENCODING_HINT"]

LABEL_LEVEL_HINT = "--label-level N (N counts folders from SRC: 1 for SRC/<class>/..., 0 for no class folders)"
# Ends the reason a table's row gets when it does not decode (converters/tables.py): a table whose
# first row does not is in another encoding, which only --encoding can say.
ENCODING_HINT = "if the table is in another encoding, name it with --encoding (latin-1, cp1252, ...)"
# Labels named in a refusal.
_SHOWN = 5
# A split of these names holds labels; one with none lost them (test splits often ship without).
_VALIDATION = frozenset({"val", "valid", "validation", "dev"})
# Labels each on one record are ids from this many labelled records on (a handful of records
# may each be their own class).
_MIN_RECORDS_FOR_IDS = 20
# Layouts whose labels are a table's column: the ids refusal names --label-column, and yields to it
# (detection's own stop over such a column says to name it to keep it as the label).
_COLUMN_LAYOUTS = ("label_file", "tables")
# One-letter class folders read as an alphabetical index from this many on (a few letters are
# real classes' names in small datasets: a/, b/).
_MIN_INDEX_LETTERS = 5


def _shown(labels: list[str]) -> str:
    return ", ".join(labels[:_SHOWN]) + (f" and {len(labels) - _SHOWN} more" if len(labels) > _SHOWN else "")


def wrong_guess(
    summary: PlanSummary, layout: SourceLayout, *, label_column_given: bool = False, no_label_said: bool = False,
    label_alias: LabelAliases = (), held_counts: Mapping[str, int] | None = None,
) -> str:
    """Why the plan must not be written as it stands (a refusal naming the option that decides),
    or "". `label_column_given`: `--label-column` named the label column, which is then no guess.
    `no_label_said`: `--unlabelled-value` said which label cells mean no label (none, or some).
    `label_alias`: `--label-alias`'s pairs, whose spellings are decided (no near-spelling sign).
    `held_counts`: in an append, each held label's records in the versions before (a new spelling is near them).

    >>> from shardify.plan.shard_plans import SplitPlan
    >>> from shardify.plan.structure import Structure
    >>> plan = PlanSummary("image_folders", "image", False, ("images", "masks"), "single", (), "1",
    ...                    {"train": SplitPlan(4, 40, 1, {"images": 2, "masks": 2})})
    >>> "--label-level" in wrong_guess(plan, SourceLayout("image_folders", "image", structure=Structure(label_levels=(("", 0),))))
    True
    """
    undecoded = sorted({r.relpath for r in summary.reject_examples if r.reason.startswith("first row") and ENCODING_HINT in r.reason})
    if undecoded:
        reason = next(r.reason for r in summary.reject_examples if r.relpath == undecoded[0])
        return f"{_shown(undecoded)}: {reason.removeprefix('first row is ').removeprefix('first rows are ')}"
    labels = list(summary.labels)
    if not labels:
        return ""
    folder_labels = (
        layout.structure is not None
        and not layout.structure.single_class
        and not layout.structure.chosen_level
        and any(level >= 0 for _, level in layout.structure.label_levels)
        and not any(e.gives_labels for e in layout.evidence)
    )
    if folder_labels:  # the labels are folder names
        containers = [label for label in labels if is_never_a_class(label)]
        if containers:
            return (
                f"the class folders include {_shown(containers)}: names of containers or splits, not classes, so the "
                f"class is likely another level; say which with {LABEL_LEVEL_HINT}{_deeper_level(layout, labels, containers)}"
            )
        if (
            len(labels) >= _MIN_INDEX_LETTERS
            and all(len(label) == 1 and label.isalpha() for label in labels)
            and not layout.structure.classes_hold_inputs  # letter folders holding the inputs are the classes
        ):
            return (
                f"every class folder is one letter ({_shown(labels)}): an alphabetical index, like SUN397's a/abbey/; "
                f"the classes are likely a level deeper: say which with {LABEL_LEVEL_HINT}"
            )
    if layout.name in _COLUMN_LAYOUTS and not no_label_said:  # a label column's 'unknown': no label, or a class?
        if unasked := no_label_values.refusal(labels, _label_totals(summary)):
            return unasked
    label_tables = [note.split(": ", 1)[0] for note in summary.notes if "label = " in note]  # each table's label column
    spelled = number_spellings(labels, [*(e.shown for e in layout.evidence if e.gives_labels), *label_tables])
    if spelled:  # one number spelled two ways (blind45: -1.0 beside -1); before the vocabularies, 0.0 being no name
        return spelled
    if summary.label_mode == "single":  # one class spelled two ways on a row or two (blind50: 'Neative' beside 'Negative')
        sources = [*(e.shown for e in layout.evidence if e.gives_labels), *label_tables]
        totals = dict(_label_totals(summary))
        for label, count in (held_counts or {}).items():
            totals[label] = totals.get(label, 0) + count
        if typo := near_spellings(totals, sources, label_alias):
            return typo
    mixed = mixed_vocabularies(
        {name: split.label_counts for name, split in summary.splits.items()},
        (e.shown for e in layout.evidence if e.gives_labels),
    )
    if mixed:  # numbers in one split, names in another (review33: C-NMC's 0/1 table beside all/ hem/)
        return mixed
    # a decision read from sampled rows, borne out by every record's label or refused (after the stops above, which
    # name the fault more closely: one number spelled two ways is no fraction)
    if layout.sampled_claims and (unborne := unconfirmed(layout.sampled_claims, _label_totals(summary))):
        return unborne
    ids = "" if label_column_given and layout.name in _COLUMN_LAYOUTS else _labels_are_ids(summary, layout)
    if ids:
        return ids
    labelled = sorted(name for name, split in summary.splits.items() if split.num_unlabelled < split.num_records)
    if label_column_given and _every_file_read(summary, layout):
        return ""  # the label column named, no file left where a validation split's labels could be: withheld
    for name, split in sorted(summary.splits.items()):
        if labelled and split.num_records and split.num_unlabelled == split.num_records and split_word(name) in _VALIDATION:
            return (
                f"split {name!r} has no labels while {labelled[0]!r} has: a validation split without labels means its "
                "labels are in a file shardify does not read (in an archive, or of a shape it does not know); give "
                "them with --labels FILE, or convert the labelled splits alone"
            )
    return ""


def _label_totals(summary: PlanSummary) -> dict[str, int]:
    """Each label's records over every split."""
    counts: dict[str, int] = {}
    for split in summary.splits.values():
        for name, count in split.label_counts.items():
            counts[name] = counts.get(name, 0) + count
    return counts


def _every_file_read(summary: PlanSummary, layout: SourceLayout) -> bool:
    """Tables where every file of SRC was read as one, none rejected nor set aside. Where `--label-column`
    names the label (no guess of which column), a validation split without labels then has them nowhere
    in SRC (ASAP's `valid_set.tsv` beside `training_set_rel3.tsv`, its scores withheld), and is written
    unlabelled as it ships. Beside an unread file, an archive or a rejected input its labels may be
    there, and with a guessed label column the guess may be what is wrong (EmoBank's meta.tsv, whose
    genres became its own rows' labels): the refusal stands."""
    return layout.name == "tables" and not summary.num_auxiliary and not summary.num_rejected and not summary.num_skipped


def _deeper_level(layout: SourceLayout, labels: list[str], containers: list[str]) -> str:
    """The refusal's concrete offer when the class folders are one level (no split folders): the
    level beneath the containers, and, for the other folders of that level (the Sign Language
    Digits' Examples/ of README previews beside Dataset/<digit>/), the --exclude that leaves out
    their files, which lie in no folder at the deeper level and would be rejected there. Said as a
    choice, not taken: a sibling holding class folders of its own is kept by --label-level alone.
    "" where the folders lie at several levels (split folders): no one number is right there."""
    structure = layout.structure
    levels = {level for _, level in structure.label_levels} if structure is not None else set()
    if structure is None or structure.split_level >= 0 or len(levels) != 1 or min(levels) < 0:
        return ""
    deeper = min(levels) + 2  # the component after the containers' own, counted from SRC (1 for SRC/<class>/)
    offer = f": --label-level {deeper} for the folders under {_shown([f'{c}/' for c in containers])} as the classes"
    others = [label for label in labels if label not in containers]
    # Each glob is the folder's own name: not where labels are renamed from folders (class_names), nor
    # for more folders than a message shows (a partial list would leave some rejected).
    if others and len(others) <= _SHOWN and not structure.class_names:
        globs = " ".join(f"--exclude '{structure.root}{label}/**'" for label in others)
        offer += (
            f", with {globs} if the files of {_shown([f'{structure.root}{o}/' for o in others])} are not inputs "
            "(previews, examples): they lie in no class folder at that level"
        )
    return offer


def _labels_are_ids(summary: PlanSummary, layout: SourceLayout) -> str:
    """A refusal when every label is on exactly one record: a label unique to each input is an id
    (a file name, a row number, an image id column), not a class."""
    if summary.label_mode != "single":
        return ""
    counts = [count for split in summary.splits.values() for count in split.label_counts.values() if count]
    totals: dict[str, int] = {}
    for split in summary.splits.values():
        for label, count in split.label_counts.items():
            totals[label] = totals.get(label, 0) + count
    if len(counts) < _MIN_RECORDS_FOR_IDS or any(count != 1 for count in totals.values()):
        return ""
    if layout.name in _COLUMN_LAYOUTS:
        options = "say which column holds the classes with --label-column C"
    else:
        options = "give the labels with --labels FILE, or convert without labels with --label-level 0"
    return (
        f"every one of the {len(totals)} labels is on exactly one record ({_shown(list(summary.labels))}): a label "
        f"unique to each input is an id, not a class; {options}"
    )
