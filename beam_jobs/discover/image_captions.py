"""PairCaptions: an image and a .txt file sharing a stem become one record (image_captions).

    [Listed] --KeyByStem | GroupByStem | PairImageWithCaption--> [Candidate]

`img/0001.jpg` + `txt/0001.txt`, as caption datasets (Flickr-style folders) ship. Only paths and
sizes are grouped; the caption is read by the writer.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import CANDIDATES, COLUMNS, NOTES, REJECTS, Listed, nothing, reject
from shardify.plan import layout as layout_lib
from shardify.plan.entries import IMAGE, Batch, Candidate
from shardify.plan.layout import SourceLayout

__all__ = ["PairCaptions"]


def _pair(keyed: tuple[tuple[str, str], Iterable[Listed]]) -> Iterator:
    (_, name), group = keyed
    found = sorted(group, key=lambda item: item.relpath)
    images = [f for f in found if layout_lib.extension(f.relpath) in layout_lib.IMAGE_EXTENSIONS]
    texts = [f for f in found if layout_lib.extension(f.relpath) in layout_lib.TEXT_EXTENSIONS]
    for item in (f for f in found if f not in images and f not in texts):
        yield reject(item.relpath, "neither an image nor a .txt caption")
    if len(images) == 1 and len(texts) == 1:
        image, caption = images[0], texts[0]
        candidate = Candidate(
            IMAGE,
            image.relpath,
            image.size,
            caption_file=caption.relpath,
            caption_bytes=caption.size,
            location=image.location,
            caption_location=caption.location,
        )
        yield Batch([candidate])
    elif images or texts:
        reason = (
            f"no caption: no .txt file has the stem {name!r}"
            if not texts
            else f"no image has the stem {name!r}"
            if not images
            else f"stem {name!r} is shared by {len(images)} images and {len(texts)} texts: pairs must be unique"
        )
        for item in images + texts:
            yield reject(item.relpath, reason)


class PairCaptions(beam.PTransform):
    """An image and a .txt file sharing a stem (within a split) become one unlabelled record."""

    def __init__(self, source_layout: SourceLayout) -> None:
        super().__init__()
        self._layout = source_layout

    def expand(self, files: beam.PCollection) -> dict:
        split_of = self._layout.split_of
        paired = (
            files
            | "Unbatch" >> beam.FlatMap(lambda batch: batch)
            | "KeyByStem" >> beam.WithKeys(lambda item: (split_of(item[0])[0], layout_lib.stem(item[0])))
            | "GroupByStem" >> beam.GroupByKey()
            # ((split folder, stem), [Listed])
            | "PairImageWithCaption" >> beam.FlatMap(_pair).with_outputs(REJECTS, main=CANDIDATES)
        )
        return {
            CANDIDATES: paired[CANDIDATES],
            REJECTS: paired[REJECTS],
            COLUMNS: nothing(files, "NoColumns"),
            NOTES: nothing(files, "NoNotes"),
        }
