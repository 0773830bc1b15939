"""A tree of Pascal VOC annotation folders mirroring the image folders, read whole
(beam_jobs/discover/xml_mirrors.py).

Layouts: ImageNet VID (ILSVRC2015: `Annotations/VID/train/<sequence>/000000.xml` beside
`Data/VID/train/<sequence>/000000.JPEG`, the frames' stems repeated in every sequence) and ImageNet
LOC (`Annotations/CLS-LOC/train/<wnid>/<wnid>_<n>.xml` beside `Data/CLS-LOC/train/<wnid>/`, the
flat `val/` beside; VOC XML `<annotation><folder><filename><size><object><name><bndbox>`). With the
detection sample smaller than the tree (DETECT_SAMPLE_FILES lowered), the images of the folders it
passed over were written without their boxes, exit 0 (24 of 32), and VID's frames were rejected as
each `000000.xml` named every sequence's frame. The twin: ImageNet LOC's XMLs naming their own
folder's class beside class folders stay set aside (the folders the classes, the plan saying how to
read them), its val/ read alone; XMLs naming other things than their class folders stop, naming
`--label-level 0`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.cli_runs import run_shardify
from helpers.shard_io import read_shard
from helpers.sources import image_bytes, sample_smaller_than_the_source, write_file
from shardify.format import contract

_SEQS = [f"ILSVRC2015_train_{n:08d}" for n in range(8)]


def _xml(stem: str, names: list[str]) -> str:
    objects = "".join(f"<object><name>{n}</name><bndbox><xmin>2</xmin><ymin>3</ymin><xmax>20</xmax><ymax>18</ymax>"
                      "</bndbox></object>" for n in names)
    return (f"<annotation><folder>x</folder><filename>{stem}</filename><size><width>32</width><height>24</height>"
            f"<depth>3</depth></size>{objects}</annotation>")


def _objects(value: object) -> tuple[bytes, ...]:
    return (value,) if isinstance(value, bytes) else tuple(value or ())  # (one value is read alone)


def _written(out: Path) -> dict[str, tuple[bytes, ...]]:
    """{image path: its objects' classes} as written."""
    return {r[contract.IMAGE_FILENAME].decode(): _objects(r.get("image/object/class/text"))
            for shard in sorted(out.glob("*.tfrecord")) for r in read_shard(shard)}


@pytest.mark.parametrize("stems", ["frames", "wnids"])
def test_every_folder_of_a_mirror_tree_of_voc_xml_is_read(stems: str, tmp_path: Path, monkeypatch) -> None:
    sample_smaller_than_the_source(monkeypatch, 40)  # (of 64 files: a few annotation folders)
    truth = {}
    for s, name in enumerate(_SEQS):
        for k in range(4):
            seq = name if stems == "frames" else f"n0{1440764 + 7 * s}"  # (LOC's <wnid>/, unlabelled: --label-level 0)
            stem = f"{k:06d}" if stems == "frames" else f"{seq}_{k}"
            names = [["airplane", "bus", "cat"][(s + k) % 3]] * (1 + k % 2)
            write_file(tmp_path / f"src/Data/VID/train/{seq}/{stem}.JPEG", image_bytes(seed=s * 4 + k))
            write_file(tmp_path / f"src/Annotations/VID/train/{seq}/{stem}.xml", _xml(stem, names))
            truth[f"Data/VID/train/{seq}/{stem}.JPEG"] = tuple(n.encode() for n in names)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"), "--label-level", "0")
    assert result.returncode == 0, result.stderr
    assert _written(tmp_path / "out") == truth


def test_the_twin_xml_naming_their_own_class_folder_stay_set_aside(tmp_path: Path, monkeypatch) -> None:
    sample_smaller_than_the_source(monkeypatch, 40)
    truth = {}
    wnids = [f"n0{1440764 + 7 * i}" for i in range(8)]
    for w in wnids:
        for k in range(3):
            write_file(tmp_path / f"src/Data/CLS-LOC/train/{w}/{w}_{k}.JPEG", image_bytes(seed=len(truth)))
            write_file(tmp_path / f"src/Annotations/CLS-LOC/train/{w}/{w}_{k}.xml", _xml(f"{w}_{k}", [w]))
            truth[f"Data/CLS-LOC/train/{w}/{w}_{k}.JPEG"] = ()
    for v in range(1, 5):
        stem = f"ILSVRC2012_val_{v:08d}"
        write_file(tmp_path / f"src/Data/CLS-LOC/val/{stem}.JPEG", image_bytes(seed=len(truth)))
        write_file(tmp_path / f"src/Annotations/CLS-LOC/val/{stem}.xml", _xml(stem, [wnids[v]]))
        truth[f"Data/CLS-LOC/val/{stem}.JPEG"] = (wnids[v].encode(),)
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert _written(tmp_path / "out") == truth
    assert "boxes are set aside" in result.stderr and "--label-level 0" in result.stderr  # the plan says how to read them


def test_a_mirror_tree_naming_other_objects_than_its_class_folders_stops_naming_the_option(tmp_path: Path) -> None:
    """Annotations/<wnid>/ naming `person`, `car` beside class folders Images/<wnid>/: the folders as labels
    would drop every box; the run stops naming the XMLs and `--label-level 0`, which reads them (above)."""
    for w in (f"n0{2085620 + 7 * i}" for i in range(3)):
        for k in range(2):
            write_file(tmp_path / f"src/Images/{w}/{w}_{k}.jpg", image_bytes(seed=k))
            write_file(tmp_path / f"src/Annotations/{w}/{w}_{k}.xml", _xml(f"{w}_{k}", [["person", "car"][k]]))
    result = run_shardify("convert", str(tmp_path / "src"), str(tmp_path / "out"))
    assert result.returncode == 2
    assert "Annotations/n02085620/n02085620_0.xml (person)" in result.stderr and "--label-level 0" in result.stderr
    assert not (tmp_path / "out" / "manifest.json").exists()
