"""Hostile input, sixteenth round: Pascal VOC XML beside the images (labelImg's layout, voc_beside)
and in an `Annotations/` folder, written to attack the XML reader.

Internal entities, a billion laughs, an external entity naming a file outside SRC or a URL, the
same in UTF-16 (where the bytes `<!ENTITY` never appear), a parameter entity, an external DTD, a
document nested a hundred thousand deep, one larger than the reader's bound, and boxes of NaN,
infinite or reversed corners. No entity is expanded, no file or URL fetched, nothing hangs: the
image of such an XML is rejected saying why (or the run stops naming the XML), and every other
image is written with its own objects.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.fifteen import finished, refused, run
from helpers.shard_io import read_shard
from helpers.sources import image_bytes, write_file
from shardify.format import contract

_BRANDS = {"nike": [["nike"], ["nike_text", "nike"], ["nike"]], "puma": [["puma_cat"], ["puma"], ["puma", "puma_cat"]]}


def _voc(name: str, objects: list[str], box: tuple[str, str, str, str] | None = None) -> str:
    boxes = "".join(
        f"  <object>\n    <name>{o}</name>\n    <difficult>0</difficult>\n    <bndbox>\n"
        f"      <xmin>{box[0] if box else 1 + 3 * k}</xmin>\n      <ymin>{box[1] if box else 1 + k}</ymin>\n"
        f"      <xmax>{box[2] if box else 8 + 3 * k}</xmax>\n      <ymax>{box[3] if box else 9 + k}</ymax>\n"
        "    </bndbox>\n  </object>\n"
        for k, o in enumerate(objects))
    return (f"<annotation>\n  <folder>images</folder>\n  <filename>{name}</filename>\n  <size>\n    <width>24</width>\n"
            f"    <height>16</height>\n    <depth>3</depth>\n  </size>\n{boxes}</annotation>\n")


def _source(root: Path) -> dict[str, list[str]]:
    truth = {}
    for i, (brand, images) in enumerate(_BRANDS.items()):
        for n, objects in enumerate(images, start=1):
            write_file(root / brand / f"{n}.jpg", image_bytes(seed=10 * i + n))
            write_file(root / brand / f"{n}.xml", _voc(f"{n}.jpg", objects))
            truth[f"{brand}/{n}.jpg"] = objects
    return truth


def _objects(out: Path) -> dict[str, list[str]]:
    found = {}
    for shard in sorted(out.glob("*.tfrecord")):
        for record in read_shard(shard):
            labels = record.get(contract.OBJECT_TEXT, [])
            labels = labels if isinstance(labels, list) else [labels]
            found[record[contract.IMAGE_FILENAME].decode()] = [v.decode() for v in labels]
    return found


def _hostile(tmp_path: Path, document: bytes, target: str = "puma/2", own: list[str] | None = None) -> None:
    """Replace one image's XML with `document`; the run must not expand, fetch or hang, and every
    image ends once: its own objects, or the hostile one's image rejected (or a stop naming it)."""
    truth = _source(tmp_path / "src")
    write_file(tmp_path / "src" / f"{target}.xml", document)
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, f"{target}.xml")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert set(truth) <= set(written) | set(rejected), (sorted(written), rejected)
    objects = _objects(tmp_path / "out")
    for image, want in truth.items():
        if image in written and image != f"{target}.jpg":
            assert sorted(objects[image]) == sorted(want), (image, objects[image])
    got = objects.get(f"{target}.jpg")
    assert got is None or not any("LOL" in o or "root:" in o or "secret" in o or len(o) > 100 for o in got), got
    assert f"{target}.jpg" in rejected or not got or got == own, (got, rejected)
    for reason in rejected.values():
        assert "secret" not in reason and "root:" not in reason, reason


_LAUGHS = ('<!DOCTYPE annotation [\n <!ENTITY lol "LOL">\n'
           + "".join(f' <!ENTITY lol{k} "{("&lol" + (str(k - 1) if k > 1 else "") + ";") * 10}">\n' for k in range(1, 10))
           + "]>\n")


def _with_doctype(doctype: str, name: str = "&lol9;") -> str:
    return '<?xml version="1.0"?>\n' + doctype + _voc("2.jpg", [name])


def test_an_internal_entity_is_not_expanded_into_a_label(tmp_path: Path) -> None:
    _hostile(tmp_path, _with_doctype('<!DOCTYPE annotation [<!ENTITY brand "puma">]>\n', "&brand;").encode())


def test_a_billion_laughs_is_no_hang_and_no_label(tmp_path: Path) -> None:
    _hostile(tmp_path, _with_doctype(_LAUGHS).encode())


def test_an_external_entity_naming_a_file_outside_src_is_not_read(tmp_path: Path) -> None:
    secret = write_file(tmp_path / "secret.txt", "secret words\n")
    _hostile(tmp_path, _with_doctype(f'<!DOCTYPE annotation [<!ENTITY x SYSTEM "file://{secret}">]>\n', "&x;").encode())


def test_an_external_entity_naming_a_url_is_not_fetched(tmp_path: Path) -> None:
    _hostile(tmp_path, _with_doctype('<!DOCTYPE annotation [<!ENTITY x SYSTEM "http://127.0.0.1:9/secret">]>\n', "&x;").encode())


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be"])
def test_a_billion_laughs_in_utf16_is_no_hang_and_no_label(tmp_path: Path, encoding: str) -> None:
    text = _with_doctype(_LAUGHS).replace('<?xml version="1.0"?>', f'<?xml version="1.0" encoding="{encoding.upper()}"?>')
    data = text.encode(encoding)
    assert b"<!ENTITY" not in data
    _hostile(tmp_path, data if encoding == "utf-16" else b"\xfe\xff" + data)


def test_an_external_entity_in_utf16_is_not_read(tmp_path: Path) -> None:
    secret = write_file(tmp_path / "secret.txt", "secret words\n")
    text = _with_doctype(f'<!DOCTYPE annotation [<!ENTITY x SYSTEM "file://{secret}">]>\n', "&x;")
    _hostile(tmp_path, text.replace('version="1.0"', 'version="1.0" encoding="UTF-16"').encode("utf-16"))


def test_a_parameter_entity_declaring_more_is_not_expanded(tmp_path: Path) -> None:
    secret = write_file(tmp_path / "secret.txt", "secret words\n")
    doctype = f'<!DOCTYPE annotation [<!ENTITY % ext SYSTEM "file://{secret}"> %ext;]>\n'
    _hostile(tmp_path, _with_doctype(doctype, "puma").encode())


def test_an_external_dtd_is_not_fetched_and_its_document_read_or_rejected(tmp_path: Path) -> None:
    secret = write_file(tmp_path / "secret.dtd", '<!ENTITY brand "secret">\n')
    _hostile(tmp_path, _with_doctype(f'<!DOCTYPE annotation SYSTEM "file://{secret}">\n', "&brand;").encode())


def test_a_document_nested_a_hundred_thousand_deep_is_no_recursion_error(tmp_path: Path) -> None:
    deep = "<a>" * 100_000 + "</a>" * 100_000
    _hostile(tmp_path, _voc("2.jpg", ["puma"]).replace("<folder>", deep + "<folder>").encode(), own=["puma"])


def test_a_document_over_the_readers_bound_is_its_images_reject(tmp_path: Path) -> None:
    padding = "<!-- " + "x" * (2 << 20) + " -->\n"
    _hostile(tmp_path, _voc("2.jpg", ["puma"]).replace("<folder>", padding + "<folder>").encode())


@pytest.mark.parametrize("box", [("nan", "1", "8", "9"), ("1", "1", "inf", "9"), ("9", "9", "1", "1"), ("1e308", "1", "8", "9")],
                         ids=["nan", "inf", "reversed", "huge"])
def test_a_box_of_nan_inf_or_reversed_corners_is_no_record_of_that_box(tmp_path: Path, box: tuple) -> None:
    truth = _source(tmp_path / "src")
    write_file(tmp_path / "src" / "puma" / "2.xml", _voc("2.jpg", ["puma"], box))
    result = run(tmp_path / "src", tmp_path / "out")
    if result.returncode:
        refused(result, "2.xml")
        return
    written, rejected = finished(result, tmp_path / "out")
    assert set(truth) <= set(written) | set(rejected)
    for shard in sorted((tmp_path / "out").glob("*.tfrecord")):
        for record in read_shard(shard):
            for field in (contract.OBJECT_XMIN, contract.OBJECT_YMIN, contract.OBJECT_XMAX, contract.OBJECT_YMAX):
                values = record.get(field, [])
                values = values if isinstance(values, list) else [values]
                assert all(v == v and abs(v) <= 1.0 + 1e-6 for v in values), (record[contract.IMAGE_FILENAME], field, values)
