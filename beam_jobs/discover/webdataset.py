"""WebDatasetSamples: WebDataset-style tars, whose members sharing a key make one sample.

    [Listed] --KeyBySample | GroupBySample | ReadSample--> [Candidate]

A WebDataset tar holds `000001.jpg`, `000001.cls`, `000001.txt`, `000002.jpg`, ...: a member's key
is its path up to the first dot of its file name, the rest is the field (`jpg`, `cls`, `seg.png`).
Each key becomes one record: its image (or, without one, its `txt` as the text), its label from
`cls` (a name or a number; numbers map through `--label-names` like any numbered label) or from a
`json` member's label field, and an image's caption from `txt`. The small label members are read
here; the image and the caption are read by the writer. Fields no record holds are named in the plan.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Iterable, Iterator

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import CANDIDATES, COLUMNS, NOTES, REJECTS, Listed, nothing, reject
from shardify.beam_jobs.open_inputs import InputOpener
from shardify.converters.columns import LABEL_COLUMN_NAMES
from shardify.converters.label_cells import split_labels
from shardify.converters.texts import decode_text
from shardify.errors import InvalidInputError
from shardify.inputs import json_input
from shardify.plan import layout as layout_lib
from shardify.plan.entries import IMAGE, TEXT, Batch, Candidate
from shardify.plan.layout import SourceLayout, sample_key

__all__ = ["WebDatasetSamples"]

# Label and caption members are read while planning: they are a few bytes; larger ones are not
# labels and captions.
MAX_SIDE_MEMBER_BYTES = 1 << 20
_TEXT_FIELD = "txt"


class _ReadSample(beam.DoFn):
    """(key, [Listed]) -> a Candidate for the sample, or rejects; notes of fields left unused."""

    def __init__(self, source: str, source_layout: SourceLayout, follow_outside_links: bool, index_folder: str) -> None:
        self._source = source
        self._layout = source_layout
        self._follow_outside_links = follow_outside_links
        self._index_folder = index_folder

    def setup(self) -> None:
        self._open = InputOpener(self._source, follow_outside_links=self._follow_outside_links, index_folder=self._index_folder)

    def teardown(self) -> None:
        self._open.close()

    def process(self, keyed: tuple[str, Iterable[Listed]]) -> Iterator:
        key, group = keyed
        fields: dict[str, Listed] = {}
        twice: list[Listed] = []
        for item in group:
            field = sample_key(item.relpath)[1]
            if field in fields:  # `a.JPG` beside `a.jpg`, or a name twice in a tar (`tar -r`)
                twice.append(item)
            else:
                fields[field] = item
        if twice:  # which one is meant cannot be told, and the group's order is the runner's
            doubled = sorted({sample_key(item.relpath)[1] for item in twice})
            reason = f"sample {key!r} already has a {' and a '.join(doubled)} member: which one is meant cannot be told"
            for item in sorted([*fields.values(), *twice], key=lambda item: item.relpath):
                yield reject(item.relpath, reason)
            return
        images = [field for field in fields if layout_lib.extension("x." + field) in layout_lib.IMAGE_EXTENSIONS]
        if self._layout.media == "image":
            media_field, wanted = (images[0] if images else ""), "image member"
        else:
            media_field, wanted = (_TEXT_FIELD if _TEXT_FIELD in fields else ""), "txt member"
        if not media_field:
            for item in fields.values():
                yield reject(item.relpath, f"sample {key!r} has no {wanted}")
            return
        main = fields[media_field]
        for field in images:  # a record holds one image: a second one is an input of its own, left out
            if field != media_field:
                yield reject(fields[field].relpath, f"sample {key!r} holds its image in {media_field}; a record holds one image")
        try:
            labels = self._labels(fields)
        except InvalidInputError as error:
            yield reject(main.relpath, f"sample {key!r}: {error.reason}")
            return
        except OSError as error:
            yield reject(main.relpath, f"sample {key!r}: cannot read its label: {error}")
            return
        caption = fields.get(_TEXT_FIELD) if media_field != _TEXT_FIELD and self._layout.captions else None
        used = {*images, _TEXT_FIELD, *layout_lib.SAMPLE_LABEL_FIELDS}
        for field in sorted(set(fields) - used):
            yield beam.pvalue.TaggedOutput(NOTES, field)
        kind = IMAGE if self._layout.media == "image" else TEXT
        candidate = Candidate(kind, main.relpath, main.size, labels, location=main.location)
        if caption is not None:  # read by the writer, like an image_captions caption
            candidate = dataclasses.replace(
                candidate, caption_file=caption.relpath, caption_bytes=caption.size, caption_location=caption.location
            )
        yield Batch([candidate])

    def _read(self, item: Listed) -> bytes:
        if item.size > MAX_SIDE_MEMBER_BYTES:
            raise InvalidInputError(f"{posixpath.basename(item.relpath)} holds {item.size:,} bytes, too many for a label or caption")
        with self._open(item.relpath, item.location) as fileobj:
            return fileobj.read(item.size)

    def _text(self, item: Listed) -> str:
        return decode_text(self._read(item)).strip()

    def _labels(self, fields: dict[str, Listed]) -> tuple[str, ...]:
        field = next((f for f in layout_lib.SAMPLE_LABEL_FIELDS if f in fields), None)
        if field is None:
            return ()
        text = self._text(fields[field])
        if field != layout_lib.SAMPLE_JSON_FIELD:
            return split_labels(text, "")
        try:
            document = json_input.parse(text)
        except InvalidInputError as error:
            raise InvalidInputError(f"json member: {error.reason}") from None
        name = next((n for n in LABEL_COLUMN_NAMES if n in document), None) if isinstance(document, dict) else None
        return split_labels(document[name], "") if name is not None else ()


def _fields_note(fields: Iterable[str]) -> tuple[str, str]:
    return "samples", "fields no record holds: " + ", ".join(sorted(fields))


class WebDatasetSamples(beam.PTransform):
    """Members of WebDataset-style tars grouped by key into one Candidate each (see the module)."""

    def __init__(self, source: str, source_layout: SourceLayout, *, follow_outside_links: bool, index_folder: str) -> None:
        super().__init__()
        self._read = _ReadSample(source, source_layout, follow_outside_links, index_folder)

    def expand(self, files: beam.PCollection) -> dict:
        found = (
            files
            | "Unbatch" >> beam.FlatMap(lambda batch: batch)
            | "KeyBySample" >> beam.WithKeys(lambda item: sample_key(item.relpath)[0])
            | "GroupBySample" >> beam.GroupByKey()
            # (key, [Listed])
            | "ReadSample" >> beam.ParDo(self._read).with_outputs(REJECTS, NOTES, main=CANDIDATES)
        )
        notes = (
            found[NOTES]  # a field name per sample that leaves it unused
            | "UnusedFields" >> beam.Distinct()
            | "AllUnused" >> beam.combiners.ToList()
            | "OneNote" >> beam.FlatMap(lambda fields: [_fields_note(fields)] if fields else [])
        )
        return {CANDIDATES: found[CANDIDATES], REJECTS: found[REJECTS], COLUMNS: nothing(files, "NoColumns"), NOTES: notes}
