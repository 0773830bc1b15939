"""XML documents of text records read as tables (converters/xml_records.py; detection:
beam_jobs/discover/xml_record_files.py, each document a table of the split its name names).

Blind round twenty-two's absa (SemEval-2014 Task 4's Restaurants_Train_v2.xml, sentences with aspect
categories) stopped saying the download held no texts, naming no option. Now right on the first
command; a neighbour not in any batch (SemEval-2016 Task 5's Reviews/Review/sentences nesting, with
out-of-scope sentences that have no opinions) converts to its categories; hostile twins (an entity
bomb, a document cut short) are each rejected with a reason; a folder of VOC annotations alone is
still no table.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from helpers.shard_io import read_report, read_shard
from helpers.unseen_judge import judge_first_command
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.format import contract
from shardify.format.manifest import load_manifest

_WORDS = ("amber", "bright", "cobalt", "delta", "ember", "forest", "granite", "harbor", "island", "jasmine", "kettle")


def _sentence(i: int, n: int = 8) -> str:
    return " ".join(_WORDS[(i * 7 + k * 3) % len(_WORDS)] for k in range(n)).capitalize() + f" number {i}."


def test_absa_converts_right_on_the_first_command(tmp_path: Path) -> None:
    from helpers.blind22 import DATASETS as BLIND22

    judge_first_command(BLIND22, "absa", tmp_path, None)


def _semeval16(src: Path) -> dict[str, tuple[str, set[str]]]:
    """SemEval-2016 Task 5's shape: Reviews/Review/sentences/sentence, Opinions/Opinion category= polarity=."""
    truth = {}
    cats = ("FOOD#QUALITY", "SERVICE#GENERAL", "RESTAURANT#PRICES", "AMBIENCE#GENERAL")
    for name, split, reviews in (("ABSA16_Restaurants_Train_SB1_v2.xml", "train", 4), ("EN_REST_SB1_TEST.xml", "test", 2)):
        parts = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>', "<Reviews>"]
        for r in range(reviews):
            parts.append(f'<Review rid="{1004293 + r}"><sentences>')
            for k in range(3):
                i = r * 3 + k + (100 if split == "test" else 0)
                text = _sentence(i)
                if k == 2:  # out of scope: no opinions, an unlabelled record
                    parts.append(f'<sentence id="{1004293 + r}:{k}" OutOfScope="TRUE"><text>{text}</text></sentence>')
                    truth[text] = (split, set())
                    continue
                chosen = {cats[i % 4], cats[(i + k) % 4]}
                ops = "".join(f'<Opinion target="NULL" category="{c}" polarity="positive" from="0" to="0"/>' for c in sorted(chosen))
                parts.append(f'<sentence id="{1004293 + r}:{k}"><text>{text}</text><Opinions>{ops}</Opinions></sentence>')
                truth[text] = (split, chosen)
            parts.append("</sentences></Review>")
        parts.append("</Reviews>")
        (src / name).write_text("\n".join(parts) + "\n")
    return truth


def test_semeval_2016_reviews_nested_deeper_convert_to_their_categories(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    truth = _semeval16(src)
    (src / "README.txt").write_text("SemEval-2016 Task 5, subtask 1.\n")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert _labelled(tmp_path / "out") == truth


def _labelled(out: Path) -> dict[str, tuple[str, set[str]]]:
    """{text: (split, its labels)} of a conversion's records."""
    found = {}
    for split, info in load_manifest(str(out)).splits.items():
        for shard in info.shards:
            for record in read_shard(out / shard.path):
                labels = record.get(contract.TEXT_LABEL_TEXT, [])
                labels = {v.decode() for v in (labels if isinstance(labels, list) else [labels])} - {""}
                found[record[contract.TEXT].decode()] = (split, labels)
    return found


@pytest.mark.parametrize("as_src", [False, True], ids=["archive in SRC", "archive as SRC"])
def test_the_reviews_left_zipped_convert_as_unzipped(tmp_path: Path, as_src: bool) -> None:
    """Detection looks into the documents through head_reads (an archive's members too): read with
    `open_input` alone, the zipped twin stopped as 'no images or texts, only 2 .xml files'."""
    plain = tmp_path / "plain"
    plain.mkdir()
    truth = _semeval16(plain)
    src = tmp_path / "src"
    src.mkdir()
    with zipfile.ZipFile(src / "ABSA16.zip", "w") as archive:
        for document in sorted(plain.iterdir()):
            archive.write(document, document.name)
    run_conversion(ConvertConfig(str(src / "ABSA16.zip" if as_src else src), str(tmp_path / "out")))
    assert _labelled(tmp_path / "out") == truth


def test_hostile_xml_documents_are_each_rejected_with_a_reason_never_a_traceback(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    _semeval16(src)
    laughs = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>'
              "<sentences>" + "".join(f'<sentence id="{i}"><text>&lol2; {_sentence(i)}</text></sentence>' for i in range(4)) + "</sentences>")
    (src / "Laptops_Train_bomb.xml").write_text(laughs)
    cut = "<sentences>" + "".join(f'<sentence id="{i}"><text>{_sentence(i)}</text></sentence>' for i in range(4)) + "<sentence><te"
    (src / "Laptops_Test_cut.xml").write_text(cut)
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="50%"))
    rejects = {r["path"].rsplit("/", 1)[-1]: r["reason"] for r in read_report(tmp_path / "out", "rejected.jsonl")}
    # the document cut short opens records: read, and rejected whole with the parser's reason
    assert list(rejects) == ["Laptops_Test_cut.xml"] and rejects["Laptops_Test_cut.xml"].startswith("unreadable XML")
    # one declaring entities is never looked into (no pull parser expands them): no input, named in the plan
    sources = _records_of(tmp_path / "out")
    assert len(sources) == len(set(sources)) == 18 and not any("bomb" in source for source in sources)
    assert json.loads((tmp_path / "out" / "manifest.json").read_text())["inputs"]["auxiliary"] == 1


def _records_of(out: Path) -> list[str]:
    return [record[contract.TEXT_SOURCE].decode() for split, info in load_manifest(str(out)).splits.items()
            for shard in info.shards for record in read_shard(out / shard.path)]


def test_a_folder_of_voc_annotations_alone_is_still_no_table(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "Annotations").mkdir(parents=True)
    for i in range(3):
        (src / "Annotations" / f"00000{i}.xml").write_text(
            f"<annotation><filename>00000{i}.jpg</filename><object><name>cat</name><bndbox><xmin>1</xmin><ymin>1</ymin>"
            "<xmax>5</xmax><ymax>5</ymax></bndbox></object></annotation>")
    with pytest.raises(UsageError) as stop:
        run_conversion(ConvertConfig(str(src), str(tmp_path / "out")))
    assert "no images or texts" in str(stop.value)


def test_a_record_without_its_text_is_its_own_reject(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    sentences = [f'<sentence id="{i}"><text>{_sentence(i)}</text><aspectCategories><aspectCategory category="{("food", "service")[i % 2]}"/>'
                 "</aspectCategories></sentence>" for i in range(12)]
    sentences[4] = '<sentence id="4"><aspectCategories><aspectCategory category="food"/></aspectCategories></sentence>'
    (src / "Restaurants_Train.xml").write_text("<sentences>" + "".join(sentences) + "</sentences>")
    run_conversion(ConvertConfig(str(src), str(tmp_path / "out"), max_rejects="20%"))
    assert len(_records_of(tmp_path / "out")) == 11
    rejects = read_report(tmp_path / "out", "rejected.jsonl")
    assert len(rejects) == 1 and "Restaurants_Train.xml" in rejects[0]["path"], rejects
