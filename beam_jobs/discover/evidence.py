"""JoinEvidence: each input's split and labels from the files the dataset ships about them.

    evidence files --ReadEvidence--> ((rule, key), (file, EvidenceRow))   \\
                                                                           +--JoinOnKeys--> per input: its rows
    [Candidate] --KeyByRules--> ((rule, key), Candidate)                   /     --Resolve--> [Candidate]

A split list, a split code file, an attribute matrix or a COCO file names files by a key (see
`shardify.plan.evidence.KeyRule`); every input is keyed once per rule in use and joined with the
rows of that key. Then, per input: its split is the one its rows give (an input no split file
names, when the dataset's splits come from files, is rejected, saying which files; one named in
two splits too). Where every split file is a list of files (split lists, split codes), an input
none names is no record of the dataset, as its loaders read it (MIT Indoor 67's images in neither
TrainImages.txt nor TestImages.txt, VOC's action-only images): it is set aside with the files
shipped beside the inputs (UNLISTED), counted, not rejected, where the lists give two splits or
more; a list's row that names no input is still rejected, so lists keyed wrongly cannot empty the
output quietly. its labels are its rows' where its path gave none (class folders win: the files
beside them say the same, or other things: DTD's joint annotations, more labels than a folder).
A row that names no input is rejected with its line. Only metadata is grouped. Reading each
evidence file into its rows is `read_evidence.py`'s; this module keys the inputs, joins, resolves.

Behind a label file (`label_file.JoinLabelFile`), the files no row of it names come here
unlabelled (`unlabelled=True`): one a list of an unlabelled split names (a competition's
`test.csv` of ids beside `train.csv` of labels) is written there, unlabelled; one in a split whose
other inputs the label file labels, or one no list names, is rejected, saying so (never set aside,
never written unlabelled among labelled records). The label file read as a split list too (its
rows' split, `train.csv`) leaves its rows naming no file to the label file's join, which reports
them: they are not rejected twice.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Iterable, Iterator, Sequence

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import REJECTS, reject
from shardify.beam_jobs.discover.read_evidence import ReadEvidence
from shardify.format.contract import ObjectSchema
from shardify.inputs.excludes import LEFT_OUT
from shardify.plan import annotated_sets, derived_names, layout, split_annotation_folders, twin_folders
from shardify.plan.entries import Batch, Candidate
from shardify.plan.evidence import (
    ANNOTATION_FOLDERS,
    BOX_FILES,
    COCO_SPLIT,
    LABEL_LINES,
    MAT_SPLITS,
    SPLIT_CODES,
    SPLIT_LIST,
    SEGMENTATION_MASKS,
    Evidence,
    KeyRule,
    file_key,
)

__all__ = ["JoinEvidence", "UNLISTED", "rest_split", "unlisted_in_no_split"]

_ROWS, _FILES, _MATCHED = "rows", "files", "matched"
# Behind a label file: the inputs it does not name that a list placed (split, Candidate), and the
# splits of those it labels.
_UNNAMED, _LABELLED_SPLITS = "unnamed", "labelled_splits"
# Inputs in no split list, where lists give the splits: not records (relative paths).
UNLISTED = "unlisted"
# Split files that list the files of each split: what they leave out is in no split.
_LISTS = (SPLIT_LIST, SPLIT_CODES, MAT_SPLITS)
_STAGE = "labels"
# Inputs handed on together after the join (see candidates.BATCH_SIZE).
_BATCH = 1000


class _MatchRows(beam.DoFn):
    """((rule, key), {files, rows}) -> (record id, (Candidate, rows)) per input, Rejects for rows
    naming no input and for a key naming several (but the label file's: its join reports those)."""

    def __init__(
        self, label_file: str = "", rules: Sequence[KeyRule] = (), left_out: frozenset = frozenset(), derived: Sequence[str] = (),
        annotation_folders: Sequence[str] = (), split_files: dict[str, str] | None = None,
    ) -> None:
        self._split_files = dict(split_files or {})  # {per-split COCO file: its split}: `split_annotation_folders`
        self._derived = tuple(derived)  # `SourceLayout.derived_names`: a file and its crops share a key
        self._annotation_folders = frozenset(annotation_folders)  # (their twins pair with them: `twin_folders`)
        self._label_file = label_file
        self._rules = tuple(rules)
        self._left_out = left_out  # ((rule, key) of each file `--exclude` left out)

    def _twins(self, files: Sequence[Candidate], rows: Sequence[tuple[str, object]]) -> dict[str, str] | None:
        """{file: the annotation folder its rows come from} where files of one key lie in sibling folders, each paired with
        one of the annotation folders whose rows name the key (`twin_folders`), else None."""
        folder_of = {path: next((f for f in self._annotation_folders if path.startswith(f + "/")), "") for path, _ in rows}
        if len(files) < 2 or not folder_of or not all(folder_of.values()):
            return None
        pairs = twin_folders.pair_folders([posixpath.dirname(c.relpath) for c in files], sorted(set(folder_of.values())))
        if pairs is None:
            return None
        return {c.relpath: pairs[posixpath.dirname(c.relpath)] for c in files}

    def process(self, joined: tuple[tuple[int, str], dict[str, Iterable]]) -> Iterator:
        (index, key), groups = joined
        files = sorted(groups[_FILES], key=lambda c: c.record_id)
        rows = sorted(groups[_ROWS], key=lambda item: (item[0], item[1].row))
        if not files:
            what = "folder of inputs" if index < len(self._rules) and self._rules[index].folder else "file"
            for path, row in rows:
                if path != self._label_file:
                    why = f"{LEFT_OUT}: {key!r}" if (index, key) in self._left_out else f"names no {what}: {key!r}"
                    yield reject(path, why, row.row, _STAGE)
            return
        originals = [c for c in files if derived_names.derived_key(posixpath.basename(c.relpath), self._derived) is None]
        if len(files) > 1 and rows and self._derived and len(originals) <= 1:  # a photograph and its face crop: the row is both's
            for candidate in files:
                yield candidate.record_id, (candidate, rows)
            return
        paired = self._twins(files, rows)
        if paired is not None:  # DroneVehicle's visible and infrared twins, each beside its own annotations
            for candidate in files:
                own = paired[candidate.relpath] + "/"
                yield candidate.record_id, (candidate, [(path, row) for path, row in rows if path.startswith(own)])
            return
        named_by = {path for path, _ in rows}
        own = split_annotation_folders.pair_with_split_files(
            [c.relpath for c in files], {p: s for p, s in self._split_files.items() if p in named_by}
        ) if named_by and named_by <= self._split_files.keys() else None
        named = {p: self._split_files[p] for p in named_by if p in self._split_files}
        wrong = (
            len(files) == 1
            and len(named) == len(named_by)
            and split_annotation_folders.misplaced(files[0].relpath, named, self._split_files)
        )
        if wrong:  # valid/'s file naming a train/10.jpg that train/'s file names not
            yield reject(files[0].relpath, wrong, stage=_STAGE)
            return
        if own is not None:  # Roboflow's train/0.jpg and valid/0.jpg, each named by its own split's file
            for candidate in files:
                yield candidate.record_id, (candidate, [(path, row) for path, row in rows if path == own[candidate.relpath]])
            return
        images = [c for c in files if layout.extension(c.relpath) in layout.IMAGE_EXTENSIONS]
        if len(files) > 1 and rows and len(images) == 1:  # an image and its companions (WGISD's `<stem>.npz` masks)
            yield images[0].record_id, (images[0], rows)  # the stem names the image; the others go on as named by none
            for candidate in files:
                if candidate is not images[0]:
                    yield candidate.record_id, (candidate, [])
            return
        exact = _exact_pairs(files, rows)
        if exact is not None:  # `c0.jpg` and `c0.jpg.jpg` keyed alike, each beside its own mask by its whole name
            for candidate in files:
                yield candidate.record_id, (candidate, exact[candidate.relpath])
            return
        if len(files) > 1 and rows and not (index < len(self._rules) and (self._rules[index].suffixed or self._rules[index].folder)):
            named = ", ".join(c.relpath for c in files)
            for candidate in files:
                yield reject(candidate.relpath, f"{key!r} of {rows[0][0]} names {len(files)} files ({named})", rows[0][1].row, _STAGE)
            return
        for candidate in files:  # several files share a key no row names: each goes on, none lost
            yield candidate.record_id, (candidate, rows)


def _exact_pairs(files: Sequence, rows: Sequence[tuple[str, object]]) -> dict[str, list] | None:
    """Each of several files sharing a key paired with the one row file of its own whole name less its last
    extension (`images/c0.jpg` with `masks/c0.png`, `images/c0.jpg.jpg` with `masks/c0.jpg.png`), where every
    file and every row pair so, one to one; else None. A doubled image extension is cut from keys
    (`evidence_keys`), so an image `X.jpg` beside an image `X.jpg.jpg` share one: read so, both and their
    masks were rejects, which the names themselves tell apart (review31).

    >>> from types import SimpleNamespace as F
    >>> pairs = _exact_pairs([F(relpath="i/c.jpg"), F(relpath="i/c.jpg.jpg")], [("m/c.jpg.png", 1), ("m/c.png", 2)])
    >>> pairs["i/c.jpg"], pairs["i/c.jpg.jpg"]
    ([('m/c.png', 2)], [('m/c.jpg.png', 1)])
    >>> _exact_pairs([F(relpath="i/c.jpg"), F(relpath="i/c.jpg.jpg")], [("train.txt", 1)]) is None
    True
    """
    if len(files) < 2 or len(rows) != len(files):
        return None
    by_name: dict[str, list] = {}
    for path, row in rows:
        by_name.setdefault(posixpath.splitext(posixpath.basename(path))[0], []).append((path, row))
    pairs = {c.relpath: by_name.get(posixpath.splitext(posixpath.basename(c.relpath))[0], []) for c in files}
    return pairs if all(len(found) == 1 for found in pairs.values()) and len(pairs) == len(files) else None


class _Resolve(beam.DoFn):
    """(record id, [(Candidate, rows)] per rule) -> the Candidate with its split and labels, or a
    Reject."""

    def __init__(self, evidence: Sequence[Evidence], label_file: str = "") -> None:
        self._label_file = label_file
        self._split_files = sorted(e.path for e in evidence if e.gives_split)
        self._lists_only = unlisted_in_no_split(evidence)
        self._rest = rest_split(evidence)
        self._gives_labels = {e.path for e in evidence if e.gives_labels and e.kind not in ANNOTATION_FOLDERS}
        self._annotation_folders = tuple(e.path + "/" for e in evidence if e.kind in ANNOTATION_FOLDERS)
        self._mask_folders = [e.path + "/" for e in evidence if e.kind == SEGMENTATION_MASKS]
        # the split folders the source gives no masks (LoveDA's Test/): their images go on without one
        self._unmasked = tuple(sorted({f for e in evidence if e.kind == SEGMENTATION_MASKS for f in e.unmasked}))
        # masks for only some of the images (Vaihingen's gts_for_participants/): the others go on without one
        self._partial_masks = any(e.partial for e in evidence if e.kind == SEGMENTATION_MASKS)
        self._listing = annotated_sets.listing_files(evidence)
        # a split folder's own label table (C-NMC's validation table: `Evidence.prefix`, its split): its folder's files it
        # names not are rejects as a whole source's table's are; written unlabelled beside the ones it labels, each passed
        # for a test image, exit 0 (review32)
        self._folder_tables = tuple((e.path, e.prefix, e.key.parts) for e in evidence if e.kind == LABEL_LINES and e.prefix
                                    and e.split and e.label_column is not None and not e.classes)
        self._unannotated = tuple(sorted({f for e in evidence if e.kind == COCO_SPLIT for f in e.unannotated}))
        self._derived_tails = tuple(sorted({t for e in evidence if e.kind == COCO_SPLIT for t in e.derived_tails}))
        # per-image documents keyed by stem across split folders (MTSD's annotations/<key>.json): (their folder, the
        # images' tree, its split folders of no document)
        self._stem_documents = [(e.path + "/", e.image_folder + "/", e.unannotated) for e in evidence
                                if e.kind == BOX_FILES and e.key.parts == 1 and e.image_folder not in ("", ".")]
        # Split lists that label give an input one label: two rows of one list giving it two
        # labels contradict each other (they were written as one multi-label record, exit 0).
        # So do a keyed table's rows (`keyed_tables`: a header, a key column naming each input once
        # in the rows detection read); a key repeated further down was merged into two labels.
        # A keyed table's multi-hot rows (`classes`) give an input one label set: two rows of two sets (an
        # image named twice) had been written as the union of both, exit 0 (classes22's hostile twin).
        self._one_label = {
            e.path for e in evidence
            if (e.label_column is not None or e.classes) and (e.kind == SPLIT_LIST or (e.kind == LABEL_LINES and e.header))
            and not e.merge_rows
        }

    def process(self, matched: tuple[str, Iterable[tuple[Candidate, list]]]) -> Iterator:
        _, pieces = matched
        pieces = list(pieces)
        candidate = pieces[0][0]
        rows = [item for _, piece_rows in pieces for item in piece_rows]
        broken = sorted(row.error for _, row in rows if row.error)
        if broken:
            yield reject(candidate.relpath, broken[0], stage=_STAGE)
            return
        for path in sorted({path for path, row in rows if path in self._one_label}):
            # (a table read twice, as a split list and as labels, gives a row without labels too)
            given = sorted((row.row, row.labels) for p, row in rows if p == path and row.labels is not None)
            if len({labels for _, labels in given}) > 1:
                numbers = ", ".join(str(number) for number, _ in given)
                yield reject(candidate.relpath, f"rows {numbers} of {path} give it different labels", stage=_STAGE)
                return
        unnamed_by = self._unnamed_by(candidate, {path for path, _ in rows})
        if unnamed_by:
            yield reject(candidate.relpath, f"no usable row in {unnamed_by} names it, while it labels the other files of its "
                         "folder", stage=_STAGE)
            return
        splits = sorted({row.split for _, row in rows if row.split})
        unnamed = bool(self._label_file) and candidate.unlabelled  # handed on by the label file's join
        if unnamed and not splits:
            named = ", ".join(self._split_files[:4]) + (" ..." if len(self._split_files) > 4 else "")
            reason = f"no usable row in {self._label_file} names it, nor does a split list ({named})"
            yield reject(candidate.relpath, reason, stage=_STAGE)
            return
        if self._split_files:
            if not splits and self._rest and candidate.labels:  # a test list beside a labelled tree: the rest train
                splits = [self._rest]
            if not splits and (self._lists_only or posixpath.splitext(candidate.relpath)[0].endswith(self._derived_tails)):
                # (a file named after an image no COCO file names, iSAID's `P0000_instance_id_RGB.png`: auxiliary)
                yield beam.pvalue.TaggedOutput(UNLISTED, candidate.relpath)
                return
            if not splits and not candidate.relpath.startswith(self._unannotated):
                # (one in a split folder no COCO file annotates, iSAID's test/, goes on: its folder's split, unlabelled)
                named = ", ".join(self._split_files[:4]) + (" ..." if len(self._split_files) > 4 else "")
                yield reject(candidate.relpath, f"none of the dataset's split files ({named}) names it", stage=_STAGE)
                return
            if len(splits) > 1:
                files = sorted({path for path, row in rows if row.split})
                yield reject(candidate.relpath, f"in more than one split: {', '.join(splits)} ({', '.join(files)})", stage=_STAGE)
                return
        unannotated = annotated_sets.unannotated(candidate.relpath, {path for path, _ in rows}, self._listing) or next((
            f"no document in {documents} names it, while the sampled images of its split folder have theirs"
            for documents, images, bare in self._stem_documents if candidate.relpath.startswith(images)
            and not candidate.relpath.startswith(bare) and not any(path.startswith(documents) for path, _ in rows)), "")
        if unannotated:
            yield reject(candidate.relpath, unannotated, stage=_STAGE)
            return
        changes: dict[str, object] = {"split": splits[0]} if splits else {}
        label_rows = [
            row
            for path, row in rows
            if (path in self._gives_labels or path.startswith(self._annotation_folders)) and row.labels is not None
        ]
        if not candidate.labels and label_rows:  # class folders and names win over the files beside them
            changes["labels"] = tuple(sorted({label for row in label_rows for label in row.labels}))
            changes["unlabelled"] = False
        object_rows = [row for _, row in rows if row.objects is not None]
        if object_rows:
            changes["objects"] = tuple(obj for row in object_rows for obj in row.objects)
        source_ids = {row.source_id for _, row in rows if row.source_id}
        if len(source_ids) == 1:
            changes["source_id"] = source_ids.pop()
        captioned = sorted({(row.row, row.caption, path) for path, row in rows if row.caption})
        if captioned and not candidate.caption_file and not candidate.caption_text:  # (a split file's: Karpathy's sentences)
            # (its row, the entry's place in the file: the record's text/source is `<file>#<row>`)
            changes["caption_text"], changes["row"] = "\n".join(c for _, c, _ in captioned), captioned[0][0]
            changes["caption_source"] = captioned[0][2]  # (one of several files: TextCaps' JSON per split)
        if self._mask_folders:
            masks = sorted({row.mask for _, row in rows if row.mask})
            bare = candidate.relpath.startswith(self._unmasked) if self._unmasked else False
            if bare and masks:  # a split read as having no masks keeps none: its records all alike
                split = next(f for f in self._unmasked if candidate.relpath.startswith(f))
                yield reject(candidate.relpath, f"its mask {masks[0][0]} lies in {', '.join(self._mask_folders)}, yet no sampled "
                             f"image of {split} had one: that split is written without masks", stage=_STAGE)
                return
            if len(masks) != 1 and not bare and not (self._partial_masks and not masks):
                how = "no mask" if not masks else f"{len(masks)} masks ({', '.join(m[0] for m in masks[:3])})"
                yield reject(candidate.relpath, f"{how} in {', '.join(self._mask_folders)} shares its path", stage=_STAGE)
                return
            if masks:
                changes["mask_file"], changes["mask_bytes"] = masks[0]
        resolved = dataclasses.replace(candidate, **changes) if changes else candidate
        if unnamed and resolved.unlabelled:  # written only where the label file labels none of its split
            yield beam.pvalue.TaggedOutput(_UNNAMED, (resolved.split, resolved))
            return
        if self._label_file:
            yield beam.pvalue.TaggedOutput(_LABELLED_SPLITS, resolved.split)
        yield resolved


    def _unnamed_by(self, candidate: Candidate, named_by: set[str]) -> str:
        """The split folder table (`_folder_tables`) whose folder holds the unlabelled `candidate` yet names it in no
        row, or ""."""
        if candidate.labels:
            return ""
        for path, prefix, parts in self._folder_tables:
            if path not in named_by and "/".join(candidate.relpath.split("/")[-parts:]).startswith(prefix):
                return path
        return ""


class _PlaceUnnamed(beam.DoFn):
    """(split, Candidate) no label file row names, placed in a split by a list -> the Candidate,
    unlabelled, where the label file labels no input of that split (a test split); else a Reject:
    written among labelled records it would pass for an input without labels."""

    def __init__(self, label_file: str) -> None:
        self._label_file = label_file

    def process(self, placed: tuple[str, Candidate], labelled: Sequence[str]) -> Iterator:
        split, candidate = placed
        if split in labelled:
            yield reject(
                candidate.relpath,
                f"no usable row in {self._label_file} names it, and the {split} split a list puts it in holds inputs it labels",
                stage=_STAGE,
            )
            return
        yield candidate


def unlisted_in_no_split(evidence: Sequence[Evidence]) -> bool:
    """Whether an input no split file names is in no split (set aside) rather than a reject: where
    lists of files give the splits, and more than one split (one list alone, a stray
    `test_predictions.csv`, must not make every other input vanish)."""
    split_files = [e for e in evidence if e.gives_split]
    splits = {e.split for e in split_files if e.kind == SPLIT_LIST}
    return bool(split_files) and all(e.kind in _LISTS for e in split_files) and (
        len(splits) >= 2 or any(e.kind != SPLIT_LIST for e in split_files)
    )


def rest_split(evidence: Sequence[Evidence]) -> str:
    """"train" where the one split the lists give is test (Birdsnap's test_images.txt beside its
    class folders; tfds reads CUB-like sets so): the inputs no list names are the rest, train;
    else "". Only for labelled inputs (class folders), where the lists name a subset of a tree."""
    split_files = [e for e in evidence if e.gives_split]
    splits = {e.split for e in split_files}
    return "train" if split_files and splits == {"test"} and all(e.kind == SPLIT_LIST for e in split_files) else ""


def _keyed(
    candidates: list[Candidate], rules: Sequence[KeyRule], derived: Sequence[str] = ()
) -> Iterator[tuple[tuple[int, str], Candidate]]:
    """((rule, key), Candidate) per rule; a derived file (`SourceLayout.derived_names`: a face crop) keyed
    as the file it is derived from, so that the lists naming that file place it too."""
    for candidate in candidates:
        relpath = candidate.relpath
        original = derived_names.derived_key(posixpath.basename(relpath), derived) if derived else None
        if original is not None:
            relpath = posixpath.join(posixpath.dirname(relpath), original)
        for index, rule in enumerate(rules):
            yield (index, file_key(relpath, rule)), candidate


class JoinEvidence(beam.PTransform):
    """[Candidate] batches -> {main: [Candidate] batches with splits and labels from `evidence`,
    REJECTS} (see the module's docstring). `label_file`: the label file whose join handed on the
    inputs it does not name, unlabelled (`label_file.hands_on_unnamed`), or ""."""

    def __init__(
        self, source: str, evidence: Sequence[Evidence], objects: ObjectSchema = ObjectSchema(), *, label_file: str = "",
        left_out: Sequence[str] = (), derived: Sequence[str] = (),
    ) -> None:
        super().__init__()
        self._derived = tuple(derived)  # `SourceLayout.derived_names`
        self._source = source
        self._left_out = tuple(left_out)  # the files `--exclude` left out (`left_out_keys`)
        self._evidence = tuple(evidence)
        self._objects = objects
        self._label_file = label_file
        self._rules = sorted({e.key for e in evidence}, key=lambda rule: (rule.parts, rule.extension, rule.suffixed, rule.shift, rule.folder))

    def expand(self, candidates: beam.PCollection) -> dict[str, beam.PCollection]:
        rules = self._rules
        keyed = candidates | "KeyByRules" >> beam.FlatMap(_keyed, rules, self._derived)
        left_out = frozenset((index, file_key(path, rule)) for index, rule in enumerate(rules) for path in self._left_out)
        # ((rule, key), Candidate)
        rows = (
            candidates.pipeline
            | "EvidenceFiles" >> beam.Create(list(self._evidence))
            | "ReadEvidence"
            >> beam.ParDo(ReadEvidence(self._source, rules, self._objects, frozenset(self._left_out))).with_outputs(
                REJECTS, main=_ROWS
            )
        )
        # ((rule, key), (evidence path, EvidenceRow))
        matched = (
            {_FILES: keyed, _ROWS: rows[_ROWS]}
            | "JoinOnKeys" >> beam.CoGroupByKey()
            | "MatchRows" >> beam.ParDo(
                _MatchRows(self._label_file, rules, left_out, self._derived, [e.path for e in self._evidence if e.kind in ANNOTATION_FOLDERS],
                           {e.path: e.split for e in self._evidence if e.kind == COCO_SPLIT and e.split})
            ).with_outputs(REJECTS, main=_MATCHED)
        )
        # (record id, (Candidate, rows)): one per rule; gathered per input
        resolved = (
            matched[_MATCHED]
            | "GatherRules" >> beam.GroupByKey()
            | "Resolve"
            >> beam.ParDo(_Resolve(self._evidence, self._label_file)).with_outputs(
                REJECTS, UNLISTED, _UNNAMED, _LABELLED_SPLITS, main=_ROWS
            )
        )
        inputs, placing_rejects = resolved[_ROWS], []
        if self._label_file:
            labelled = resolved[_LABELLED_SPLITS] | "LabelledSplits" >> beam.Distinct()
            placed = resolved[_UNNAMED] | "PlaceUnnamed" >> beam.ParDo(
                _PlaceUnnamed(self._label_file), beam.pvalue.AsList(labelled)
            ).with_outputs(REJECTS, main=_ROWS)
            inputs = (inputs, placed[_ROWS]) | "MergeUnnamed" >> beam.Flatten()
            placing_rejects = [placed[REJECTS]]
        batched = (
            inputs
            | "Rebatch" >> beam.BatchElements(min_batch_size=_BATCH, max_batch_size=_BATCH)
            | "AsBatch" >> beam.Map(Batch)
        )
        rejects = (
            (rows[REJECTS], matched[REJECTS], resolved[REJECTS], *placing_rejects) | "MergeEvidenceRejects" >> beam.Flatten()
        )
        return {"main": batched, REJECTS: rejects, UNLISTED: resolved[UNLISTED]}

