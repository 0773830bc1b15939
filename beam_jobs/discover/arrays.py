"""ArrayElements: a Candidate per image of every array file (CIFAR batches, MNIST's idx files,
`.npz` archives, raw records of a known shape, HDF5 files; see `converters/arrays.py`), labelled by its label array and the names the
dataset ships (CIFAR's meta file), or the digits.

    [Listed] --ReadArrays--> [Candidate] (one per element: its file, its index, its label, its shape)

Each array file is read by one worker here, for its labels and shape; the writer reads it again,
once per shard that holds its elements. Label and meta files are auxiliary (see
`SourceLayout.is_auxiliary`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from typing import Any

import apache_beam as beam

from shardify.beam_jobs.discover.candidates import CANDIDATES, COLUMNS, NOTES, REJECTS, Listed, in_batches, nothing, reject
from shardify.beam_jobs.open_inputs import InputOpener
from shardify.converters import arrays, hdf5_arrays, mat_arrays, npy_classes, raw_arrays
from shardify.errors import InvalidInputError, reject_reason
from shardify.plan.array_pairs import npy_label_partners
from shardify.plan.entries import ARRAY, Candidate
from shardify.plan.layout import SourceLayout, stem
from shardify.plan.raw_declared import declared_format
from shardify.plan.raw_formats import RawFormat, raw_format_of
from shardify.plan.folder_names import SPLIT_WORDS
from shardify.plan.structure import split_word

__all__ = ["ArrayElements"]


class _ReadArrays(beam.DoFn):
    def __init__(self, source: str, source_layout: SourceLayout, follow_outside_links: bool) -> None:
        self._source = source
        self._layout = source_layout
        self._follow_outside_links = follow_outside_links

    def setup(self) -> None:
        self._open = InputOpener(self._source, follow_outside_links=self._follow_outside_links)
        self._listed_from: list[str] | None = None
        self._listed: frozenset[str] = frozenset()  # every array file's path: `_family_split`'s siblings

    def teardown(self) -> None:
        self._open.close()

    def process(self, files: list[Listed], listed: list[str]) -> Iterator:
        if self._listed_from is not listed:  # (the same side input for every batch: its set made once)
            self._listed_from, self._listed = listed, frozenset(listed)
        for item in files:
            declared = declared_format(self._layout.raw_arrays, item.relpath)  # a layout file's raw_arrays
            kind = arrays.RAW if declared is not None else arrays.array_kind(item.relpath)
            if kind is None:
                yield reject(item.relpath, "not an array file of this dataset's (idx, CIFAR batch, .npz, raw records or HDF5)")
                continue
            found = 0
            try:
                if kind == arrays.RAW:
                    elements = self._raw_elements(item, declared or raw_format_of(item.relpath))
                elif kind == arrays.HDF5:
                    elements = self._hdf5_elements(item)
                elif kind == arrays.NPY:
                    elements = self._npy_elements(item)
                else:
                    elements = self._elements(item, kind)
                for element in elements:
                    if isinstance(element, beam.pvalue.TaggedOutput) and element.tag == NOTES:
                        yield element  # how the file was read: no image of it
                        continue
                    found += 1
                    yield element
            except (InvalidInputError, OSError) as error:
                yield reject(item.relpath, reject_reason(error))
                continue
            if not found:  # an array of 0 images: counted nowhere, the file would vanish without a word
                yield reject(item.relpath, "holds no images: its arrays are empty (0 elements)")

    def _parts(self, item: Listed, kind: str) -> list[arrays.ArrayFile]:
        if kind == arrays.IDX:
            return [arrays.ArrayFile(kind, arrays.idx_split(item.relpath), labels_file=arrays.idx_labels_file(item.relpath))]
        if kind == arrays.CIFAR:
            return [arrays.ArrayFile(kind, arrays.cifar_split(item.relpath))]
        if kind == arrays.MAT:  # SVHN's train_32x32.mat: the split its name (or folder) gives, as an NPZ's
            return [arrays.ArrayFile(kind, _named_split(item.relpath) or self._family_split(item.relpath) or arrays.UNSPLIT)]
        with self._open(item.relpath, item.location) as fileobj:  # `images` in testing-images.npz: test
            return arrays.npz_parts(fileobj, _named_split(item.relpath))

    def _family_split(self, relpath: str) -> str:
        """The first word of a file's name where an array file listed beside it, named as it but for
        that word, names a split (SVHN's `extra_32x32.mat` beside `train_32x32.mat`: split `extra`,
        as the dataset documents it, not merged into train), else "". The split words are the
        project's one table (`folder_names.SPLIT_WORDS`); siblings are looked up in the listing,
        never opened."""
        folder, name = posixpath.split(relpath)
        head = re.match(r"[A-Za-z]+", name)
        if head is None or head.end() == len(name):
            return ""
        if any(posixpath.join(folder, word + name[head.end():]) in self._listed for word in SPLIT_WORDS):
            return head.group().lower()
        return ""

    def _names(self, item: Listed, kind: str) -> tuple[str, ...] | None:
        """The class names, by index: CIFAR's meta file; Fashion-MNIST's documented ones; else
        None (the labels are the numbers themselves: MNIST's digits)."""
        if kind == arrays.CIFAR:
            folder = posixpath.dirname(item.relpath)
            for name in ("batches.meta", "meta"):
                try:
                    with self._open(posixpath.join(folder, name)) as fileobj:
                        return arrays.read_label_names(fileobj)
                except (OSError, InvalidInputError):
                    continue
            raise InvalidInputError("no batches.meta (or meta) beside it to name its labels")
        if "fashion" in f"{self._source}/{item.relpath}".lower():
            return arrays.FASHION_MNIST_NAMES
        return None

    @staticmethod
    def _renamed(item: Listed, kind: str, names: tuple[str, ...] | None, labels: Any) -> tuple[str, ...] | None:
        """MATLAB arrays: the numbers as names, but those a documented table renames (SVHN's 10 is
        the digit 0, `known_names.MAT_LABEL_NAMES`)."""
        renamed = mat_arrays.mat_label_names(item.relpath) if kind == arrays.MAT else {}
        if not renamed or names is not None or not len(labels):
            return names
        return tuple(renamed.get(number, str(number)) for number in range(int(max(labels)) + 1))

    def _elements(self, item: Listed, kind: str) -> Iterator:
        names = self._names(item, kind)
        for found in self._parts(item, kind):
            labels_path = found.labels_file or item.relpath
            with self._open(labels_path, None if found.labels_file else item.location) as fileobj:
                labels = arrays.read_labels(fileobj, labels_path, found)
            with self._open(item.relpath, item.location) as fileobj:
                images, rejected = arrays.read_image_array(fileobj, item.relpath, found)
            if len(labels) != len(images):
                raise InvalidInputError(f"{len(images)} images but {len(labels)} labels in {labels_path}")
            height, width = images.shape[1:3]
            channels = images.shape[3] if images.ndim == 4 and images.shape[3] != 1 else 1
            named = self._renamed(item, kind, names, labels)
            yield from in_batches(self._part_elements(item, found, labels, named, (height, width, channels), rejected))

    @staticmethod
    def _part_elements(
        item: Listed, found: arrays.ArrayFile, labels: Any, names: tuple[str, ...] | None, shape: tuple[int, int, int],
        rejected: dict[int, str],
    ) -> Iterator:
        """A Candidate per image of one array of the file, or a reject for a label past its names
        or an image its float reading rejects."""
        element_bytes = shape[0] * shape[1] * shape[2]
        for index, label in enumerate(labels):
            if index in rejected:
                yield reject(f"{item.relpath}#{found.part}:{index}" if found.part else f"{item.relpath}#{index}", rejected[index])
                continue
            if names is not None and label >= len(names):
                yield reject(f"{item.relpath}#{index}", f"label {label} is past the {len(names)} names of its dataset")
                continue
            name = names[label] if names is not None else str(label)
            yield Candidate(
                ARRAY,
                item.relpath,
                element_bytes,
                (name,),
                split=found.split,
                row=index,
                part=found.part,
                shape=shape,
                location=item.location,
            )


    def _raw_elements(self, item: Listed, fmt: RawFormat) -> Iterator:
        """A raw file's records (see `plan/raw_formats.py`, `plan/raw_declared.py`): counted from
        its size, labelled from its labels file or its records' label bytes and named by its names
        file (a declared format without one: by the numbers); STL-10's unlabeled_X.bin:
        unlabelled records."""
        count = raw_arrays.record_count(item.size, fmt)
        names: tuple[str, ...] = ()
        labels: list[int] = []
        if not fmt.unlabelled and fmt.names_file:
            names_path = posixpath.join(posixpath.dirname(item.relpath), fmt.names_file)
            try:
                with self._open(names_path) as fileobj:
                    names = raw_arrays.read_names(fileobj)
            except OSError:
                raise InvalidInputError(f"no {fmt.names_file} beside it to name its labels") from None
        if not fmt.unlabelled:
            labels_path = fmt.labels_path(item.relpath)
            try:
                with self._open(labels_path or item.relpath, None if labels_path else item.location) as fileobj:
                    labels = raw_arrays.read_labels(fileobj, fmt, count)
            except OSError:
                if not labels_path:
                    raise
                raise InvalidInputError(f"no {posixpath.basename(labels_path)} beside it to label its images") from None
            except InvalidInputError as bad:
                if not labels_path or posixpath.basename(labels_path) in str(bad) or "labels file" in str(bad):
                    raise
                raise InvalidInputError(f"its labels file {posixpath.basename(labels_path)}: {bad}") from None
        yield from in_batches(self._raw_candidates(item, fmt, count, labels, names))

    @staticmethod
    def _raw_candidates(item: Listed, fmt: RawFormat, count: int, labels: list[int], names: tuple[str, ...]) -> Iterator:
        """A Candidate per record of a raw file, or a reject for a label outside its classes."""
        channels, height, width = fmt.shape
        for index in range(count):
            label = labels[index] if labels else None
            if label is not None and not fmt.names_file and label < 0:  # a declared format named by its numbers
                yield reject(f"{item.relpath}#{index}", f"label {label + fmt.first_label} is below {fmt.first_label}, the first class")
                continue
            if label is not None and fmt.names_file and not 0 <= label < len(names):
                yield reject(
                    f"{item.relpath}#{index}",
                    f"label {label + fmt.first_label} is outside {fmt.first_label}..{len(names) - 1 + fmt.first_label}, "
                    f"the {len(names)} classes of {fmt.names_file}",
                )
                continue
            yield Candidate(
                ARRAY,
                item.relpath,
                fmt.pixel_bytes,
                () if label is None else (names[label],) if fmt.names_file else (str(label + fmt.first_label),),
                split=fmt.split_of(item.relpath),
                unlabelled=label is None,
                row=index,
                shape=(height, width, channels),
                location=item.location,
            )


    def _npy_elements(self, item: Listed) -> Iterator:
        """A `.npy` file's images: the half of an X/y pair whose labels file lies beside it
        (`layout.npy_label_partners`: `x_train.npy` + `y_train.npy`, `faces.npy` + `faces_target.npy`),
        labelled by that file's values in the split its name gives; else a per-class file
        (converters/npy_classes.py), each image labelled by the class its name gives, in the split
        its folder's name gives (else train). A float image its reading rejects (`float_pixels`) is
        rejected alone."""
        labels_path, labels = "", None
        for candidate in npy_label_partners(item.relpath):
            try:
                with self._open(candidate) as fileobj:
                    labels = arrays.read_npy_labels(fileobj)
            except OSError:
                continue
            labels_path = candidate
            break
        folder_split = split_word(posixpath.basename(posixpath.dirname(item.relpath)))
        split = (split_word(stem(item.relpath)) or folder_split or "train") if labels_path else (folder_split or "train")
        found = arrays.ArrayFile(arrays.NPY, split)
        with self._open(item.relpath, item.location) as fileobj:
            read = arrays.read_array_images(fileobj, item.relpath, found)
        images, rejected, flat, floats = read.images, read.rejected, read.flat, read.floats
        if labels is not None and len(labels) != len(images):
            raise InvalidInputError(f"{len(images)} images but {len(labels)} labels in {labels_path}")
        height, width = images.shape[1:3]
        channels = images.shape[3] if images.ndim == 4 and images.shape[3] != 1 else 1
        label = npy_classes.class_of(item.relpath)
        shape = (height, width, channels)
        names = self._names(item, arrays.NPY) if labels is not None else None  # Fashion-MNIST's, by its path
        if labels_path or floats:  # (per-class files of flat rows, Quick, Draw!'s 345: documented, no line each)
            yield _note(item.relpath, height, width, channels, flat, floats, labels_path, found.split)

        def candidates() -> Iterator:
            for index in range(len(images)):
                if index in rejected:
                    yield reject(f"{item.relpath}#{index}", rejected[index])
                    continue
                if names is not None and labels[index] >= len(names):
                    yield reject(f"{item.relpath}#{index}", f"label {labels[index]} is past the {len(names)} names of its dataset")
                    continue
                name = (names[labels[index]] if names is not None else str(labels[index])) if labels is not None else label
                yield Candidate(ARRAY, item.relpath, height * width * channels, (name,), split=found.split, row=index,
                                shape=shape, location=item.location)

        yield from in_batches(candidates())

    def _hdf5_elements(self, item: Listed) -> Iterator:
        """An HDF5 file's images, labelled by the label vector beside them (the numbers themselves:
        the file ships no names), a part per group where each group holds its own (`train/`,
        `test/`: the group's name its split, else the file's); refused when which dataset is which
        is not clear. A float image its reading rejects (`float_pixels`) is rejected alone."""
        with self._open(item.relpath, item.location) as fileobj:
            found = hdf5_arrays.find_arrays(fileobj)
        if found.ambiguity:
            raise InvalidInputError(f"{found.ambiguity}: keep one image array and one label vector in the file")
        for part in found.parts:
            yield from self._hdf5_part(item, part)

    def _hdf5_part(self, item: Listed, part: hdf5_arrays.Hdf5Part) -> Iterator:
        with self._open(item.relpath, item.location) as fileobj:
            labels = hdf5_arrays.read_labels(fileobj, part)
        reader = hdf5_arrays.Hdf5Images(self._open(item.relpath, item.location), part.images)
        try:
            rejected, flat, floats = reader.rejected(), reader.flat, reader.floats()
        finally:
            reader.close()
        height, width, channels = part.shape
        split = part.group_split or hdf5_arrays.hdf5_split(item.relpath)
        if flat or floats or part.group_split:
            yield _note(f"{item.relpath}#{part.images}", height, width, channels, flat, floats, part.labels, split)

        def candidates() -> Iterator:
            for index, label in enumerate(labels):
                if index in rejected or label < 0:
                    why = rejected.get(index) or f"label {label} of {part.labels} is negative"
                    yield reject(f"{item.relpath}#{part.images}:{index}", why)
                    continue
                yield Candidate(
                    ARRAY,
                    item.relpath,
                    height * width * channels,
                    (str(label),),
                    split=split,
                    row=index,
                    part=part.images,
                    shape=(height, width, channels),
                    location=item.location,
                )

        yield from in_batches(candidates())


def _named_split(relpath: str) -> str:
    """The split an array file's name gives, else its folder's (`testing-images.npz`, `test/x.npz`), else ""."""
    stem = posixpath.basename(relpath).rsplit(".", 1)[0]
    return split_word(stem) or split_word(posixpath.basename(posixpath.dirname(relpath))) or ""


def _note(what: str, height: int, width: int, channels: int, flat: bool, floats: str, labels: str, split: str) -> Any:
    """The plan's line on how an array was read: the image shape used (and that flat rows gave it),
    the float reading, the labels' file or dataset, the split."""
    shape = f"{height}x{width}" + (f"x{channels}" if channels > 1 else "")
    read = [f"{shape} images" + (f" (flat rows of {height * width} values read as squares)" if flat else "")]
    if floats:
        read.append(floats)
    if labels:
        read.append(f"labels from {labels}")
    read.append(f"split {split}")
    return beam.pvalue.TaggedOutput(NOTES, (what, "; ".join(read)))


class ArrayElements(beam.PTransform):
    """Array files -> a Candidate per image (see the module's docstring)."""

    def __init__(self, source: str, source_layout: SourceLayout, *, follow_outside_links: bool) -> None:
        super().__init__()
        self._source = source
        self._layout = source_layout
        self._follow_outside_links = follow_outside_links

    def expand(self, files: beam.PCollection) -> dict:
        # [relpath] of every array file: the siblings a file's name is read beside (`_family_split`)
        listed = files | "ArrayPaths" >> beam.FlatMap(lambda batch: [item.relpath for item in batch])
        found = files | "ReadArrays" >> beam.ParDo(
            _ReadArrays(self._source, self._layout, self._follow_outside_links), beam.pvalue.AsList(listed)
        ).with_outputs(REJECTS, NOTES, main=CANDIDATES)
        return {
            CANDIDATES: found[CANDIDATES],
            REJECTS: found[REJECTS],
            COLUMNS: nothing(files, "NoColumns"),
            NOTES: found[NOTES],
        }
