"""Discover: list the source inside the pipeline, find the layout's inputs and probe them.

    root --ListFiles--> [Listed] --FindInputs--> [Candidate] --MakeEntries--> [Entry]
                   \--> archives --ListMembers--^

Only metadata leaves this stage: lists of `Entry` for usable inputs, a `Reject` per unusable one,
the relative path of every junk file skipped, and the dtypes of kept table columns.

Files, candidates and entries travel in lists of up to BATCH_SIZE: Beam's cost per element (tens of
microseconds per step on the local runner) would otherwise exceed the cost of writing a small text
record several times over.
"""

from __future__ import annotations

from collections.abc import Iterator

import apache_beam as beam

from shardify.beam_jobs import counters
from shardify.beam_jobs.discover.candidates import BATCH_SIZE, CANDIDATES, COLUMNS, NOTES, nothing
from shardify.beam_jobs.discover.evidence import UNLISTED, JoinEvidence
from shardify.beam_jobs.discover.left_out_keys import left_out_paths
from shardify.beam_jobs.discover.find_inputs import FindInputs
from shardify.beam_jobs.discover.label_file import hands_on_unnamed
from shardify.beam_jobs.discover.held import HELD, SkipHeld, held_unchanged
from shardify.beam_jobs.discover.list_archives import AUXILIARY, ListMembers
from shardify.beam_jobs.discover.recall import KeepProbes, KeptProbes, Probe, Stamp, pack_probes, read_kept, stamp_of
from shardify.beam_jobs.discover.listing import HeldStamps, list_file, list_tree
from shardify.beam_jobs.open_inputs import InputOpener
from shardify.beam_jobs.output import folder as output_folder
from shardify.beam_jobs.progress_files import CHECKED, LISTED, ProgressFile
from shardify.config import ConvertConfig
from shardify.converters import archives, images
from shardify.converters.columns import is_integer
from shardify.errors import InvalidInputError, reject_reason
from shardify.format import contract
from shardify.plan import layout
from shardify.plan.entries import ARRAY, IMAGE, Batch, Candidate, Entry, Reject
from shardify.plan.evidence import KEYED_LABELS
from shardify.plan.file_roles import JunkTest
from shardify.plan.layout import SourceLayout

__all__ = ["Discover", "ENTRIES", "REJECTS", "SKIPPED", "AUXILIARY", "COLUMNS", "NOTES", "HELD", "BATCH_SIZE"]

ENTRIES, REJECTS, SKIPPED, ARCHIVES = "entries", "rejects", "skipped", "archives"


class _ListFiles(beam.DoFn):
    """Walks the source tree; junk is tagged SKIPPED, the files the dataset ships beside its
    inputs (the label file, documentation, masks: see `SourceLayout.is_auxiliary`) AUXILIARY,
    unlistable files REJECTS. The output folder, when it lies inside the source, is left out.
    In an append, a file an earlier version holds unchanged (`held.held_unchanged`) is only
    counted (HELD), before the layout's questions: they were asked of it when it was added."""

    def __init__(
        self, source_layout: SourceLayout, follow_outside_links: bool, output: str, held_files: tuple[str, ...] = (), excludes=None
    ) -> None:
        self._excludes = excludes or None  # `--exclude`: what it matches is not listed (the plan counts it)
        self._layout = source_layout
        self._source_file = source_layout.source_file
        self._follow_outside_links = follow_outside_links
        self._output = output
        self._held_files = held_files

    def _listing(self, root: str, held: HeldStamps | None) -> Iterator[tuple[str, int] | Reject]:
        if self._source_file:  # SRC was this one file of `root`
            yield list_file(root, self._source_file)
        else:  # (the held files it lists unchanged are only counted in `held`)
            yield from list_tree(
                root, follow_outside_links=self._follow_outside_links, exclude=[self._output], leave_out=self._excludes, held=held
            )

    def process(self, root: str) -> Iterator:
        batch: Batch = Batch()
        listed = ProgressFile(LISTED)
        unchanged = held_unchanged(self._output, self._held_files)
        if unchanged is not None:
            unchanged.progress = listed.add  # (held files count as listed)
        num_unchanged = 0  # (those the listing did not settle itself: an object store's, SRC as one file)
        is_junk = JunkTest()
        is_auxiliary = self._layout.auxiliary_test()
        for item in self._listing(root, unchanged):
            listed.add(1)
            if isinstance(item, Reject):
                yield beam.pvalue.TaggedOutput(REJECTS, item)
            elif unchanged is not None and unchanged(item):
                num_unchanged += 1  # an input an earlier version holds as it is: nothing to ask of it
            elif is_junk(item[0]):
                yield beam.pvalue.TaggedOutput(SKIPPED, item[0])
            elif archives.archive_kind(item.relpath):
                yield beam.pvalue.TaggedOutput(ARCHIVES, item)
            elif self._layout.is_label_file(item.relpath):
                continue  # read by the label file's own step, as it always was: not an input
            elif is_auxiliary(item.relpath):
                yield beam.pvalue.TaggedOutput(AUXILIARY, item.relpath)
            else:
                batch.append(item)
                if len(batch) == BATCH_SIZE:
                    yield batch
                    batch = Batch()
        listed.add(0, flush=True)
        num_unchanged += unchanged.count if unchanged is not None else 0
        if num_unchanged:
            yield beam.pvalue.TaggedOutput(HELD, num_unchanged)
        if batch:
            yield batch


class _MakeEntries(beam.DoFn):
    """[Candidate] -> [Entry]: checks labels, reads image headers, and notes the split the source
    gives (its split folder; the plan assigns the rest, and every sort key)."""

    def __init__(self, config: ConvertConfig, source_layout: SourceLayout, index_folder: str, keep: KeepProbes) -> None:
        self._source = config.source
        self._open = InputOpener(
            config.source, follow_outside_links=config.follow_outside_links, index_folder=index_folder
        )
        self._max_pixels = config.max_pixels
        self._label_names = frozenset(config.label_names)
        self._spelled = dict(config.label_alias)  # (--label-alias: a spelling is its class's name; review38)
        self._layout = source_layout
        self._keep = keep
        self._kept: KeptProbes | None = None
        self._probed = counters.counter(counters.INPUTS_PROBED)
        self._recalled = counters.counter(counters.INPUTS_RECALLED)
        self._checked: ProgressFile | None = None
        self._counts = [0, 0]  # headers read, headers recalled, in the batch at hand

    def setup(self) -> None:
        self._checked = ProgressFile(CHECKED)
        if self._keep.folder:
            self._kept = read_kept(self._keep.folder, self._keep.fingerprint, self._keep.names)

    def teardown(self) -> None:
        self._open.close()

    def process(self, candidates: list[Candidate]) -> Iterator:
        self._counts = [0, 0]
        entries = Batch()
        learned: list[tuple[str, Stamp, Probe]] = []  # probes made now, to keep for a later run
        for candidate, (stamp, kept) in zip(candidates, self._recall(candidates)):
            try:
                entries.append(self._entry(candidate, learned, stamp, kept))
                continue
            except (InvalidInputError, OSError) as error:
                reject = Reject(candidate.relpath, "probe", reject_reason(error), candidate.row)
            yield beam.pvalue.TaggedOutput(REJECTS, reject)
        if learned and self._keep.write:
            output_folder.write_bytes_atomically(self._keep.folder, *pack_probes(learned, self._keep.fingerprint))
        (probed, recalled), self._counts = self._counts, [0, 0]
        self._probed.inc(probed)
        self._recalled.inc(recalled)
        if self._checked is not None:
            self._checked.add(len(candidates), flush=True)
        if entries:
            yield entries

    def _source_split(self, candidate: Candidate) -> str:
        # A split pattern (a dataset card's, a layout file's) decides before a table's own name.
        return self._layout.pattern_split(candidate.relpath) or candidate.split or self._layout.split_of(candidate.relpath)[0]

    def _recall(self, candidates: list[Candidate]) -> list[tuple[Stamp | None, Probe | None]]:
        """(stamp, kept probe) of each candidate: the stamp of a local image file now, when probes
        are kept (None where it changed size since it was listed: read it, keep nothing), and the
        probe an earlier run kept for this very file (same path, size, modification time and
        inode), looked up for the whole batch at once."""
        if not self._keep.folder:
            return [(None, None)] * len(candidates)
        stamps = []
        for candidate in candidates:
            stamp = stamp_of(self._source, candidate.relpath) if candidate.kind == IMAGE and candidate.location is None else None
            stamps.append(None if stamp is not None and stamp.size != candidate.size_bytes else stamp)
        if self._kept is None:
            return [(stamp, None) for stamp in stamps]
        return list(zip(stamps, self._kept.recall_many([c.relpath for c in candidates], stamps)))

    def _probe(self, candidate: Candidate, learned: list[tuple[str, Stamp, Probe]], stamp: Stamp | None, kept: Probe | None) -> Probe:
        """The image's header facts: `kept` by an earlier run for this very file, else read now
        (and added to `learned` when the file has a `stamp`).

        Raises:
          InvalidInputError: the file cannot be opened as an input (never kept).
          OSError: it cannot be read (never kept: it may be readable next time).
        """
        if kept is not None:
            self._counts[1] += 1
            return kept
        self._counts[0] += 1
        with self._open(candidate.relpath, candidate.location) as fileobj:
            try:
                info = images.probe_image(fileobj, max_pixels=self._max_pixels)
                probe = Probe(info.image_format, info.height, info.width, info.channels)
            except InvalidInputError as error:  # the bytes decided it: kept as the reject it is
                probe = Probe(reason=reject_reason(error))
        if stamp is not None:
            learned.append((candidate.relpath, stamp, probe))
        return probe

    def _entry(self, candidate: Candidate, learned: list[tuple[str, Stamp, Probe]], stamp: Stamp | None, kept: Probe | None) -> Entry:
        if candidate.size_bytes > contract.MAX_INPUT_BYTES:  # never read: a record cannot hold it
            raise InvalidInputError(
                f"{candidate.size_bytes:,} bytes: larger than a record can hold ({contract.MAX_INPUT_BYTES:,} bytes)"
            )
        # Numbers are mapped through --label-names by the plan (see shard_math.number_labels).
        unknown = [
            n
            for n in candidate.labels
            if self._label_names and self._spelled.get(n, n) not in self._label_names and not is_integer(n)
        ]
        if unknown:
            raise InvalidInputError(f"label {unknown[0]!r} is not in --label-names")
        image = {}
        if candidate.kind == ARRAY:  # stored as a PNG of its pixels, whose shape its array gives
            height, width, channels = candidate.shape
            image = {"image_format": "png", "height": height, "width": width, "channels": channels}
        elif candidate.kind == IMAGE:
            probe = self._probe(candidate, learned, stamp, kept)
            if probe.reason:
                raise InvalidInputError(probe.reason)
            image = {"image_format": probe.image_format, "height": probe.height, "width": probe.width, "channels": probe.channels}
        return Entry(
            kind=candidate.kind,
            relpath=candidate.relpath,
            size_bytes=candidate.size_bytes,
            split=self._source_split(candidate),
            labels=candidate.labels,
            row=candidate.row,
            offset=candidate.offset,
            caption_file=candidate.caption_file,
            caption_bytes=candidate.caption_bytes,
            location=candidate.location,
            caption_location=candidate.caption_location,
            caption_text=candidate.caption_text,
            caption_source=candidate.caption_source,
            unlabelled=candidate.unlabelled,
            part=candidate.part,
            objects=candidate.objects,
            source_id=candidate.source_id,
            mask_file=candidate.mask_file,
            mask_bytes=candidate.mask_bytes,
            **image,
        )


class Discover(beam.PTransform):
    """Lists the source and finds its inputs. Returns {ENTRIES: [Entry] batches, REJECTS, SKIPPED,
    AUXILIARY, COLUMNS, NOTES, HELD} (SKIPPED, AUXILIARY: relative paths; HELD: counts; NOTES: (table, how
    it was read) for the plan). `held_files`: in an append, the inputs files of the versions
    before it; the inputs they list are left out (HELD), or reported when they changed. `keep`:
    where header probes are recalled from and kept (see recall.py)."""

    def __init__(
        self,
        config: ConvertConfig,
        source_layout: SourceLayout,
        *,
        index_folder: str = "",
        spread: bool = True,
        archives: bool = True,
        held_files: tuple[str, ...] = (),
        keep: KeepProbes = KeepProbes(),
    ) -> None:
        super().__init__()
        self._held_files = held_files
        self._keep = keep
        self._config = config
        self._layout = source_layout
        self._index_folder = index_folder or config.output
        self._spread = spread
        self._archives = archives

    def expand(self, pbegin: beam.pvalue.PBegin) -> dict[str, beam.PCollection]:
        config = self._config
        listed = (
            pbegin
            | "Root" >> beam.Create([config.source])
            | "ListFiles" >> beam.ParDo(
                _ListFiles(self._layout, config.follow_outside_links, config.output, self._held_files, config.excludes)
            ).with_outputs(REJECTS, SKIPPED, ARCHIVES, AUXILIARY, HELD, main=ENTRIES)
        )
        files, listing_rejects, skipped, auxiliary = listed[ENTRIES], listed[REJECTS], listed[SKIPPED], listed[AUXILIARY]
        if self._archives:
            archives_listed = listed[ARCHIVES]
            if self._spread:  # one archive per worker call, spread so that archives are listed in parallel
                archives_listed = archives_listed | "SpreadArchives" >> beam.Reshuffle()
            members = archives_listed | "ListMembers" >> beam.ParDo(
                ListMembers(
                    config.source,
                    self._layout,
                    follow_outside_links=config.follow_outside_links,
                    index_folder=self._index_folder,
                )
            ).with_outputs(REJECTS, SKIPPED, AUXILIARY, main=ENTRIES)
            files = (files, members[ENTRIES]) | "MergeFiles" >> beam.Flatten()
            listing_rejects = (listing_rejects, members[REJECTS]) | "MergeListingRejects" >> beam.Flatten()
            skipped = (skipped, members[SKIPPED]) | "MergeSkipped" >> beam.Flatten()
            auxiliary = (auxiliary, members[AUXILIARY]) | "MergeAuxiliary" >> beam.Flatten()
        else:  # SRC was scanned whole and held none: one that appeared since is not lost silently
            late = listed[ARCHIVES] | "LateArchives" >> beam.Map(
                lambda item: Reject(item.relpath, "discover", "archive appeared after SRC was scanned; run again to read it")
            )
            listing_rejects = (listing_rejects, late) | "MergeLateArchives" >> beam.Flatten()
        if self._held_files:
            compared = files | "SkipHeld" >> SkipHeld(config.source, config.output, self._held_files)
            files, held = compared["main"], (listed[HELD], compared[HELD]) | "MergeHeld" >> beam.Flatten()
            listing_rejects = (listing_rejects, compared["rejects"]) | "MergeChanged" >> beam.Flatten()
        else:
            held = nothing(files, "NoneHeld")
        # [Listed] per batch of files and archive members
        found = files | "FindInputs" >> FindInputs(config, self._layout, listing_rejects, self._index_folder)
        # [Candidate] per batch of inputs: files, table rows, images with their captions
        candidates, evidence_rejects = found[CANDIDATES], []
        evidence = [e for e in self._layout.evidence if e.kind != KEYED_LABELS]  # (those join in ScanTables)
        if evidence:  # splits and labels from the files the dataset ships about its inputs
            # (behind a label file, the inputs it does not name come unlabelled, for the split lists to place)
            behind = self._layout.name in (layout.LABEL_FILE, layout.COCO) and hands_on_unnamed(self._layout)
            unnamed = self._layout.labels_file if behind else ""
            joined = candidates | "JoinEvidence" >> JoinEvidence(
                config.source, evidence, self._layout.objects, label_file=unnamed, left_out=left_out_paths(config),
                derived=self._layout.derived_names,
            )
            candidates, evidence_rejects = joined["main"], [joined[REJECTS]]
            auxiliary = (auxiliary, joined[UNLISTED]) | "MergeUnlisted" >> beam.Flatten()
        if self._layout.media == "image" and self._layout.name != layout.ARRAYS and self._spread:
            # Spread over workers so that image headers are read in parallel. Texts and rows need
            # no reading here, and the shuffle would cost more than it spreads.
            candidates = candidates | "SpreadInputs" >> beam.Reshuffle()
        make_entries = _MakeEntries(config, self._layout, self._index_folder, self._keep)
        entries = candidates | "MakeEntries" >> beam.ParDo(make_entries).with_outputs(
            REJECTS, main=ENTRIES
        )
        rejects = (listing_rejects, found[REJECTS], *evidence_rejects, entries[REJECTS]) | "MergeRejects" >> beam.Flatten()
        return {
            ENTRIES: entries[ENTRIES],
            REJECTS: rejects,
            SKIPPED: skipped,
            AUXILIARY: auxiliary,
            COLUMNS: found[COLUMNS],
            NOTES: found[NOTES],
            HELD: held,
        }
