"""Blind round forty-one's useless stops mended by kind (tests/helpers/blind41.py; no wrong exit 0 nor exit 1 to mend).

- a headerless UCI table of attributes coded as letters, not numbers (the mushroom records' `agaricus-lepiota.data`:
  `p,x,s,n,t,p,f,c,...`, the class FIRST), beside its `.names` and the folder's `Index`: the `.data` file passed
  for a table of attributes only where half of each row's cells were numbers, so the stop said "no class folders,
  names or label files" and `--layout tables` rejected it as "not a table". Now rows whose every cell is a number
  or a short code are such a table too (shardify/plan/attribute_tables.py `categorical_rows`), the stop names the
  first column beside the last where the table holds no number (converters/attribute_rows.py `attributes_remedy`:
  the class leads the table or ends it) and the `--exclude` of the extensionless listing (`Index`) that
  `--layout tables` would read as `label text` lines.
- a folder per organ holding one set of file names in several forms (NuInsSeg's `human bladder/tissue images/`
  beside `label masks modify/`, `mask binary/`, `distance maps/`, `vague areas/mask binary/`, all of the names
  `human_bladder_01` ...): read with the organs as the classes, the stop said the classes lay at uneven depths and
  offered --labels or class_path, none of which keeps the masks out. Now, where in each class folder every
  subfolder holds the same stems, one is named for images and another for masks (or a mask folder is already set
  aside beside them), the stop says they are forms of the same samples and names --label-level 0 and an
  --exclude glob of each other form (shardify/plan/view_signs.py, a row of `guards.SIGNS` before `uneven depth`).
"""

from __future__ import annotations

from pathlib import Path

from helpers import blind41
from helpers.blind23 import _pic
from helpers.one_place import records
from helpers.refusals import refusal
from helpers.sources import write_file
from helpers.unseen_judge import assert_right
from shardify.beam_jobs.launch import run_conversion
from shardify.config import ConvertConfig

_TABLES = {"layout": "tables", "text_column": "none", "keep_columns": ("*",)}


def test_the_case_names_the_first_column_and_the_index_and_converts_right(tmp_path: Path) -> None:
    """The case: mushroom's stop says tables of attributes, names --label-column '1' and --exclude 'Index';
    followed, the truth's records (each row labelled p/e, the Index no record)."""
    truth = blind41.DATASETS["mushroom"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "holds tables of attributes" in said and "or '1' (the first column; its cells e, p" in said, said
    assert "--exclude 'Index'" in said and "--layout tables" in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), label_column="1", exclude=("Index",), **_TABLES))
    assert_right(truth, tmp_path / "followed")


def _votes(count: int) -> list[str]:
    """Rows as UCI's house-votes-84.data (Congressional Voting Records: the party first, 16 votes y/n/?)."""
    return [",".join([("republican", "democrat")[r % 2]] + ["yn?"[(r * 5 + c * 3) % 7 % 3] for c in range(16)])
            for r in range(count)]


def test_a_neighbour_class_first_votes_table(tmp_path: Path) -> None:
    """Not in the batch: UCI's Congressional Voting Records (`house-votes-84.data`, party first, votes y/n/?,
    beside `house-votes-84.names`): a stop of tables of attributes naming the first column; followed, each row
    labelled by its party."""
    write_file(tmp_path / "src" / "house-votes-84.data", "\n".join(_votes(12)) + "\n")
    write_file(tmp_path / "src" / "house-votes-84.names", "1. Title: 1984 United States Congressional Voting Records\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "holds tables of attributes" in said and "'1' (the first column; its cells democrat, republican" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="1", **_TABLES))
    written = records(tmp_path / "followed")
    assert len(written) == 12 and {labels for _, labels, _ in written.values()} == {("democrat",), ("republican",)}


def test_a_neighbour_class_last_codes_with_numbers_names_the_last_alone(tmp_path: Path) -> None:
    """Not in the batch: UCI's Car Evaluation (`car.data`, `vhigh,vhigh,2,2,small,low,unacc`: codes and small
    numbers, the class last): the stop names column 7 and not the first (a table with numbers whose last
    column is a class); followed, each row labelled unacc/acc/good."""
    classes = ("unacc", "acc", "good")
    rows = [",".join([("vhigh", "high", "med", "low")[r % 4], ("vhigh", "low")[r % 2], str(2 + r % 3), ("2", "4", "more")[r % 3],
                      ("small", "med", "big")[r % 3], ("low", "high")[r % 2], classes[r * 5 % 3]]) for r in range(12)]
    write_file(tmp_path / "src" / "car.data", "\n".join(rows) + "\n")
    write_file(tmp_path / "src" / "car.names", "1. Title: Car Evaluation Database\n")
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "--label-column '7' (the class column; its cells acc, good, unacc" in said and "first column" not in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_column="7", **_TABLES))
    assert {labels for _, labels, _ in records(tmp_path / "followed").values()} == {(c,) for c in classes}


def test_hostile_twins_prose_with_commas_and_one_row_of_codes_are_no_attribute_table(tmp_path: Path) -> None:
    """Hostile twins: a `.data` of sentences with commas (cells of several words), and of rows of differing
    widths: no table of attributes (the stop says nothing of one)."""
    write_file(tmp_path / "prose" / "reviews.data", "pos,a fine film, all told, and long\nneg,dull, dull, dull and slow\n"
               "pos,well made, if slow, in parts\n")
    write_file(tmp_path / "prose" / "reviews.names", "reviews\n")
    assert "tables of attributes" not in refusal(tmp_path / "prose", tmp_path / "out1")
    write_file(tmp_path / "ragged" / "codes.data", "p,x,s,n\ne,x,s\np,b,s,w,t\ne,f\n")
    write_file(tmp_path / "ragged" / "codes.names", "codes\n")
    assert "tables of attributes" not in refusal(tmp_path / "ragged", tmp_path / "out2")


def test_the_case_names_the_forms_and_converts_right(tmp_path: Path) -> None:
    """The case: nuinsseg's stop says forms of the same samples and names --label-level 0 and the four forms'
    --exclude; followed, the truth's records (each tissue image unlabelled, no mask or map a record)."""
    truth = blind41.DATASETS["nuinsseg"](tmp_path / "download")
    said = refusal(truth.root, tmp_path / "out")
    assert "one set of file names in several forms" in said and "uneven depths" not in said, said
    follow = blind41.FOLLOW["nuinsseg"]
    assert all(f"--exclude {glob!r}" in said for glob in follow["exclude"]) and "--label-level 0 " in said, said
    run_conversion(ConvertConfig(str(truth.root), str(tmp_path / "followed"), **follow))
    assert_right(truth, tmp_path / "followed")


def _forms(root: Path, groups: tuple[str, ...], forms: tuple[str, ...], stems=lambda g, f, i: f"{g}_{i}") -> None:
    """Each group folder holding each form folder, three PNGs a form (the first form photos, the others masks)."""
    for g in groups:
        for f, form in enumerate(forms):
            for i in range(1, 4):
                data = _pic(f"{g}{form}{i}") if f == 0 else _pic(f"{g}{form}{i}", values=[0, 255])
                write_file(root / g / form / f"{stems(g, form, i)}.png", data)


def test_a_neighbour_sites_of_images_masks_and_boundary_maps(tmp_path: Path) -> None:
    """Not in the batch: a folder per acquisition site (as multi-centre nuclei and ultrasound sets ship them),
    each holding `RGB images/`, `binary mask/` and `boundary maps/` of the same names: the mask folder is set
    aside already, and the stop names --label-level 0 and the boundary maps' --exclude; followed, the images
    alone, unlabelled."""
    _forms(tmp_path / "src", ("site_A", "site_B"), ("RGB images", "binary mask", "boundary maps"))
    said = refusal(tmp_path / "src", tmp_path / "out")
    assert "several forms" in said and "--label-level 0 --exclude '*/boundary maps' (" in said, said
    run_conversion(ConvertConfig(str(tmp_path / "src"), str(tmp_path / "followed"), label_level=0, exclude=("*/boundary maps",)))
    written = records(tmp_path / "followed")
    assert sorted(written) == sorted(f"{g}/RGB images/{g}_{i}.png" for g in ("site_A", "site_B") for i in (1, 2, 3))
    assert {labels for _, labels, _ in written.values()} == {()}, written


def test_hostile_twins_views_without_an_images_folder_or_of_other_names_are_no_forms(tmp_path: Path) -> None:
    """Hostile twins: classes of several views of the same objects (`cat/front/1.png`, `cat/side/1.png`: no
    folder named for images, none for masks), and an images folder beside a masks folder whose names are others'
    (no one set of names): the sign stays silent."""
    _forms(tmp_path / "views", ("cat", "dog"), ("front", "side", "top"))
    found = _said(tmp_path / "views", tmp_path / "out1")
    assert "several forms" not in found, found
    _forms(tmp_path / "apart", ("site_A", "site_B"), ("images", "mask binary", "distance maps"),
           stems=lambda g, f, i: f"{g}_{f.split()[0]}_{i}")
    found = _said(tmp_path / "apart", tmp_path / "out2")
    assert "several forms" not in found, found


def _said(src: Path, out: Path) -> str:
    """The stop's message, or "" where it converts."""
    from shardify.errors import UsageError

    try:
        run_conversion(ConvertConfig(str(src), str(out)))
    except UsageError as stopped:
        return str(stopped)
    return ""
