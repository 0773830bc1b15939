"""Kinds behind the strict xfails mended in the tenth session (issue 30), each tested on a neighbour
no round names (the rounds test the datasets themselves: MASSIVE, the Amazon multilingual reviews,
PetFinder):

- two text columns of which one is the other with inline annotation markup (`[slot : value]`,
  `[value](slot)`, `<tag>value</tag>`): the plain one is the text, the marked one its annotation
  (every row was a reject, exit 1); two text columns of which one holds the other with no markup (a
  cleaned copy) stop before writing naming `--text-column` (it was a reject per row, exit 1);
- `.json` files of JSON lines, nothing else in SRC: read as tables (the run stopped naming
  `--layout tables`); several text columns in JSON lines stop before writing naming
  `--text-column` (it was a reject per row, exit 1: McAuley's Amazon review data, 5-core files);
- a table whose key names the photos as stems before `-<n>` or `_<n>` (several photos a row) is
  found without `--labels` (the run stopped naming the lookup tables beside it);
- split lists of `<file> <class number>` lines (Caffe's image lists; RVL-CDIP's labels/<split>.txt)
  label their files as well as splitting them (every record was written unlabelled, or the hashed
  folders above the files taken for classes stopped the run); beside class folders of names they
  still stop (one split labelled by numbers, another by names, would be wrong with exit 0);
- files sharing their stems (`000`) with inputs of an unrelated tree are no per-input annotations:
  the unread-mirror stop claimed the repository's own sample_data/texts/ annotated
  sample_data/tagged/img/.

The truth is each test's own, from the files it wrote, never from the manifest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.sources import convert, image_bytes, write_file
from helpers.unseen_judge import written_records
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig
from shardify.errors import UsageError
from shardify.plan import unread_mirrors

_REPO = Path(__file__).resolve().parents[2]

_UTTERANCES = [("wake me at five am tomorrow", "time", "five am", "alarm_set"),
               ("play some jazz in the kitchen", "genre", "jazz", "play_music"),
               ("what is the weather in leeds", "place", "leeds", "weather_query"),
               ("turn the lights off please", "", "", "lights_off"),
               ("remind me to call anna at noon", "person", "anna", "reminder_set"),
               ("how hot will it be on friday", "date", "friday", "weather_query")]
_MARKUP = {
    "brackets": lambda text, slot, value: text.replace(value, f"[{slot} : {value}]"),
    "links": lambda text, slot, value: text.replace(value, f"[{value}]({slot})"),
    "tags": lambda text, slot, value: text.replace(value, f"<{slot.upper()}>{value}</{slot.upper()}>"),
}


@pytest.mark.parametrize("markup", sorted(_MARKUP))
def test_a_text_beside_its_marked_copy_is_the_text(tmp_path: Path, markup: str) -> None:
    rows = [{"query": text, "query_annotated": _MARKUP[markup](text, slot, value) if slot else text, "label": intent}
            for text, slot, value, intent in _UTTERANCES]
    write_file(tmp_path / "src/commands.jsonl", "".join(json.dumps(row) + "\n" for row in rows))
    got = written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))
    assert got["texts"] == {f"commands.jsonl:{i}": row["query"] for i, row in enumerate(rows)}
    assert {rid: labels for rid, (_, labels) in got["records"].items()} == {
        f"commands.jsonl:{i}": frozenset({row["label"]}) for i, row in enumerate(rows)}


def test_a_cleaned_copy_of_the_text_stops_before_writing(tmp_path: Path) -> None:
    raw = ["Loved it, truly!!", "so slow and dull...", "Never again, never", "Best pizza in town :)"]
    lines = ["raw_post,clean_post,label"] + [f'"{text}","{" ".join(text.lower().strip("!.:) ").replace(",", "").split())}",{n % 2}'
                                             for n, text in enumerate(raw)]
    write_file(tmp_path / "src/posts.csv", "\n".join(lines) + "\n")
    with pytest.raises(UsageError, match=r"posts\.csv.*hold one text twice.*--text-column"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    got = written_records(convert(tmp_path / "src", tmp_path / "named", text_column="raw_post", max_rejects="0"))
    assert got["texts"] == {f"posts.csv:{i}": text for i, text in enumerate(raw)}


def _five_core(root: Path) -> dict[str, tuple[str, str]]:
    """McAuley's Amazon review data (2018), 5-core files: `<Category>_5.json`, a review a line
    (overall, verified, reviewTime, reviewerID, asin, style, reviewerName, reviewText, summary,
    unixReviewTime), kept in a folder of SRC."""
    words = "bright warm strings daily practice case latch return band tuner sound quality cable".split()
    truth = {}
    for c, category in enumerate(("Musical_Instruments_5", "Digital_Music_5")):
        lines = []
        for i in range(5):
            text = " ".join(words[(i + c + k) % len(words)] for k in range(9)).capitalize() + "."
            overall = 1 + (3 * i + c) % 5
            lines.append(json.dumps({
                "overall": float(overall), "verified": i % 2 == 0, "reviewTime": f"0{1 + i} {i + 3}, 2016",
                "reviewerID": f"A2{c}{i}QX7", "asin": f"B00{c}{i}K9", "style": {"Format:": " Audio CD"},
                "reviewerName": f"Sam {chr(65 + i)}.", "reviewText": text, "summary": f"{words[i].title()} {words[i + 3]}",
                "unixReviewTime": 1451606400 + 86400 * i}))
            truth[f"amazon_5core/{category}.json:{i}"] = (text, str(overall))
        write_file(root / f"amazon_5core/{category}.json", "\n".join(lines) + "\n")
    return truth


def test_json_lines_in_json_files_with_several_texts_stop_then_convert(tmp_path: Path) -> None:
    truth = _five_core(tmp_path / "src")
    with pytest.raises(UsageError, match=r"Musical_Instruments_5\.json.*reviewText.*--text-column"):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
    got = written_records(convert(tmp_path / "src", tmp_path / "named", text_column="reviewText", label_column="overall",
                                  max_rejects="0"))
    assert got["texts"] == {rid: text for rid, (text, _) in truth.items()}
    assert got["records"] == {rid: ("train", frozenset({label})) for rid, (_, label) in truth.items()}


@pytest.mark.parametrize("joint", ["-", "_"])
def test_a_table_keying_several_photos_by_their_stem_before_a_number(tmp_path: Path, joint: str) -> None:
    listings = {"c81f2a07": ("hatchback", 3), "e5b09d44": ("saloon", 1), "0a7d3e96": ("estate", 2),
                "9f4c11b2": ("hatchback", 2), "71be0d5a": ("saloon", 3)}
    rows, truth = ["listing_id,seller,mileage,category"], {}
    for n, (listing, (body, photos)) in enumerate(listings.items()):
        rows.append(f"{listing},dealer{n % 2},{41000 + 1300 * n},{body}")
        for k in range(1, photos + 1):
            write_file(tmp_path / f"src/photos/{listing}{joint}{k}.jpg", image_bytes(seed=10 * n + k))
            truth[f"photos/{listing}{joint}{k}.jpg"] = ("train", frozenset({body}))
    write_file(tmp_path / "src/listings.csv", "\n".join(rows) + "\n")
    write_file(tmp_path / "src/sellers.csv", "SellerID,SellerName\n1,dealer0\n2,dealer1\n")
    assert written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))["records"] == truth


def test_stems_shared_across_unrelated_trees_are_no_annotations() -> None:
    inputs = ["shapes/round/000.png", "shapes/round/001.png", "shapes/square/002.png", "shapes/square/003.png"]
    beside = ["shapes/notes/000.txt", "shapes/notes/001.txt"]  # beside round/ and not square/: a sign
    unrelated = ["reviews/test/negative/000.txt", "reviews/test/negative/001.txt"]  # another dataset's numbering
    assert unread_mirrors.unread_mirrors(inputs, beside) == {"shapes/notes": beside}
    assert unread_mirrors.unread_mirrors(inputs, unrelated) == {}


def test_the_sample_data_root_is_not_read_as_images_with_text_annotations(tmp_path: Path) -> None:
    """The repository's sample_data/ holds three datasets (images/, tagged/, texts/): its stop (or
    conversion) never calls texts/'s files annotations of tagged/'s images."""
    try:
        run_conversion(ConvertConfig(str(_REPO / "sample_data"), str(tmp_path / "out")))
    except UsageError as stopped:
        assert "named like the inputs" not in str(stopped) and "texts/" not in str(stopped), str(stopped)


def _image_lists(root: Path, *, class_folders: bool) -> dict[str, tuple[str, frozenset[str] | None]]:
    """Images and one Caffe-style image list per split (`<file> <class number>` lines, the shape
    `convert_imageset` reads): in a flat folder, or (`class_folders`) in MiniPlaces' shape, the
    training images under `images/train/<letter>/<class>/` and the lists in `data/`."""
    truth = {}
    lists: dict[str, list[str]] = {"train": [], "val": []}
    for n, (split, number) in enumerate([("train", 0), ("train", 1), ("train", 2), ("train", 0), ("val", 2), ("val", 1)]):
        scene = ("abbey", "bamboo_forest", "canyon")[number]
        name = f"{split}/{scene[0]}/{scene}/{n:08d}.jpg" if class_folders and split == "train" else f"{split}/{n:08d}.jpg"
        write_file(root / f"images/{name}", image_bytes(seed=n))
        lists[split].append(f"{name} {number}")
        truth[f"images/{name}"] = (split, frozenset({str(number)}))
    for split, lines in lists.items():
        write_file(root / f"data/{split}.txt", "\n".join(lines) + "\n")
    return truth


def test_split_lists_of_files_and_class_numbers_label_them(tmp_path: Path) -> None:
    truth = {path: ("validation" if split == "val" else split, labels)
             for path, (split, labels) in _image_lists(tmp_path / "src", class_folders=False).items()}
    assert written_records(convert(tmp_path / "src", tmp_path / "out", max_rejects="0"))["records"] == truth


def test_class_numbers_beside_class_folders_of_names_are_no_second_labelling(tmp_path: Path) -> None:
    """Read there, the lists labelled the flat split by numbers and the class folders the other by
    their names (`a/`, the letter bucket), with exit 0; it stops before writing, as it did."""
    _image_lists(tmp_path / "src", class_folders=True)
    with pytest.raises(UsageError):
        run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "out")))
    assert not (tmp_path / "out" / "manifest.json").exists()
