"""Useless stops on text and JSON datasets turned into right conversions, by kind (branch readers25a).

1. Folders of JSON documents, one record each (EURLEX57K's dataset/<split>/<celex>.json: title, header,
   recitals, main_body paragraphs, concepts ids): the first command stops naming `--json-records .`, the
   text fields in order and the list field as the label (beam_jobs/discover/json_documents.py); with them
   each document is one record known by its path, its text the fields joined by line breaks, its split
   its folder's. Before, the run said the source held only label or split files.
2. Captions one JSON entry a caption (TextCaps' data[]: image_name, set_name, caption_str, a JSON per
   split): each image's captions grouped in file order, the JSONs read together as split files
   (converters/split_sources.entry_captions, beam_jobs/discover/split_files._read_together).
3. Tables of pairs whose second text is a key into a sibling table of texts (FNC-1's stances naming
   bodies by Body ID): joined, the texts tables no inputs (beam_jobs/discover/text_joins.py,
   converters/joined_texts.py); unsure joins stop naming --exclude and the layout file's text_joins.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from helpers import blind23, blind24
from helpers.refusals import refusal
from helpers.shard_io import read_report, read_shard
from helpers.shipped import _image_bytes
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig, parse_max_rejects
from shardify.converters import joined_texts, json_records, split_sources, tables
from shardify.errors import InvalidInputError, UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest
from shardify.plan.text_joins import TextJoin


def _texts(out: Path) -> dict[str, tuple[str, str, str | None, tuple[str, ...]]]:
    """{text/source: (split, text, pair or None, labels)} of every text record written."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                labels = record.get(contract.TEXT_LABEL_TEXT, [])
                labels = labels if isinstance(labels, list) else [labels]
                pair = record.get(contract.TEXT_PAIR)
                found[record[contract.TEXT_SOURCE].decode()] = (
                    split, record[contract.TEXT].decode(), pair.decode() if pair is not None else None,
                    tuple(sorted(v.decode() for v in labels if v)))
    return found


# ------------------------------------------------------------------------------------------------
# 1. One JSON document a record
# ------------------------------------------------------------------------------------------------

def test_eurlex57k_follows_its_stop_right(tmp_path: Path) -> None:
    judge_first_command(blind23.DATASETS, "eurlex57k", tmp_path / "eurlex57k", blind23.FOLLOW["eurlex57k"])


_PATENT = ("abstract", "claims", "cpc")


_CPC = {"A01B": "soil working", "B60L": "electric vehicles", "G06F": "digital data processing", "H04L": "digital transmission"}


def _patents(src: Path, bom: bool = False, odd: str = "", names: dict | None = None) -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """A neighbour in no batch: patents/{train,test}/<number>.json, each {number, abstract, claims
    (a list), cpc (a list of codes), kind}, a README beside; its truth {path: (split, text, labels)}."""
    truth = {}
    (src / "README.md").parent.mkdir(parents=True, exist_ok=True)
    (src / "README.md").write_text("Patent abstracts and claims with CPC codes.\n")
    for split, count in (("train", 5), ("test", 3)):
        for i in range(count):
            number = f"US{9000000 + i * 7 + len(split)}"
            cpc = sorted({("A01B", "G06F", "H04L")[i % 3], ("G06F", "B60L")[i % 2]})
            doc = {"number": number, "kind": ("B1", "B2")[i % 2],
                   "abstract": f"A method for {split} item {i} that turns soil with a rotating blade and a frame.",
                   "claims": [f"1. A device of item {i} comprising a frame.", f"2. The device of claim 1, wherein {split}."],
                   "cpc": cpc}
            path = f"patents/{split}/{number}.json"
            data = json.dumps(doc).encode()
            (src / path).parent.mkdir(parents=True, exist_ok=True)
            (src / path).write_bytes((b"\xef\xbb\xbf" if bom and i == 0 else b"") + data)
            truth[path] = (split, doc["abstract"] + "\n" + "\n".join(doc["claims"]), tuple(cpc))
    if odd:
        (src / "patents/train/US9999999.json").write_text(odd)
    if names is not None:
        (src / "cpc_titles.json").write_text(json.dumps(names))
    return truth


def test_folders_of_documents_stop_naming_the_fields_then_convert_right(tmp_path: Path) -> None:
    truth = _patents(tmp_path / "src", bom=True)
    message = refusal(tmp_path / "src", tmp_path / "out")
    assert "--json-records ." in message and "--text-column abstract,claims" in message, message
    assert "--label-column cpc" in message and "patents/train/" in message, message
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), json_records=".",
                                 text_column="abstract,claims", label_column="cpc"))
    written = _texts(tmp_path / "out")
    assert {path: (split, text, labels) for path, (split, text, _, labels) in written.items()} == truth


@pytest.mark.parametrize("complete", [True, False], ids=["names every id", "misses one"])
def test_a_side_file_naming_every_label_id_names_the_labels(tmp_path: Path, complete: bool) -> None:
    """cpc_titles.json beside the folders maps each code to its title (as eurovoc_en.json maps EuroVoc
    ids): the records' labels are the names; a file missing one code seen names none (the codes kept)."""
    names = {code: {"label": title, "parents": []} for code, title in _CPC.items() if complete or code != "H04L"}
    truth = _patents(tmp_path / "src", names=names)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), json_records=".",
                                 text_column="abstract,claims", label_column="cpc"))
    written = _texts(tmp_path / "out")
    named = (lambda labels: tuple(sorted(_CPC[c] for c in labels))) if complete else (lambda labels: labels)
    assert {path: labels for path, (_, _, _, labels) in written.items()} == {p: named(t[2]) for p, t in truth.items()}


@pytest.mark.parametrize("odd, why", [
    ('[{"abstract": "a list, not a document"}]', "US9999999"),
    (('{"number": "US9999999", "abstract": "A text", "claims": [], "cpc": ["A01B"], "kind": "B1", '
      '"family": [{"number": "EP1"}]}'), "holds records"),
    ('{"number": "US9999999", "claims": ["1. A claim."], "cpc": ["A01B"], "kind": "B1"}', "no text column 'abstract'"),
], ids=["a list", "records inside", "no abstract"])
def test_a_document_of_another_shape_is_its_own_reject_or_a_stop(tmp_path: Path, odd: str, why: str) -> None:
    """Hostile twins: a document among the others that is no record of their fields is rejected with
    its reason (or the run stops naming it), never its folder left out unread."""
    truth = _patents(tmp_path / "src", odd=odd)
    options = {"json_records": ".", "text_column": "abstract,claims", "label_column": "cpc", "max_rejects": parse_max_rejects("50%")}
    try:
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), **options))
    except UsageError as stop:
        assert why in str(stop) and not (tmp_path / "out" / "manifest.json").exists(), str(stop)
        return
    assert set(_texts(tmp_path / "out")) == set(truth)
    rejected = read_report(tmp_path / "out", "rejected.jsonl")
    assert [r["path"] for r in rejected] == ["patents/train/US9999999.json"], rejected
    assert why in rejected[0]["reason"], rejected


def test_a_huge_document_read_as_one_record_is_refused_by_the_json_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_records, "MAX_JSON_BYTES", 1000)
    document = json.dumps({"title": "A law", "main_body": ["word " * 50] * 10}).encode()
    with pytest.raises(InvalidInputError, match="larger than 1,000 bytes"):
        list(json_records.read_records(io.BytesIO(document), record_path=json_records.DOCUMENT))


def test_json_records_dot_over_a_document_of_records_names_the_path_option() -> None:
    assert "--json-records PATH" in json_records.document_fields({"version": "1", "data": [{"text": "a"}]})


# ------------------------------------------------------------------------------------------------
# 2. Captions one entry a caption
# ------------------------------------------------------------------------------------------------

def test_textcaps_is_right_each_caption_naming_its_file(tmp_path: Path) -> None:
    judge_first_command(blind24.DATASETS, "textcaps", tmp_path / "textcaps", blind24.FOLLOW["textcaps"])
    out, sources = tmp_path / "textcaps" / "out", {}
    for split, info in load_manifest(str(out)).splits.items():
        sources[split] = {r[contract.TEXT_SOURCE].decode().split("#")[0] for s in info.shards for r in read_shard(out / s.path)}
    assert sources == {"train": {"TextCaps_0.1_train.json"}, "val": {"TextCaps_0.1_val.json"}}


def _caption_set(src: Path, entries: list[dict], names: list[str]) -> None:
    (src / "images").mkdir(parents=True, exist_ok=True)
    for name in names:
        (src / "images" / name).write_bytes(_image_bytes(name, 20, 16, "JPEG"))
    (src / "captions.json").write_text(json.dumps({"info": {"version": "1"}, "annotations": entries}))


def test_one_file_of_caption_entries_groups_each_images_captions_in_file_order(tmp_path: Path) -> None:
    """A neighbour in no batch: one captions.json whose `annotations` give an entry per caption
    (`file_name`, `split`, `caption`), an image's entries interleaved with others'."""
    names = [f"p{i}.jpg" for i in range(6)]
    entries = [{"file_name": names[i % 6], "split": "train" if i % 6 < 4 else "test", "caption": f"Caption {k} of {i % 6}."}
               for k in range(2) for i in range(6)]
    entries.append({"file_name": "p0.jpg", "split": "train", "caption": "   "})  # a blank caption: no caption
    _caption_set(tmp_path / "src", entries, names)
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    written = {}
    for split, info in load_manifest(str(tmp_path / "out")).splits.items():
        for shard in info.shards:
            for record in read_shard(tmp_path / "out" / shard.path):
                written[record[contract.IMAGE_FILENAME].decode()] = (split, record[contract.TEXT].decode())
    assert written == {f"images/p{i}.jpg": ("train" if i < 4 else "test", f"Caption 0 of {i}.\nCaption 1 of {i}.") for i in range(6)}


def test_entry_captions_reject_an_image_given_a_list_twice_or_a_caption_of_no_text() -> None:
    found = split_sources.entry_captions({"data": [
        {"image_name": "a", "set_name": "train", "caption_str": 7},
        {"image_name": "b", "set_name": "train", "sentences": ["x"]},
        {"image_name": "b", "set_name": "train", "sentences": ["y"]},
        {"image_name": "c", "set_name": "val", "caption_str": "\ufeffA sign."}]})
    assert found["a"][2] == "a caption of it is no text"
    assert found["b"][2] == "two entries give it a list of captions"
    assert found["c"] == (4, "\ufeffA sign.".strip(), "")


def test_two_caption_files_naming_one_image_are_not_read_together(tmp_path: Path) -> None:
    """A hostile twin of TextCaps: the val JSON names a training image too: which split is no guess."""
    root = tmp_path / "src"
    (root / "train_images").mkdir(parents=True)
    for i in range(4):
        (root / "train_images" / f"i{i}.jpg").write_bytes(_image_bytes(f"i{i}", 20, 16, "JPEG"))
    for split, ids in (("train", [0, 1, 2]), ("val", [2, 3])):
        entries = [{"image_name": f"i{i}", "set_name": split, "caption_str": f"A caption of {i}."} for i in ids]
        (root / f"Caps_{split}.json").write_text(json.dumps({"dataset_type": split, "data": entries}))
    message = refusal(root, tmp_path / "out")
    assert "--exclude" in message, message


# ------------------------------------------------------------------------------------------------
# 3. Pairs whose second text is a key into a table of texts
# ------------------------------------------------------------------------------------------------

def test_fnc1_follows_its_stop_right(tmp_path: Path) -> None:
    judge_first_command(blind24.DATASETS, "fnc1", tmp_path / "fnc1", blind24.FOLLOW["fnc1"])


def _claims(src: Path, *, missing_late: bool = False, missing_early: bool = False, twice: bool = False,
            bom: bool = False, blank_key: bool = False) -> dict[str, tuple[str, str, str, tuple[str, ...]]]:
    """A neighbour in no batch: claims_train.tsv `claim<TAB>evidence_id<TAB>verdict` beside
    evidence_train.tsv `evidence_id<TAB>passage` (and _dev likewise); truth {<table>#<row>: (split,
    claim, passage, (verdict,))}."""
    truth = {}
    src.mkdir(parents=True, exist_ok=True)
    for split, rows in (("train", 14 if not missing_late else tables.SAMPLE_ROWS + 6), ("dev", 4)):
        passages = {f"E{split[0]}{k}": f"Passage {k} of {split} says that the river floods every spring after the snow melts."
                    for k in range(3)}
        lines = ["evidence_id\tpassage", *(f"{key}\t{text}" for key, text in passages.items())]
        if twice and split == "train":
            lines.append("Et0\tAnother passage under the same id, which says the opposite of the first one.")
        (src / f"evidence_{split}.tsv").write_bytes((b"\xef\xbb\xbf" if bom else b"") + ("\n".join(lines) + "\n").encode())
        claims = ["claim\tevidence_id\tverdict"]
        for i in range(rows):
            key = f"E{split[0]}{i % 3}"
            if missing_late and split == "train" and i == rows - 1:
                key = "E404"
            if missing_early and split == "train" and i == 0:
                key = "E404"
            if blank_key and split == "train" and i == 2:
                key = ""
            verdict = ("SUPPORTS", "REFUTES", "NOT ENOUGH INFO")[i % 3]
            claims.append(f"Claim {i} of {split} about the river\t{key}\t{verdict}")
            if key in passages:
                truth[f"claims_{split}.tsv#{i + 2}"] = (split, f"Claim {i} of {split} about the river", passages[key], (verdict.lower(),))
        (src / f"claims_{split}.tsv").write_text("\n".join(claims) + "\n")
    return truth


def _converted(tmp_path: Path, **options) -> dict:
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out"), label_column="verdict", **options))
    return _texts(tmp_path / "out")


def _same(written: dict, truth: dict) -> None:
    assert {k: (s, t, p) for k, (s, t, p, _) in written.items()} == {k: (s, t, p) for k, (s, t, p, _) in truth.items()}
    assert all(written[k][3] in (truth[k][3], tuple(v.upper() for v in truth[k][3])) for k in truth)


@pytest.mark.parametrize("bom", [False, True], ids=["plain", "bom"])
def test_a_table_of_pairs_takes_its_second_text_by_key(tmp_path: Path, bom: bool) -> None:
    truth = _claims(tmp_path / "src", bom=bom)
    _same(_converted(tmp_path), truth)
    assert not any(k.startswith("evidence_") for k in _texts(tmp_path / "out"))


def test_a_key_naming_no_text_past_the_sample_rejects_its_row(tmp_path: Path) -> None:
    truth = _claims(tmp_path / "src", missing_late=True, blank_key=True)
    _same(_converted(tmp_path), truth)
    reasons = [r["reason"] for r in read_report(tmp_path / "out", "rejected.jsonl")]
    assert any("E404" in r and "evidence_train.tsv" in r for r in reasons), reasons
    assert any("no 'evidence_id'" in r for r in reasons), reasons


@pytest.mark.parametrize("kind", ["missing_early", "twice"])
def test_an_unsure_join_stops_naming_the_texts_table(tmp_path: Path, kind: str) -> None:
    _claims(tmp_path / "src", **{kind: True})
    message = refusal(tmp_path / "src", tmp_path / "out", label_column="verdict")
    assert "--exclude evidence_train.tsv" in message and "text_joins" in message, message


def test_read_texts_refuses_more_than_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "b.csv").write_text("id,body\n1,\"" + "word " * 40 + "\"\n2,\"" + "word " * 40 + "\"\n")
    monkeypatch.setattr(joined_texts, "MAX_TEXTS_BYTES", 300)
    with (tmp_path / "b.csv").open("rb") as fileobj, pytest.raises(InvalidInputError, match="bytes of texts"):
        joined_texts.read_texts(fileobj, TextJoin("a.csv", "b.csv", "id", "body"))
